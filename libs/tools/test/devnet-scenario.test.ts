import { CHAIN_NAMES, formatUnitsCompact, transactionRequest, walletSnapshotRequest, type ChainName } from '@paysight/contracts';
import { readTestStack, toolPorts } from '@paysight/testkit';
import { txStatus } from '../src/tx/status/index.js';
import { walletSnapshot } from '../src/wallet/snapshot/index.js';

const { scenario } = readTestStack().devnet;
const ports = toolPorts();
const ctx = { now: new Date() };

describe.each(CHAIN_NAMES)('on the %s devnet', (chain: ChainName) => {
  const world = scenario.chains[chain];
  const contract = (id: string) => world.contracts[id]!;

  it('snapshots alice: native, tokens and NFTs as seeded, with her token history', async () => {
    const alice = world.wallets.alice!;
    const input = walletSnapshotRequest.parse({ address: alice.address, chain, depth: 'deep' });
    const { result, metadata } = await walletSnapshot.run(input, ports, ctx);

    expect(result.addressSummary).toMatchObject({ address: alice.address, chain, accountType: 'eoa', delegatedTo: null });
    expect(result.assetExposure.native.wei).toBe(alice.balances.native);
    const byAddress = new Map(result.assetExposure.tokens.map((t) => [t.address, t]));
    for (const [id, raw] of Object.entries(alice.balances.tokens)) {
      const token = byAddress.get(contract(id).address);
      if (raw === '0') expect(token).toBeUndefined();
      else expect(token?.balance).toBe(raw);
    }
    const usdc = byAddress.get(contract('usdc').address)!;
    expect(usdc).toMatchObject({ symbol: 'USDC', decimals: 6, isStablecoin: true, source: 'known_token' });
    expect(result.assetExposure.stablecoinBalanceUsd).toBe(formatUnitsCompact(BigInt(alice.balances.tokens.usdc!), 6));
    const dusd = byAddress.get(contract('devnetDollar').address)!;
    expect(dusd).toMatchObject({ symbol: 'DUSD', isStablecoin: false, source: 'transfer_history' });

    const explorers = result.assetExposure.nfts.find((n) => n.contract === contract('explorers').address);
    expect(explorers?.tokenIds).toEqual(alice.balances.nfts.explorers);
    expect(explorers).toMatchObject({ standard: 'erc721', symbol: 'DXPL' });

    const sent = result.recentActivity.find((a) => a.transactionHash === world.transactions['alice-gives-carol-explorer-1']!.hash);
    expect(sent).toMatchObject({ direction: 'out', kind: 'erc721', tokenId: '1', counterparty: world.wallets.carol!.address });
    expect(sent?.timestamp).not.toBeNull();
    expect(result.addressSummary.activityWindow.complete).toBe(true);
    expect(result.confidence).toBe('high');
    expect(metadata.dataSourceStatus).toBe('Demo');
  });

  it('recognises a contract', async () => {
    const input = walletSnapshotRequest.parse({ address: contract('counterProxy').address, chain, depth: 'basic' });
    const { result } = await walletSnapshot.run(input, ports, ctx);
    expect(result.addressSummary.accountType).toBe('contract');
    expect(result.addressSummary.codeSize).toBeGreaterThan(0);
    expect(result.recommendedNextAction).toMatch(/agent_wallet_profile/);
  });

  it('reports a successful and a reverted transaction', async () => {
    const ok = world.transactions['alice-pays-bob-dusd']!;
    const { result: mined } = await txStatus.run(transactionRequest.parse({ transactionHash: ok.hash, chain }), ports, ctx);
    expect(mined).toMatchObject({ status: 'success', blockNumber: String(ok.blockNumber), from: ok.from, to: ok.to, explorerUrl: null });
    expect(mined.confirmations).toBeGreaterThan(1);
    expect(['safe', 'finalized', 'unsafe']).toContain(mined.finality);
    expect(BigInt(mined.fee!.totalWei)).toBeGreaterThan(0n);

    const bad = world.transactions['bob-steps-too-far']!;
    const { result: reverted } = await txStatus.run(transactionRequest.parse({ hash: bad.hash, chain }), ports, ctx);
    expect(reverted).toMatchObject({ status: 'reverted', method: { kind: 'contract_call' } });
  });

  it('says not_found for a hash the chain never saw', async () => {
    const { result } = await txStatus.run(transactionRequest.parse({ hash: `0x${'12'.repeat(32)}`, chain }), ports, ctx);
    expect(result).toMatchObject({ status: 'not_found', finality: 'not_found', blockNumber: null, confirmations: null });
  });
});
