import { z } from 'zod';
import { x402Hash, x402UnixSeconds } from '../../x402/request-rules.js';

/** Bounds of x402-payment-identifier-retry-safety-lens's request (design §22; docs/tools/x402/payment-identifier-retry-safety-lens.md). */
export const RETRY_LENS_LIMITS = { attempts: 50, plannedIdentifier: 256, maxClockSkew: 300, defaultClockSkew: 30 } as const;

/** A payment-identifier as the extension allows it: 16 to 128 of A–Z, a–z, 0–9, _ and -. */
export const PAYMENT_IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const SETTLE_STATUSES = ['settled', 'failed', 'not_attempted', 'unknown'] as const;

export const paymentIdentifierRetrySafetyLensRequest = z.strictObject({
  server_supports_payment_identifier: z.boolean().meta({ description: 'True when the 402 advertised extensions["payment-identifier"].' }),
  attempts: z
    .array(
      z.strictObject({
        attempt_no: z.int().min(1),
        at: x402UnixSeconds.meta({ description: 'When the attempt was sent (unix seconds).' }),
        payment_identifier: z.string().regex(PAYMENT_IDENTIFIER_PATTERN, 'must be 16 to 128 of A-Z a-z 0-9 _ -').optional(),
        payload_hash: x402Hash.meta({ description: 'HASH of the payment payload the attempt carried (never the payload or its signature).' }),
        valid_before: x402UnixSeconds.meta({ description: 'validBefore of the authorization the attempt carried (unix seconds).' }),
        http_status: z.union([z.literal(0), z.int().min(100).max(599)]).meta({ description: 'The status received; 0 when no response arrived.' }),
        settle_status: z.enum(SETTLE_STATUSES),
        response_received: z.boolean().meta({ description: 'True when the paid response body itself was received.' }),
      }),
    )
    .min(1)
    .max(RETRY_LENS_LIMITS.attempts),
  planned_next: z
    .strictObject({
      payment_identifier: z.string().min(1).max(RETRY_LENS_LIMITS.plannedIdentifier).optional().meta({ description: 'Checked against the extension charset by the tool (a violation, not a 400).' }),
      payload_hash: x402Hash.optional(),
      new_authorization: z.boolean().optional().meta({ description: 'True when the retry carries a newly signed authorization.' }),
      at: x402UnixSeconds.optional().meta({ description: 'When the retry would be sent (unix seconds).' }),
    })
    .optional(),
  clock_skew_seconds: z.int().min(0).max(RETRY_LENS_LIMITS.maxClockSkew).default(RETRY_LENS_LIMITS.defaultClockSkew),
});
