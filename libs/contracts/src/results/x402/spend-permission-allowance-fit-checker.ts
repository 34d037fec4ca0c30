import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { x402Atomic } from '../../x402/request-rules.js';

export const SPEND_PERMISSION_FIT_DECISIONS = ['outside_validity', 'exceeds_allowance', 'fits_with_headroom_warning', 'fits'] as const;
export const SPEND_PERMISSION_FAILURES = ['outside_validity', 'exceeds_allowance'] as const;

export const spendPermissionAllowanceFitCheckerResult = x402Result({
  decision: z.enum(SPEND_PERMISSION_FIT_DECISIONS),
  periods: z
    .array(
      z.strictObject({
        k: z.int().min(0),
        window_start: z.int(),
        window_end: z.int().meta({ description: 'Exclusive; capped at the permission\'s end.' }),
        spends: z.int().min(0),
        used_atomic: x402Atomic.meta({ description: 'Planned spends in the window, plus already_spent for the first one.' }),
        remaining_atomic: x402Atomic.meta({ description: 'allowance − used, or 0 when used exceeds it.' }),
        exceeded: z.boolean(),
      }),
    )
    .meta({ description: 'The periods that hold a planned spend, by k.' }),
  first_failure: z
    .strictObject({
      index: z.int().min(0).meta({ description: 'Input index in planned.' }),
      pointer: z.string(),
      at: z.int(),
      reason: z.enum(SPEND_PERMISSION_FAILURES),
      k: z.int().nullable(),
      used_atomic: x402Atomic.nullable().meta({ description: 'The period\'s use including this spend; null outside validity.' }),
    })
    .nullable()
    .meta({ description: 'The earliest planned spend (in time order) that would revert.' }),
  recommended_permission: z
    .strictObject({ allowance: x402Atomic, period: z.int(), end: z.int() })
    .nullable()
    .meta({ description: 'The tightest permission that carries the plan: the largest period use, the same period, end just after the last spend. Null when no spend falls inside the validity window.' }),
  flags: z.array(z.string()).meta({ description: 'Findings on the permission itself, sorted (risk_flags adds spend_outside_validity and allowance_exceeded): over_grant, long_lived, spender_mismatch, invalid_window, native_token, unknown_decimals.' }),
});
