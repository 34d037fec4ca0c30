import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, type Machine } from '../shared/machine.js';
import { combineRounds, measureInRounds, ratio, type LoadOptions, type LoadRequest } from '../shared/load.js';
import { markdownTable } from '../shared/markdown.js';
import { startBenchProcesses } from '../shared/local-services.js';
import type { ServersProcessOptions } from '../shared/servers-process.js';
import { BENCH_TOOL } from '../shared/bench-tool.js';
import type { ChallengeTargets } from './servers.js';

export interface ChallengeBenchOptions extends LoadOptions {
  /** Times each server is loaded, round-robin; its figures are the means. */
  rounds: number;
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
  /** Each round: requests/s, and the ratio to bare Express's requests/s in the same round. */
  rounds: { requestsPerSecond: number; ratioToBareExpress: number }[];
}

export interface ChallengeBenchResult {
  benchmark: 'x402-challenge';
  measuredAt: string;
  machine: Machine;
  settings: ChallengeBenchOptions & { path: string };
  results: TargetResult[];
}

const SERVERS_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers-main.ts');

/** Loads each server with the unpaid request; every answer must be a 402. */
export async function runChallengeBench(options: ChallengeBenchOptions, serversProcess: ServersProcessOptions = {}): Promise<ChallengeBenchResult> {
  const processes = await startBenchProcesses<ChallengeTargets>(SERVERS_MAIN, serversProcess);
  const { servers } = processes;
  try {
    const request = (url: string): LoadRequest => ({ url: `${url}${BENCH_TOOL.path}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body), expectedStatus: 402 });
    const rounds = await measureInRounds(
      Object.entries(servers.targets).map(([target, url]) => [target, request(url)] as const),
      options,
    );
    const bareRounds = rounds.get('bareExpress')!;
    const measured = [...rounds].map(([target, runs]) => {
      const run = combineRounds(runs);
      return {
        target,
        requestsPerSecond: run.requestsPerSecond,
        latencyMs: run.latencyMs,
        non402Responses: run.otherStatuses,
        errors: run.errors,
        rounds: runs.map((r, i) => ({ requestsPerSecond: r.requestsPerSecond, ratioToBareExpress: ratio(r.requestsPerSecond, bareRounds[i]!.requestsPerSecond) })),
      };
    });
    const bare = measured.find((m) => m.target === 'bareExpress')!.requestsPerSecond;
    return {
      benchmark: 'x402-challenge',
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: { ...options, path: BENCH_TOOL.path },
      results: measured.map((m) => ({ ...m, ratioToBareExpress: ratio(m.requestsPerSecond, bare) })),
    };
  } finally {
    await processes.close();
  }
}

export function challengeTable(result: ChallengeBenchResult): string {
  return markdownTable(
    ['server', 'requests/s', 'p50 ms', 'p99 ms', 'ratio to bare Express', 'ratio per round', 'non-402 or errors'],
    result.results.map((r) => [
      r.target,
      r.requestsPerSecond,
      r.latencyMs.p50,
      r.latencyMs.p99,
      r.ratioToBareExpress,
      r.rounds.map((round) => round.ratioToBareExpress).join(', '),
      r.non402Responses + r.errors,
    ]),
  );
}
