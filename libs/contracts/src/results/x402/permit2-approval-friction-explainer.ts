import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const PERMIT2_EXPLAINER_DECISIONS = ['no_friction', 'one_signature', 'one_transaction', 'blocked'] as const;
export const PERMIT2_STEP_KINDS = ['sign_eip3009', 'sign_svm_transaction', 'sign_permit2_witness', 'sign_eip2612_permit', 'onchain_approve'] as const;
export const PERMIT2_APPROVAL_ROUTES = ['not_needed', 'eip2612_gas_sponsoring', 'erc20_approval_gas_sponsoring', 'payer_approve', 'none'] as const;

export const permit2ApprovalFrictionExplainerResult = x402Result({
  decision: z.enum(PERMIT2_EXPLAINER_DECISIONS),
  method: z.string().meta({ description: 'eip3009, permit2, svm (Solana offers), or the assetTransferMethod as written when unknown.' }),
  steps: z
    .array(
      z.object({
        order: z.number().int(),
        kind: z.enum(PERMIT2_STEP_KINDS),
        gas_payer: z.enum(['payer', 'facilitator', 'none']),
        detail: z.string(),
      }),
    )
    .meta({ description: 'What the payer must do, in order (order 1 first).' }),
  signatures_required: z.number().int().meta({ description: 'Signatures the payer gives (typed data, or a transaction it signs for the facilitator to send).' }),
  onchain_transactions_required: z.number().int().meta({ description: 'Transactions before the settlement itself (an approval), whoever pays their gas.' }),
  expected_error_if_skipped: z.string().nullable().meta({ description: '"412 permit2_allowance_required" when the payment fails without the approval step; else null.' }),
  basis: z.object({
    approval_route: z.enum(PERMIT2_APPROVAL_ROUTES),
    need_atomic: z.string().nullable().meta({ description: 'amount × planned_payments (permit2 only; null when the amount is unreadable).' }),
    allowance_atomic: z.string(),
    sponsoring_extensions: z.array(z.string()).meta({ description: 'The gas-sponsoring extensions the 402 declares, sorted.' }),
    token_supports_eip2612: z.boolean(),
    token_supports_eip2612_source: z.enum(['payer', 'reference_data', 'assumed_false']),
  }),
});
