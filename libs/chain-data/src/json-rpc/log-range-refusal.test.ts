import { rangeRefusal } from './log-range-refusal.js';
import { JsonRpcFailure } from './rpc-failure.js';

const rpc = (rpcCode: number, providerMessage: string) => new JsonRpcFailure('rpc', 'eth_getLogs', { rpcCode, providerMessage }, providerMessage);

describe('rangeRefusal', () => {
  it.each([
    ['Infura', -32005, 'query returned more than 10000 results. Try with this block range [0x1312D00, 0x1313A4F].', 0x1313a4fn - 0x1312d00n + 1n],
    [
      'Alchemy',
      -32602,
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x10, 0x2f]',
      32n,
    ],
    ['Alchemy free tier', -32600, 'Under the Free tier plan, you can make eth_getLogs requests with up to a 10 block range. Based on your parameters, this block range should work: [0x1, 0xa].', 10n],
    ['LlamaRPC', -32602, 'query exceeds max results 20000, retry with the range 24383075-24383096', 22n],
    ['QuickNode', -32614, 'eth_getLogs is limited to a 10,000 range', 10_000n],
    ['PublicNode', -32701, 'exceed maximum block range: 50000', 50_000n],
    ['Coinbase', -32000, 'please limit the query to at most 1000 blocks', 1_000n],
    ['Cloudflare', -32047, 'invalid block range params. Max range: 800', 800n],
    ['dRPC', 35, 'ranges over 10000 blocks are not supported on freetier', 10_000n],
    ['Merkle', -32000, 'eth_getLogs range is too large, max is 1k blocks', 1_000n],
  ])('reads the limit %s states', (_provider, code, message, maxSpan) => {
    expect(rangeRefusal(rpc(code, message))).toEqual({ maxSpan });
  });

  it.each([
    ['geth', -32005, 'query returned more than 10000 results'],
    ['Ankr', -32600, 'block range is too wide'],
    ['Base', -32000, 'block range too large'],
    ['OP Mainnet', -32000, 'Block range is too large'],
    ['Arbitrum', -32000, 'logs matched by query exceeds limit of 10000'],
    ['Optimism (proxyd)', -32000, 'backend response too large'],
    ['Chainstack', -32000, 'Block range limit exceeded.'],
    ['Alchemy timeout', -32000, 'Query timeout exceeded. Consider reducing your block range.'],
  ])('halves on a %s refusal that names no limit', (_provider, code, message) => {
    expect(rangeRefusal(rpc(code, message))).toEqual({});
  });

  it.each([
    ['rate limit on -32005', -32005, 'daily request count exceeded, request rate limited'],
    ['compute units', 429, 'Your app has exceeded its compute units per second capacity.'],
    ['unknown block', -32000, 'header not found'],
    ['internal error', -32603, 'internal error'],
  ])('is not a range refusal: %s', (_label, code, message) => {
    expect(rangeRefusal(rpc(code, message))).toBeNull();
  });

  it('halves when the answer was too large to read', () => {
    expect(rangeRefusal(new JsonRpcFailure('response-too-large', 'eth_getLogs', {}, 'too large'))).toEqual({});
  });

  it('ignores other failures that are not JSON-RPC answers', () => {
    expect(rangeRefusal(new JsonRpcFailure('http', 'eth_getLogs', { httpStatus: 413 }, 'HTTP 413'))).toBeNull();
    expect(rangeRefusal(new JsonRpcFailure('timeout', 'eth_getLogs', {}, 'no answer'))).toBeNull();
    expect(rangeRefusal(undefined)).toBeNull();
  });
});
