import { ERC7528_NATIVE_TOKEN, X402_USDC, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_spend_permission_allowance_fit_checker'>;
export type SpendPermissionFitInput = RequestOf<Entry>;
export type SpendPermissionFitResult = ResultOf<Entry>;
type Decision = SpendPermissionFitResult['decision'];
type Period = SpendPermissionFitResult['periods'][number];
type Failure = NonNullable<SpendPermissionFitResult['first_failure']>;
type Permission = SpendPermissionFitInput['permission'];

/** The sheet's recommendation thresholds. */
const OVER_GRANT_FACTOR = 10n;
const LONG_LIVED_S = 365 * 86_400;
const NATIVE_DECIMALS = 18;

const EVM_USDC: ReadonlySet<string> = new Set(Object.entries(X402_USDC).filter(([caip2]) => caip2.startsWith('eip155:')).map(([, asset]) => asset.address.toLowerCase()));

/** The token's decimals: stated, the native asset's 18, or 6 for a USDC of the reference data; null when unknown. */
function decimalsOf(input: SpendPermissionFitInput, flags: Set<string>): number | null {
  const token = input.permission.token.toLowerCase();
  const native = token === ERC7528_NATIVE_TOKEN.toLowerCase();
  if (native) flags.add('native_token');
  if (input.token_decimals !== undefined) return input.token_decimals;
  if (native) return NATIVE_DECIMALS;
  return EVM_USDC.has(token) ? 6 : null;
}

interface Bucket {
  k: number;
  spends: number;
  used: bigint;
}

/** The period k of a valid spend at t and its window [start + k·period, min(start + (k+1)·period, end)). */
const periodOf = (p: Permission, t: number) => Math.floor((t - p.start) / p.period);
const windowOf = (p: Permission, k: number) => ({ window_start: p.start + k * p.period, window_end: Math.min(p.start + (k + 1) * p.period, p.end) });

interface Walk {
  buckets: Bucket[];
  failure: Failure | null;
  lastValidAt: number | null;
  outside: number;
}

/** The planned spends in time order (input index breaks ties), summed per period; the first that would revert is the failure. */
function walk(input: SpendPermissionFitInput): Walk {
  const p = input.permission;
  const allowance = BigInt(p.allowance);
  const order = input.planned.map((spend, index) => ({ ...spend, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  const buckets: Bucket[] = [];
  let failure: Failure | null = null;
  let lastValidAt: number | null = null;
  let outside = 0;
  let carry = input.already_spent_in_current_period === undefined ? 0n : BigInt(input.already_spent_in_current_period);
  const fail = (spend: (typeof order)[number], reason: Failure['reason'], k: number | null, used: bigint | null) => {
    failure ??= { index: spend.index, pointer: pointer('planned', spend.index), at: spend.at, reason, k, used_atomic: used === null ? null : used.toString() };
  };
  for (const spend of order) {
    if (spend.at < p.start || spend.at >= p.end) {
      outside += 1;
      fail(spend, 'outside_validity', null, null);
      continue;
    }
    const k = periodOf(p, spend.at);
    let bucket = buckets[buckets.length - 1];
    if (bucket?.k !== k) {
      // Sorted by time, so periods arrive in order; the caller's prior spend belongs to the first one.
      bucket = { k, spends: 0, used: carry };
      carry = 0n;
      buckets.push(bucket);
    }
    bucket.spends += 1;
    bucket.used += BigInt(spend.amount_atomic);
    lastValidAt = spend.at;
    if (bucket.used > allowance) fail(spend, 'exceeds_allowance', k, bucket.used);
  }
  return { buckets, failure, lastValidAt, outside };
}

function periodRow(p: Permission, allowance: bigint, bucket: Bucket): Period {
  return {
    k: bucket.k,
    ...windowOf(p, bucket.k),
    spends: bucket.spends,
    used_atomic: bucket.used.toString(),
    remaining_atomic: (bucket.used >= allowance ? 0n : allowance - bucket.used).toString(),
    exceeded: bucket.used > allowance,
  };
}

const NEXT_ACTION: Record<Decision, string> = {
  outside_validity: 'Move the spends into [start, end) or re-issue the permission with a window that covers them; a spend outside it reverts.',
  exceeds_allowance: 'Raise the allowance to recommended_permission.allowance, or spread the spends over more periods; the spend in first_failure reverts as planned.',
  fits_with_headroom_warning: 'The plan fits, but the permission grants far more or lasts far longer than needed: re-issue it as recommended_permission to limit what a compromised spender could take.',
  fits: 'The plan fits the permission; re-check when the schedule or amounts change.',
};

export function analyzeSpendPermissionFit(input: SpendPermissionFitInput): ToolOutput<SpendPermissionFitResult> {
  const flags = new Set<string>();
  const p = input.permission;
  const allowance = BigInt(p.allowance);
  const decimals = decimalsOf(input, flags);
  if (decimals === null) flags.add('unknown_decimals');
  if (p.start >= p.end) flags.add('invalid_window');
  if (input.expected_spender !== undefined && input.expected_spender !== p.spender) flags.add('spender_mismatch');

  const { buckets, failure, lastValidAt, outside } = walk(input);
  const periods = buckets.map((bucket) => periodRow(p, allowance, bucket));
  const maxUsed = buckets.reduce((max, b) => (b.used > max ? b.used : max), 0n);
  if (buckets.length > 0 && allowance > OVER_GRANT_FACTOR * maxUsed) flags.add('over_grant');
  if (lastValidAt !== null && p.end - lastValidAt > LONG_LIVED_S) flags.add('long_lived');
  const exceeded = periods.filter((row) => row.exceeded).length;

  const permissionFlags = [...flags].sort();
  const decision: Decision = outside > 0 ? 'outside_validity' : exceeded > 0 ? 'exceeds_allowance' : flags.has('over_grant') || flags.has('long_lived') ? 'fits_with_headroom_warning' : 'fits';
  if (outside > 0) flags.add('spend_outside_validity');
  if (exceeded > 0) flags.add('allowance_exceeded');
  const recommended = lastValidAt === null ? null : { allowance: maxUsed.toString(), period: p.period, end: lastValidAt + 1 };
  const amount = (atomic: bigint) => (decimals === null ? `${atomic} atomic` : `${AMT.toDecimal(atomic, decimals)} (${atomic} atomic)`);

  const limitations = [
    'Arithmetic on the permission as given: whether it is approved on-chain, revoked, or already partly spent (beyond already_spent_in_current_period) is not read.',
    'The wallet\'s token balance is not checked: a spend within the allowance can still fail for lack of funds.',
  ];
  if (decimals === null) limitations.push('The token\'s decimals are unknown: amounts are shown in atomic units only (send token_decimals).');
  if (input.expected_spender === undefined) limitations.push('No expected_spender: the spender is not checked.');
  return x402Answer(
    {
      decision,
      confidence: decimals === null ? 'medium' : 'high',
      summary: `${input.planned.length} planned spend(s) over ${periods.length} period(s) of ${p.period} s against an allowance of ${amount(allowance)}: ${outside} outside [start, end), ${exceeded} period(s) over the allowance; the largest period use is ${amount(maxUsed)}${failure ? `; first failure at planned[${failure.index}] (${failure.reason})` : ''}.`,
      riskFlags: flags,
      nextAction: `${flags.has('spender_mismatch') ? 'The permission names a different spender than expected: the expected spender cannot use it at all. ' : ''}${NEXT_ACTION[decision]}`,
      limitations,
    },
    { periods, first_failure: failure, recommended_permission: recommended, flags: permissionFlags },
  );
}
