import { riskContext } from '../../src/risk/context.js';
import { detectStaleApproval, detectUnlimitedApproval, STALE_APPROVAL_MIN_AGE_DAYS, UNLIMITED_ALLOWANCE_MIN } from '../../src/risk/detectors/approvals.js';
import type { ApprovalEvent, ApprovalState } from '../../src/wallet/evidence/data.js';
import { addr, ago, hash, HEAD, logTransfer, onlyFlag, WALLET, walletEvidence } from '../support/evidence.js';

const TOKEN = addr('70c');
const SPENDER = addr('5bed');
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const MAX = 2n ** 256n - 1n;

function state(over: Partial<ApprovalState> & { event?: Partial<ApprovalEvent> } = {}): ApprovalState {
  const { event, ...rest } = over;
  const latest: ApprovalEvent = { kind: 'erc20', token: TOKEN, spender: rest.spender ?? SPENDER, value: MAX, transactionHash: hash(1), blockNumber: 900_000n, logIndex: 2, foundIn: 'logs', ...event };
  return { kind: latest.kind, token: TOKEN, spender: latest.spender, latest, allowance: latest.value, ...rest };
}

function withApprovals(states: ApprovalState[], approvedDaysAgo = 60, extra: Parameters<typeof walletEvidence>[0] = {}) {
  return walletEvidence({ approvals: { events: states.map((s) => s.latest), states }, blockTimestamps: { '900000': ago(approvedDaysAgo).toString() }, ...extra });
}

describe('unlimited_approval', () => {
  it('flags a live allowance of 2^255 or more to an unknown spender, citing the Approval log and the allowance read', () => {
    const flag = onlyFlag(detectUnlimitedApproval(riskContext(withApprovals([state()]))), 'unlimited_approval');
    expect(flag.evidence[0]).toMatchObject({ kind: 'log', transactionHash: hash(1), logIndex: 2, blockNumber: '900000', address: SPENDER });
    expect(flag.evidence[1]).toMatchObject({ kind: 'contract_state', address: TOKEN, blockNumber: HEAD.toString() });
    expect(flag.evidence[1]!.detail).toContain(`allowance(${WALLET}, ${SPENDER}) = ${MAX}`);
  });

  it('starts at exactly 2^255 and covers operator approvals', () => {
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: UNLIMITED_ALLOWANCE_MIN })])))).toHaveLength(1);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: UNLIMITED_ALLOWANCE_MIN - 1n })])))).toHaveLength(0);
    const operator = state({ kind: 'operator', allowance: 1n, event: { kind: 'operator', value: 1n } });
    expect(detectUnlimitedApproval(riskContext(withApprovals([operator])))[0]!.evidence[1]!.detail).toMatch(/isApprovedForAll/);
  });

  it('says when the approval came from the receipt of an older approve call', () => {
    const older = state({ event: { foundIn: 'receipt' } });
    expect(detectUnlimitedApproval(riskContext(withApprovals([older])))[0]!.evidence[0]!.detail).toMatch(/receipt of an approve call older than the log window/);
  });

  it('ignores known routers, revoked allowances and unreadable ones', () => {
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ spender: PERMIT2, event: { spender: PERMIT2 } })])))).toHaveLength(0);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: 0n })])))).toHaveLength(0);
    expect(detectUnlimitedApproval(riskContext(withApprovals([state({ allowance: null })])))).toHaveLength(0);
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
    expect(detectStaleApproval(riskContext(walletEvidence({ approvals: { events: [], states: [limited()] } })))).toHaveLength(0);
  });
});
