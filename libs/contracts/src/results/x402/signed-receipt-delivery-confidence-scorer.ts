import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const RECEIPT_SCORER_DECISIONS = ['receipt_invalid', 'delivered_confirmed', 'likely_delivered', 'unconfirmed'] as const;
export const RECEIPT_SIGNATURE_STATUSES = ['valid', 'invalid', 'unverifiable', 'absent'] as const;
export type ReceiptSignatureStatus = (typeof RECEIPT_SIGNATURE_STATUSES)[number];

/** The score's components and their maxima (design sheet §23), in the sheet's order; they sum to 100. */
export const RECEIPT_SCORE_COMPONENTS = {
  settlement_success: 20,
  settlement_payer: 10,
  network_matches: 5,
  transaction: 5,
  delivery_exposed: 5,
  receipt_present: 10,
  signature_valid: 20,
  signer_authorized: 15,
  receipt_fields_match: 10,
} as const;
export type ReceiptScoreComponent = keyof typeof RECEIPT_SCORE_COMPONENTS;

export const signedReceiptDeliveryConfidenceScorerResult = x402Result({
  decision: z.enum(RECEIPT_SCORER_DECISIONS),
  score: z.int().min(0).max(100),
  components: z
    .array(z.strictObject({ name: z.enum(Object.keys(RECEIPT_SCORE_COMPONENTS) as [ReceiptScoreComponent, ...ReceiptScoreComponent[]]), points: z.int().min(0), max: z.int().min(0), detail: z.string() }))
    .meta({ description: 'Every component, in the sheet\'s order, with the evidence behind its points.' }),
  signature_status: z.enum(RECEIPT_SIGNATURE_STATUSES),
  recovered_signer: z.string().nullable().meta({ description: 'The EIP-712 signer recovered (checksummed), or the JWS key id that verified; null otherwise.' }),
});
