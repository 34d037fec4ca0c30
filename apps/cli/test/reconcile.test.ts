import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '@paysight/store';
import { newLedgerClaim, readTestStack } from '@paysight/testkit';
import { runCli } from './run-cli.js';

jest.setTimeout(120_000);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A PGlite store under a fresh data dir holding settle_pending payments with these validBefore, never used on chain. */
async function dataDirWithPending(validBefores: number[]): Promise<{ dataDir: string; ids: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paysight-reconcile-'));
  const store = await openStore({ dataDir: path.join(dataDir, 'db') });
  const ids: string[] = [];
  try {
    for (const validBefore of validBefores) {
      const claim = newLedgerClaim();
      await store.ledger.claim(claim);
      const { x402RequestId } = claim;
      await store.ledger.transition(x402RequestId, ['claimed'], 'settling');
      await store.ledger.transition(x402RequestId, ['settling'], 'settle_pending', { validBefore: String(validBefore), resultJson: { ok: true } });
      ids.push(x402RequestId);
    }
  } finally {
    await store.close();
  }
  return { dataDir, ids };
}

describe('paysight reconcile', () => {
  const env = { RPC_URL_BASE: readTestStack().devnet.chains.base.rpcUrl, DATABASE_URL: undefined };

  it('releases what expired unused, leaves the rest pending, prints each payment; exit 0', async () => {
    const { dataDir, ids } = await dataDirWithPending([nowSeconds() - 3600, nowSeconds() + 3600]);
    const [expired, live] = ids as [string, string];
    const { code, stdout, stderr } = await runCli(['reconcile', '--data-dir', dataDir], env);
    expect([code, stderr.trim().split('\n').at(-1)]).toEqual([0, '0 settled, 1 released, 1 still pending, 0 unreadable, 0 need attention.']);
    expect(stdout).toMatch(new RegExp(`^released\\s+${expired}\\s`, 'm'));
    expect(stdout).toMatch(new RegExp(`^pending\\s+${live}\\s`, 'm'));

    const store = await openStore({ dataDir: path.join(dataDir, 'db') });
    try {
      expect(await store.ledger.get(expired)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused' });
      expect(await store.ledger.get(live)).toMatchObject({ state: 'settle_pending' });
    } finally {
      await store.close();
    }
  });

  it('a chain it cannot read leaves the payments pending: exit 1', async () => {
    const { dataDir, ids } = await dataDirWithPending([nowSeconds() - 3600]);
    const { code, stdout } = await runCli(['reconcile', '--data-dir', dataDir], { ...env, RPC_URL_BASE: 'http://127.0.0.1:9' });
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^unreadable\\s+${ids[0]}\\s`, 'm'));
  });

  it('usage errors exit 2: a bad --limit, no Base RPC known, a staleness window shorter than a live settle', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'paysight-reconcile-'));
    expect((await runCli(['reconcile', '--limit', '0', '--data-dir', empty], env)).code).toBe(2);
    const noRpc = await runCli(['reconcile', '--data-dir', empty], { RPC_URL_BASE: undefined, DATABASE_URL: undefined });
    expect([noRpc.code, noRpc.stderr]).toEqual([2, expect.stringContaining('RPC_URL_BASE')]);
    const tooSoon = await runCli(['reconcile', '--data-dir', empty], { ...env, RECONCILE_STALE_AFTER_MS: '5000' });
    expect([tooSoon.code, tooSoon.stderr]).toEqual([2, expect.stringContaining('RECONCILE_STALE_AFTER_MS must be whole milliseconds, at least 70000')]);
  });
});
