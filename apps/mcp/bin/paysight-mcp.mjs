#!/usr/bin/env node
// Runs the built app (dist/) when installed from a package; inside the repository, where the
// TypeScript sources sit next to this file, runs those through tsx so no build step is needed.
// MCP hosts start servers from any directory, so tsx is resolved from here, not from the cwd.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/main.ts', import.meta.url));
if (existsSync(source)) {
  const args = ['--conditions=@paysight/source', '--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import('../dist/main.js');
}
