import { z } from 'zod';
import { x402Atomic, x402Document, x402UnixSeconds } from '../../x402/request-rules.js';

/** Bounds and defaults of x402-offer-replay-hygiene-auditor's request (design sheet §17). */
export const REPLAY_AUDITOR_LIMITS = { offers: 50, authorizations: 2000, resourcePath: 2048, maxWindowSeconds: 31_536_000, clockSkewSeconds: 3600 } as const;
export const REPLAY_AUDITOR_DEFAULT_POLICY = { max_window_seconds: 600, clock_skew_seconds: 30 } as const;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 40-hex-digit EVM address');

/** One EIP-3009 authorization the seller accepted, as its records state it (the public fields only; never the signature). */
export const acceptedAuthorization = z.strictObject({
  from: address.meta({ description: 'The payer (authorizer).' }),
  to: address.meta({ description: 'The recipient the payer authorized.' }),
  value_atomic: x402Atomic,
  valid_after: x402UnixSeconds.meta({ description: 'validAfter, unix seconds.' }),
  valid_before: x402UnixSeconds.meta({ description: 'validBefore, unix seconds.' }),
  nonce: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .meta({ description: 'The public EIP-3009 nonce (bytes32).' }),
  resource_path: z.string().min(1).max(REPLAY_AUDITOR_LIMITS.resourcePath).meta({ description: 'The path (or URL) the payment was accepted for.' }),
  received_at: x402UnixSeconds.meta({ description: 'When the seller received the payment, unix seconds.' }),
  delivered: z.boolean().meta({ description: 'Whether the seller served the resource for it.' }),
  settled: z.boolean().optional().meta({ description: 'Whether it settled on chain, when known.' }),
});

/** x402-offer-replay-hygiene-auditor (design sheet §17). */
export const offerReplayHygieneAuditorRequest = z.strictObject({
  offers: z
    .array(x402Document)
    .max(REPLAY_AUDITOR_LIMITS.offers)
    .optional()
    .meta({ description: 'The seller\'s offers: x402 v1/v2 payment requirements (accepts[] entries) or signed offer-receipt offers ({format, payload?, signature}). At most 50, each ≤256 KiB.' }),
  authorizations: z.array(acceptedAuthorization).min(1).max(REPLAY_AUDITOR_LIMITS.authorizations).meta({ description: 'The authorizations the seller accepted (1 to 2000).' }),
  policy: z
    .strictObject({
      max_window_seconds: z.int().min(1).max(REPLAY_AUDITOR_LIMITS.maxWindowSeconds).default(REPLAY_AUDITOR_DEFAULT_POLICY.max_window_seconds).meta({ description: 'Longest acceptable validBefore − validAfter (default 600).' }),
      clock_skew_seconds: z.int().min(0).max(REPLAY_AUDITOR_LIMITS.clockSkewSeconds).default(REPLAY_AUDITOR_DEFAULT_POLICY.clock_skew_seconds).meta({ description: 'Tolerated clock difference at the window\'s edges (default 30).' }),
    })
    .default(REPLAY_AUDITOR_DEFAULT_POLICY),
});
