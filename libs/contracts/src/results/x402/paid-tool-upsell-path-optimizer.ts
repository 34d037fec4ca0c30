import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { x402Decimal } from '../../x402/request-rules.js';

export const UPSELL_PATH_DECISIONS = ['no_coverage', 'over_budget', 'ladder_found', 'direct_purchase_better'] as const;

const ratio = z.string().meta({ examples: ['100.0000'] });

export const paidToolUpsellPathOptimizerResult = x402Result({
  decision: z.enum(UPSELL_PATH_DECISIONS),
  plan: z
    .array(z.object({ tool_id: z.string(), price: x402Decimal, continue_if: z.string().nullable() }))
    .meta({ description: 'The chosen plan in call order; continue_if says when to buy the next step (null on the last). Empty for no_coverage and over_budget.' }),
  expected_cost: x402Decimal.nullable().meta({ description: 'E = p1 + (1−q1)(p2 + (1−q2)p3), rounded half-even to 0.000001; null without a plan.' }),
  worst_case_cost: x402Decimal.nullable().meta({ description: 'Every step of the plan bought; null without a plan.' }),
  savings_vs_direct: x402Decimal.nullable().meta({ description: 'The best direct purchase\'s expected cost minus the plan\'s (0 when buying directly); null without a plan.' }),
  dead_ends: z.array(z.object({ tool_id: z.string(), pointer: z.string() })).meta({ description: 'Submitted tools from which no chain of next edges reaches a tool covering any goal tag, in input order.' }),
  price_cliffs: z
    .array(z.object({ from: z.string(), to: z.string(), ratio: ratio.nullable(), pointer: z.string() }))
    .meta({ description: 'Next edges of submitted tools whose price rises more than 50-fold (ratio null when the first step is free), in input order.' }),
});
