import { z } from 'zod';
import { x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-agent-commerce-terms-uri-resolver's request (design sheet §41; the pinned URI bound is LABEL's). */
export const TERMS_RESOLVER_LIMITS = { sources: 10, termsBytes: 16 * 1024, version: 64, uri: 2048 } as const;

export const TERMS_SOURCE_KINDS = ['x402_terms_extension', 'openapi_terms_of_service', 'discovery_manifest', 'llms_txt', 'mcp_server_json', 'other'] as const;
export const TERMS_LEVELS = ['resource', 'service'] as const;
export const TERMS_FORMATS = ['uri', 'markdown', 'plaintext', 'json'] as const;

const version = z.string().trim().min(1).max(TERMS_RESOLVER_LIMITS.version);

export const termsSource = z.strictObject({
  kind: z.enum(TERMS_SOURCE_KINDS),
  level: z.enum(TERMS_LEVELS).meta({ description: 'resource: the terms of this one paid resource; service: of the whole service.' }),
  format: z.enum(TERMS_FORMATS).meta({ description: 'uri: `terms` is a URI (a label, never fetched; data: URIs are decoded); otherwise `terms` is the text itself.' }),
  terms: z
    .string()
    .min(1)
    .refine((text) => Buffer.byteLength(text, 'utf8') <= TERMS_RESOLVER_LIMITS.termsBytes, `must be at most ${TERMS_RESOLVER_LIMITS.termsBytes} bytes (UTF-8)`),
  version: version.optional(),
});

/** The terms identity the buyer last agreed to; every member optional, only the given ones are compared. */
export const pinnedTerms = z.strictObject({
  uri: z.string().min(1).max(TERMS_RESOLVER_LIMITS.uri).optional(),
  content_hash: x402Hash.optional(),
  version: version.optional(),
});

/** x402-agent-commerce-terms-uri-resolver (design sheet §41). */
export const agentCommerceTermsUriResolverRequest = z.strictObject({
  sources: z.array(termsSource).min(1).max(TERMS_RESOLVER_LIMITS.sources),
  pinned: pinnedTerms.optional(),
});
