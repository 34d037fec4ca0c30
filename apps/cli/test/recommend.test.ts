import { recommendationResponse } from '@paysight/contracts';
import { usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './run-cli.js';

/** A data directory without a devnet file, so only the flags of each test count. */
const emptyDataDir = () => mkdtempSync(path.join(tmpdir(), 'paysight-cli-'));

describe('paysight recommend', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('takes plain words as the goal and prints the first paid call, its endpoint and workflow, paying nothing', async () => {
    const { code, stdout } = await runCli(['recommend', 'screen our payout wallets', '--base-url', api.url, '--data-dir', emptyDataDir()]);
    expect(code).toBe(0);
    expect(stdout).toContain('batch_wallet_screening: batch_wallet_snapshot (Batch wallet snapshot), 0.05 USDC on base');
    expect(stdout).toContain(`POST ${api.publicBaseUrl}/api/x402/batch-wallet-snapshot`);
    expect(stdout).toContain('Workflow: batch_screening_then_audit: batch_wallet_snapshot -> wallet_audit');
    expect(stdout).toContain('Nothing was paid');
    expect(await usdcBalance(api.payTo)).toBe(0n);
  });

  it('sends a JSON object as the request and prints the whole answer with --json', async () => {
    const { code, stdout } = await runCli(['recommend', '{"hasTransactionHash":true,"budgetUsd":0.05,"goal":"decode it"}', '--json', '--base-url', api.url, '--data-dir', emptyDataDir()]);
    expect(code).toBe(0);
    const answer = recommendationResponse.parse(JSON.parse(stdout));
    expect([answer.reasonCode, answer.firstPaidCall.id, answer.matchedSignals]).toEqual(['transaction_check', 'tx_status', ['hasTransactionHash', 'goal:decode', 'budgetUsd']]);
  });

  it('passes the service\'s refusal of a secret through, without the secret', async () => {
    const secret = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    const { code, stdout, stderr } = await runCli(['recommend', secret, '--base-url', api.url, '--data-dir', emptyDataDir()]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/HTTP 400[\s\S]*sensitive_input/);
    expect(stderr).not.toContain('absorb abstract');
  });

  it('refuses JSON that is not an object, and says when the service is not there', async () => {
    expect((await runCli(['recommend', '{"goal":', '--base-url', api.url, '--data-dir', emptyDataDir()])).code).toBe(2);
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { code, stderr } = await runCli(['recommend', '--base-url', `http://127.0.0.1:${closedPort}`, '--data-dir', emptyDataDir()]);
    expect(code).toBe(1);
    expect(stderr).toContain('Could not reach');
  });
});
