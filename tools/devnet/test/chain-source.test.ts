import { CHAIN_NAMES, CHAINS } from '@paysight/contracts';
import { createDevnetChainSource, devnetChainSourceConfig, type DevnetChain, type DevnetInfo } from '../src/index.js';

const devnet: Pick<DevnetInfo, 'chains' | 'explorerUrl'> = {
  chains: Object.fromEntries(
    CHAIN_NAMES.map((name, i): [string, DevnetChain] => [name, { name, chainId: CHAINS[name].chainId, rpcUrl: `http://127.0.0.1:${8545 + i}`, usdc: CHAINS[name].usdc }]),
  ) as DevnetInfo['chains'],
  explorerUrl: 'http://127.0.0.1:4023/v2/api',
};

describe('the devnet as a chain source', () => {
  it('serves all five chains over JSON-RPC, labelled Demo, with the devnet explorer for address history', () => {
    const config = devnetChainSourceConfig(devnet);
    expect(config).toEqual({
      rpc: { chains: Object.fromEntries(CHAIN_NAMES.map((name) => [name, { rpcUrl: devnet.chains[name].rpcUrl, demo: true }])) },
      explorer: { url: devnet.explorerUrl },
    });
  });

  it('leaves the explorer out on request and passes a retry count only when given', () => {
    const config = devnetChainSourceConfig(devnet, { explorer: false, retryCount: 0 });
    expect(config.explorer).toBeUndefined();
    expect(config.rpc.retryCount).toBe(0);
    expect('retryCount' in devnetChainSourceConfig(devnet).rpc).toBe(false);
  });

  it('builds a ChainSource whose data is Demo', () => {
    const source = createDevnetChainSource(devnet);
    expect(source.chains().sort()).toEqual([...CHAIN_NAMES].sort());
    expect(source.coverage('base').dataSourceStatus).toBe('Demo');
    expect(createDevnetChainSource(devnet, { explorer: false }).explorer).toBeNull();
  });
});
