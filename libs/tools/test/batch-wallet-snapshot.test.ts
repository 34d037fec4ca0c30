import { batchWalletSnapshotRequest, batchWalletSnapshotResult, walletSnapshotRequest, type ChainSource } from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { batchWalletSnapshot } from '../src/wallet/batch/index.js';
import { walletSnapshot } from '../src/wallet/snapshot/index.js';

const base = readTestStack().devnet.scenario.chains.base;
const wallet = (name: string) => base.wallets[name]!.address;
const ctx = { now: new Date() };

/** The real devnet source, counting how often each method is called. */
function countingSource(): { source: ChainSource; calls: Map<string, number> } {
  const inner = devnetChainSource();
  const calls = new Map<string, number>();
  const source = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(property), (calls.get(String(property)) ?? 0) + 1);
        return value.apply(target, args);
      };
    },
  }) as unknown as ChainSource;
  return { source, calls };
}

describe('batch_wallet_snapshot on the base devnet', () => {
  const addresses = [wallet('alice'), wallet('bob'), base.contracts.counterProxy!.address, wallet('carol'), wallet('alice')];

  it('answers in submitted order (repeats included) with one Multicall3 round trip for every wallet', async () => {
    const { source, calls } = countingSource();
    const input = batchWalletSnapshotRequest.parse({ addresses, chain: 'base' });
    const { result, metadata } = await batchWalletSnapshot.run(input, toolPorts({ chain: source }), ctx);
    expect(batchWalletSnapshotResult.parse(result)).toEqual(result);
    expect(result.snapshots.map((s) => s.addressSummary.address)).toEqual(addresses);
    expect(calls.get('readContracts')).toBe(1);
    expect(calls.get('getBlock') ?? 0).toBeLessThanOrEqual(1 + new Set(result.snapshots.flatMap((s) => s.recentActivity.map((a) => a.blockNumber))).size);
    expect(metadata.dataNotes.join(' ')).toMatch(/4 distinct wallet\(s\) were read at one block, with all balances in one Multicall3 round trip/);
  });

  it('gives each wallet the same snapshot as the single-wallet tool at basic depth', async () => {
    const { result } = await batchWalletSnapshot.run(batchWalletSnapshotRequest.parse({ addresses: [wallet('bob')], chain: 'base' }), toolPorts(), ctx);
    const single = await walletSnapshot.run(walletSnapshotRequest.parse({ address: wallet('bob'), chain: 'base', depth: 'basic' }), toolPorts(), ctx);
    expect(result.snapshots[0]).toEqual(single.result);
  });

  it('names the wallets that deserve an audit, and why', async () => {
    const { result } = await batchWalletSnapshot.run(batchWalletSnapshotRequest.parse({ addresses, chain: 'base' }), toolPorts(), ctx);
    const byAddress = new Map(result.escalationCandidates.map((c) => [c.address, c]));
    const alice = byAddress.get(wallet('alice'));
    expect(alice?.reasons.join(' ')).toMatch(/moved tokens with \d other address\(es\) of this batch/);
    expect(alice?.reasons.join(' ')).toContain(wallet('bob'));
    expect(alice?.suggestedTool).toBe('wallet_audit');
    expect(byAddress.has(base.contracts.counterProxy!.address)).toBe(false);
    for (const candidate of result.escalationCandidates) expect(addresses[candidate.index]).toBe(candidate.address);
  });
});
