import { request } from 'node:http';
import { CATALOG, DISCOVERY_PATHS } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { devnetChainSource, openTestStore, readTestStack } from '@paysight/testkit';
import { startApiService } from '../src/compose.js';
import { apiConfig } from '../src/config.js';

/** Starts a body of a declared 1000 bytes, then hangs up after a few. */
function abandon(url: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': '1000' } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write('{"address":', () => setImmediate(() => req.destroy()));
  });
}

it('a client hanging up mid-body is not logged as a fault of ours, on any reader of a body', async () => {
  const stack = readTestStack();
  const lines: string[] = [];
  const store = await openTestStore();
  const config = apiConfig({ payTo: freshAccount().address, facilitatorUrl: stack.facilitatorUrl, logRequests: true });
  const api = await startApiService(config, devnetChainSource(), { baseRpcUrl: stack.devnet.chains.base.rpcUrl, store, logWrite: (line) => lines.push(line) });
  try {
    for (const path of ['/api/mcp', CATALOG[0]!.path, DISCOVERY_PATHS.recommend]) await abandon(`${api.url}${path}`);
    // The server has seen each hang-up once a later request on a new connection is answered.
    expect((await fetch(`${api.url}${DISCOVERY_PATHS.health}`)).status).toBeLessThan(500);
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  } finally {
    await api.close();
    await store.close();
  }
});
