import { z } from 'zod';
import { x402Hash } from '../../x402/request-rules.js';
import { x402Result } from '../../x402/envelope.js';

export const TRUST_RADAR_DECISIONS = ['untrusted_shape', 'caution', 'trusted_shape'] as const;
export const TRUST_RADAR_AXES = ['identity', 'transport', 'auth', 'integrity', 'payment_clarity', 'skill_hygiene'] as const;
export type TrustRadarAxis = (typeof TRUST_RADAR_AXES)[number];

const score = z.int().min(0).max(5);

export const trustRadarFinding = z.object({
  axis: z.enum(TRUST_RADAR_AXES),
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  detail: z.string(),
  pointer: z.string().meta({ description: 'JSON pointer into the request to the evidence (or to where it was looked for).', examples: ['/agent_card/url'] }),
});

export const a2aAgentCardTrustRadarResult = x402Result({
  decision: z.enum(TRUST_RADAR_DECISIONS),
  card_version: z.enum(['0.3', '1.0', 'unknown']),
  radar: z.strictObject({ identity: score, transport: score, auth: score, integrity: score, payment_clarity: score, skill_hygiene: score }),
  findings: z.array(trustRadarFinding).meta({ description: 'What lowered a score, in axis order, then input order.' }),
  card_hash: x402Hash.meta({ description: 'HASH of the card without its signatures member: the content its JWS signatures cover, and what pinned_card_hash is compared with.' }),
});
