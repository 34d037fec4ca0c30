import type { RiskEvidence } from '@paysight/contracts';
import { sameAddress, daysBetween, DAY_SECONDS, type Detector, type RiskContext } from '../context.js';
import { KNOWN_SPENDERS } from '@paysight/datasets';
import { buildFlag } from '../evidence-items.js';
import type { ApprovalState } from '../../wallet/evidence/data.js';

/** An allowance at or above 2^255 is "unlimited" (wallets approve 2^256-1; some tokens count it down a little). */
export const UNLIMITED_ALLOWANCE_MIN = 2n ** 255n;
/** A live approval at least this old that its spender never used is stale. */
export const STALE_APPROVAL_MIN_AGE_DAYS = 30;

function isUnlimited(state: ApprovalState): boolean {
  if (state.allowance === null) return false;
  return state.kind === 'operator' ? state.allowance === 1n : state.allowance >= UNLIMITED_ALLOWANCE_MIN;
}

function approvalEvidence(state: ApprovalState, detail: string): RiskEvidence {
  const e = state.latest;
  const where = e.foundIn === 'receipt' ? ' (found in the receipt of an approve call older than the log window)' : '';
  return { kind: 'log', transactionHash: e.transactionHash, logIndex: e.logIndex, blockNumber: e.blockNumber.toString(), address: state.spender, detail: `${detail}${where}` };
}

function allowanceEvidence({ evidence }: RiskContext, state: ApprovalState): RiskEvidence {
  const read = state.kind === 'operator' ? `isApprovedForAll(${evidence.address}, ${state.spender}) = true` : `allowance(${evidence.address}, ${state.spender}) = ${state.allowance}`;
  return { kind: 'contract_state', address: state.token, blockNumber: evidence.snapshot.head.number.toString(), detail: `${read} on ${state.token} at the head block.` };
}

const spenderKind = ({ activity }: RiskContext, state: ApprovalState) => {
  const kind = activity.accountKind(state.spender);
  return kind === 'eoa' ? 'an address without code' : kind === 'unknown' ? 'a spender whose code was not read' : kind === 'delegated_eoa' ? 'an EIP-7702 delegated account' : 'a contract';
};

/** Unlimited ERC-20 allowances and operator approvals that are live, to spenders outside the known-routers list. */
function unlimitedStates(context: RiskContext): ApprovalState[] {
  return context.evidence.approvals.states.filter((s) => isUnlimited(s) && !KNOWN_SPENDERS.find(context.evidence.chain, s.spender));
}

export const detectUnlimitedApproval: Detector = (context) => {
  const states = unlimitedStates(context);
  if (!states.length) return [];
  const items = states.flatMap((s) => {
    const symbol = context.activity.token(s.token).symbol ?? s.token;
    const what = s.kind === 'operator' ? `approval for all ${symbol} items` : `unlimited ${symbol} allowance`;
    return [approvalEvidence(s, `Granted an ${what} to ${s.spender}, ${spenderKind(context, s)} that is not a known router.`), allowanceEvidence(context, s)];
  });
  return [
    buildFlag(
      'unlimited_approval',
      `${states.length} live unlimited approval(s) let a spender outside the known-routers list move the wallet's tokens at any time: ${states.map((s) => s.spender).join(', ')}.`,
      items,
      [
        'Approvals are found in the log window and in approve calls of the indexed history; older ones without an indexer are not seen.',
        'Permit2 sub-allowances and signed permits that were never used on chain are not read.',
        `The known-routers list (${KNOWN_SPENDERS.header.snapshotDate}) is not exhaustive: an approval to a reputable spender missing from it is reported too.`,
      ],
    ),
  ];
};

/** Unix time of an approval's block, from a block header or the indexed transaction. */
function approvalTime({ evidence, activity }: RiskContext, state: ApprovalState): bigint | null {
  const seconds = evidence.blockTimestamps[state.latest.blockNumber.toString()];
  if (seconds !== undefined) return BigInt(seconds);
  return activity.transactions().find((t) => t.hash.toLowerCase() === state.latest.transactionHash.toLowerCase())?.timestamp ?? null;
}

/** Whether the spender moved the token out of the wallet after the approval, or the allowance shrank. */
function usedBySpender({ activity }: RiskContext, state: ApprovalState): boolean {
  if (state.kind === 'erc20' && state.allowance !== null && state.allowance < state.latest.value) return true;
  return activity.movements.some((m) => {
    if (m.direction !== 'out' || !sameAddress(m.asset, state.token) || m.blockNumber < state.latest.blockNumber) return false;
    const parties = activity.parties(m.transactionHash);
    return !!parties && (sameAddress(parties.from, state.spender) || sameAddress(parties.to, state.spender));
  });
}

export const detectStaleApproval: Detector = (context) => {
  const unlimited = new Set(unlimitedStates(context));
  const stale: { state: ApprovalState; days: number }[] = [];
  for (const state of context.evidence.approvals.states) {
    if (unlimited.has(state) || !state.allowance) continue;
    const time = approvalTime(context, state);
    if (time === null || context.activity.nowSeconds - time < BigInt(STALE_APPROVAL_MIN_AGE_DAYS) * DAY_SECONDS || usedBySpender(context, state)) continue;
    stale.push({ state, days: daysBetween(time, context.activity.nowSeconds) });
  }
  if (!stale.length) return [];
  return [
    buildFlag(
      'stale_approval',
      `${stale.length} approval(s) at least ${STALE_APPROVAL_MIN_AGE_DAYS} days old are still live and were never used by their spender; they are exposure without purpose.`,
      stale.flatMap(({ state, days }) => [
        approvalEvidence(state, `Approved ${state.spender} on ${context.activity.token(state.token).symbol ?? state.token} ${days} day(s) ago; no transfer by that spender since.`),
        allowanceEvidence(context, state),
      ]),
      [
        'Use is judged from transfers out of the wallet in transactions sent by or to the spender, and from an allowance below the approved amount; uses outside what was read are not seen.',
        'Unlimited approvals to unknown spenders are reported as unlimited_approval instead.',
      ],
    ),
  ];
};
