import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { ERROR_FAMILIES, ERROR_OWNERS, ERROR_RETRY_CLASSES, ERROR_SOURCES } from '../../x402/error-taxonomy.js';
import { canonicalErrorCode } from '../../schemas/x402/agent-commerce-error-taxonomy-normalizer.js';

export const ERROR_NORMALIZER_DECISIONS = ['unmapped', 'partially_mapped', 'fully_mapped'] as const;
export const ERROR_MATCHES = ['table', 'custom', 'pattern', 'inferred', 'none'] as const;

export const mappedError = z.object({
  index: z.int().min(0),
  source: z.enum(ERROR_SOURCES),
  code: z.string().meta({ description: 'The normalized code (trimmed; lowercased, or an integer as decimal text).' }),
  canonical_code: canonicalErrorCode.nullable(),
  family: z.enum(ERROR_FAMILIES),
  retry: z.enum(ERROR_RETRY_CLASSES),
  owner: z.enum(ERROR_OWNERS),
  backoff_seconds: z.int().min(0),
  match: z.enum(ERROR_MATCHES),
  scheme: z.string().optional().meta({ description: 'The scheme a pattern match named (evm in invalid_exact_evm_...).' }),
});

export const agentCommerceErrorTaxonomyNormalizerResult = x402Result({
  decision: z.enum(ERROR_NORMALIZER_DECISIONS),
  mapped: z.array(mappedError).meta({ description: 'One row per input error, in input order.' }),
  families_summary: z.array(z.object({ family: z.enum(ERROR_FAMILIES), count: z.int().min(1) })).meta({ description: 'Errors per family, most first, ties in family-list order.' }),
});
