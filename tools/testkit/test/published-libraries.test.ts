import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** Each publishable library and one export that proves its entry point loads. */
const LIBRARIES: [string, string][] = [
  ['contracts', 'CATALOG'],
  ['datasets', 'RISK_DATASETS'],
  ['payment', 'buildChallenge'],
  ['chain-data', 'createJsonRpcChainSource'],
  ['tools', 'TOOL_MODULES'],
  ['mcp-adapter', 'mcpToolDefinitions'],
  ['paid-call', 'createPaidCallService'],
  ['store', 'openStore'],
];

/** Runs node as a consumer would: no source condition, so package exports point at dist/. */
function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' });
}

describe.each(LIBRARIES)('the built @paysight/%s', (name, symbol) => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'libs', name, 'package.json'), 'utf8')) as { private?: boolean; files: string[] };

  it('is publishable and ships only dist/ (and its README)', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.files).toEqual(['dist', 'README.md']);
    for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
      expect(existsSync(path.join(ROOT, 'libs', name, 'dist', file))).toBe(true);
    }
  });

  it('loads with require (CommonJS)', () => {
    expect(node(['-e', `process.stdout.write(typeof require('@paysight/${name}').${symbol})`])).not.toBe('undefined');
  });

  it('loads with import (ESM)', () => {
    expect(node(['--input-type=module', '-e', `const m = await import('@paysight/${name}'); process.stdout.write(typeof m.${symbol})`])).not.toBe('undefined');
  });
});
