import { z } from 'zod';
import { x402DocumentOf, x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-a2a-agent-card-trust-radar's request (design sheet §50; docs/tools/x402/a2a-agent-card-trust-radar.md). */
export const TRUST_RADAR_LIMITS = { cardBytes: 64 * 1024, label: 2048, domain: 253, jwks: 5, jwkBytes: 8 * 1024 } as const;

/**
 * The card's JWS fields the x402 secret guard does not read (design sheet §0: agent-card JWS is
 * exempt): the protected header and the signature of every agent_card.signatures[] entry, each only
 * while it is a base64url string.
 */
export const TRUST_RADAR_JWS_FIELDS = ['agent_card.signatures[].protected', 'agent_card.signatures[].signature'] as const;

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

/** A public JWK: key type and its public members, never the private `d` (the secret guard refuses it first). */
const publicJwk = z
  .looseObject({ kty: z.enum(['EC', 'OKP', 'RSA']), kid: z.string().max(256).optional(), alg: z.string().max(32).optional() })
  .refine((jwk) => !('d' in jwk), { message: 'must be a public key (no d member)' })
  .refine((jwk) => JSON.stringify(jwk).length <= TRUST_RADAR_LIMITS.jwkBytes, { message: `must be at most ${TRUST_RADAR_LIMITS.jwkBytes} bytes serialized` });

/** x402-a2a-agent-card-trust-radar (design sheet §50; no other properties). */
export const a2aAgentCardTrustRadarRequest = z.strictObject({
  agent_card: x402DocumentOf(TRUST_RADAR_LIMITS.cardBytes).meta({ description: 'The A2A agent card (v0.3 or v1.0 shape) as served, signatures included. At most 64 KiB and 32 levels.' }),
  context: z
    .strictObject({
      served_from_label: z.url().max(TRUST_RADAR_LIMITS.label).optional().meta({ description: 'Where the card was fetched from (a label: never fetched).' }),
      expected_domain: z.string().regex(HOSTNAME, 'must be a host name').optional().meta({ description: 'The domain the caller expects the agent to live on, such as agent.example.' }),
      pinned_card_hash: x402Hash.optional().meta({ description: 'A card hash the caller pinned earlier (card_hash of a previous answer).' }),
    })
    .optional(),
  jwks: z.array(publicJwk).max(TRUST_RADAR_LIMITS.jwks).optional().meta({ description: 'Up to 5 public JWKs to verify the card\'s JWS signatures offline; no JWKS URL is ever fetched.' }),
});
