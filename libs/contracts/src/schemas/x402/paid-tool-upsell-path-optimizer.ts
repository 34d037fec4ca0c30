import { z } from 'zod';
import { uniqueIds } from '../ext/references.js';
import { x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-paid-tool-upsell-path-optimizer's request (design sheet §34). */
export const UPSELL_PATH_LIMITS = { goalTags: 10, tools: 60, covers: 20, next: 5, tag: 64, toolId: 120 } as const;

const tag = z.string().min(1).max(UPSELL_PATH_LIMITS.tag);
const toolId = z.string().min(1).max(UPSELL_PATH_LIMITS.toolId);

export const upsellLadderTool = z.strictObject({
  tool_id: toolId,
  price: x402Decimal.meta({ description: 'What one call costs, a decimal (at most six fractional digits).' }),
  covers: z.array(tag).max(UPSELL_PATH_LIMITS.covers).meta({ description: 'The goal tags this tool\'s answer settles (at most 20).' }),
  early_exit_probability: z.number().min(0).max(1).optional().meta({ description: 'The caller\'s estimate of the chance that this step alone settles the goal, 0 to 1 (default 0). Read to six decimals.' }),
  next: z.array(toolId).max(UPSELL_PATH_LIMITS.next).optional().meta({ description: 'Tool ids a caller may escalate to after this one (at most 5).' }),
});

export const paidToolUpsellPathOptimizerRequest = z.strictObject({
  goal_tags: z.array(tag).min(1).max(UPSELL_PATH_LIMITS.goalTags).meta({ description: 'What the buyer wants answered, 1 to 10 tags; a plan\'s last step must cover all of them.' }),
  budget: x402Decimal.optional().meta({ description: 'The most a plan may cost in the worst case (every step bought); no limit when absent.' }),
  tools: z
    .array(upsellLadderTool)
    .min(1)
    .max(UPSELL_PATH_LIMITS.tools)
    .superRefine(uniqueIds('tool_id', (item) => item.tool_id))
    .meta({ description: 'The ladder of paid tools, 1 to 60, with unique tool ids.' }),
  use_builtin_catalog: z.boolean().default(false).meta({ description: 'Adds this service\'s own tools (catalog prices, default covers and next edges, early-exit probability 0) behind the submitted ones.' }),
});
