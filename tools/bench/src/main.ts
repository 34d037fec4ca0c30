import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { analyzerTable, runAnalyzerBench } from './analyzers/run.js';
import { challengeTable, runChallengeBench } from './challenge/run.js';
import { mcpTables, runMcpBench } from './mcp/run.js';
import { BENCH_REQUEST } from './shared/bench-tool.js';
import type { ServersProcessOptions } from './shared/servers-process.js';
import { runWalletCostBench } from './wallet-cost/bench.js';
import { walletCostTable } from './wallet-cost/run.js';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');
const SUITES = ['challenge', 'mcp', 'analyzers', 'wallet-cost', 'all'] as const;
type Suite = (typeof SUITES)[number];

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'challenge' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    'paid-calls': { type: 'string', default: '200' },
    'analyzer-runs': { type: 'string', default: '50' },
    'cost-runs': { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
  },
});

function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got ${value})`);
  return n;
}

if (!(SUITES as readonly string[]).includes(values.suite)) throw new Error(`--suite must be one of ${SUITES.join(', ')} (got ${values.suite})`);
const suite = values.suite as Suite;
const load = {
  durationSeconds: positiveInteger('duration', values.duration),
  connections: positiveInteger('connections', values.connections),
  rounds: positiveInteger('rounds', values.rounds),
};
const serversProcess: ServersProcessOptions = values['cpu-prof'] ? { cpuProfileDir: path.resolve(values['cpu-prof']) } : {};

async function write(name: string, result: unknown, table: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${table}\n\nWritten to ${path.relative(process.cwd(), file)}\n`);
}

if (suite === 'challenge' || suite === 'all') {
  const result = await runChallengeBench({ ...load, body: BENCH_REQUEST }, serversProcess);
  await write('x402-challenge.json', result, challengeTable(result));
}
if (suite === 'mcp' || suite === 'all') {
  const result = await runMcpBench({ ...load, calls: positiveInteger('paid-calls', values['paid-calls']), warmUpCalls: 10 }, serversProcess);
  await write('mcp.json', result, mcpTables(result));
}
if (suite === 'analyzers' || suite === 'all') {
  const result = await runAnalyzerBench(positiveInteger('analyzer-runs', values['analyzer-runs']));
  await write('analyzers.json', result, analyzerTable(result));
}
if (suite === 'wallet-cost' || suite === 'all') {
  const result = await runWalletCostBench(positiveInteger('cost-runs', values['cost-runs']));
  await write('wallet-cost.json', result, walletCostTable(result));
}
