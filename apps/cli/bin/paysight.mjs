#!/usr/bin/env node
// Runs the built CLI (dist/) when installed from a package; inside the repository, where the
// TypeScript sources sit next to this file, runs those through tsx so no build step is needed
// (tsx resolved from here, not from the working directory, so the bin works from any directory).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/main.ts', import.meta.url));
if (existsSync(source)) {
  const result = spawnSync(process.execPath, ['--conditions=@paysight/source', '--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else {
  await import('../dist/main.js');
}
