import { z } from 'zod';
import { uniqueIds } from '../ext/references.js';
import { x402Atomic, x402ExactNumber } from '../../x402/request-rules.js';

/** Bounds of x402-partial-work-charge-boundary-tester's request (design sheet §40; string lengths and unit bounds are ours). */
export const CHARGE_BOUNDARY_LIMITS = { cases: 500, caseId: 128, flags: 4 } as const;

export const CHARGE_RULES = ['full_success_only', 'any_2xx', 'threshold', 'proportional'] as const;
export const CHARGE_SCHEMES = ['exact', 'upto'] as const;
export const WORK_FLAGS = ['partial', 'degraded', 'timeout', 'empty'] as const;

/** 0 to 1 with at most six fraction digits, so completed/total is compared with it exactly. */
const threshold = x402ExactNumber(0, 1).meta({ description: 'Least completed/total share that earns the price under charge_rule threshold (0 to 1, at most six fraction digits).' });

export const chargePolicy = z.strictObject({
  charge_rule: z.enum(CHARGE_RULES),
  partial_threshold: threshold.optional(),
  scheme: z.enum(CHARGE_SCHEMES).meta({ description: 'The x402 scheme the calls were paid with: exact settles the whole price or nothing, upto any amount up to it.' }),
});

const units = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

export const chargeCase = z
  .strictObject({
    case_id: z.string().trim().min(1).max(CHARGE_BOUNDARY_LIMITS.caseId),
    http_status: z.int().min(100).max(599),
    completed_units: units,
    total_units: units.min(1),
    flags: z.array(z.enum(WORK_FLAGS)).max(CHARGE_BOUNDARY_LIMITS.flags).optional(),
    settled: z.boolean(),
    settled_amount_atomic: x402Atomic.optional().meta({ description: 'What the settlement moved; when a settled case omits it, the price is assumed (flag settled_amount_missing).' }),
    price_atomic: x402Atomic.meta({ description: 'The price the call was offered at (the exact amount, or the upto maximum).' }),
  })
  .refine((c) => c.completed_units <= c.total_units, { message: 'completed_units must not exceed total_units', path: ['completed_units'] });

/** x402-partial-work-charge-boundary-tester (design sheet §40). */
export const partialWorkChargeBoundaryTesterRequest = z.strictObject({
  policy: chargePolicy,
  cases: z
    .array(chargeCase)
    .min(1)
    .max(CHARGE_BOUNDARY_LIMITS.cases)
    .superRefine(uniqueIds('case_id', (c: { case_id: string }) => c.case_id)),
});
