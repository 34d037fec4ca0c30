import { mkdtempSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAIN_NAMES, CHAINS } from '@paysight/contracts';
import { NAMED_ACCOUNTS } from '@paysight/devnet';
import { DEVNET_KEY_WARNING, devnetFilePath, readDevnetFile, writeDevnetFile, type DevnetFile } from '@paysight/stack';

const content: DevnetFile = {
  warning: DEVNET_KEY_WARNING,
  generatedAt: new Date(0).toISOString(),
  chains: Object.fromEntries(CHAIN_NAMES.map((name, i) => [name, { name, chainId: CHAINS[name].chainId, rpcUrl: `http://127.0.0.1:${8545 + i}`, usdc: CHAINS[name].usdc }])) as DevnetFile['chains'],
  payee: NAMED_ACCOUNTS.payee.address,
  facilitatorUrl: 'http://127.0.0.1:4022',
  explorerUrl: 'http://127.0.0.1:4023/v2/api',
  apiBaseUrl: 'http://127.0.0.1:4021',
  demoBuyer: { address: NAMED_ACCOUNTS.demoBuyer.address, privateKey: NAMED_ACCOUNTS.demoBuyer.privateKey },
};

describe('the devnet file', () => {
  it('is written readable by its owner only, and read back as written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paysight-stack-'));
    const file = await writeDevnetFile(dir, content);
    expect(file).toBe(devnetFilePath(dir));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(readDevnetFile(dir)).resolves.toEqual(content);
  });

  it('reads as null where there is none, and refuses a file of another shape', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paysight-stack-'));
    await expect(readDevnetFile(dir)).resolves.toBeNull();
    writeFileSync(devnetFilePath(dir), JSON.stringify({ hello: 'world' }));
    await expect(readDevnetFile(dir)).rejects.toThrow(/is not a Paysight devnet file/);
  });
});
