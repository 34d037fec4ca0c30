import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CHALLENGE_NORMALIZER_DECISIONS = ['normalized', 'partially_normalized', 'unparseable'] as const;
/** Value classes in output order. */
export const VALUE_CLASSES = ['usd_stable', 'btc_lightning', 'other'] as const;
export type ValueClass = (typeof VALUE_CLASSES)[number];

export const normalizedOffer = z.object({
  provider_label: z.string(),
  challenge_index: z.number().int(),
  offer_index: z.number().int().meta({ description: 'Index in the challenge\'s accepts[] (0 for L402).' }),
  protocol: z.enum(['x402', 'l402']),
  x402_version: z.union([z.literal(1), z.literal(2)]).nullable(),
  scheme: z.string().nullable(),
  network: z.string().nullable().meta({ description: 'CAIP-2 (ND) for x402; bitcoin-lightning or bitcoin-lightning-testnet for L402.' }),
  asset: z.string().nullable(),
  asset_symbol: z.string().nullable(),
  amount_atomic: z.string().meta({ description: 'x402: the asset\'s atomic units; L402: millisatoshi (the BOLT11 unit).' }),
  amount_decimal: z.string().nullable().meta({ description: 'USDC for usd_stable, sats for btc_lightning; null when the asset\'s decimals are unknown.' }),
  unit: z.enum(['USDC', 'sat', 'unknown']),
  pay_to: z.string().nullable(),
  max_timeout_seconds: z.number().int().nullable(),
  resource_url: z.string().nullable(),
  asset_transfer_method: z.string().nullable().meta({ description: 'eip3009 or permit2 (EVM), svm (Solana), l402 (Lightning).' }),
  macaroon_hash: z.string().nullable().meta({ description: 'L402 only: HASH of the macaroon (the macaroon itself is never returned).' }),
  testnet: z.boolean(),
  value_class: z.enum(VALUE_CLASSES),
  rank: z.number().int().meta({ description: '1 = cheapest in its value class (amount, then friction eip3009 < svm < permit2 < l402, then provider_label).' }),
});
export type NormalizedOffer = z.infer<typeof normalizedOffer>;

const cheapest = z.object({ provider_label: z.string(), challenge_index: z.number().int(), offer_index: z.number().int(), amount_decimal: z.string().nullable(), amount_atomic: z.string(), unit: z.enum(['USDC', 'sat', 'unknown']) }).nullable();

export const multiProviderChallengeNormalizerResult = x402Result({
  decision: z.enum(CHALLENGE_NORMALIZER_DECISIONS),
  offers: z.array(normalizedOffer).meta({ description: 'Sorted by value class (usd_stable, btc_lightning, other), then rank.' }),
  parse_errors: z.array(z.object({ provider_label: z.string(), challenge_index: z.number().int(), offer_index: z.number().int().nullable(), reason: z.string() })).meta({ description: 'In input order.' }),
  cheapest_by_class: z.object({ usd_stable: cheapest, btc_lightning: cheapest, other: cheapest }),
  shared_payees: z.array(z.object({ pay_to: z.string(), providers: z.array(z.string()) })).meta({ description: 'Evidence of reseller_or_proxy: one pay_to under several providers; sorted by pay_to, providers sorted.' }),
});
