import { bodyLimitOf, toolById } from '@paysight/contracts';
import { toolModuleFor, type ToolPorts } from '@paysight/tools';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { machine, type Machine } from '../shared/machine.js';
import { benchInputs } from './inputs.js';

/** The default BODY_LIMIT_BYTES (docs/running.md). */
const DEFAULT_BODY_LIMIT = 256 * 1024;

export interface AnalyzerFigure {
  tool: string;
  shape: string;
  bodyBytes: number;
  /** The body the tool's route reads with the default BODY_LIMIT_BYTES (1 MiB for the x402 family). */
  bodyLimitBytes: number;
  runs: number;
  /** Validation (the request schema) and the analyzer, each run; milliseconds. */
  validateMedianMs: number;
  analyzeMedianMs: number;
  analyzeP95Ms: number;
  analyzeMaxMs: number;
  /** Heap still held right after one run, before a collection: what the run allocated, roughly. */
  heapDeltaMiB: number;
  decision: string;
}

export interface AnalyzerBenchResult {
  machine: Machine;
  date: string;
  figures: AnalyzerFigure[];
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Each analyzer in process on one core: validation and analysis timed apart, after warm-up runs. */
export async function runAnalyzerBench(runs: number): Promise<AnalyzerBenchResult> {
  const figures: AnalyzerFigure[] = [];
  for (const input of await benchInputs()) {
    const entry = toolById(input.tool)!;
    const module = toolModuleFor(entry)!;
    const text = JSON.stringify(input.body);
    const now = new Date('2026-11-24T12:00:00Z');
    // Request-only analyzers read no port; a chain- or store-reading one gets its in-memory ports.
    const ports = (input.ports?.() ?? {}) as ToolPorts;
    const once = async () => {
      const t0 = performance.now();
      const parsed = entry.request.parse(JSON.parse(text));
      const t1 = performance.now();
      const output = await module.run(parsed, ports, { now });
      return { validate: t1 - t0, analyze: performance.now() - t1, output };
    };
    for (let i = 0; i < 5; i++) await once();
    const validate: number[] = [];
    const analyze: number[] = [];
    let decision = '';
    for (let i = 0; i < runs; i++) {
      const run = await once();
      validate.push(run.validate);
      analyze.push(run.analyze);
      decision = (run.output.result as { decision: string }).decision;
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    await once();
    const heapDelta = process.memoryUsage().heapUsed - before;
    validate.sort((a, b) => a - b);
    analyze.sort((a, b) => a - b);
    const bytes = Buffer.byteLength(text);
    figures.push({
      tool: input.tool,
      shape: input.shape,
      bodyBytes: bytes,
      bodyLimitBytes: bodyLimitOf(entry, DEFAULT_BODY_LIMIT),
      runs,
      validateMedianMs: round(percentile(validate, 50)),
      analyzeMedianMs: round(percentile(analyze, 50)),
      analyzeP95Ms: round(percentile(analyze, 95)),
      analyzeMaxMs: round(analyze[analyze.length - 1]!),
      heapDeltaMiB: round(heapDelta / 2 ** 20),
      decision,
    });
  }
  return { machine: machine(), date: new Date().toISOString(), figures };
}

const round = (n: number) => Math.round(n * 100) / 100;

export function analyzerTable(result: AnalyzerBenchResult): string {
  const rows = result.figures.map(
    (f) =>
      `| ${f.tool} | ${f.shape} | ${(f.bodyBytes / 1024).toFixed(0)} KiB${f.bodyBytes <= f.bodyLimitBytes ? '' : ` (over ${f.bodyLimitBytes / 1024} KiB)`} | ${f.validateMedianMs} | ${f.analyzeMedianMs} | ${f.analyzeP95Ms} | ${f.heapDeltaMiB} | ${f.decision} |`,
  );
  return [
    `Analyzers in process, ${result.figures[0]?.runs ?? 0} runs each (${result.machine.cpuModel}, Node ${result.machine.node})`,
    '',
    '| tool | input | body | validate median ms | analyze median ms | analyze p95 ms | heap MiB | decision |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
