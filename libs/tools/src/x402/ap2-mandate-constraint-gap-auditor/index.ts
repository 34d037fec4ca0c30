import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeAp2MandateGaps } from './analyze.js';

export { analyzeAp2MandateGaps, type Ap2AuditInput, type Ap2AuditResult } from './analyze.js';

/** x402-ap2-mandate-constraint-gap-auditor: a pure function of its request and the clock (docs/tools/x402/ap2-mandate-constraint-gap-auditor.md). */
export const ap2MandateConstraintGapAuditor = defineRequestOnlyTool(catalogEntry('x402_ap2_mandate_constraint_gap_auditor'), (input, context) => analyzeAp2MandateGaps(input, context));
