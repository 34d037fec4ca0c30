import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzePayeeRotation } from './analyze.js';

export { analyzePayeeRotation, payeeStatusOf, rotationRecord, type PayeeRotationInput, type PayeeRotationResult } from './analyze.js';

/** x402-authorized-payee-rotation-notary: a pure function of its request, nothing stored (docs/tools/x402/authorized-payee-rotation-notary.md). */
export const authorizedPayeeRotationNotary = defineRequestOnlyTool(catalogEntry('x402_authorized_payee_rotation_notary'), (input) => analyzePayeeRotation(input));
