import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CATALOG, toolById } from '@paysight/contracts';
import ts from 'typescript';
import { exceedsDefaultCap, mcpServersConfig, shellQuote, toolSnippets } from './snippets.js';

const BASE = 'https://paysight.example';
const wallet = toolById('wallet_snapshot')!;
const deep = toolById('deep_wallet_report')!;

test('shellQuote gives a POSIX shell the exact text back, quotes and all', () => {
  for (const text of [`{"notes":"it's \\"fine\\""}`, "'", '$HOME `id` \\n', '']) {
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
  }
});

test('the shell example asks with curl (402), retries with PAYMENT-SIGNATURE, and names the CLI; it is valid shell', () => {
  for (const entry of CATALOG) {
    const { shell } = toolSnippets(entry, BASE);
    const body = JSON.stringify(entry.example);
    expect(shell).toContain(`curl -X POST '${BASE}${entry.path}' -i`);
    expect(shell).toContain(`-H "PAYMENT-SIGNATURE: $PAYMENT_SIGNATURE"`);
    expect(shell).toContain(`npm run paysight -- call ${entry.id} ${shellQuote(body)}`);
    expect(shell).toContain(`--base-url '${BASE}'`);
    expect(() => execFileSync('bash', ['-n'], { input: shell })).not.toThrow();
  }
});

test('the CLI is told --max-usd exactly for tools above its default cap of 1.00', () => {
  expect(toolSnippets(deep, BASE).shell).toContain(`--max-usd ${deep.price}`);
  expect(toolSnippets(wallet, BASE).shell).not.toContain('--max-usd');
  expect(toolSnippets(toolById('wallet_audit')!, BASE).shell).not.toContain('--max-usd');
});

test('exceedsDefaultCap: strictly above 1 USD', () => {
  expect(exceedsDefaultCap({ ...wallet, price: '1.00' })).toBe(false);
  expect(exceedsDefaultCap({ ...wallet, price: '1.000001' })).toBe(true);
  expect(exceedsDefaultCap(deep)).toBe(true);
});

test('the MCP examples: a tools/call body with the MCP name and the example arguments, and the host configuration', () => {
  expect(JSON.parse(toolSnippets(wallet, BASE).mcpCall)).toEqual({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: wallet.mcpName, arguments: wallet.example },
  });
  expect(JSON.parse(mcpServersConfig(BASE))).toEqual({ mcpServers: { paysight: { type: 'http', url: `${BASE}/api/mcp` } } });
});

test('every TypeScript example type-checks against the installed @x402/fetch and @x402/evm', () => {
  // Virtual files beside this one, so that their imports resolve from the workspace's node_modules.
  const files = new Map(CATALOG.map((entry) => [path.join(import.meta.dirname, `snippet-${entry.id}.ts`), toolSnippets(entry, BASE).typescript]));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(problems).toEqual([]);
}, 60_000);

test('the TypeScript example raises the spend controls exactly for tools above 1 USD, to the tool price', () => {
  const snippet = toolSnippets(deep, BASE).typescript;
  expect(snippet).toContain(`.setSpendControls({ maxAmountPerPayment: "$${deep.price}" })`);
  expect(snippet).toMatch(/refuses any payment above 1\.00 USD/);
  expect(toolSnippets(wallet, BASE).typescript).not.toContain('setSpendControls');
  expect(toolSnippets(wallet, BASE).typescript).toContain(`wrapFetchWithPayment(fetch, client)`);
});
