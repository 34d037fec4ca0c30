import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeChargeBoundary } from './analyze.js';

export { analyzeChargeBoundary, type ChargeBoundaryInput, type ChargeBoundaryResult } from './analyze.js';

/** x402-partial-work-charge-boundary-tester: a pure function of its request (docs/tools/x402/partial-work-charge-boundary-tester.md). */
export const partialWorkChargeBoundaryTester = defineRequestOnlyTool(catalogEntry('x402_partial_work_charge_boundary_tester'), (input) => analyzeChargeBoundary(input));
