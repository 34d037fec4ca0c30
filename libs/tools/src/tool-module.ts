import type { CatalogEntry, ChainName, ChainSource, DataSourceStatus, Narrator, NotaryPort, ObservationReader, ReportStore, RequestOf, ResultOf } from '@paysight/contracts';

/** What a tool may touch. Tools never import adapters: they get ports. */
export interface ToolPorts {
  chain: ChainSource;
  /** Optional AI narration; an adapter that answers not_configured when no provider is set up. */
  narrator: Narrator;
  /** Where saved reports are kept. */
  reports: ReportStore;
  /** Public URL of a saved report. */
  savedReportUrl(id: string): string;
  /** Capability observations of this service's own tool runs (read by negative-capability). */
  observations: ObservationReader;
  /** Hash-only provenance records and the key that derives their lookup secrets (x402-response-provenance-notary, the one x402-* writer). */
  notary: NotaryPort;
}

/** Passed to the pure analyze step instead of reading the clock. */
export interface AnalyzeContext {
  now: Date;
}

/** Told, in a few words, each time a phase of a call finishes (MCP progress notifications). */
export type ProgressReporter = (message: string) => void;

/** What the serving layer hands one run: the clock reading and, when the caller listens, a progress reporter. */
export interface RunContext extends AnalyzeContext {
  progress?: ProgressReporter;
}

const silentProgress: ProgressReporter = () => undefined;

/** Facts about the data behind a result; the serving layer puts them in the answer's metadata. */
export interface ToolMetadata {
  chain?: ChainName;
  dataSourceStatus: DataSourceStatus;
  /** What the data covers and how it was read. */
  dataNotes: string[];
  /** What this call could not see. */
  limitations: string[];
  [key: string]: unknown;
}

/** An analyzer's answer: its result and the facts about its data. No payment, no envelope. */
export interface ToolOutput<Result> {
  result: Result;
  metadata: ToolMetadata;
}

/**
 * How the paid-call ledger keeps a result that holds a secret the payer is shown once (the store must
 * not keep it): `keep` gives the form kept for replays, `restore` rebuilds the served result from it.
 * The serving layer checks a restored result against the hash of the answer first served.
 */
export interface KeptResult {
  keep(result: Record<string, unknown>): Record<string, unknown>;
  restore(kept: Record<string, unknown>, ports: ToolPorts): Record<string, unknown>;
}

/** A tool as the serving layer runs it: its catalog entry, the chains a call reads, and one run. */
export interface ToolModule<E extends CatalogEntry = CatalogEntry> {
  readonly entry: E;
  /**
   * Chains the call will read, known before payment so that an unknown chain (any string that is not
   * a ChainName: tools whose request takes a free chain pass it on as given) is refused with 400 and a
   * chain this server does not serve with 503, up front.
   */
  chains(input: RequestOf<E>): readonly string[];
  /** gather, then analyze, then finish when the tool has one. */
  run(input: RequestOf<E>, ports: ToolPorts, context: RunContext): Promise<ToolOutput<ResultOf<E>>>;
  /** Absent: the ledger keeps the result as served. */
  readonly keptResult?: KeptResult;
}

type Finish<E extends CatalogEntry, Analysis> = (input: RequestOf<E>, output: ToolOutput<Analysis>, ports: ToolPorts, context: AnalyzeContext) => Promise<ToolOutput<ResultOf<E>>>;

export interface ToolSteps<E extends CatalogEntry, Data, Analysis> {
  /** As ToolModule.chains: ChainNames, or a free chain string as given when it names no known chain. */
  chains(input: RequestOf<E>): readonly string[];
  /**
   * May report its own phases as they finish (a multi-stage gather); the run reports the steps around
   * it. `context.now` is the run's clock reading, for a gather that reads a time window.
   */
  gather(input: RequestOf<E>, ports: ToolPorts, progress: ProgressReporter, context: AnalyzeContext): Promise<Data>;
  analyze(input: RequestOf<E>, data: Data, context: AnalyzeContext): ToolOutput<Analysis>;
  keptResult?: KeptResult;
}

/**
 * The steps of one tool: `gather` asks the ports for exactly the data it needs; `analyze` is a pure
 * function of the input, that data and the context; the optional `finish` is the only step with
 * effects (AI narration, saving a report) and must keep every deterministic section. A tool whose
 * analysis is not yet its result (a report that still has to be saved) must have `finish`.
 */
export type ToolDefinition<E extends CatalogEntry, Data, Analysis> = ToolSteps<E, Data, Analysis> &
  ([Analysis] extends [ResultOf<E>] ? { finish?: Finish<E, Analysis> } : { finish: Finish<E, Analysis> });

/**
 * Declares a tool module against its catalog entry: input and result types come from the entry's
 * request and result schemas, so a module cannot drift from what the catalog promises.
 */
export function defineToolModule<E extends CatalogEntry, Data, Analysis = ResultOf<E>>(
  entry: E,
  steps: ToolDefinition<E, Data, Analysis>,
): ToolModule<E> & ToolDefinition<E, Data, Analysis> {
  const { gather, analyze } = steps;
  const finish: Finish<E, Analysis> | undefined = steps.finish;
  async function run(input: RequestOf<E>, ports: ToolPorts, { progress = silentProgress, ...context }: RunContext): Promise<ToolOutput<ResultOf<E>>> {
    const data = await gather(input, ports, progress, context);
    progress('chain data read');
    const output = analyze(input, data, context);
    progress('analysis done');
    if (!finish) return output as unknown as ToolOutput<ResultOf<E>>; // the step types guarantee that the analysis is the result
    const finished = await finish(input, output, ports, context);
    progress('finished');
    return finished;
  }
  const module: ToolModule<E> = { entry, chains: steps.chains, run };
  return Object.assign({}, steps, module);
}
