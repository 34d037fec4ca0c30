import { walletAuditRequest, walletAuditResult, type ApprovalItem, type ChainSource, type LogQuery } from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { ACTIVITY_WINDOWS } from '../src/shared/activity-window.js';
import { walletAudit } from '../src/wallet/audit/index.js';
import { gatherWalletEvidence } from '../src/wallet/evidence/gather.js';
import { addressTopic } from '../src/shared/erc-events.js';
import { PERMIT2_ADDRESS, PERMIT2_MAX_AMOUNT } from '../src/wallet/evidence/permit2.js';

const { devnet } = readTestStack();
const world = devnet.scenario.chains.ethereum;
const address = (label: string) => (world.wallets[label] ?? world.contracts[label])!.address;
const hashOf = (step: string) => world.transactions[step]!.hash;

async function auditPermitUser(depth: 'basic' | 'deep' = 'basic') {
  const input = walletAuditRequest.parse({ address: address('permitUser'), chain: 'ethereum', depth });
  const { result } = await walletAudit.run(input, toolPorts({ chain: devnetChainSource() }), { now: new Date() });
  return walletAuditResult.parse(result);
}

const bySpender = (items: ApprovalItem[], label: string) => items.find((a) => a.spender.address === address(label));

describe('approvals and permits on the ethereum devnet (permitUser)', () => {
  let result: Awaited<ReturnType<typeof auditPermitUser>>;
  beforeAll(async () => {
    result = await auditPermitUser();
  });

  it('finds the unlimited Permit2 allowance granted through a router, from the Permit event Permit2 emitted', () => {
    const item = bySpender(result.approvals.live, 'permit2Spender')!;
    expect(item).toMatchObject({ standard: 'permit2', status: 'live', unlimited: true, origin: 'owner', allowance: PERMIT2_MAX_AMOUNT.toString(), spender: { reputation: 'eoa' } });
    expect(item.event).toMatchObject({ name: 'Permit', emitter: PERMIT2_ADDRESS, transactionHash: hashOf('permit-user-permits-via-router') });
    // The transaction went to the router, not to Permit2.
    expect(world.transactions['permit-user-permits-via-router']!.to).toBe(address('permitRouter'));
    // At risk: the wallet's 2,000 USDC, behind the unlimited ERC-20 approval to Permit2.
    expect(item.atRisk).toMatchObject({ formatted: '2000 USDC', usd: '2000' });
    const flag = result.riskFlags.find((f) => f.id === 'unlimited_approval_to_eoa')!;
    expect(flag.evidence.some((e) => e.transactionHash === hashOf('permit-user-permits-via-router'))).toBe(true);
  });

  it('lists the ERC-20 approval to Permit2 as a known protocol, unflagged', () => {
    expect(bySpender(result.approvals.live, 'permit2')).toMatchObject({ standard: 'erc20', unlimited: true, spender: { reputation: 'known_protocol', label: 'Uniswap Permit2' } });
    expect(result.riskFlags.flatMap((f) => f.evidence).some((e) => e.transactionHash === hashOf('permit-user-approves-permit2'))).toBe(false);
  });

  it('reports the expired Permit2 allowance as inactive, not live', () => {
    expect(bySpender(result.approvals.live, 'expiredPermit2Spender')).toBeUndefined();
    expect(bySpender(result.approvals.inactive, 'expiredPermit2Spender')).toMatchObject({ standard: 'permit2', status: 'expired', expiresAt: '2025-01-01T00:00:00.000Z' });
  });

  it('labels the EIP-2612 permit a relayer submitted as a signed permit', () => {
    expect(world.transactions['relayer-submits-permit']!.from).toBe(address('permitRelayer'));
    expect(bySpender(result.approvals.live, 'permitSpender')).toMatchObject({ standard: 'erc20', origin: 'signed_permit', allowance: '300000000', atRisk: { usd: '300' } });
  });

  it('finds the ERC-721 per-token approval, and the unused approval older than the activity window', () => {
    expect(bySpender(result.approvals.live, 'nftSpender')).toMatchObject({ standard: 'erc721', tokenId: '1004', atRisk: { raw: '1' } });
    expect(bySpender(result.approvals.live, 'oldSpender')).toMatchObject({ allowance: '500000000', event: { transactionHash: hashOf('permit-user-approves-old-spender') } });
    const stale = result.riskFlags.find((f) => f.id === 'stale_approval')!.evidence[0]!;
    expect(stale).toMatchObject({ transactionHash: hashOf('permit-user-approves-old-spender'), address: address('oldSpender') });
    // 45 days ago: before the 7-day basic window (and the 30-day deep one) the devnet's history is dated over.
    const days = Number(/(\d+) day\(s\) ago/.exec(stale.detail)![1]);
    expect(days).toBeGreaterThan(ACTIVITY_WINDOWS.deep.days);
  });

  it('flags the unlimited approval to the router, a contract the known-routers list does not hold', () => {
    expect(bySpender(result.approvals.live, 'permitRouter')).toMatchObject({ standard: 'erc20', unlimited: true, origin: 'owner', spender: { reputation: 'fresh_contract' } });
    const flag = result.riskFlags.find((f) => f.id === 'unlimited_approval')!;
    expect(flag.evidence[0]).toMatchObject({ transactionHash: hashOf('permit-user-approves-router'), address: address('permitRouter') });
  });

  it('searches approvals with owner-topic log queries, one per chunk of the search range, from genesis on the short devnet chain', async () => {
    const queries: LogQuery[] = [];
    const source = devnetChainSource();
    const recording = new Proxy(source, {
      get(target, key, receiver) {
        if (key === 'getLogs') return (chain: Parameters<ChainSource['getLogs']>[0], query: LogQuery) => (queries.push(query), target.getLogs(chain, query));
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const evidence = await gatherWalletEvidence(walletAuditRequest.parse({ address: address('permitUser'), chain: 'ethereum' }), toolPorts({ chain: recording }));
    const ownerTopic = addressTopic(address('permitUser')).toLowerCase();
    const search = queries.filter((q) => q.address === undefined && typeof q.topics[1] === 'string' && q.topics[1].toLowerCase() === ownerTopic && Array.isArray(q.topics[0]) && q.topics[0].length === 6);
    expect(search).toHaveLength(evidence.approvals.search!.chunks);
    expect(evidence.approvals.search).toMatchObject({ fromBlock: 0n, capped: false });
    expect(result.approvals.searchedBlocks!.fromBlock).toBe('0');
  });

  it('counts the USDC at risk once, at the largest amount one spender can take', () => {
    expect(result.approvals.stablecoinAtRiskUsd).toBe('2000');
  });

  it('reports an Approval a stranger\'s contract logged in the wallet\'s name as unattributed exposure, never as a flag', () => {
    expect(result.approvals.unattributed).toEqual([
      expect.objectContaining({ token: address('counterfeitUsdc'), origin: 'unattributed', unlimited: true, spender: expect.objectContaining({ address: address('poisoner') }) }),
    ]);
    expect(result.approvals.live.some((a) => a.token === address('counterfeitUsdc'))).toBe(false);
    const cited = result.riskFlags.flatMap((f) => f.evidence.map((e) => e.transactionHash));
    expect(cited).not.toContain(hashOf('spoofed-approval-of-permit-user'));
  });
});
