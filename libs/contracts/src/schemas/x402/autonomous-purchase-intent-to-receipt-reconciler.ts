import { z } from 'zod';
import { dateTime } from '../ext.js';
import { uniqueIds } from '../ext/references.js';
import { x402Atomic, x402Decimal, x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-autonomous-purchase-intent-to-receipt-reconciler's request (design sheet §10; string lengths are ours). */
export const PURCHASE_RECONCILER_LIMITS = { intents: 100, payments: 500, deliveries: 500, payeesPerIntent: 20, maxUses: 100, id: 128, path: 2048, address: 128, network: 64, transaction: 128 } as const;

const id = z.string().trim().min(1).max(PURCHASE_RECONCILER_LIMITS.id);
const path = z.string().trim().min(1).max(PURCHASE_RECONCILER_LIMITS.path).meta({ description: 'The paid resource path (or URL), compared exactly.' });
const address = z.string().trim().min(1).max(PURCHASE_RECONCILER_LIMITS.address);
const network = z.string().trim().min(1).max(PURCHASE_RECONCILER_LIMITS.network).meta({ description: 'CAIP-2 or an x402 v1 alias (ND).' });

export const purchaseIntent = z.strictObject({
  intent_id: id,
  resource_path: path,
  max_amount: x402Decimal.meta({ description: 'The most one purchase may cost, as a USDC decimal.' }),
  allowed_payees: z.array(address).max(PURCHASE_RECONCILER_LIMITS.payeesPerIntent).optional(),
  network: network.optional(),
  created_at: dateTime,
  expires_at: dateTime,
  max_uses: z.number().int().min(1).max(PURCHASE_RECONCILER_LIMITS.maxUses).default(1),
});

export const purchasePayment = z.strictObject({
  payment_id: id,
  from: address.optional(),
  to: address,
  value_atomic: x402Atomic,
  network,
  nonce_hash: x402Hash.optional().meta({ description: 'HASH of the authorization nonce (never the signature).' }),
  resource_path: path,
  authorized_at: dateTime,
  settlement: z
    .strictObject({ success: z.boolean(), transaction: z.string().max(PURCHASE_RECONCILER_LIMITS.transaction).optional(), network, payer: address.optional() })
    .nullable()
    .optional()
    .meta({ description: 'The facilitator\'s settle response; null or absent when none was received.' }),
});

export const purchaseDelivery = z.strictObject({
  payment_id: id,
  http_status: z.number().int().min(100).max(599),
  received_at: dateTime,
  response_hash: x402Hash.optional(),
});

/** x402-autonomous-purchase-intent-to-receipt-reconciler (design sheet §10). */
export const autonomousPurchaseIntentToReceiptReconcilerRequest = z.strictObject({
  intents: z.array(purchaseIntent).max(PURCHASE_RECONCILER_LIMITS.intents).superRefine(uniqueIds('intent_id', (intent) => intent.intent_id)),
  payments: z.array(purchasePayment).max(PURCHASE_RECONCILER_LIMITS.payments).superRefine(uniqueIds('payment_id', (payment) => payment.payment_id)),
  deliveries: z.array(purchaseDelivery).max(PURCHASE_RECONCILER_LIMITS.deliveries).optional().meta({ description: 'The responses received for payments; absent means the deliveries were not supplied (incomplete_evidence).' }),
});
