import { z } from 'zod';
import { evmAddress } from '../common.js';
import { SPEND_PERMISSION_BOUNDS } from '../../x402/protocol.js';
import { x402Atomic } from '../../x402/request-rules.js';

/** Bounds of x402-spend-permission-allowance-fit-checker's request (design sheet §31; the SpendPermission struct's own bounds, and ours for extraData and decimals). */
export const SPEND_PERMISSION_FIT_LIMITS = { planned: 2000, extraDataBytes: 1024, tokenDecimals: 36 } as const;

const uint48 = z.int().min(0).max(SPEND_PERMISSION_BOUNDS.uint48Max);

/** A SpendPermission as SpendPermissionManager takes it (unix seconds; a spend at t is valid for start ≤ t < end). */
export const spendPermission = z.strictObject({
  account: evmAddress.meta({ description: 'The smart wallet that grants the allowance.' }),
  spender: evmAddress,
  token: evmAddress.meta({ description: 'The ERC-20, or 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE (ERC-7528) for the native asset.' }),
  allowance: x402Atomic.refine((v) => BigInt(v) <= SPEND_PERMISSION_BOUNDS.allowanceMax, 'must fit uint160').meta({ description: 'Atomic units the spender may use per period (uint160).' }),
  period: z.int().min(1).max(SPEND_PERMISSION_BOUNDS.uint48Max).meta({ description: 'Period length in seconds (uint48).' }),
  start: uint48.meta({ description: 'Unix seconds, inclusive.' }),
  end: uint48.meta({ description: 'Unix seconds, exclusive.' }),
  salt: x402Atomic.optional(),
  extraData: z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes').max(2 + 2 * SPEND_PERMISSION_FIT_LIMITS.extraDataBytes, `must be at most ${SPEND_PERMISSION_FIT_LIMITS.extraDataBytes} bytes`).optional(),
});

/** x402-spend-permission-allowance-fit-checker (design sheet §31). */
export const spendPermissionAllowanceFitCheckerRequest = z.strictObject({
  permission: spendPermission,
  planned: z
    .array(z.strictObject({ at: uint48.meta({ description: 'Unix seconds of the planned spend.' }), amount_atomic: x402Atomic }))
    .min(1)
    .max(SPEND_PERMISSION_FIT_LIMITS.planned)
    .meta({ description: 'The planned spends, in any order (checked in time order).' }),
  already_spent_in_current_period: x402Atomic.optional().meta({ description: 'Already spent in the period that holds the earliest planned spend.' }),
  expected_spender: evmAddress.optional().meta({ description: 'The spender the app expects the permission to name.' }),
  token_decimals: z.int().min(0).max(SPEND_PERMISSION_FIT_LIMITS.tokenDecimals).optional().meta({ description: 'Decimals of the token; known without it for the native asset (18) and USDC of the reference data (6).' }),
});
