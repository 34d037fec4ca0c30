import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runChallengeBench, type ChallengeBenchResult } from './challenge/run.js';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

function table(result: ChallengeBenchResult): string {
  const rows = result.results.map(
    (r) => `| ${r.target} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.ratioToBareExpress} | ${r.non402Responses + r.errors} |`,
  );
  return ['| server | requests/s | p50 ms | p99 ms | ratio to bare Express | non-402 or errors |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
const result = await runChallengeBench({
  durationSeconds: Number(values.duration),
  connections: Number(values.connections),
  body: { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chain: 'base' },
});
await mkdir(RESULTS_DIR, { recursive: true });
const file = path.join(RESULTS_DIR, 'x402-challenge.json');
await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`${table(result)}\n\nWritten to ${path.relative(process.cwd(), file)}`);
