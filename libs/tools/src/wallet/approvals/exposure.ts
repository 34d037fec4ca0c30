import { formatUnitsCompact, type SPENDER_REPUTATIONS } from '@paysight/contracts';
import { KNOWN_SPENDERS, knownToken, THREAT_ADDRESSES, type DatasetEntry, type ThreatCategory } from '@paysight/datasets';
import { toMicroUsd } from '../../shared/micro-usd.js';
import type { ActivityView } from '../evidence/activity-view.js';
import type { ApprovalState, WalletEvidence } from '../evidence/data.js';
import { isPermit2, PERMIT2_MAX_AMOUNT } from '../evidence/permit2.js';

/** An ERC-20 allowance at or above 2^255 is "unlimited" (wallets approve 2^256-1; some tokens count it down a little). */
export const UNLIMITED_ALLOWANCE_MIN = 2n ** 255n;
/** The same for a Permit2 allowance (uint160; wallets sign 2^160-1). */
export const UNLIMITED_PERMIT2_MIN = (PERMIT2_MAX_AMOUNT + 1n) / 2n;

/** Threat categories that make an approval's spender a known thief. */
export const THREAT_SPENDER_CATEGORIES: readonly ThreatCategory[] = ['drainer', 'phishing', 'exploit'];

/**
 * What is known about a spender, most telling first: listed as a drainer, phisher or exploiter; a known
 * protocol (the known-spenders list, Permit2); an address without code (EOA); an EOA delegated by
 * EIP-7702; a contract whose code appeared within FRESH_SPENDER_DAYS; an older contract the configured
 * explorer holds no verified source for; an older contract; or unread.
 */
export type SpenderReputation = (typeof SPENDER_REPUTATIONS)[number];

export interface SpenderProfile {
  reputation: SpenderReputation;
  /** Dataset label of a known threat or protocol. */
  label: string | null;
  threat: (DatasetEntry & { category: ThreatCategory; source: string }) | null;
  /** Contracts only: whether its code existed at the freshness block; null when that could not be read. */
  codeAtFreshnessBlock: boolean | null;
}

export function spenderProfile(evidence: WalletEvidence, spender: string): SpenderProfile {
  const key = spender.toLowerCase();
  const threat = THREAT_ADDRESSES.find(evidence.chain, spender);
  const codeThen = evidence.approvals.spenders?.codeAtFreshnessBlock[key] ?? null;
  if (threat && THREAT_SPENDER_CATEGORIES.includes(threat.category)) return { reputation: 'known_threat', label: threat.label, threat, codeAtFreshnessBlock: codeThen };
  const protocol = KNOWN_SPENDERS.find(evidence.chain, spender);
  if (protocol || isPermit2(spender)) return { reputation: 'known_protocol', label: protocol?.label ?? 'Uniswap Permit2', threat: null, codeAtFreshnessBlock: codeThen };
  const code = evidence.accounts[key];
  const verified = evidence.approvals.spenders?.verifiedSource?.[key];
  const reputation: SpenderReputation = !code
    ? 'unknown'
    : code.kind === 'eoa'
      ? 'eoa'
      : code.kind === 'delegated_eoa'
        ? 'delegated_eoa'
        : codeThen === false
          ? 'fresh_contract'
          : verified === false
            ? 'unverified_contract'
            : 'contract';
  return { reputation, label: null, threat: null, codeAtFreshnessBlock: codeThen };
}

/** What the audit could see of spenders' verified source: nothing without an explorer. */
export function verifiedSourceLimit(evidence: WalletEvidence): string {
  const verified = evidence.approvals.spenders?.verifiedSource;
  if (!verified) return 'Whether a spender contract has verified source code is not checked: no block explorer is configured for this chain.';
  const unanswered = Object.values(verified).filter((v) => v === null).length;
  return `Verified source code was looked up on the explorer for ${Object.keys(verified).length} spender(s) outside the known lists${unanswered ? `; ${unanswered} lookup(s) got no answer, and those spenders count as ordinary contracts` : ''}.`;
}

/** One approval as the wallet's exposure: whether it can be used now, by whom, and what it can take at current balances. */
export interface ApprovalExposure {
  state: ApprovalState;
  spender: SpenderProfile;
  /** Allowance above zero, and for Permit2 not expired. */
  live: boolean;
  expired: boolean;
  unlimited: boolean;
  /** The owner made it (own transaction or signature); false for unattributed (possibly spoofed) events. */
  ownerAct: boolean;
  /**
   * What the spender can take now: min(allowance, balance) in token units (Permit2 also capped by the
   * ERC-20 allowance to Permit2); items for ERC-721; null when a needed read failed or, for ERC-1155
   * operators, the items cannot be counted by balanceOf(owner).
   */
  atRisk: bigint | null;
  /** atRisk in millionths of a USD for a canonical USD stablecoin with known decimals; else null. */
  atRiskMicroUsd: bigint | null;
}

const min = (...values: (bigint | null)[]): bigint | null => (values.some((v) => v === null) ? null : (values as bigint[]).reduce((a, b) => (a < b ? a : b)));

function isUnlimited(state: ApprovalState): boolean {
  if (state.allowance === null) return false;
  if (state.kind === 'operator') return state.allowance === 1n;
  if (state.kind === 'permit2') return state.allowance >= UNLIMITED_PERMIT2_MIN;
  return state.kind === 'erc20' && state.allowance >= UNLIMITED_ALLOWANCE_MIN;
}

function atRisk(state: ApprovalState): bigint | null {
  switch (state.kind) {
    case 'erc20':
      return min(state.allowance, state.balance);
    case 'permit2':
      return min(state.allowance, state.gateway, state.balance);
    case 'operator':
      return state.balance;
    case 'erc721':
      return state.allowance;
  }
}

export function approvalExposure(activity: ActivityView, state: ApprovalState): ApprovalExposure {
  const { evidence } = activity;
  const expired = state.kind === 'permit2' && state.expiration !== null && state.expiration < evidence.snapshot.head.timestamp;
  const live = state.allowance !== null && state.allowance > 0n && !expired;
  const amount = live ? atRisk(state) : 0n;
  const decimals = activity.token(state.token).decimals;
  const stablecoin = (state.kind === 'erc20' || state.kind === 'permit2') && knownToken(evidence.chain, state.token)?.usdStablecoin;
  return {
    state,
    spender: spenderProfile(evidence, state.spender),
    live,
    expired,
    unlimited: live && isUnlimited(state),
    ownerAct: state.origin !== 'unattributed',
    atRisk: amount,
    atRiskMicroUsd: stablecoin && amount !== null && decimals !== null ? toMicroUsd(amount, decimals) : null,
  };
}

/** Every approval read at the head, as exposure. */
export function approvalExposures(activity: ActivityView): ApprovalExposure[] {
  return activity.evidence.approvals.states.map((s) => approvalExposure(activity, s));
}

/** An amount in the token's units when its decimals are known ("1,250.5 USDC"), else raw. */
export function describeAmount(activity: ActivityView, exposure: ApprovalExposure, amount: bigint): string {
  const { state } = exposure;
  if (state.kind === 'operator' || state.kind === 'erc721') return `${amount} item(s)`;
  const token = activity.token(state.token);
  return token.decimals === null ? `${amount} (raw units)` : `${formatUnitsCompact(amount, token.decimals)} ${token.symbol ?? state.token}`;
}
