import { CATALOG, priceOf, toolById } from '@paysight/contracts';
import { fundedBuyer, readTestStack, usdcBalance } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './run-cli.js';

const PRICE = BigInt(priceOf(toolById('wallet_snapshot')!).atomic);
const alice = () => readTestStack().devnet.scenario.chains.base.wallets.alice!.address;
/** A data directory without a devnet file, so only the flags and environment of each test count. */
const emptyDataDir = () => mkdtempSync(path.join(tmpdir(), 'paysight-cli-'));

describe('paysight tools', () => {
  it('lists every catalog tool with its price', async () => {
    const { code, stdout } = await runCli(['tools']);
    expect(code).toBe(0);
    for (const tool of CATALOG) expect(stdout).toMatch(new RegExp(`${tool.id}\\s+${tool.price.replace('.', '\\.')} USDC\\s+${tool.path}`));
    const json = JSON.parse((await runCli(['tools', '--json'])).stdout);
    expect(json).toHaveLength(CATALOG.length);
  });
});

describe('paysight call', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('pays with PAYSIGHT_BUYER_KEY, prints the result and the settlement', async () => {
    const buyer = await fundedBuyer();
    const { code, stdout, stderr } = await runCli(
      ['call', 'wallet_snapshot', JSON.stringify({ address: alice(), chain: 'base' }), '--base-url', api.url, '--data-dir', emptyDataDir()],
      { PAYSIGHT_BUYER_KEY: buyer.privateKey },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, tool: 'wallet_snapshot', result: { addressSummary: { address: alice() } } });
    expect(stderr).toMatch(new RegExp(`Paid 0\\.01 USDC from ${buyer.address} to ${api.payTo}; settlement tx 0x[0-9a-f]{64} on eip155:8453`));
    expect(await usdcBalance(api.payTo)).toBe(PRICE);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n - PRICE);
  });

  it('refuses an offer above --max-usd and pays nothing', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(api.payTo);
    const { code, stderr } = await runCli(
      ['call', 'svc_wallet_snapshot', JSON.stringify({ address: alice(), chain: 'base' }), '--max-usd', '0.005', '--base-url', api.url, '--data-dir', emptyDataDir()],
      { PAYSIGHT_BUYER_KEY: buyer.privateKey },
    );
    expect(code).toBe(3);
    expect(stderr).toMatch(/costs 0\.01 USDC, above your cap of 0\.005 USDC/);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
    expect(await usdcBalance(api.payTo)).toBe(before);
  });

  it('passes a 400 through without paying', async () => {
    const buyer = await fundedBuyer();
    const { code, stderr } = await runCli(['call', 'tx-status', '{"hash":"0x12"}', '--base-url', api.url, '--data-dir', emptyDataDir()], { PAYSIGHT_BUYER_KEY: buyer.privateKey });
    expect(code).toBe(1);
    expect(stderr).toMatch(/HTTP 400/);
    expect(await usdcBalance(buyer.address)).toBe(5_000_000n);
  });

  it('explains usage mistakes', async () => {
    expect((await runCli(['call', 'no_such_tool', '{}', '--data-dir', emptyDataDir()])).stderr).toMatch(/Unknown tool "no_such_tool"/);
    expect((await runCli(['call', 'wallet_snapshot', '{not json', '--data-dir', emptyDataDir()])).code).toBe(2);
    const noKey = await runCli(['call', 'wallet_snapshot', '{}', '--base-url', api.url, '--data-dir', emptyDataDir()]);
    expect(noKey).toMatchObject({ code: 2 });
    expect(noKey.stderr).toMatch(/No buyer key/);
  });
});
