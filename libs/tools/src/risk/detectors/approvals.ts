import type { RiskEvidence, RiskFlagId } from '@paysight/contracts';
import { KNOWN_SPENDERS, THREAT_ADDRESSES } from '@paysight/datasets';
import { approvalExposures, describeAmount, verifiedSourceLimit, type ApprovalExposure, type SpenderReputation } from '../../wallet/approvals/exposure.js';
import { PERMIT2_ADDRESS } from '../../wallet/evidence/permit2.js';
import { sameAddress, daysBetween, DAY_SECONDS, type Detector, type RiskContext } from '../context.js';
import { buildFlag, datasetEvidence } from '../evidence-items.js';

export { UNLIMITED_ALLOWANCE_MIN } from '../../wallet/approvals/exposure.js';
/** A live approval at least this old that its spender never used is stale. */
export const STALE_APPROVAL_MIN_AGE_DAYS = 30;

const REPUTATION_WORDS: Readonly<Record<SpenderReputation, string>> = {
  known_threat: 'an address listed as a drainer, phisher or exploiter',
  known_protocol: 'a known protocol contract',
  eoa: 'an address without code (an EOA)',
  delegated_eoa: 'an EIP-7702 delegated account (an EOA running delegated code)',
  fresh_contract: 'a contract created recently (no code 30 days before the head block)',
  unverified_contract: 'a contract without verified source code on the configured explorer',
  contract: 'a contract that is not a known router',
  unknown: 'a spender whose code was not read',
};

const ORIGIN_WORDS = {
  owner: 'in a transaction the wallet sent',
  signed_permit: 'with a permit the wallet signed, submitted by another address',
  third_party: 'in a transaction another address sent on a contract the wallet uses',
  unattributed: '',
} as const;

function what(context: RiskContext, e: ApprovalExposure): string {
  const { state } = e;
  const symbol = context.activity.token(state.token).symbol ?? state.token;
  if (state.kind === 'operator') return `an approval for all ${symbol} items`;
  if (state.kind === 'erc721') return `an approval of ${symbol} item #${state.tokenId}`;
  const amount = e.unlimited ? 'unlimited' : describeAmount(context.activity, e, state.allowance ?? 0n);
  return state.kind === 'permit2' ? `a Permit2 allowance of ${amount} on ${symbol}` : `an allowance of ${amount} ${e.unlimited ? symbol : ''}`.trimEnd();
}

function approvalEvidence(context: RiskContext, e: ApprovalExposure, detail: string): RiskEvidence {
  const event = e.state.latest;
  const where = event.foundIn === 'receipt' ? ' (found in the receipt of an approve call older than the log search)' : '';
  const via = event.kind === 'permit2' ? ` (${event.name} event of Permit2${event.name === 'Permit' ? ': a signed permit, as routers such as the Universal Router submit' : ''})` : '';
  return {
    kind: 'log',
    transactionHash: event.transactionHash,
    logIndex: event.logIndex,
    blockNumber: event.blockNumber.toString(),
    address: e.state.spender,
    detail: `${detail} Granted ${ORIGIN_WORDS[e.state.origin]}${via}${where}.`,
  };
}

function readEvidence({ evidence, activity }: RiskContext, e: ApprovalExposure): RiskEvidence {
  const { state } = e;
  const owner = evidence.address;
  const read =
    state.kind === 'operator'
      ? `isApprovedForAll(${owner}, ${state.spender}) = true on ${state.token}`
      : state.kind === 'erc721'
        ? `getApproved(${state.tokenId}) = ${state.spender} and ownerOf(${state.tokenId}) = ${owner} on ${state.token}`
        : state.kind === 'permit2'
          ? `allowance(${owner}, ${state.token}, ${state.spender}) = (${state.allowance}, expiration ${state.expiration}) on Permit2 ${PERMIT2_ADDRESS}; ERC-20 allowance to Permit2 ${state.gateway ?? 'unread'}`
          : `allowance(${owner}, ${state.spender}) = ${state.allowance} on ${state.token}`;
  const risk = e.atRisk === null ? 'the amount at risk could not be read' : `at current balances ${describeAmount(activity, e, e.atRisk)} can be taken`;
  return { kind: 'contract_state', address: state.kind === 'permit2' ? PERMIT2_ADDRESS : state.token, blockNumber: evidence.snapshot.head.number.toString(), detail: `${read} at the head block; ${risk}.` };
}

/** Live approvals the wallet made itself (spoofed, unattributed events are exposure, not the wallet's act). */
const ownLive = (context: RiskContext) => approvalExposures(context.activity).filter((e) => e.live && e.ownerAct);

function searchLimit({ evidence }: RiskContext): string {
  const search = evidence.approvals.search;
  const range = search ? `blocks ${search.fromBlock}-${search.toBlock} (${search.capped ? `cut short of ${search.days} days by the search bound` : `about ${search.days} days`})` : 'no block range';
  return `Approvals are found by an owner-topic log search over ${range} and in the receipts of approve calls in the indexed history; older approvals without an indexer are not seen.`;
}

const LIMITS = {
  signatures: 'Signed permits and Permit2 signatures that were never submitted on chain are invisible until used.',
};

export const detectApprovalToThreat: Detector = (context) => {
  const found = ownLive(context).filter((e) => e.spender.reputation === 'known_threat');
  if (!found.length) return [];
  return [
    buildFlag(
      'approval_to_threat',
      `${found.length} live approval(s) let an address listed as a drainer, phisher or exploiter take the wallet's assets: ${[...new Set(found.map((e) => e.state.spender))].join(', ')}.`,
      found.flatMap((e) => [
        datasetEvidence(THREAT_ADDRESSES, e.spender.threat!, `${e.state.spender} is listed as ${e.spender.threat!.category} (${e.spender.threat!.source}).`),
        approvalEvidence(context, e, `Granted ${what(context, e)} to ${e.state.spender}, ${REPUTATION_WORDS.known_threat}.`),
        readEvidence(context, e),
      ]),
      [searchLimit(context), `The threat list (${THREAT_ADDRESSES.header.snapshotDate}) is incomplete: a thief missing from it is judged by its other traits.`, LIMITS.signatures],
    ),
  ];
};

/** Unlimited approvals by spender class: to an EOA (nothing but a key stands between it and the tokens) or to an unknown contract. */
const UNLIMITED_FLAGS: readonly { id: RiskFlagId; reputations: readonly SpenderReputation[] }[] = [
  { id: 'unlimited_approval_to_eoa', reputations: ['eoa', 'delegated_eoa'] },
  { id: 'unlimited_approval', reputations: ['fresh_contract', 'unverified_contract', 'contract', 'unknown'] },
];

const unlimitedUnknown = (context: RiskContext) => ownLive(context).filter((e) => e.unlimited && e.spender.reputation !== 'known_threat' && e.spender.reputation !== 'known_protocol');

export const detectUnlimitedApproval: Detector = (context) => {
  const unlimited = unlimitedUnknown(context);
  return UNLIMITED_FLAGS.flatMap(({ id, reputations }) => {
    const found = unlimited.filter((e) => reputations.includes(e.spender.reputation));
    if (!found.length) return [];
    const spenders = [...new Set(found.map((e) => e.state.spender))];
    const who = id === 'unlimited_approval_to_eoa' ? 'an address without contract code (a key holder)' : 'a spender outside the known-routers list';
    return [
      buildFlag(
        id,
        `${found.length} live unlimited approval(s) let ${who} move the wallet's tokens at any time: ${spenders.join(', ')}.`,
        found.flatMap((e) => [approvalEvidence(context, e, `Granted ${what(context, e)} to ${e.state.spender}, ${REPUTATION_WORDS[e.spender.reputation]}.`), readEvidence(context, e)]),
        [
          searchLimit(context),
          `The known-routers list (${KNOWN_SPENDERS.header.snapshotDate}) is not exhaustive: an approval to a reputable spender missing from it is reported too.`,
          'A contract is "fresh" when it had no code 30 days before the head block; where the node keeps no state that old, its age is unknown and it counts as an older contract.',
          verifiedSourceLimit(context.evidence),
          LIMITS.signatures,
        ],
      ),
    ];
  });
};

/** Unix time of an approval's block, from a block header or the indexed transaction. */
function approvalTime({ evidence, activity }: RiskContext, e: ApprovalExposure): bigint | null {
  const seconds = evidence.blockTimestamps[e.state.latest.blockNumber.toString()];
  if (seconds !== undefined) return BigInt(seconds);
  return activity.transaction(e.state.latest.transactionHash)?.timestamp ?? null;
}

/** Whether the spender moved the token out of the wallet after the approval, or the allowance shrank. */
function usedBySpender({ activity }: RiskContext, { state }: ApprovalExposure): boolean {
  if ((state.kind === 'erc20' || state.kind === 'permit2') && state.allowance !== null && state.allowance < state.latest.value) return true;
  return activity.movementsOfAsset(state.token).some((m) => {
    if (m.direction !== 'out' || m.blockNumber < state.latest.blockNumber) return false;
    const parties = activity.parties(m.transactionHash);
    return !!parties && (sameAddress(parties.from, state.spender) || sameAddress(parties.to, state.spender));
  });
}

export const detectStaleApproval: Detector = (context) => {
  const reported = new Set(unlimitedUnknown(context).map((e) => e.state));
  const stale: { exposure: ApprovalExposure; days: number }[] = [];
  for (const exposure of ownLive(context)) {
    if (reported.has(exposure.state) || exposure.spender.reputation === 'known_threat') continue;
    const time = approvalTime(context, exposure);
    if (time === null || context.activity.nowSeconds - time < BigInt(STALE_APPROVAL_MIN_AGE_DAYS) * DAY_SECONDS || usedBySpender(context, exposure)) continue;
    stale.push({ exposure, days: daysBetween(time, context.activity.nowSeconds) });
  }
  if (!stale.length) return [];
  return [
    buildFlag(
      'stale_approval',
      `${stale.length} approval(s) at least ${STALE_APPROVAL_MIN_AGE_DAYS} days old are still live and were never used by their spender; they are exposure without purpose.`,
      stale.flatMap(({ exposure, days }) => [
        approvalEvidence(context, exposure, `Approved ${exposure.state.spender} on ${context.activity.token(exposure.state.token).symbol ?? exposure.state.token} ${days} day(s) ago; no transfer by that spender since.`),
        readEvidence(context, exposure),
      ]),
      [
        'Use is judged from transfers out of the wallet in transactions sent by or to the spender, and from an allowance below the approved amount; uses outside what was read are not seen.',
        'Unlimited approvals to unknown spenders are reported as unlimited_approval or unlimited_approval_to_eoa instead, approvals to listed threats as approval_to_threat.',
      ],
    ),
  ];
};
