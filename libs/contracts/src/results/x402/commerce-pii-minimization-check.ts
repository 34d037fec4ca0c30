import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { PII_NECESSITIES, PII_TYPES } from '../../x402/pii.js';

export const PII_CHECK_DECISIONS = ['sensitive_exposed', 'over_collected', 'minimal'] as const;
export const PII_RECOMMENDATIONS = ['drop', 'hash', 'truncate', 'keep'] as const;
/** checksum: the value passed a check digit (Luhn, IBAN mod-97); format: the value has the type's shape; key_name: only the field name says so. */
export const PII_DETECTION_BASES = ['checksum', 'format', 'key_name'] as const;

export const commercePiiMinimizationCheckResult = x402Result({
  decision: z.enum(PII_CHECK_DECISIONS),
  findings: z
    .array(
      z.object({
        path: z.string().meta({ description: 'JSON pointer of the value inside payload.' }),
        pii_type: z.enum(PII_TYPES),
        detector: z.string().meta({ description: 'Which detector matched (luhn, iban_mod97, e164, email_pattern, name_key, ...).' }),
        basis: z.enum(PII_DETECTION_BASES),
        necessity: z.enum(PII_NECESSITIES).meta({ description: 'What the purpose needs of this type (our necessity table).' }),
        declared_needed: z.boolean().meta({ description: 'The path is at or under one of declared_needed.' }),
        recommendation: z.enum(PII_RECOMMENDATIONS),
        masked: z.string().meta({ description: 'The value with all but its first two and last two characters masked; fully masked under 8 characters. Values are never echoed.' }),
      }),
    )
    .meta({ description: 'One per personal value, in document order.' }),
  minimized_field_count: z.int().min(0).meta({ description: 'Findings whose recommendation is not keep: the fields minimizing would change.' }),
});
