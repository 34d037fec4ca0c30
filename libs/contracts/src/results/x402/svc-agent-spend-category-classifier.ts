import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SPEND_TAXONOMY_V1 } from '../../x402/authored-lists.js';

export const SPEND_CLASSIFIER_DECISIONS = ['unclassified_majority', 'partially_classified', 'classified'] as const;
export const SPEND_CLASSIFIER_RULES = ['custom', 'catalog', 'path', 'keywords', 'none'] as const;
const category = z.enum([...SPEND_TAXONOMY_V1, 'unclassified']);

export const svcAgentSpendCategoryClassifierResult = x402Result({
  decision: z.enum(SPEND_CLASSIFIER_DECISIONS),
  lines: z.array(z.object({ item_id: z.string(), category, rule: z.enum(SPEND_CLASSIFIER_RULES), rule_detail: z.string() })).meta({ description: 'One per item, in input order.' }),
  totals: z.array(z.object({ category, amount_decimal: z.string(), count: z.number().int() })).meta({ description: 'Sorted by amount (largest first), ties by first appearance.' }),
  classified_value_share: z.string().meta({ description: 'Classified value over total value, 4 decimals (half-even); by count when every amount is zero.' }),
});
