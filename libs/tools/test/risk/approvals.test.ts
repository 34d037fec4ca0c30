import { walletAuditResult } from '@paysight/contracts';
import { SDN_ADDRESSES, THREAT_ADDRESSES } from '@paysight/datasets';
import { riskContext } from '../../src/risk/context.js';
import { assessRisk } from '../../src/risk/engine.js';
import { detectApprovalToThreat, detectStaleApproval, detectUnlimitedApproval, STALE_APPROVAL_MIN_AGE_DAYS, UNLIMITED_ALLOWANCE_MIN } from '../../src/risk/detectors/approvals.js';
import { approvalsSection } from '../../src/wallet/approvals/section.js';
import { approvalExposure } from '../../src/wallet/approvals/exposure.js';
import type { ApprovalEvent, ApprovalState, WalletEvidence } from '../../src/wallet/evidence/data.js';
import { PERMIT2_ADDRESS, PERMIT2_MAX_AMOUNT } from '../../src/wallet/evidence/permit2.js';
import { addr, ago, approvalEvent, hash, HEAD, logTransfer, NOW, onlyFlag, WALLET, walletEvidence, type EvidenceOverrides } from '../support/evidence.js';

const TOKEN = addr('70c');
const SPENDER = addr('5bed');
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const MAX = 2n ** 256n - 1n;
const CONTRACT = { kind: 'contract' as const, size: 100, delegatedTo: null };
const EOA = { kind: 'eoa' as const, size: 0, delegatedTo: null };

function state(over: Partial<ApprovalState> & { event?: Partial<ApprovalEvent> } = {}): ApprovalState {
  const { event, ...rest } = over;
  const latest = approvalEvent({ token: rest.token ?? TOKEN, spender: rest.spender ?? SPENDER, ...event });
  return { kind: latest.kind, token: latest.token, spender: latest.spender, tokenId: latest.tokenId, latest, origin: 'owner', allowance: latest.value, expiration: null, gateway: null, balance: 10n ** 18n, ...rest };
}

/** Spenders are contracts that existed 30 days ago unless told otherwise. */
function withApprovals(states: ApprovalState[], approvedDaysAgo = 60, extra: EvidenceOverrides = {}) {
  const spenders = [...new Set(states.map((s) => s.spender.toLowerCase()))];
  return walletEvidence({
    approvals: { events: states.map((s) => s.latest), states, search: { fromBlock: HEAD - 1_000n, toBlock: HEAD, chunks: 1, days: 180, capped: false }, spenders: { freshnessBlock: HEAD - 200n, codeAtFreshnessBlock: Object.fromEntries(spenders.map((s) => [s, true])), verifiedSource: null } },
    accounts: Object.fromEntries(spenders.map((s) => [s, CONTRACT])),
    blockTimestamps: { '900000': ago(approvedDaysAgo).toString() },
    ...extra,
  });
}

const ids = (evidence: WalletEvidence) => assessRisk(evidence).flags.map((f) => f.id);

describe('unlimited_approval', () => {
  it('flags a live allowance of 2^255 or more to an unknown contract, citing the Approval log and the allowance read', () => {
    const flag = onlyFlag(detectUnlimitedApproval(riskContext(withApprovals([state()]))), 'unlimited_approval');
    expect(flag.evidence[0]).toMatchObject({ kind: 'log', transactionHash: hash(1), logIndex: 2, blockNumber: '900000', address: SPENDER });
    expect(flag.evidence[0]!.detail).toMatch(/a contract that is not a known router.*in a transaction the wallet sent/);
    expect(flag.evidence[1]).toMatchObject({ kind: 'contract_state', address: TOKEN, blockNumber: HEAD.toString() });
    expect(flag.evidence[1]!.detail).toContain(`allowance(${WALLET}, ${SPENDER}) = ${MAX}`);
    expect(flag.limits.join(' ')).toMatch(/blocks 999000-1000000/);
  });

  it('starts at exactly 2^255 and covers operator approvals', () => {
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: UNLIMITED_ALLOWANCE_MIN })])))).toHaveLength(1);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: UNLIMITED_ALLOWANCE_MIN - 1n })])))).toHaveLength(0);
    const operator = state({ kind: 'operator', allowance: 1n, event: { kind: 'operator', name: 'ApprovalForAll', value: 1n } });
    expect(detectUnlimitedApproval(riskContext(withApprovals([operator])))[0]!.evidence[1]!.detail).toMatch(/isApprovedForAll/);
  });

  it('says a spender is fresh when it had no code 30 days before the head', () => {
    const evidence = withApprovals([state()]);
    evidence.approvals.spenders!.codeAtFreshnessBlock[SPENDER.toLowerCase()] = false;
    expect(onlyFlag(detectUnlimitedApproval(riskContext(evidence)), 'unlimited_approval').evidence[0]!.detail).toMatch(/created recently/);
  });

  it('says a spender is unverified when the configured explorer holds no source for it, and what the lookup covered', () => {
    const evidence = withApprovals([state()]);
    expect(onlyFlag(detectUnlimitedApproval(riskContext(evidence)), 'unlimited_approval').limits.join(' ')).toMatch(/no block explorer is configured/);
    evidence.approvals.spenders!.verifiedSource = { [SPENDER.toLowerCase()]: false };
    const flag = onlyFlag(detectUnlimitedApproval(riskContext(evidence)), 'unlimited_approval');
    expect(flag.evidence[0]!.detail).toMatch(/without verified source code/);
    expect(flag.limits.join(' ')).toMatch(/looked up on the explorer for 1 spender/);
    evidence.approvals.spenders!.verifiedSource = { [SPENDER.toLowerCase()]: true };
    expect(onlyFlag(detectUnlimitedApproval(riskContext(evidence)), 'unlimited_approval').evidence[0]!.detail).toMatch(/a contract that is not a known router/);
    evidence.approvals.spenders!.codeAtFreshnessBlock[SPENDER.toLowerCase()] = false;
    evidence.approvals.spenders!.verifiedSource = { [SPENDER.toLowerCase()]: false };
    expect(onlyFlag(detectUnlimitedApproval(riskContext(evidence)), 'unlimited_approval').evidence[0]!.detail).toMatch(/created recently/);
  });

  it('says when the approval came from the receipt of an older approve call', () => {
    const older = state({ event: { foundIn: 'receipt' } });
    expect(detectUnlimitedApproval(riskContext(withApprovals([older])))[0]!.evidence[0]!.detail).toMatch(/receipt of an approve call older than the log search/);
  });

  it('ignores known routers, revoked allowances and unreadable ones', () => {
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ spender: PERMIT2_ADDRESS, event: { spender: PERMIT2_ADDRESS } })])))).toHaveLength(0);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: 0n })])))).toHaveLength(0);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: null })])))).toHaveLength(0);
  });

  it('weighs an unlimited approval to an address without code (or a 7702-delegated one) above one to a contract', () => {
    const toEoa = withApprovals([state()], 60, { accounts: { [SPENDER.toLowerCase()]: EOA } });
    const flag = onlyFlag(detectUnlimitedApproval(riskContext(toEoa)), 'unlimited_approval_to_eoa');
    const toContract = onlyFlag(detectUnlimitedApproval(riskContext(withApprovals([state()]))), 'unlimited_approval');
    expect(flag.weight).toBeGreaterThan(toContract.weight);
    expect(flag.evidence[0]!.detail).toMatch(/without code/);
    const delegated = withApprovals([state()], 60, { accounts: { [SPENDER.toLowerCase()]: { kind: 'delegated_eoa', size: 23, delegatedTo: addr('de1e') } } });
    expect(ids(delegated)).toContain('unlimited_approval_to_eoa');
  });

  it('flags an unlimited, unexpired Permit2 sub-allowance, but not an expired one or the ERC-20 gateway approval to Permit2', () => {
    const permit2 = (expiration: bigint) =>
      state({ kind: 'permit2', allowance: PERMIT2_MAX_AMOUNT, expiration, gateway: MAX, event: { kind: 'permit2', name: 'Permit', emitter: PERMIT2_ADDRESS, value: PERMIT2_MAX_AMOUNT, expiration } });
    const live = onlyFlag(detectUnlimitedApproval(riskContext(withApprovals([permit2(NOW + 86_400n)]))), 'unlimited_approval');
    expect(live.evidence[0]!.detail).toMatch(/Permit2 allowance of unlimited.*Permit event of Permit2/);
    expect(live.evidence[1]).toMatchObject({ address: PERMIT2_ADDRESS });
    expect(detectUnlimitedApproval(riskContext(withApprovals([permit2(NOW - 1n)])))).toHaveLength(0);
    const gateway = state({ spender: PERMIT2_ADDRESS, event: { spender: PERMIT2_ADDRESS } });
    expect(ids(withApprovals([gateway], 1))).toEqual([]);
  });

  it('does not score an approval that a stranger emitted on a contract the owner never called (possible spoof)', () => {
    const spoofed = withApprovals([state({ origin: 'unattributed' })], 60, { accounts: { [SPENDER.toLowerCase()]: EOA } });
    expect(assessRisk(spoofed).score).toBe(0);
    expect(ids(spoofed)).toEqual([]);
  });

  it('does not make the spender of a spoofed approval a counterparty (a sanctioned spender named by a stranger raises nothing)', () => {
    const listed = SDN_ADDRESSES.entries.find((e) => e.chains.includes('ethereum'))!.address;
    const named = (origin: ApprovalState['origin']) => withApprovals([state({ spender: listed, origin, allowance: 5n, event: { value: 5n } })], 1);
    expect(ids(named('unattributed'))).toEqual([]);
    expect(ids(named('owner'))).toContain('sanctioned_counterparty');
  });

  it('scores signed permits submitted by a third party as the owner\'s act', () => {
    expect(ids(withApprovals([state({ origin: 'signed_permit' })]))).toEqual(['unlimited_approval']);
  });
});

describe('approval_to_threat', () => {
  const threat = THREAT_ADDRESSES.entries.find((e) => e.chains.includes('ethereum'))!;

  it('flags any live approval to a listed address, citing the dataset entry, the log and the read', () => {
    const limited = state({ spender: threat.address, allowance: 5n, event: { value: 5n } });
    const evidence = withApprovals([limited]);
    const flags = assessRisk(evidence).flags;
    const detected = detectApprovalToThreat(riskContext(evidence));
    // A category outside drainer/phishing/exploit (the seed entry is a scam label) does not make a threat spender.
    if (['drainer', 'phishing', 'exploit'].includes(threat.category)) {
      const flag = onlyFlag(detected, 'approval_to_threat');
      expect(flag.severity).toBe('critical');
      expect(flag.evidence.map((e) => e.kind)).toEqual(['dataset', 'log', 'contract_state']);
      expect(flags[0]!.id).toBe('approval_to_threat');
    } else {
      expect(detected).toEqual([]);
    }
  });
});

describe('stale_approval', () => {
  const limited = (over: Partial<ApprovalState> = {}) => state({ allowance: 500n, event: { value: 500n }, ...over });

  it('flags a live approval older than the threshold that its spender never used', () => {
    const flag = onlyFlag(detectStaleApproval(riskContext(withApprovals([limited()], STALE_APPROVAL_MIN_AGE_DAYS))), 'stale_approval');
    expect(flag.evidence[0]).toMatchObject({ kind: 'log', transactionHash: hash(1), address: SPENDER });
    expect(flag.evidence[0]!.detail).toMatch(/30 day\(s\) ago/);
  });

  it('does not flag a younger approval, or one already reported as unlimited', () => {
    expect(detectStaleApproval(riskContext(withApprovals([limited()], STALE_APPROVAL_MIN_AGE_DAYS - 1)))).toHaveLength(0);
    expect(detectStaleApproval(riskContext(withApprovals([state()], 90)))).toHaveLength(0);
  });

  it('does not flag an approval the spender used: a transferFrom it sent, or an allowance below the approved amount', () => {
    const pulled = withApprovals([limited()], 90, {
      snapshot: { transfers: [logTransfer({ transactionHash: hash(9), token: TOKEN, from: WALLET, to: addr('99'), amount: 100n, blockNumber: 950_000n })] },
      transactionParties: { [hash(9)]: { from: SPENDER, to: TOKEN, type: null } },
    });
    expect(detectStaleApproval(riskContext(pulled))).toHaveLength(0);
    expect(detectStaleApproval(riskContext(withApprovals([limited({ allowance: 400n })], 90)))).toHaveLength(0);
  });

  it('skips an approval whose time is unknown', () => {
    expect(detectStaleApproval(riskContext(withApprovals([limited()], 60, { blockTimestamps: {} })))).toHaveLength(0);
  });
});

describe('amount at risk and the approvals section', () => {
  const usdcState = (over: Parameters<typeof state>[0] = {}) => state({ token: USDC, allowance: 300_000_000n, balance: 120_000_000n, event: { value: 300_000_000n }, ...over });
  const withUsdc = (states: ApprovalState[]) => withApprovals(states, 60, { tokenMetadata: { [USDC.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } } });

  it('is min(allowance, balance), in token units and USD for a stablecoin', () => {
    const evidence = withUsdc([usdcState()]);
    const e = approvalExposure(riskContext(evidence).activity, evidence.approvals.states[0]!);
    expect(e).toMatchObject({ live: true, unlimited: false, atRisk: 120_000_000n, atRiskMicroUsd: 120_000_000n });
  });

  it('caps a Permit2 sub-allowance by the ERC-20 allowance to Permit2', () => {
    const evidence = withUsdc([usdcState({ kind: 'permit2', allowance: PERMIT2_MAX_AMOUNT, expiration: NOW + 10n, gateway: 50_000_000n, event: { kind: 'permit2', emitter: PERMIT2_ADDRESS } })]);
    expect(approvalExposure(riskContext(evidence).activity, evidence.approvals.states[0]!).atRisk).toBe(50_000_000n);
  });

  it('counts items for an operator approval and one item for a live per-token approval', () => {
    const evidence = withApprovals([state({ kind: 'operator', allowance: 1n, balance: 3n }), state({ kind: 'erc721', spender: addr('99'), tokenId: 7n, allowance: 1n, balance: 1n, event: { kind: 'erc721', tokenId: 7n, value: 1n } })]);
    const { activity } = riskContext(evidence);
    expect(evidence.approvals.states.map((s) => approvalExposure(activity, s).atRisk)).toEqual([3n, 1n]);
  });

  it('lists live, inactive and unattributed approvals apart and sums stablecoins at risk once per token', () => {
    const evidence = withUsdc([
      usdcState(),
      usdcState({ spender: addr('99'), allowance: MAX, event: { spender: addr('99') } }),
      usdcState({ spender: addr('98'), allowance: 0n, event: { spender: addr('98') } }),
      usdcState({ spender: addr('97'), origin: 'unattributed', event: { spender: addr('97') } }),
      usdcState({ kind: 'permit2', spender: addr('96'), allowance: 10n, expiration: NOW - 1n, event: { kind: 'permit2', spender: addr('96'), emitter: PERMIT2_ADDRESS } }),
    ]);
    const section = approvalsSection(riskContext(evidence).activity);
    expect(section.live.map((a) => [a.spender.address, a.status, a.unlimited])).toEqual([
      [addr('99'), 'live', true],
      [SPENDER, 'live', false],
    ]);
    expect(section.inactive.map((a) => a.status).sort()).toEqual(['expired', 'revoked']);
    expect(section.unattributed.map((a) => a.spender.address)).toEqual([addr('97')]);
    expect(section.live[1]!.atRisk).toEqual({ raw: '120000000', formatted: '120 USDC', usd: '120' });
    expect(section.stablecoinAtRiskUsd).toBe('120');
    expect(section.searchedBlocks).toEqual({ fromBlock: '999000', toBlock: '1000000' });
  });

  it('fits the wallet-audit result schema', () => {
    const section = approvalsSection(riskContext(withUsdc([usdcState()])).activity);
    expect(walletAuditResult.shape.approvals.safeParse(section).success).toBe(true);
  });
});
