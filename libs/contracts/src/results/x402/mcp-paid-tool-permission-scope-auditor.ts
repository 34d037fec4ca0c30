import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SCOPE_RISKS } from '../../x402/authored-lists.js';

export const SCOPE_AUDITOR_DECISIONS = ['under_declared', 'over_privileged', 'blocked', 'least_privilege'] as const;
export const SCOPE_AUDITOR_ISSUES = [
  'annotation_scope_conflict',
  'invalid_tool_name',
  'network_not_allowed',
  'network_undeclared',
  'non_readonly_not_allowed',
  'price_undeclared',
  'scopes_not_covered',
  'scopes_undeclared',
  'unaffordable',
  'unknown_network',
  'unparseable_price',
] as const;
export type ScopeAuditorIssue = (typeof SCOPE_AUDITOR_ISSUES)[number];

export const scopeAuditorToolRow = z.object({
  tool: z.string(),
  paid: z.boolean(),
  price: z.string().nullable().meta({ description: 'The declared price as a canonical USDC decimal, null when none or unparseable.' }),
  reachable: z.boolean(),
  affordable: z.boolean(),
  network_allowed: z.boolean(),
  required_scopes: z.array(z.string()),
  issues: z.array(z.enum(SCOPE_AUDITOR_ISSUES)).meta({ description: 'Sorted.' }),
});

export const mcpPaidToolPermissionScopeAuditorResult = x402Result({
  decision: z.enum(SCOPE_AUDITOR_DECISIONS),
  tool_matrix: z.array(scopeAuditorToolRow).meta({ description: 'One row per tool, in input order.' }),
  unused_grant_scopes: z.array(z.object({ scope: z.string(), risk: z.enum(SCOPE_RISKS) })).meta({ description: 'Grant scopes no reachable tool needs, in grant order.' }),
  suggested_grant: z.array(z.string()).meta({ description: 'The scopes the reachable, affordable, network-allowed paid tools need, sorted.' }),
});
