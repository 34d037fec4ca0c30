import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalServices } from '@paysight/stack';
import type { SharedTestStack } from './stack.js';

/**
 * Starts the local chains and the local facilitator once for the whole jest run. Test files
 * reach them through readTestStack(); each test funds its own fresh wallets.
 */
export default async function globalSetup(): Promise<void> {
  const services = await startLocalServices();
  const stack: SharedTestStack = services.info;
  const dir = mkdtempSync(path.join(tmpdir(), 'paysight-test-'));
  const file = path.join(dir, 'stack.json');
  writeFileSync(file, JSON.stringify(stack));
  process.env.PAYSIGHT_TEST_STACK = file;
  globalThis.__PAYSIGHT_TEST_TEARDOWN__ = () => services.close();
}

declare global {
  var __PAYSIGHT_TEST_TEARDOWN__: (() => Promise<void>) | undefined;
}
