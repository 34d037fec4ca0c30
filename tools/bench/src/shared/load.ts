import autocannon from 'autocannon';

/** One request, sent again and again, and what every answer must be. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  expectedStatus: number;
  /** When set, every answer's body must be exactly this (checked by autocannon, counted as mismatches). */
  expectedBody?: string;
}

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
}

export interface Throughput {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  /** Answers with another status than the expected one. */
  otherStatuses: number;
  /** Answers whose body differs from the expected one (0 when no body is expected). */
  bodyMismatches: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const WARM_UP_SECONDS = 2;

function run(request: LoadRequest, options: LoadOptions): Promise<autocannon.Result> {
  return autocannon({
    url: request.url,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(request.expectedBody === undefined ? {} : { expectBody: request.expectedBody }),
  });
}

/** Loads one target for the duration, after a warm-up of its own (JIT, connection pools), and reads the figures. */
export async function measureThroughput(request: LoadRequest, options: LoadOptions): Promise<Throughput> {
  await run(request, { ...options, durationSeconds: WARM_UP_SECONDS });
  const result = await run(request, options);
  const otherStatuses = Object.entries(result.statusCodeStats ?? {}).reduce((n, [code, stat]) => (Number(code) === request.expectedStatus ? n : n + (stat.count ?? 0)), 0);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    otherStatuses,
    bodyMismatches: result.mismatches,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Loads every target `rounds` times, round-robin (a, b, c, a, b, c, ...), so a slow spell of a
 * shared machine falls on all targets alike instead of on whichever was loaded then. Returns each
 * target's rounds in order.
 */
export async function measureInRounds<Name extends string>(
  targets: readonly (readonly [Name, LoadRequest])[],
  options: LoadOptions & { rounds: number },
): Promise<Map<Name, Throughput[]>> {
  const measured = new Map<Name, Throughput[]>(targets.map(([name]) => [name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const [name, request] of targets) measured.get(name)!.push(await measureThroughput(request, options));
  }
  return measured;
}

/** Rounds of one target as one figure: mean requests/s and latencies; answers that were not as expected, summed. */
export function combineRounds(rounds: readonly Throughput[]): Throughput {
  const mean = (pick: (t: Throughput) => number) => rounds.reduce((sum, t) => sum + pick(t), 0) / rounds.length;
  const sum = (pick: (t: Throughput) => number) => rounds.reduce((total, t) => total + pick(t), 0);
  return {
    requestsPerSecond: Math.round(mean((t) => t.requestsPerSecond)),
    latencyMs: { p50: Number(mean((t) => t.latencyMs.p50).toFixed(1)), p99: Number(mean((t) => t.latencyMs.p99).toFixed(1)) },
    otherStatuses: sum((t) => t.otherStatuses),
    bodyMismatches: sum((t) => t.bodyMismatches),
    errors: sum((t) => t.errors),
  };
}

/** a / b to three decimals: ratios are what carries over between machines. */
export const ratio = (a: number, b: number): number => Number((a / b).toFixed(3));
