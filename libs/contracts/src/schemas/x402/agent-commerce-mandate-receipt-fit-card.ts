import { z } from 'zod';
import { dateTime } from '../ext.js';
import { x402Atomic, x402Decimal, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-agent-commerce-mandate-receipt-fit-card's request (design sheet §33; string lengths are ours). */
export const MANDATE_RECEIPT_FIT_LIMITS = { label: 200, purpose: 500, currency: 16 } as const;

const label = (max: number) => z.string().trim().min(1).max(max);

const ap2Mandates = z.strictObject({
  intent_mandate: x402Document.meta({ description: 'The AP2 IntentMandate (merchants, skus, budget, intent_expiry, user_cart_confirmation_required). At most 256 KiB and 32 levels.' }),
  cart_mandate: x402Document.optional().meta({ description: 'The AP2 CartMandate (contents.merchant_name, cart_expiry, payment_request.details.display_items and total).' }),
  payment_mandate: x402Document.optional().meta({ description: 'The AP2 PaymentMandate (payment_mandate_contents.payment_mandate_id, payment_details_total; user_authorization).' }),
  intent_signed_by_user: z.boolean().optional().meta({ description: 'Whether the user signed the intent, as the caller states it (AP2 intents carry no signature member); no signature is checked.' }),
});

/** The x402 core mandate_context: what a buyer authorized an agent to pay. */
const x402Budget = z.strictObject({
  authorized_max_amount: x402Decimal,
  currency: label(MANDATE_RECEIPT_FIT_LIMITS.currency).meta({ description: 'USDC, USD, ...' }),
  expected_payee: label(MANDATE_RECEIPT_FIT_LIMITS.label),
  purpose: label(MANDATE_RECEIPT_FIT_LIMITS.purpose),
  human_present: z.boolean(),
  expires_at: dateTime.optional(),
  network: label(64).optional().meta({ description: 'CAIP-2 or an x402 v1 alias.' }),
});

const x402Receipt = z.strictObject({
  settlement: x402Document.meta({ description: 'The facilitator\'s settle response (success, transaction, network, payer).' }),
  amount_atomic: x402Atomic,
  asset: label(128),
  pay_to: label(128),
  settled_at: dateTime,
});

/** x402-agent-commerce-mandate-receipt-fit-card (design sheet §33). */
export const agentCommerceMandateReceiptFitCardRequest = z.strictObject({
  mandate: z
    .union([z.strictObject({ ap2: ap2Mandates }), z.strictObject({ x402_budget: x402Budget })])
    .meta({ description: 'What was authorized: AP2 mandates, or an x402 budget (the core mandate_context).' }),
  receipt: z
    .union([z.strictObject({ ap2: x402Document.meta({ description: 'An AP2 PaymentReceipt (payment_mandate_id, payment_id, amount, payment_status, timestamp).' }) }), z.strictObject({ x402: x402Receipt })])
    .meta({ description: 'What was paid: an AP2 PaymentReceipt or an x402 settlement with its payment.' }),
  merchant_label: label(MANDATE_RECEIPT_FIT_LIMITS.label).optional().meta({ description: 'The merchant the purchase was made from, as the caller names it (matched against the intent\'s merchants).' }),
});
