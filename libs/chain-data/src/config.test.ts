import { ChainSourceConfigError, chainSourceConfigFromEnv, validateConfig } from './config.js';

describe('chainSourceConfigFromEnv', () => {
  it('serves exactly the chains that have a URL', () => {
    const config = chainSourceConfigFromEnv({
      RPC_URL_BASE: 'https://base.example/v2/key',
      RPC_URL_ETHEREUM: ' http://127.0.0.1:8545 ',
      RPC_URL_POLYGON: '',
    });
    expect(config.chains).toEqual({
      ethereum: { rpcUrl: 'http://127.0.0.1:8545', demo: false },
      base: { rpcUrl: 'https://base.example/v2/key', demo: false },
    });
  });

  it('labels chains Demo by CHAIN_DATA_MODE, overridable per chain', () => {
    const config = chainSourceConfigFromEnv({
      CHAIN_DATA_MODE: 'demo',
      CHAIN_DATA_MODE_BASE: 'live',
      RPC_URL_BASE: 'https://base.example',
      RPC_URL_OPTIMISM: 'http://127.0.0.1:8546',
    });
    expect(config.chains.base?.demo).toBe(false);
    expect(config.chains.optimism?.demo).toBe(true);
    const single = chainSourceConfigFromEnv({ CHAIN_DATA_MODE_ARBITRUM: 'DEMO', RPC_URL_ARBITRUM: 'http://127.0.0.1:8547' });
    expect(single.chains.arbitrum?.demo).toBe(true);
  });

  it('bounds each JSON-RPC request by RPC_TIMEOUT_MS and RPC_RETRY_COUNT when they are set', () => {
    expect(chainSourceConfigFromEnv({ RPC_URL_BASE: 'https://base.example' })).not.toHaveProperty('timeoutMs');
    expect(chainSourceConfigFromEnv({ RPC_URL_BASE: 'https://base.example', RPC_TIMEOUT_MS: '2500', RPC_RETRY_COUNT: '0' })).toMatchObject({ timeoutMs: 2_500, retryCount: 0 });
    expect(() => chainSourceConfigFromEnv({ RPC_TIMEOUT_MS: '0', RPC_RETRY_COUNT: 'many' })).toThrow(
      'Invalid chain data configuration: RPC_TIMEOUT_MS must be an integer from 100 to 120000; RPC_RETRY_COUNT must be an integer from 0 to 10',
    );
  });

  it('reports every invalid variable at once without echoing its value', () => {
    let error: unknown;
    try {
      chainSourceConfigFromEnv({
        RPC_URL_BASE: 'not a url secret-key-123',
        RPC_URL_ETHEREUM: 'wss://eth.example/ws/secret-key-456',
        RPC_URL_POLYGON: 'ftp://polygon.example',
        CHAIN_DATA_MODE: 'staging',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChainSourceConfigError);
    const { issues, message } = error as ChainSourceConfigError;
    expect(issues).toEqual([
      { field: 'CHAIN_DATA_MODE', message: 'must be demo or live' },
      { field: 'RPC_URL_ETHEREUM', message: 'must be an http(s) URL (WebSocket endpoints are not supported)' },
      { field: 'RPC_URL_BASE', message: 'is not a valid URL' },
      { field: 'RPC_URL_POLYGON', message: 'must be an http(s) URL' },
    ]);
    expect(message).toContain('RPC_URL_BASE is not a valid URL');
    expect(message).not.toMatch(/secret-key/);
  });
});

describe('validateConfig', () => {
  it('accepts a good programmatic configuration', () => {
    expect(() => validateConfig({ chains: { base: { rpcUrl: 'http://127.0.0.1:1', demo: true } }, retryCount: 0, headTtlMs: 0 })).not.toThrow();
  });

  it('names each bad field', () => {
    const config = {
      chains: { base: { rpcUrl: 'nope' }, solana: { rpcUrl: 'http://127.0.0.1:1' } },
      maxConcurrency: 0,
      timeoutMs: 1.5,
    };
    expect(() => validateConfig(config as never)).toThrow(
      'Invalid chain data configuration: chains.base.rpcUrl is not a valid URL; chains.solana is not a supported chain (supported: ethereum, base, polygon, arbitrum, optimism); timeoutMs must be an integer of at least 1; maxConcurrency must be an integer of at least 1',
    );
  });
});
