import type { ChainName, ChainSource, DataSourceStatus, Narrator, ReportStore, ToolId } from '@paysight/contracts';

/** What a tool may touch. Tools never import adapters: they get ports. */
export interface ToolPorts {
  chain: ChainSource;
  /** Optional AI narration; an adapter that answers not_configured when no provider is set up. */
  narrator: Narrator;
  /** Where saved reports are kept. */
  reports: ReportStore;
  /** Public URL of a saved report. */
  savedReportUrl(id: string): string;
}

/** Passed to the pure analyze step instead of reading the clock. */
export interface AnalyzeContext {
  now: Date;
}

/** Facts about the data behind a result; becomes the envelope's metadata. */
export interface ToolMetadata {
  chain?: ChainName;
  dataSourceStatus: DataSourceStatus;
  /** What the data covers and how it was read. */
  dataNotes: string[];
  /** What this call could not see. */
  limitations: string[];
  [key: string]: unknown;
}

export interface ToolOutput<Result> {
  result: Result;
  metadata: ToolMetadata;
}

type Finish<Input, Analysis, Result> = (input: Input, output: ToolOutput<Analysis>, ports: ToolPorts, context: AnalyzeContext) => Promise<ToolOutput<Result>>;

interface ToolSteps<Input, Data, Analysis> {
  id: ToolId;
  /** Chains the call will read; known before payment, so a chain that cannot be served is refused up front. */
  chains(input: Input): ChainName[];
  gather(input: Input, ports: ToolPorts): Promise<Data>;
  analyze(input: Input, data: Data, context: AnalyzeContext): ToolOutput<Analysis>;
}

/**
 * One paid tool: `gather` asks the ports for exactly the data it needs; `analyze` is a pure
 * function of the input, that data and the context; the optional `finish` is the only step with
 * effects (AI narration, saving a report) and must keep every deterministic section. A tool whose
 * analysis is not yet its result (a report that still has to be saved) must have `finish`.
 */
export type ToolModule<Input = unknown, Data = unknown, Result = unknown, Analysis = Result> = ToolSteps<Input, Data, Analysis> &
  ([Analysis] extends [Result] ? { finish?: Finish<Input, Analysis, Result> } : { finish: Finish<Input, Analysis, Result> });

export async function runTool<Input, Data, Result, Analysis = Result>(
  tool: ToolModule<Input, Data, Result, Analysis>,
  input: Input,
  ports: ToolPorts,
  context: AnalyzeContext,
): Promise<ToolOutput<Result>> {
  const data = await tool.gather(input, ports);
  const output = tool.analyze(input, data, context);
  // Without finish, the module type guarantees that the analysis is the result.
  return tool.finish ? tool.finish(input, output, ports, context) : (output as unknown as ToolOutput<Result>);
}

/** A module of any tool, for registries keyed by tool id; each module is typed by its own schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolModule = ToolModule<any, any, any, any>;
