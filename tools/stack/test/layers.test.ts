import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshAccount } from '@paysight/devnet';
import { startLocalServices, type LocalServices } from '@paysight/stack';
import { startStackApi } from '@paysight/stack/api';
import { openStore } from '@paysight/store';

jest.setTimeout(60_000);

let services: LocalServices;
beforeAll(async () => {
  services = await startLocalServices({ seed: false });
});
afterAll(() => services?.close());

describe('the local services (a) and an API on them (b)', () => {
  it('describe themselves as plain data: the devnet and the facilitator URL', () => {
    expect(JSON.parse(JSON.stringify(services.info))).toEqual(services.info);
    expect(services.info.facilitatorUrl).toBe(services.facilitator.url);
    expect(services.info.devnet.chains.base.rpcUrl).toBe(services.devnet.chains.base.rpcUrl);
    expect(services.info.devnet.scenario.seeded).toBe(false);
  });

  it('an API on a store it is given: healthy, its facilitator reachable, and the store left open when it closes', async () => {
    const store = await openStore({ dataDir: 'memory://' });
    const api = await startStackApi(services.info, { payTo: freshAccount().address, store });
    try {
      const health = await (await fetch(`${api.url}/api/health`)).json();
      expect(health).toMatchObject({ ok: true, facilitator: { reachable: true } });
      expect(api.store).toBe(store);
    } finally {
      await api.close();
    }
    await expect(store.ping()).resolves.toBe(true);
    await store.close();
  });

  it('an API on a data directory opens PGlite under it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paysight-stack-'));
    const api = await startStackApi(services.info, { payTo: freshAccount().address, store: { dataDir } });
    try {
      const health = await (await fetch(`${api.url}/api/health`)).json();
      expect(health).toMatchObject({ ok: true, store: { kind: 'pglite', reachable: true } });
    } finally {
      await api.close();
    }
  });
});
