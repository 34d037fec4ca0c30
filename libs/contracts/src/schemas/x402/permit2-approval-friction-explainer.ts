import { z } from 'zod';
import { x402Atomic, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-permit2-approval-friction-explainer's request (design sheet §25). */
export const PERMIT2_EXPLAINER_LIMITS = { plannedPayments: 10_000 } as const;

/** x402-permit2-approval-friction-explainer (design sheet §25). */
export const permit2ApprovalFrictionExplainerRequest = z.strictObject({
  offer: x402Document.meta({ description: 'One payment requirements object (an accepts[] entry, x402 v1 or v2).' }),
  extensions: x402Document.optional().meta({ description: 'The 402\'s extensions object (eip2612GasSponsoring, erc20ApprovalGasSponsoring, ...).' }),
  payer: z.strictObject({
    permit2_allowance_atomic: x402Atomic.meta({ description: 'The payer\'s current ERC-20 allowance to Permit2 for the offer\'s asset.' }),
    has_native_gas: z.boolean().meta({ description: 'Whether the payer holds native gas on the offer\'s network.' }),
    token_supports_eip2612: z.boolean().optional().meta({ description: 'Whether the token has EIP-2612 permit; default from the reference data (USDC), else false.' }),
  }),
  planned_payments: z.int().min(1).max(PERMIT2_EXPLAINER_LIMITS.plannedPayments).default(1).meta({ description: 'Payments the approval should cover (1 to 10000, default 1).' }),
});
