import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { DISCLOSURE_SURFACES } from '../../schemas/x402/payment-method-disclosure-map.js';

export const DISCLOSURE_MAP_DECISIONS = ['no_methods', 'undisclosed_methods', 'partially_disclosed', 'fully_disclosed'] as const;
export const DISCLOSURE_FLAG_CODES = ['undisclosed_before_request', 'dead_advertisement', 'asset_unidentified', 'fees_undisclosed'] as const;

export const disclosedMethod = z.object({
  protocol: z.literal('x402'),
  scheme: z.string().nullable().meta({ description: 'The scheme a surface states (exact, upto, ...); null when none does.' }),
  network: z.string().meta({ description: 'CAIP-2 (ND), or as written when unknown.', examples: ['eip155:8453'] }),
  asset: z.string().meta({ description: 'The asset address or mint, canonical from the reference data for USDC; an unidentified symbol upper-cased.' }),
  surfaces: z.array(z.enum(DISCLOSURE_SURFACES)).meta({ description: 'The surfaces that disclose the method, in request order (challenge first).' }),
  accepted: z.boolean().nullable().meta({ description: 'Whether the challenge accepts it; null without a readable challenge.' }),
});

export const disclosureFlag = z.object({
  code: z.enum(DISCLOSURE_FLAG_CODES),
  method: z.string().nullable().meta({ description: '"network asset" of the method concerned; null for fees_undisclosed.', examples: ['eip155:8453 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'] }),
  pointer: z.string().meta({ description: 'JSON pointer into the request to the evidence (or to where it was looked for).', examples: ['/surfaces/challenge/accepts/1'] }),
  detail: z.string(),
});

export const paymentMethodDisclosureMapResult = x402Result({
  decision: z.enum(DISCLOSURE_MAP_DECISIONS),
  methods: z.array(disclosedMethod).meta({ description: 'The methods × surfaces matrix, sorted by network, asset, then scheme.' }),
  flags: z.array(disclosureFlag).meta({ description: 'Sorted by code (sheet order), then method, then pointer.' }),
});
