import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevnet } from '@paysight/devnet';
import { startLocalFacilitator } from '@paysight/payment';
import type { SharedTestStack } from './stack.js';

/**
 * Starts the local chains and the local facilitator once for the whole jest run. Test files
 * reach them through readTestStack(); each test funds its own fresh wallets.
 */
export default async function globalSetup(): Promise<void> {
  const devnet = await startDevnet();
  const facilitator = await startLocalFacilitator({ rpcUrl: devnet.chains.base.rpcUrl, privateKey: devnet.accounts.facilitator.privateKey });
  const { close: _closeDevnet, ...devnetInfo } = devnet;
  const stack: SharedTestStack = { devnet: devnetInfo, facilitatorUrl: facilitator.url };
  const dir = mkdtempSync(path.join(tmpdir(), 'paysight-test-'));
  const file = path.join(dir, 'stack.json');
  writeFileSync(file, JSON.stringify(stack));
  process.env.PAYSIGHT_TEST_STACK = file;
  globalThis.__PAYSIGHT_TEST_TEARDOWN__ = async () => {
    await facilitator.close();
    await devnet.close();
  };
}

declare global {
  var __PAYSIGHT_TEST_TEARDOWN__: (() => Promise<void>) | undefined;
}
