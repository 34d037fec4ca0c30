import { z } from 'zod';
import { x402Decimal } from '../../x402/request-rules.js';
import { SPEND_TAXONOMY_V1 } from '../../x402/authored-lists.js';

/** Bounds of x402-svc-agent-spend-category-classifier's request (design sheet §14). */
export const SPEND_CLASSIFIER_LIMITS = { items: 1000, customRules: 50, itemId: 120, network: 64, payTo: 120, resourceLabel: 2048, toolId: 120, mcpToolName: 128, description: 300, ruleValue: 2048 } as const;

export const SPEND_RULE_FIELDS = ['tool_id', 'mcp_tool_name', 'resource_host', 'resource_path_prefix', 'pay_to'] as const;

export const spendLineItem = z.strictObject({
  item_id: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.itemId),
  amount: x402Decimal.meta({ description: 'What the line cost, a decimal (at most six fractional digits).' }),
  currency: z.enum(['USDC', 'USD']).default('USDC'),
  network: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.network).optional().meta({ description: 'CAIP-2 id or x402 v1 alias.' }),
  pay_to: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.payTo).optional(),
  resource_label: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.resourceLabel).optional().meta({ description: 'The paid resource\'s URL or path. A label only: never fetched.' }),
  tool_id: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.toolId).optional(),
  mcp_tool_name: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.mcpToolName).optional(),
  description: z.string().max(SPEND_CLASSIFIER_LIMITS.description).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

export const spendCustomRule = z.strictObject({
  field: z.enum(SPEND_RULE_FIELDS),
  op: z.enum(['equals', 'prefix']),
  value: z.string().min(1).max(SPEND_CLASSIFIER_LIMITS.ruleValue),
  category: z.enum(SPEND_TAXONOMY_V1),
});

export const svcAgentSpendCategoryClassifierRequest = z.strictObject({
  items: z.array(spendLineItem).min(1).max(SPEND_CLASSIFIER_LIMITS.items).meta({ description: 'Spend lines (x402 receipts, wallet export rows), 1 to 1000.' }),
  custom_rules: z.array(spendCustomRule).max(SPEND_CLASSIFIER_LIMITS.customRules).optional().meta({ description: 'The caller\'s rules, tried first and in order (at most 50). Matching is case-insensitive.' }),
});
