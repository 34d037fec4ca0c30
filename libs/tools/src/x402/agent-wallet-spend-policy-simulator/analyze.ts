import { SPEND_SIMULATOR_RULES, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ND, addressKey, pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_agent_wallet_spend_policy_simulator'>;
export type SpendSimulatorInput = RequestOf<Entry>;
export type SpendSimulatorResult = ResultOf<Entry>;
type Decision = SpendSimulatorResult['decision'];
type Row = SpendSimulatorResult['results'][number];
type Rule = (typeof SPEND_SIMULATOR_RULES)[number];
type Policy = SpendSimulatorInput['policy'];
type EventIn = SpendSimulatorInput['events'][number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: shifting by 3 days puts ISO weeks (Monday 00:00 UTC) on multiples of 7. */
const EPOCH_TO_MONDAY_DAYS = 3;

const dec = (atomic: bigint) => AMT.toDecimal(atomic);
const atomicOf = (decimal: string | undefined) => (decimal === undefined ? null : AMT.toAtomic(decimal)!);
const hostKey = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');
const setOf = (list: readonly string[] | undefined, key: (s: string) => string) => (list && list.length > 0 ? new Set(list.map(key)) : null);
const isoWeek = (ms: number) => Math.floor((Math.floor(ms / DAY_MS) + EPOCH_TO_MONDAY_DAYS) / 7);

/** The policy with its lists as comparison sets and its amounts in atomic units, read once. */
interface Rules {
  denied: Set<string> | null;
  payees: Set<string> | null;
  networks: Set<string> | null;
  assets: Set<string> | null;
  hosts: Set<string> | null;
  perTx: bigint | null;
  approvalAbove: bigint | null;
  daily: bigint | null;
  weekly: bigint | null;
  rate: number | null;
}

function rulesOf(policy: Policy, flags: Set<string>): Rules {
  const network = (n: string) => {
    const nd = ND(n);
    if (!nd.known) flags.add('unknown_network');
    return nd.network;
  };
  return {
    denied: setOf(policy.denied_payees, addressKey),
    payees: setOf(policy.allowed_payees, addressKey),
    networks: setOf(policy.allowed_networks, network),
    assets: setOf(policy.allowed_assets, addressKey),
    hosts: setOf(policy.allowed_hosts, hostKey),
    perTx: atomicOf(policy.per_tx_max),
    approvalAbove: atomicOf(policy.require_approval_above),
    daily: atomicOf(policy.daily_max),
    weekly: atomicOf(policy.weekly_max),
    rate: policy.max_tx_per_minute ?? null,
  };
}

function policyProblems(policy: Policy, rules: Rules): SpendSimulatorResult['policy_problems'] {
  const problems: SpendSimulatorResult['policy_problems'] = [];
  if (rules.perTx !== null && rules.daily !== null && rules.perTx > rules.daily) problems.push({ pointer: '/policy/per_tx_max', problem: `per_tx_max ${policy.per_tx_max} is above daily_max ${policy.daily_max}` });
  (policy.allowed_payees ?? []).forEach((payee, i) => {
    if (rules.denied?.has(addressKey(payee))) problems.push({ pointer: pointer('policy', 'allowed_payees', i), problem: `${payee} is both allowed and denied` });
  });
  return problems;
}

/**
 * Budget windows over allowed payments only. Day: the UTC day (reset at midnight) or the trailing
 * 24 hours; week: the ISO week in UTC; rate: allowed payments in the trailing 60 s. The rolling
 * windows are queues, so the replay stays linear after the sort.
 */
class Windows {
  private dayKey: number | null = null;
  private weekKey: number | null = null;
  private seeded = false;
  private dayTotal = 0n;
  private weekTotal = 0n;
  private readonly day: { ms: number; amount: bigint }[] = [];
  private dayHead = 0;
  private readonly recent: number[] = [];
  private recentHead = 0;

  constructor(
    private readonly rolling: boolean,
    private readonly start: { today: bigint; week: bigint; ms: number },
  ) {}

  /** Moves the windows to `ms` and returns what they hold there. */
  at(ms: number): { today: bigint; week: bigint; lastMinute: number } {
    this.advanceWeek(ms);
    if (this.rolling) this.advanceRolling(ms);
    else this.advanceDay(ms);
    while (this.recentHead < this.recent.length && this.recent[this.recentHead]! <= ms - MINUTE_MS) this.recentHead += 1;
    return { today: this.dayTotal, week: this.weekTotal, lastMinute: this.recent.length - this.recentHead };
  }

  consume(ms: number, amount: bigint): void {
    this.dayTotal += amount;
    this.weekTotal += amount;
    if (this.rolling) this.day.push({ ms, amount });
    this.recent.push(ms);
  }

  private advanceWeek(ms: number): void {
    const key = isoWeek(ms);
    if (this.weekKey === key) return;
    this.weekTotal = this.weekKey === null ? this.start.week : 0n;
    this.weekKey = key;
  }

  private advanceDay(ms: number): void {
    const key = Math.floor(ms / DAY_MS);
    if (this.dayKey === key) return;
    this.dayTotal = this.dayKey === null ? this.start.today : 0n;
    this.dayKey = key;
  }

  private advanceRolling(ms: number): void {
    if (!this.seeded) {
      // The start state counts as spent just before the first event: it leaves the window 24 h later.
      this.seeded = true;
      this.day.push({ ms: this.start.ms, amount: this.start.today });
      this.dayTotal = this.start.today;
    }
    while (this.dayHead < this.day.length && this.day[this.dayHead]!.ms <= ms - DAY_MS) {
      this.dayTotal -= this.day[this.dayHead]!.amount;
      this.dayHead += 1;
    }
  }
}

interface Judged {
  outcome: Row['outcome'];
  rule: Rule | null;
  detail: string | null;
}

const deny = (rule: Rule, detail: string): Judged => ({ outcome: 'deny', rule, detail });

/** The first rule that hits decides (design sheet §30, rules 1–10). */
function judge(event: EventIn, amount: bigint, rules: Rules, held: { today: bigint; week: bigint; lastMinute: number }, flags: Set<string>): Judged {
  const payee = addressKey(event.pay_to);
  const nd = ND(event.network);
  if (!nd.known) flags.add('unknown_network');
  if (rules.denied?.has(payee)) return deny('denied_payee', `${event.pay_to} is on denied_payees`);
  if (rules.networks && !rules.networks.has(nd.network)) return deny('network', `${nd.network} is not an allowed network`);
  if (rules.assets && !rules.assets.has(addressKey(event.asset))) return deny('asset', `${event.asset} is not an allowed asset`);
  if (rules.payees && !rules.payees.has(payee)) return deny('payee_allowlist', `${event.pay_to} is not on allowed_payees`);
  if (rules.hosts && (event.resource_host === undefined || !rules.hosts.has(hostKey(event.resource_host)))) return deny('host', event.resource_host === undefined ? 'no resource_host to match allowed_hosts' : `${event.resource_host} is not an allowed host`);
  if (rules.perTx !== null && amount > rules.perTx) return deny('per_tx_max', `${dec(amount)} > per_tx_max ${dec(rules.perTx)}`);
  if (rules.approvalAbove !== null && amount > rules.approvalAbove && !event.approved_by_human) return { outcome: 'needs_approval', rule: 'approval_threshold', detail: `${dec(amount)} > require_approval_above ${dec(rules.approvalAbove)} without human approval` };
  if (rules.rate !== null && held.lastMinute >= rules.rate) return deny('rate', `${held.lastMinute} allowed payment(s) in the trailing 60 s, max_tx_per_minute ${rules.rate}`);
  if (rules.daily !== null && held.today + amount > rules.daily) return deny('daily_max', `${dec(held.today)} + ${dec(amount)} > daily_max ${dec(rules.daily)}`);
  if (rules.weekly !== null && held.week + amount > rules.weekly) return deny('weekly_max', `${dec(held.week)} + ${dec(amount)} > weekly_max ${dec(rules.weekly)}`);
  return { outcome: 'allow', rule: null, detail: null };
}

const sorted = (events: readonly EventIn[]) =>
  events.map((event, index) => ({ event, index, ms: Date.parse(event.at) })).sort((a, b) => a.ms - b.ms || (a.event.event_id < b.event.event_id ? -1 : a.event.event_id > b.event.event_id ? 1 : 0) || a.index - b.index);

interface Replay {
  rows: Row[];
  exhaustedAt: string | null;
  amounts: Record<Row['outcome'], bigint>;
}

function replay(input: SpendSimulatorInput, rules: Rules, flags: Set<string>): Replay {
  const order = sorted(input.events);
  const start = { today: AMT.toAtomic(input.start_state?.spent_today ?? '0')!, week: AMT.toAtomic(input.start_state?.spent_this_week ?? '0')!, ms: order[0]!.ms };
  const windows = new Windows(input.policy.day_boundary === 'rolling_24h', start);
  const amounts: Replay['amounts'] = { allow: 0n, needs_approval: 0n, deny: 0n };
  const seen = new Set<string>();
  let exhaustedAt: string | null = null;
  const rows = order.map(({ event, index, ms }): Row => {
    if (seen.has(event.event_id)) flags.add('duplicate_event_id');
    seen.add(event.event_id);
    const amount = AMT.toAtomic(event.amount)!;
    const held = windows.at(ms);
    const judged = judge(event, amount, rules, held, flags);
    const allowed = judged.outcome === 'allow';
    if (allowed) windows.consume(ms, amount);
    amounts[judged.outcome] += amount;
    const today = allowed ? held.today + amount : held.today;
    const remaining = rules.daily === null ? null : rules.daily > today ? rules.daily - today : 0n;
    const at = new Date(ms).toISOString();
    if (exhaustedAt === null && (judged.rule === 'daily_max' || judged.rule === 'weekly_max' || (allowed && remaining === 0n))) exhaustedAt = at;
    return { event_id: event.event_id, pointer: pointer('events', index), at, outcome: judged.outcome, rule: judged.rule, detail: judged.detail, spent_today_after: dec(today), remaining_today: remaining === null ? null : dec(remaining) };
  });
  return { rows, exhaustedAt, amounts };
}

function totalsOf(rows: Row[], amounts: Replay['amounts']): SpendSimulatorResult['totals'] {
  const count = (outcome: Row['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  const byRule = new Map<Rule, number>();
  for (const row of rows) if (row.rule) byRule.set(row.rule, (byRule.get(row.rule) ?? 0) + 1);
  return {
    events: rows.length,
    allowed: count('allow'),
    needs_approval: count('needs_approval'),
    denied: count('deny'),
    allowed_amount: dec(amounts.allow),
    needs_approval_amount: dec(amounts.needs_approval),
    denied_amount: dec(amounts.deny),
    by_rule: SPEND_SIMULATOR_RULES.filter((rule) => byRule.has(rule)).map((rule) => ({ rule, count: byRule.get(rule)! })),
  };
}

const NEXT_ACTION: Record<Decision, string> = {
  policy_invalid: 'Fix the policy first (see policy_problems): a per-transaction cap above the daily cap, or a payee both allowed and denied, makes the wallet\'s behaviour depend on rule order.',
  mostly_denied: 'Most proposed payments are denied: check the rule that stops most of them (totals.by_rule) before the agent runs with this policy; it is either too tight or the agent pays the wrong parties.',
  some_denied: 'Review the denied and held events (results): loosen a cap only if those payments are wanted, and route needs_approval events to a human.',
  all_allowed: 'Every proposed payment passes; check the caps still stop a runaway loop (run #9 on the policy) before widening the agent\'s use.',
};

export function analyzeSpendPolicySimulation(input: SpendSimulatorInput): ToolOutput<SpendSimulatorResult> {
  const flags = new Set<string>();
  const rules = rulesOf(input.policy, flags);
  const problems = policyProblems(input.policy, rules);
  const { rows, exhaustedAt, amounts } = replay(input, rules, flags);
  const totals = totalsOf(rows, amounts);
  const decision: Decision = problems.length > 0 ? 'policy_invalid' : totals.denied * 2 > totals.events ? 'mostly_denied' : totals.denied + totals.needs_approval > 0 ? 'some_denied' : 'all_allowed';
  if (problems.some((p) => p.pointer === '/policy/per_tx_max')) flags.add('per_tx_above_daily');
  if (problems.some((p) => p.pointer.startsWith('/policy/allowed_payees'))) flags.add('payee_allowed_and_denied');
  for (const { rule } of totals.by_rule) flags.add(rule === 'approval_threshold' ? 'needs_human_approval' : `denied_by_${rule}`);
  if (exhaustedAt !== null) flags.add('budget_exhausted');
  const firstDenial = rows.find((r) => r.outcome === 'deny');
  const limitations = [
    'Replays the events as given: whether the wallet really enforces these rules, and what the agent would do after a denial, is not seen.',
    'Amounts are compared as decimals of the paying asset (USDC, 6 decimals); events in other assets are compared as given, without conversion.',
    'The rate rule counts allowed payments only; denied and held attempts do not use it up.',
  ];
  if (!input.start_state) limitations.push('No start_state: budgets start empty at the first event.');
  return x402Answer(
    {
      decision,
      confidence: 'high',
      summary: `${totals.events} event(s): ${totals.allowed} allowed (${totals.allowed_amount}), ${totals.needs_approval} need approval, ${totals.denied} denied${firstDenial ? `; first denial ${firstDenial.at} (${firstDenial.rule})` : ''}${exhaustedAt ? `; budget exhausted ${exhaustedAt}` : ''}${problems.length > 0 ? `; policy invalid (${problems.length} problem(s))` : ''}.`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    { results: rows, totals, first_denial_at: firstDenial?.at ?? null, exhausted_at: exhaustedAt, policy_problems: problems },
  );
}
