import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAINS, priceOf, toolById } from '@paysight/contracts';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { devnetFile } from '@paysight/stack';
import { runCli, spawnCli } from './run-cli.js';

describe('paysight start', () => {
  it('runs the embedded stack, writes the devnet file and serves a paid call from the demo buyer', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paysight-start-'));
    const server = spawnCli(['start', '--ports', 'auto', '--data-dir', dataDir, '--quiet']);
    let output = '';
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('close', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Press Ctrl+C to stop.')) resolve();
        });
        server.once('close', () => reject(new Error(`start exited early:\n${output}`)));
      });
      expect(output).toMatch(/Paysight is ready in [\d.]+ s/);

      const file = devnetFile.parse(JSON.parse(await readFile(path.join(dataDir, 'devnet.json'), 'utf8')));
      expect(Object.keys(file.chains).sort()).toEqual(['arbitrum', 'base', 'ethereum', 'optimism', 'polygon']);
      expect(file.chains.base).toMatchObject({ chainId: 8453, usdc: CHAINS.base.usdc });
      expect(file.warning).toMatch(/Devnet only/);
      expect(output).toContain(file.apiBaseUrl);

      const health = await (await fetch(`${file.apiBaseUrl}/api/health`)).json();
      expect(health).toMatchObject({ ok: true, store: { kind: 'pglite', reachable: true }, facilitator: { reachable: true } });

      const copyPaste = output.match(/npx paysight call (\S+) '(.+)'/);
      expect(copyPaste).not.toBeNull();
      const balance = (who: Address) =>
        createPublicClient({ transport: http(file.chains.base.rpcUrl) }).readContract({ address: CHAINS.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
      const before = await balance(file.payee);
      const call = await runCli(['call', copyPaste![1]!, copyPaste![2]!, '--data-dir', dataDir]);
      expect(call.code).toBe(0);
      expect(JSON.parse(call.stdout)).toMatchObject({ ok: true, metadata: { dataSourceStatus: 'Demo' } });
      expect((await balance(file.payee)) - before).toBe(BigInt(priceOf(toolById('wallet_snapshot')!).atomic));
    } finally {
      server.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
