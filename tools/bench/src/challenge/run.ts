import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_TOOL } from './servers.js';

export interface ChallengeBenchOptions {
  durationSeconds: number;
  connections: number;
  /** The body of the unpaid request: valid, so Paysight reaches its 402 (validation runs first). */
  body: unknown;
}

export interface TargetResult {
  target: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  non402Responses: number;
  errors: number;
  ratioToBareExpress: number;
}

export interface ChallengeBenchResult {
  benchmark: 'x402-challenge';
  measuredAt: string;
  machine: { node: string; cpus: number; cpuModel: string; platform: string };
  settings: ChallengeBenchOptions & { path: string };
  results: TargetResult[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the servers in a child process (so load generation and serving do not share an event loop) and loads each in turn. */
export async function runChallengeBench(options: ChallengeBenchOptions): Promise<ChallengeBenchResult> {
  const child = spawn(process.execPath, ['--conditions=@paysight/source', '--import', 'tsx', path.join(here, 'servers-main.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  });
  try {
    const targets = await new Promise<Record<string, string>>((resolve, reject) => {
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as Record<string, string>);
      });
      child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    });

    const measured: Omit<TargetResult, 'ratioToBareExpress'>[] = [];
    for (const [target, url] of Object.entries(targets)) {
      await load(url, { ...options, durationSeconds: 2 }); // warm-up: JIT, connection pools
      const run = await load(url, options);
      measured.push({
        target,
        requestsPerSecond: Math.round(run.requests.average),
        latencyMs: { p50: run.latency.p50, p99: run.latency.p99 },
        non402Responses: Object.entries(run.statusCodeStats ?? {}).reduce((n, [code, stat]) => (code === '402' ? n : n + (stat.count ?? 0)), 0),
        errors: run.errors + run.timeouts,
      });
    }
    const bare = measured.find((m) => m.target === 'bareExpress')!.requestsPerSecond;
    return {
      benchmark: 'x402-challenge',
      measuredAt: new Date().toISOString(),
      machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', platform: `${os.platform()} ${os.arch()}` },
      settings: { ...options, path: BENCH_TOOL.path },
      results: measured.map((m) => ({ ...m, ratioToBareExpress: Number((m.requestsPerSecond / bare).toFixed(3)) })),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

function load(url: string, options: ChallengeBenchOptions): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${BENCH_TOOL.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.body),
    connections: options.connections,
    duration: options.durationSeconds,
  });
}
