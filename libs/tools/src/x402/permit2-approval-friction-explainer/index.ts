import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzePermit2Explainer } from './analyze.js';

export { analyzePermit2Explainer, type Permit2ExplainerInput, type Permit2ExplainerResult } from './analyze.js';

/** x402-permit2-approval-friction-explainer: a pure function of its request (docs/tools/x402/permit2-approval-friction-explainer.md). */
export const permit2ApprovalFrictionExplainer = defineRequestOnlyTool(catalogEntry('x402_permit2_approval_friction_explainer'), (input) => analyzePermit2Explainer(input));
