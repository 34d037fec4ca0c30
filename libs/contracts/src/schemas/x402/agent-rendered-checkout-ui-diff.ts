import { z } from 'zod';
import { x402Atomic } from '../../x402/request-rules.js';

/** Bounds of x402-agent-rendered-checkout-ui-diff's request (design sheet §38; the lengths of actual's strings are ours). */
export const CHECKOUT_UI_DIFF_LIMITS = { fields: 100, label: 80, value: 256, text: 8000, asset: 120, network: 64, payTo: 128, merchantName: 120, resourceLabel: 2048 } as const;

export const agentRenderedCheckoutUiDiffRequest = z.strictObject({
  rendered: z
    .strictObject({
      fields: z
        .array(z.strictObject({ label: z.string().max(CHECKOUT_UI_DIFF_LIMITS.label), value: z.string().max(CHECKOUT_UI_DIFF_LIMITS.value) }))
        .max(CHECKOUT_UI_DIFF_LIMITS.fields)
        .optional()
        .meta({ description: 'The labelled values the checkout showed ("Price" → "$0.01", "Pay to" → "0x1111…1111").' }),
      text: z.string().max(CHECKOUT_UI_DIFF_LIMITS.text).optional().meta({ description: 'The free text the checkout showed.' }),
    })
    .refine((rendered) => (rendered.fields?.length ?? 0) > 0 || (rendered.text ?? '').trim() !== '', { message: 'needs fields or text' })
    .meta({ description: 'What the agent or wallet showed the person at checkout.' }),
  actual: z
    .strictObject({
      amount_atomic: x402Atomic,
      asset: z.string().trim().min(1).max(CHECKOUT_UI_DIFF_LIMITS.asset).meta({ description: 'Token address, mint or the symbol USDC.' }),
      network: z.string().trim().min(1).max(CHECKOUT_UI_DIFF_LIMITS.network).meta({ description: 'CAIP-2 id or x402 v1 alias.' }),
      pay_to: z.string().trim().min(1).max(CHECKOUT_UI_DIFF_LIMITS.payTo),
      merchant_name: z.string().trim().min(1).max(CHECKOUT_UI_DIFF_LIMITS.merchantName).optional(),
      recurring: z.boolean().default(false),
      resource_label: z.string().max(CHECKOUT_UI_DIFF_LIMITS.resourceLabel).optional().meta({ description: 'The paid resource\'s URL, as a label only (never fetched).' }),
    })
    .meta({ description: 'What will actually be paid (the offer being signed).' }),
});
