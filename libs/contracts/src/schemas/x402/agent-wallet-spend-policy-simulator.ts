import { z } from 'zod';
import { dateTime } from '../ext.js';
import { x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-agent-wallet-spend-policy-simulator's request (design sheet §30; string lengths and the list bounds the sheet leaves open are ours, as in #9). */
export const SPEND_SIMULATOR_LIMITS = { events: 1000, payees: 200, networks: 20, assets: 50, hosts: 200, txPerMinute: 1_000_000 } as const;
export const SPEND_DAY_BOUNDARIES = ['utc_midnight', 'rolling_24h'] as const;

const label = (max: number) => z.string().trim().min(1).max(max);

export const spendSimulatorPolicy = z.strictObject({
  per_tx_max: x402Decimal.optional(),
  daily_max: x402Decimal.optional(),
  weekly_max: x402Decimal.optional(),
  require_approval_above: x402Decimal.optional().meta({ description: 'A payment above this needs a human unless the event says approved_by_human.' }),
  allowed_payees: z.array(label(128)).max(SPEND_SIMULATOR_LIMITS.payees).optional(),
  denied_payees: z.array(label(128)).max(SPEND_SIMULATOR_LIMITS.payees).optional(),
  allowed_networks: z.array(label(64)).max(SPEND_SIMULATOR_LIMITS.networks).optional().meta({ description: 'CAIP-2 ids or x402 v1 aliases.' }),
  allowed_assets: z.array(label(128)).max(SPEND_SIMULATOR_LIMITS.assets).optional().meta({ description: 'Token addresses or mints (EVM addresses compare case-insensitively).' }),
  allowed_hosts: z.array(label(253)).max(SPEND_SIMULATOR_LIMITS.hosts).optional(),
  max_tx_per_minute: z.number().int().min(1).max(SPEND_SIMULATOR_LIMITS.txPerMinute).optional(),
  day_boundary: z.enum(SPEND_DAY_BOUNDARIES).default('utc_midnight').meta({ description: 'utc_midnight resets the daily budget at 00:00 UTC; rolling_24h sums the trailing 24 hours.' }),
});

export const spendSimulatorEvent = z.strictObject({
  event_id: label(128),
  at: dateTime,
  amount: x402Decimal.meta({ description: 'The proposed payment, a decimal in the paying asset (USDC).' }),
  asset: label(128),
  network: label(64),
  pay_to: label(128),
  resource_host: label(253).optional(),
  approved_by_human: z.boolean().default(false),
});

/** x402-agent-wallet-spend-policy-simulator (design sheet §30). */
export const agentWalletSpendPolicySimulatorRequest = z.strictObject({
  policy: spendSimulatorPolicy.meta({ description: 'The spend policy to replay; amounts are decimals of the paying asset (USDC). An unset control does not apply.' }),
  start_state: z
    .strictObject({ spent_today: x402Decimal.default('0'), spent_this_week: x402Decimal.default('0') })
    .optional()
    .meta({ description: 'What was already spent before the first event: counted in its UTC day (or the 24 hours before it) and its ISO week.' }),
  events: z.array(spendSimulatorEvent).min(1).max(SPEND_SIMULATOR_LIMITS.events).meta({ description: 'Proposed payments, replayed in (at, event_id) order.' }),
});
