import { SPENDER_REPUTATIONS, type ApprovalItem, type ApprovalsSection } from '@paysight/contracts';
import type { ActivityView } from '../evidence/activity-view.js';
import { isoTime, usd } from '../audit/money.js';
import { approvalExposures, describeAmount, verifiedSourceLimit, type ApprovalExposure } from './exposure.js';

function status(e: ApprovalExposure): ApprovalItem['status'] {
  if (e.state.allowance === null) return 'unread';
  return e.live ? 'live' : e.expired ? 'expired' : 'revoked';
}

function item(activity: ActivityView, e: ApprovalExposure): ApprovalItem {
  const { state } = e;
  const event = state.latest;
  return {
    standard: state.kind,
    token: state.token,
    symbol: activity.token(state.token).symbol,
    tokenId: state.tokenId === null ? null : state.tokenId.toString(),
    spender: { address: state.spender, reputation: e.spender.reputation, label: e.spender.label },
    status: status(e),
    allowance: state.allowance === null ? null : state.allowance.toString(),
    unlimited: e.unlimited,
    expiresAt: state.kind === 'permit2' ? isoTime(state.expiration) : null,
    origin: state.origin,
    atRisk: e.atRisk === null ? null : { raw: e.atRisk.toString(), formatted: describeAmount(activity, e, e.atRisk), usd: e.atRiskMicroUsd === null ? null : usd(e.atRiskMicroUsd) },
    event: { name: event.name, transactionHash: event.transactionHash, blockNumber: event.blockNumber.toString(), logIndex: event.logIndex, emitter: event.emitter },
  };
}

/** Stablecoins at risk: per token the largest amount any one spender can take (they draw on the same balance), summed over tokens. */
function stablecoinAtRisk(exposures: readonly ApprovalExposure[]): bigint {
  const perToken = new Map<string, bigint>();
  for (const e of exposures) {
    if (e.atRiskMicroUsd === null) continue;
    const key = e.state.token.toLowerCase();
    perToken.set(key, e.atRiskMicroUsd > (perToken.get(key) ?? 0n) ? e.atRiskMicroUsd : perToken.get(key)!);
  }
  return [...perToken.values()].reduce((a, b) => a + b, 0n);
}

/** The wallet audit's approvals section, from the approvals read at the head block. */
export function approvalsSection(activity: ActivityView): ApprovalsSection {
  const { search } = activity.evidence.approvals;
  const exposures = approvalExposures(activity);
  const rank = (e: ApprovalExposure) => SPENDER_REPUTATIONS.indexOf(e.spender.reputation);
  const live = exposures.filter((e) => e.live && e.ownerAct).sort((a, b) => rank(a) - rank(b) || Number(b.unlimited) - Number(a.unlimited));
  const limitations = [
    search
      ? `Approval, ApprovalForAll and Permit2 events naming the wallet as owner were searched in blocks ${search.fromBlock}-${search.toBlock}${search.capped ? `, short of ${search.days} days (the search's block bound)` : ` (about ${search.days} days)`}; older approvals are found only through approve calls in the indexed history.`
      : 'No approval log search was made.',
    verifiedSourceLimit(activity.evidence),
    'ERC-1155 items under an operator approval are not counted (balanceOf needs each token id).',
    'Signed permits never submitted on chain are invisible.',
  ];
  return {
    searchedBlocks: search ? { fromBlock: search.fromBlock.toString(), toBlock: search.toBlock.toString() } : null,
    live: live.map((e) => item(activity, e)),
    inactive: exposures.filter((e) => !e.live && e.ownerAct).map((e) => item(activity, e)),
    unattributed: exposures.filter((e) => e.live && !e.ownerAct).map((e) => item(activity, e)),
    stablecoinAtRiskUsd: usd(stablecoinAtRisk(live)),
    limitations,
  };
}
