import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { TERMS_FORMATS, TERMS_LEVELS, TERMS_SOURCE_KINDS } from '../../schemas/x402/agent-commerce-terms-uri-resolver.js';

export const TERMS_RESOLVER_DECISIONS = ['unsafe_uri', 'missing', 'conflicting', 'changed_since_pinned', 'resolved'] as const;
export const TERMS_RELATIONS = ['same', 'differs_lower', 'conflict'] as const;
export const TERMS_CHANGE_FIELDS = ['uri', 'content_hash', 'version'] as const;
/** Why a source was set aside or distrusted, in the order they are listed per source. */
export const TERMS_SOURCE_ISSUES = ['blank_terms', 'relative_uri', 'undecodable_data_uri', 'unsafe_uri', 'invalid_json'] as const;

const hash = z.string().regex(/^sha256:[0-9a-f]{64}$/).meta({ examples: [`sha256:${'0'.repeat(64)}`] });
const identity = z.strictObject({
  ref: z.string().meta({ description: 'The URI (https, normalized) or the content_hash of inline or data: terms.' }),
  version: z.string().nullable(),
});

export const agentCommerceTermsUriResolverResult = x402Result({
  decision: z.enum(TERMS_RESOLVER_DECISIONS),
  effective_terms: z
    .strictObject({ source: z.string(), kind: z.enum(TERMS_SOURCE_KINDS), level: z.enum(TERMS_LEVELS), format: z.enum(TERMS_FORMATS), uri: z.string().nullable(), content_hash: hash.nullable(), version: z.string().nullable() })
    .nullable()
    .meta({ description: 'The highest-precedence usable source (its JSON pointer in `source`); null when none is usable.' }),
  other_sources: z
    .array(z.strictObject({ source: z.string(), kind: z.enum(TERMS_SOURCE_KINDS), identity, relation: z.enum(TERMS_RELATIONS) }))
    .meta({ description: 'The other usable sources, by precedence, then input order.' }),
  change: z
    .strictObject({
      pinned: z.strictObject({ uri: z.string().nullable(), content_hash: hash.nullable(), version: z.string().nullable() }),
      current: z.strictObject({ uri: z.string().nullable(), content_hash: hash.nullable(), version: z.string().nullable() }).nullable(),
      fields_changed: z.array(z.enum(TERMS_CHANGE_FIELDS)),
    })
    .nullable()
    .meta({ description: 'Null when nothing was pinned.' }),
  issues: z.array(z.strictObject({ source: z.string(), code: z.enum(TERMS_SOURCE_ISSUES), detail: z.string() })).meta({ description: 'Per source, in input order.' }),
});
