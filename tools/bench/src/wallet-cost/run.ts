import { toolById, type ChainName, type ChainSource, type ReportStore, type ToolId } from '@paysight/contracts';
import { notConfiguredNarrator, toolModuleFor, type ToolPorts } from '@paysight/tools';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Machine } from '../shared/machine.js';
import type { WireCounts } from './counting-proxy.js';
import { meteredSource, type Meter } from './metered-source.js';

/** One call of a tool that reads the chain. */
export interface CostCase {
  tool: ToolId;
  label: string;
  body: Record<string, unknown>;
}

export interface CostFigure extends Meter {
  workload: string;
  tool: string;
  label: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  /** Heap still held right after one run, before a collection: what the run allocated, roughly. */
  heapDeltaMiB: number;
  /** Size of the first run's answer (result and metadata) as JSON. */
  answerKiB: number;
  /** What the result says was sampled or cut (limitations and data notes that name a read limit). */
  sampling: string[];
  /** Measured at the node, below the adapter's batches and cache (first run): null where no node is behind the source. */
  wire: WireCounts | null;
}

export interface Workload {
  name: string;
  chain: ChainName;
  /** A chain source for one case (a fresh one starts with an empty cache). */
  newSource: () => ChainSource;
  /** Counts at the node, when one is behind the source. */
  wire?: { counts: () => WireCounts; reset: () => void };
  cases: CostCase[];
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const notSaved = () => Promise.reject(new Error('the cost benchmark reads no observations'));
/** Keeps nothing: the benchmark measures chain reads, and a saved report is one database write. */
const reports: ReportStore = {
  save: (report) => Promise.resolve({ ...report, id: 'bench', createdAt: new Date() }),
  get: () => Promise.resolve(null),
};

/** Runs each case `runs` times on the workload's source, metering the first run's requests and stages. */
export async function measureWorkload(workload: Workload, runs: number): Promise<CostFigure[]> {
  const figures: CostFigure[] = [];
  for (const c of workload.cases) {
    const { source, meter, reset } = meteredSource(workload.newSource());
    const ports: ToolPorts = {
      chain: source,
      narrator: notConfiguredNarrator,
      reports,
      observations: { retentionDays: null, summarize: notSaved },
      // No tool that reads the chain keeps notary records.
      notary: undefined as never,
      savedReportUrl: (id) => `http://127.0.0.1/reports/${id}`,
    };
    const entry = toolById(c.tool)!;
    const module = toolModuleFor(entry)!;
    const parsed = entry.request.parse(c.body);
    const once = async () => {
      const t0 = performance.now();
      const output = await module.run(parsed, ports, { now: new Date() });
      return { ms: performance.now() - t0, output };
    };
    gc();
    reset();
    workload.wire?.reset();
    const before = process.memoryUsage().heapUsed;
    const first = await once();
    const heapDelta = process.memoryUsage().heapUsed - before;
    const metered = { ...meter(), calls: { ...meter().calls } };
    const wire = workload.wire?.counts() ?? null;
    const times = [first.ms];
    for (let i = 1; i < runs; i++) times.push((await once()).ms);
    times.sort((a, b) => a - b);
    figures.push({
      workload: workload.name,
      tool: c.tool,
      label: c.label,
      runs,
      ...metered,
      medianMs: round(times[Math.floor(times.length / 2)]!),
      maxMs: round(times[times.length - 1]!),
      heapDeltaMiB: round(heapDelta / 2 ** 20),
      answerKiB: round(JSON.stringify(first.output, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).length / 2 ** 10),
      sampling: samplingNotes(first.output),
      wire,
    });
  }
  return figures;
}

/** What a note says when it reports a read limit: "the newest N", "N of M were read", a cap, a sample, interpolated or partial look-ups. */
const READ_LIMIT = /newest \d|\d+ of (at least )?\d+|read limit|capped at|sampled|interpolated|most frequent/i;

/** Notes of a tool output that report a read limit ("the newest N of …", "… N of M were read"). */
export function samplingNotes(output: unknown): string[] {
  const notes: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (/limitations|dataNotes|truncations/i.test(key) && READ_LIMIT.test(value)) notes.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, /limitations|dataNotes|truncations/i.test(key) ? key : k);
  };
  visit(output, '');
  return [...new Set(notes)];
}

export interface WalletCostResult {
  machine: Machine;
  date: string;
  /** The machine's 1-minute load average when the run started and when it ended: the times are only comparable within a run. */
  loadAverage: { start: number; end: number };
  figures: CostFigure[];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function walletCostTable(result: WalletCostResult): string {
  const rows = result.figures.map(
    (f) =>
      `| ${f.workload} | ${f.tool} | ${f.label} | ${Object.values(f.calls).reduce((a, b) => a + b, 0)} | ${f.jsonRpcRequests} | ${f.wire ? `${f.wire.jsonRpcRequests} in ${f.wire.httpRequests}` : '-'} | ${f.stages} | ${f.medianMs} | ${f.heapDeltaMiB} | ${f.answerKiB} |`,
  );
  return [
    `Tools that read the chain: requests, dependent stages and time per call, ${result.figures[0]?.runs ?? 0} runs each (${result.machine.cpuModel}, Node ${result.machine.node}, load average ${result.loadAverage.start} at the start, ${result.loadAverage.end} at the end)`,
    '',
    '| workload | tool | case | ChainSource calls | JSON-RPC requests (by span) | at the node: JSON-RPC in HTTP requests | stages | median ms | heap MiB | answer KiB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
