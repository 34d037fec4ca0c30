import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CHARGE_BOUNDARY_DECISIONS = ['policy_ambiguous', 'overcharges_found', 'undercharges_only', 'boundary_respected'] as const;
export const CHARGE_VERDICTS = ['correct', 'overcharge', 'undercharge', 'charged_on_error'] as const;

const atomic = z.string().regex(/^\d+$/).meta({ examples: ['10000'] });

export const partialWorkChargeBoundaryTesterResult = x402Result({
  decision: z.enum(CHARGE_BOUNDARY_DECISIONS),
  cases: z
    .array(
      z.strictObject({
        case_id: z.string(),
        expected_charge_atomic: atomic,
        observed_charge_atomic: atomic,
        verdict: z.enum(CHARGE_VERDICTS),
        reason: z.string().meta({ description: 'Why the rule expects this charge, and what was assumed about the settlement.' }),
      }),
    )
    .meta({ description: 'One per case, in input order.' }),
  totals: z.strictObject({ overcharged_atomic: atomic, undercharged_atomic: atomic }),
});
