import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { x402Decimal } from '../../x402/request-rules.js';

export const SPEND_SIMULATOR_DECISIONS = ['policy_invalid', 'mostly_denied', 'some_denied', 'all_allowed'] as const;
export const SPEND_SIMULATOR_OUTCOMES = ['allow', 'needs_approval', 'deny'] as const;
/** The rules in the order they are applied; the first that hits decides. */
export const SPEND_SIMULATOR_RULES = ['denied_payee', 'network', 'asset', 'payee_allowlist', 'host', 'per_tx_max', 'approval_threshold', 'rate', 'daily_max', 'weekly_max'] as const;

export const agentWalletSpendPolicySimulatorResult = x402Result({
  decision: z.enum(SPEND_SIMULATOR_DECISIONS),
  results: z
    .array(
      z.strictObject({
        event_id: z.string(),
        pointer: z.string().meta({ description: 'JSON pointer of the event in the request.' }),
        at: z.iso.datetime(),
        outcome: z.enum(SPEND_SIMULATOR_OUTCOMES),
        rule: z.enum(SPEND_SIMULATOR_RULES).nullable().meta({ description: 'The rule that decided; null when every rule passed.' }),
        detail: z.string().nullable(),
        spent_today_after: x402Decimal.meta({ description: 'Spent in the event\'s day window after it (only allowed events consume budget).' }),
        remaining_today: x402Decimal.nullable().meta({ description: 'daily_max minus spent_today_after; null without daily_max.' }),
      }),
    )
    .meta({ description: 'One row per event in replay order (at, then event_id, then input index).' }),
  totals: z.strictObject({
    events: z.int(),
    allowed: z.int(),
    needs_approval: z.int(),
    denied: z.int(),
    allowed_amount: x402Decimal,
    needs_approval_amount: x402Decimal,
    denied_amount: x402Decimal,
    by_rule: z.array(z.strictObject({ rule: z.enum(SPEND_SIMULATOR_RULES), count: z.int() })).meta({ description: 'Events stopped per rule, in rule order; rules that stopped none are left out.' }),
  }),
  first_denial_at: z.iso.datetime().nullable(),
  exhausted_at: z.iso.datetime().nullable().meta({ description: 'When a daily or weekly budget ran out: the first event it denied, or an allowed one that left nothing.' }),
  policy_problems: z.array(z.strictObject({ pointer: z.string(), problem: z.string() })).meta({ description: 'Why the policy is invalid (empty when valid).' }),
});
