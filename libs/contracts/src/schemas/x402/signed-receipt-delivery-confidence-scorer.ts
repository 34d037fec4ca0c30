import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-signed-receipt-delivery-confidence-scorer's request (design sheet §23; ours where the sheet gives none). */
export const RECEIPT_SCORER_LIMITS = { url: 2048, id: 200, network: 64, transaction: 128, signature: 16_384, signers: 10, jwks: 5 } as const;

const id = (description: string) => z.string().min(1).max(RECEIPT_SCORER_LIMITS.id).meta({ description });
const network = z.string().min(1).max(RECEIPT_SCORER_LIMITS.network);
const transaction = z.string().max(RECEIPT_SCORER_LIMITS.transaction);

/** The receipt payload of the x402 offer-receipt extension (its EIP-712 Receipt type's fields). */
const receiptPayload = z.strictObject({
  version: z.int().min(1).max(1_000_000).default(1).meta({ description: 'Receipt payload version (1); part of the signed Receipt type.' }),
  network: network.meta({ description: 'CAIP-2 network of the payment.' }),
  resourceUrl: z.string().min(1).max(RECEIPT_SCORER_LIMITS.url),
  payer: id('The payer the seller acknowledges.'),
  issuedAt: z.int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Unix seconds.' }),
  transaction: transaction.default('').meta({ description: 'The settlement transaction; empty is privacy-minimal and costs nothing.' }),
});

/** x402-signed-receipt-delivery-confidence-scorer (design sheet §23). */
export const signedReceiptDeliveryConfidenceScorerRequest = z.strictObject({
  expected: z
    .strictObject({
      payer: id('The buyer\'s paying address.'),
      network: network.meta({ description: 'CAIP-2 or x402 v1 alias.' }),
      resource_url: z.string().min(1).max(RECEIPT_SCORER_LIMITS.url).meta({ description: 'The paid resource. A label only: never fetched.' }),
      pay_to: id('The payee of the offer paid; the default authorized signer.'),
      transaction: transaction.optional().meta({ description: 'The settlement transaction the buyer holds, if any.' }),
    })
    .meta({ description: 'What the buyer paid for.' }),
  settlement: x402Document.optional().meta({ description: 'The x402 SettleResponse as received (PAYMENT-RESPONSE / X-PAYMENT-RESPONSE decoded, or x402/payment-response): success, payer, network, transaction.' }),
  delivery: z
    .strictObject({
      channel: z.enum(['http_header', 'mcp_meta', 'body']),
      exposed_to_client: z.boolean(),
    })
    .optional()
    .meta({ description: 'How the settlement reached the buyer, and whether its client could read it.' }),
  receipt: z
    .strictObject({
      format: z.enum(['eip712', 'jws']),
      payload: receiptPayload.optional().meta({ description: 'Required for eip712 (the signed fields); for jws the payload is read from the compact JWS.' }),
      signature: z.string().min(1).max(RECEIPT_SCORER_LIMITS.signature).meta({ description: 'eip712: 0x + 130 hex. jws: the compact serialization.' }),
    })
    .refine((receipt) => receipt.format !== 'eip712' || receipt.payload !== undefined, { path: ['payload'], message: 'required for an eip712 receipt (the signed fields)' })
    .optional()
    .meta({ description: 'The seller\'s signed receipt (x402 offer-receipt extension).' }),
  authorized_signers: z.array(id('An address, or a key id (did:pkh:… or a JWK kid).')).max(RECEIPT_SCORER_LIMITS.signers).optional().meta({ description: 'Who may sign receipts for the seller; default [expected.pay_to].' }),
  jwks: z.array(x402Document).max(RECEIPT_SCORER_LIMITS.jwks).optional().meta({ description: 'Public JWKs to verify a JWS receipt (matched by kid).' }),
});
