import { X402_NETWORKS, X402_SPEND_SCENARIOS, type CatalogEntryOf, type RequestOf, type ResultOf, type X402SpendScenario } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, ND } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_agent_wallet_policy_coverage_gap_analyzer'>;
export type WalletPolicyInput = RequestOf<Entry>;
export type WalletPolicyResult = ResultOf<Entry>;
type Decision = WalletPolicyResult['decision'];
type Policy = WalletPolicyInput['policy'];
type Patch = WalletPolicyResult['suggested_policy_patch'];
type Status = WalletPolicyResult['scenarios'][number]['status'];

/** The sheet's thresholds. */
const PER_TX_FACTOR = 5n;
const DAILY_FACTOR = 2n;
const WEEK_DAYS = 7n;
const MINUTES_PER_DAY = 1440n;
const VALIDITY_COVERED_S = 600;
const VALIDITY_WEAK_S = 3600;
const DEDUPE_COVERED_S = 60;
/** Decision thresholds on coverage_ratio, in half-weights out of 2 × 25 = 50: 0.6 → 30, 0.9 → 45. */
const TOTAL_HALVES = 50n;
const WEAK_BELOW_HALVES = 30;
const PARTIAL_BELOW_HALVES = 45;

const TESTNET: ReadonlyMap<string, boolean> = new Map(X402_NETWORKS.map((n) => [n.caip2, n.testnet]));
const HALVES: Record<Status, number> = { covered: 2, weak: 1, uncovered: 0 };

interface Judged {
  status: Status;
  fix: string | null;
}

/** What the rules compare against, derived once from planned_usage (atomic units of 6 decimals). */
interface Plan {
  typical: bigint;
  calls: bigint;
  perTxCap: bigint;
  dailyCap: bigint;
  weeklyCap: bigint;
  ratePerMinute: number;
  networks: string[];
}

const dec = (atomic: bigint) => AMT.toDecimal(atomic);
const atomic = (decimal: string | undefined) => (decimal === undefined ? null : AMT.toAtomic(decimal));
const listed = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

function planOf(input: WalletPolicyInput, flags: Set<string>): Plan {
  const typical = AMT.toAtomic(input.planned_usage.typical_price)!;
  const calls = BigInt(input.planned_usage.calls_per_day);
  const networks = [...new Set(input.planned_usage.networks.map((n) => normalized(n, flags)))];
  const dailyCap = DAILY_FACTOR * typical * calls;
  return {
    typical,
    calls,
    perTxCap: PER_TX_FACTOR * typical,
    dailyCap,
    weeklyCap: WEEK_DAYS * dailyCap,
    ratePerMinute: Number((DAILY_FACTOR * calls + MINUTES_PER_DAY - 1n) / MINUTES_PER_DAY),
    networks,
  };
}

function normalized(network: string, flags: Set<string>): string {
  const nd = ND(network);
  if (!nd.known) flags.add('unknown_network');
  return nd.network;
}

function capRule(value: bigint | null, cap: bigint, field: string, missing: string): Judged {
  if (value === null) return { status: 'uncovered', fix: `${missing}: set ${field} ≤ ${dec(cap)}.` };
  if (value <= cap) return { status: 'covered', fix: null };
  return { status: 'weak', fix: `${field} ${dec(value)} is above ${dec(cap)}: lower it to ${dec(cap)}.` };
}

function cumulative(policy: Policy, plan: Plan): Judged {
  const daily = atomic(policy.daily_max);
  const weekly = atomic(policy.weekly_max);
  if ((daily !== null && daily <= plan.dailyCap) || (weekly !== null && weekly <= plan.weeklyCap)) return { status: 'covered', fix: null };
  if (daily === null && weekly === null) return { status: 'uncovered', fix: `No daily or weekly cap: set daily_max ≤ ${dec(plan.dailyCap)} (2 × typical price × calls per day) or weekly_max ≤ ${dec(plan.weeklyCap)}.` };
  return { status: 'weak', fix: `The caps set are above 2× planned spend (daily ${dec(plan.dailyCap)}, weekly ${dec(plan.weeklyCap)}): lower daily_max or weekly_max to them.` };
}

function networkSwap(policy: Policy, plan: Plan, flags: Set<string>): Judged {
  if (!listed(policy.allowed_networks)) return { status: 'uncovered', fix: 'Any network is accepted: set allowed_networks to the networks the agent pays on.' };
  if (plan.networks.length === 0) return { status: 'covered', fix: null };
  const planned = new Set(plan.networks);
  const extra = policy.allowed_networks.map((n) => normalized(n, flags)).filter((n) => !planned.has(n));
  if (extra.length === 0) return { status: 'covered', fix: null };
  return { status: 'weak', fix: `allowed_networks admits networks outside planned usage (${[...new Set(extra)].join(', ')}): remove them.` };
}

function networkClass(policy: Policy, flags: Set<string>): Judged {
  if (!listed(policy.allowed_networks)) return { status: 'uncovered', fix: 'No allowed_networks: a testnet offer can be paid where a mainnet one was meant, or the reverse.' };
  const classes = policy.allowed_networks.map((n) => TESTNET.get(normalized(n, flags)));
  if (classes.some((c) => c === undefined)) return { status: 'weak', fix: 'allowed_networks has a network the reference data does not know as mainnet or testnet: list CAIP-2 ids of known networks.' };
  if (new Set(classes).size === 1) return { status: 'covered', fix: null };
  return { status: 'uncovered', fix: 'allowed_networks mixes mainnets and testnets: keep one class per wallet.' };
}

function openCeiling(policy: Policy): Judged {
  if (policy.require_human_above !== undefined) return { status: 'covered', fix: null };
  if (listed(policy.allowed_schemes) && !policy.allowed_schemes.some((s) => s.toLowerCase() === 'upto')) return { status: 'covered', fix: null };
  const why = listed(policy.allowed_schemes) ? 'allowed_schemes includes upto' : 'no allowed_schemes';
  return { status: 'uncovered', fix: `${why} and no require_human_above: exclude upto from allowed_schemes or set require_human_above.` };
}

function judge(scenario: X402SpendScenario, policy: Policy, plan: Plan, flags: Set<string>, s10: Judged): Judged {
  const set = (field: string, list: readonly unknown[] | undefined, fix: string): Judged => (listed(list) ? { status: 'covered', fix: null } : { status: 'uncovered', fix: `No ${field}: ${fix}` });
  switch (scenario.id) {
    case 'S1':
      return capRule(atomic(policy.per_tx_max), plan.perTxCap, 'per_tx_max', 'No per-transaction cap (5 × typical price)');
    case 'S2':
      return set('allowed_payees', policy.allowed_payees, 'an offer that swaps payTo is paid; list the payees the agent may pay.');
    case 'S3':
      return networkSwap(policy, plan, flags);
    case 'S4':
      return set('allowed_assets', policy.allowed_assets, 'an offer in another token is paid; list {network, asset} pairs.');
    case 'S5': {
      if (s10.status === 'covered') return { status: 'covered', fix: null };
      const rate = policy.max_tx_per_minute;
      if (rate === undefined) return { status: 'uncovered', fix: `No rate limit and no cumulative cap: set max_tx_per_minute ≤ ${plan.ratePerMinute}.` };
      if (rate <= plan.ratePerMinute) return { status: 'covered', fix: null };
      return { status: 'weak', fix: `max_tx_per_minute ${rate} is above ${plan.ratePerMinute} (2 × planned calls per minute, rounded up): lower it.` };
    }
    case 'S6':
      return capRule(atomic(policy.daily_max), plan.dailyCap, 'daily_max', 'No daily cap: purchases just under per_tx_max add up');
    case 'S7': {
      const seconds = policy.max_authorization_validity_seconds;
      if (seconds !== undefined && seconds <= VALIDITY_COVERED_S) return { status: 'covered', fix: null };
      if (seconds !== undefined && seconds <= VALIDITY_WEAK_S) return { status: 'weak', fix: `Authorizations live up to ${seconds} s: lower max_authorization_validity_seconds to ${VALIDITY_COVERED_S}.` };
      return { status: 'uncovered', fix: `${seconds === undefined ? 'No validity limit' : `Authorizations live up to ${seconds} s`}: set max_authorization_validity_seconds ≤ ${VALIDITY_COVERED_S}.` };
    }
    case 'S8':
      return set('allowed_hosts', policy.allowed_hosts, 'any resource host is paid; list the hosts the agent may buy from.');
    case 'S9':
      return openCeiling(policy);
    case 'S10':
      return s10;
    case 'S11': {
      const window = policy.dedupe_window_seconds ?? 0;
      if (window >= DEDUPE_COVERED_S) return { status: 'covered', fix: null };
      if (window > 0) return { status: 'weak', fix: `dedupe_window_seconds ${window} is under ${DEDUPE_COVERED_S}: widen it.` };
      return { status: 'uncovered', fix: `No duplicate-purchase window: set dedupe_window_seconds ≥ ${DEDUPE_COVERED_S}.` };
    }
    case 'S12':
      return networkClass(policy, flags);
    default:
      throw new Error(`wallet policy: no coverage rule for scenario ${scenario.id}`);
  }
}

/** The controls to add or tighten for the scenarios not covered, with values derived from planned usage. */
function patchOf(policy: Policy, plan: Plan, open: ReadonlySet<string>): Patch {
  const patch: Patch = {};
  if (open.has('S1')) patch.per_tx_max = dec(plan.perTxCap);
  if ((open.has('S3') || open.has('S12')) && plan.networks.length > 0 && new Set(plan.networks.map((n) => TESTNET.get(n))).size === 1 && !plan.networks.some((n) => !TESTNET.has(n))) patch.allowed_networks = plan.networks;
  if (open.has('S4')) {
    const assets = plan.networks.flatMap((network) => {
      const usdc = ASSET(network);
      return usdc ? [{ network, asset: usdc.address }] : [];
    });
    if (assets.length > 0) patch.allowed_assets = assets;
  }
  if (open.has('S5')) patch.max_tx_per_minute = plan.ratePerMinute;
  if (open.has('S6') || open.has('S10')) patch.daily_max = dec(plan.dailyCap);
  if (open.has('S7')) patch.max_authorization_validity_seconds = VALIDITY_COVERED_S;
  if (open.has('S9')) patch.allowed_schemes = listed(policy.allowed_schemes) && policy.allowed_schemes.some((s) => s.toLowerCase() !== 'upto') ? policy.allowed_schemes.filter((s) => s.toLowerCase() !== 'upto') : ['exact'];
  if (open.has('S11')) patch.dedupe_window_seconds = DEDUPE_COVERED_S;
  return patch;
}

/** Set fields of the policy as `field=value` (lists by their length), for the scenario's evidence. */
function controlsSet(policy: Policy, scenario: X402SpendScenario): string[] {
  return scenario.controls.flatMap((field) => {
    const value = policy[field as keyof Policy];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
    return [Array.isArray(value) ? `${field}=[${value.length}]` : `${field}=${String(value)}`];
  });
}

function hasAnyControl(policy: Policy): boolean {
  return Object.values(policy).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0));
}

const NEXT_ACTION: Record<Decision, string> = {
  no_policy: 'Do not let the agent pay without a policy: start from suggested_policy_patch and add the payees and hosts it may pay.',
  weak: 'Tighten the policy before the agent pays on its own: apply suggested_policy_patch and close the uncovered scenarios of highest weight first.',
  partial: 'Close the remaining uncovered or weak scenarios (see each fix); suggested_policy_patch has the derived values.',
  covered: 'The policy covers the scenario catalog for this planned usage; re-run when prices, volume or networks change.',
};

export function analyzeWalletPolicyCoverage(input: WalletPolicyInput): ToolOutput<WalletPolicyResult> {
  const flags = new Set<string>();
  const { policy } = input;
  const plan = planOf(input, flags);
  const s10 = cumulative(policy, plan);
  const scenarios = X402_SPEND_SCENARIOS.map((scenario) => {
    const judged = judge(scenario, policy, plan, flags, s10);
    if (judged.status !== 'covered') flags.add(`${scenario.slug}_${judged.status}`);
    return { id: scenario.id, title: scenario.title, weight: scenario.weight, status: judged.status, controls: controlsSet(policy, scenario), fix: judged.fix };
  });
  const halves = scenarios.reduce((sum, s) => sum + s.weight * HALVES[s.status], 0);
  const anyControl = hasAnyControl(policy);
  const decision: Decision = !anyControl ? 'no_policy' : halves < WEAK_BELOW_HALVES ? 'weak' : halves < PARTIAL_BELOW_HALVES ? 'partial' : 'covered';
  if (!anyControl) flags.add('no_policy');
  const ratio = AMT.ratio(BigInt(halves), TOTAL_HALVES);
  const open = new Set(scenarios.filter((s) => s.status !== 'covered').map((s) => s.id));
  const uncovered = scenarios.filter((s) => s.status === 'uncovered').map((s) => s.id);
  const weak = scenarios.filter((s) => s.status === 'weak').map((s) => s.id);
  const limitations = [
    'Static analysis: the policy is read as written, not enforced or replayed against events (that is #30\'s simulation).',
    'Amounts are compared as decimals of the paying asset (USDC); a policy in another unit would need conversion first.',
    'Payees and hosts cannot be derived from planned usage: the patch leaves them to the operator.',
  ];
  if (plan.networks.length === 0) limitations.push('planned_usage.networks is empty: allowed_networks cannot be checked against the networks the agent will use.');
  return x402Answer(
    {
      decision,
      confidence: plan.networks.length === 0 ? 'medium' : 'high',
      summary: `Coverage ${ratio} of the 12-scenario catalog (${decision}): uncovered ${uncovered.join(', ') || 'none'}; weak ${weak.join(', ') || 'none'}; for ${input.planned_usage.calls_per_day} calls a day at ${dec(plan.typical)}.`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    { coverage_ratio: Number(ratio), scenarios, suggested_policy_patch: patchOf(policy, plan, open) },
  );
}
