import { z } from 'zod';
import { CANONICAL_ERRORS, ERROR_SOURCES, type CanonicalErrorCode } from '../../x402/error-taxonomy.js';

/** Bounds of x402-agent-commerce-error-taxonomy-normalizer's request (design §18; docs/tools/x402/agent-commerce-error-taxonomy-normalizer.md). */
export const ERROR_NORMALIZER_LIMITS = { errors: 200, customMap: 50, code: 120, message: 500 } as const;

const L = ERROR_NORMALIZER_LIMITS;
const code = z.union([z.string().trim().min(1).max(L.code), z.int()]).meta({ description: 'The error code as received: a string (insufficient_funds, "-32042") or an integer (4001).' });
export const canonicalErrorCode = z.enum(Object.keys(CANONICAL_ERRORS) as [CanonicalErrorCode, ...CanonicalErrorCode[]]);

export const agentCommerceErrorTaxonomyNormalizerRequest = z.strictObject({
  errors: z
    .array(
      z.strictObject({
        source: z.enum(ERROR_SOURCES),
        code,
        http_status: z.int().min(100).max(599).optional().meta({ description: 'The HTTP status the error came with; read when the code itself is not in the table.' }),
        message: z.string().max(L.message).optional().meta({ description: 'Read for keywords only when nothing else maps the code (match inferred); never echoed.' }),
      }),
    )
    .min(1)
    .max(L.errors),
  custom_map: z
    .array(z.strictObject({ source: z.enum(ERROR_SOURCES), code, canonical_code: canonicalErrorCode }))
    .max(L.customMap)
    .optional()
    .meta({ description: 'Your own codes mapped onto canonical codes; looked up before the built-in table (first entry wins).' }),
});
