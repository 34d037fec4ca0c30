import { readTestStack } from '@paysight/testkit';
import { getAddress, pad, type Hex } from 'viem';
import { chainSourceFromEnv, ChainSourceConfigError, compositeChainSourceConfigFromEnv, createChainSource, EXPLORER_DEFAULTS } from '../src/index.js';
import { ExplorerServer } from './explorer-server.js';

// The composite source: JSON-RPC on the shared devnet, address history from an explorer serving
// recorded Etherscan answers on 127.0.0.1.

const { devnet } = readTestStack();
const SUBJECT = getAddress('0x7a16ff8270133f063aab6c9977183d9e72835428');
let explorer: ExplorerServer;

beforeAll(async () => {
  explorer = await ExplorerServer.start((params) => ({ fixture: params.get('action') as string }));
});

afterAll(async () => {
  await explorer.close();
});

const rpc = {
  chains: { base: { rpcUrl: devnet.chains.base.rpcUrl, demo: true }, ethereum: { rpcUrl: devnet.chains.ethereum.rpcUrl } },
  retryCount: 0,
};

describe('createChainSource', () => {
  it('reads address history from the explorer and everything else over JSON-RPC', async () => {
    const source = createChainSource({ rpc, explorer: { url: explorer.url } });
    const result = await source.getAddressHistory('base', { address: SUBJECT, limit: 10 });
    expect(result.status === 'ok' && result.history.transactions.map((t) => t.blockNumber)).toEqual([21000450n, 21000300n, 21000200n, 21000100n]);
    expect(explorer.requests.map((p) => p.get('chainid'))).toEqual(['8453', '8453', '8453']);
    expect(await source.getBlockNumber('base')).toBeGreaterThan(0n);
    const proxy = devnet.scenario.chains.base.contracts.counterProxy!;
    const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
    expect(await source.getStorageAt('base', proxy.address, implementationSlot)).toBe(pad(proxy.implementation!.toLowerCase() as Hex, { size: 32 }));
    expect(source.chains()).toEqual(['ethereum', 'base']);
  });

  it('says in the coverage notes where address history comes from, keeping Live or Demo from the RPC side', () => {
    const withExplorer = createChainSource({ rpc, explorer: { url: explorer.url, chains: ['base'] } });
    const base = withExplorer.coverage('base');
    expect(base.dataSourceStatus).toBe('Demo');
    expect(base.notes.join('\n')).toMatch(/listed by a block explorer API \(Etherscan API v2 format\)/);
    const ethereum = withExplorer.coverage('ethereum');
    expect(ethereum.dataSourceStatus).toBe('Live');
    expect(ethereum.notes.join('\n')).toMatch(/cannot list an address's transactions/);
    expect(ethereum.notes.join('\n')).not.toMatch(/block explorer API/);
  });

  it('is unavailable without an explorer for the chain, and says so', async () => {
    const withoutExplorer = createChainSource({ rpc });
    for (const chain of ['base', 'ethereum'] as const) {
      const result = await withoutExplorer.getAddressHistory(chain, { address: SUBJECT, limit: 10 });
      expect(result).toEqual({ status: 'unavailable', reason: expect.stringMatching(/cannot list the transactions of an address/) });
    }
    const baseOnly = createChainSource({ rpc, explorer: { url: explorer.url, chains: ['base'] } });
    expect((await baseOnly.getAddressHistory('ethereum', { address: SUBJECT, limit: 10 })).status).toBe('unavailable');
  });

  it('reports the problems of both parts together', () => {
    const error = (() => {
      try {
        createChainSource({ rpc: { chains: { base: { rpcUrl: 'not a url' } }, retryCount: -1 }, explorer: { url: 'ws://explorer.example', requestsPerSecond: -1 } });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ChainSourceConfigError);
    expect((error as ChainSourceConfigError).issues.map((i) => i.field)).toEqual(['chains.base.rpcUrl', 'retryCount', 'explorer.url', 'explorer.requestsPerSecond']);
  });
});

describe('configuration from the environment', () => {
  const RPC_ENV = { RPC_URL_BASE: 'https://base.example/v2/KEY' };

  it('uses the Etherscan v2 endpoint when a key is set', () => {
    expect(compositeChainSourceConfigFromEnv({ ...RPC_ENV, EXPLORER_API_KEY: ' key-1 ' })).toEqual({
      rpc: { chains: { base: { rpcUrl: 'https://base.example/v2/KEY', demo: false } } },
      explorer: { url: EXPLORER_DEFAULTS.url, apiKey: 'key-1' },
    });
    expect(EXPLORER_DEFAULTS.url).toBe('https://api.etherscan.io/v2/api');
  });

  it('has no explorer without a key, unless the explorer is a local one', () => {
    expect(compositeChainSourceConfigFromEnv(RPC_ENV).explorer).toBeUndefined();
    expect(compositeChainSourceConfigFromEnv({ ...RPC_ENV, EXPLORER_API_URL: 'https://explorer.example/api' }).explorer).toBeUndefined();
    for (const url of ['http://127.0.0.1:8600/api', 'http://localhost:8600/api']) {
      expect(compositeChainSourceConfigFromEnv({ ...RPC_ENV, EXPLORER_API_URL: url }).explorer).toEqual({ url });
    }
  });

  it('names every bad variable, of the RPC side and of the explorer', () => {
    expect(() => compositeChainSourceConfigFromEnv({ RPC_URL_BASE: 'wss://base.example', CHAIN_DATA_MODE: 'test', EXPLORER_API_URL: 'not a url', EXPLORER_API_KEY: 'k' })).toThrow(
      'Invalid chain data configuration: CHAIN_DATA_MODE must be demo or live; RPC_URL_BASE must be an http(s) URL (WebSocket endpoints are not supported); EXPLORER_API_URL is not a valid URL',
    );
  });

  it('chainSourceFromEnv builds the composite source', async () => {
    const source = chainSourceFromEnv({ RPC_URL_BASE: devnet.chains.base.rpcUrl, CHAIN_DATA_MODE: 'demo', EXPLORER_API_URL: explorer.url });
    expect(source.coverage('base').notes.join('\n')).toMatch(/block explorer API/);
    expect((await source.getAddressHistory('base', { address: SUBJECT, limit: 1 })).status).toBe('ok');
  });
});
