import {
  MAX_OBSERVATION_BATCH,
  PAYMENT,
  canonicalJson,
  isChainUnavailable,
  isNotFoundAnswer,
  payloadSizeClassOf,
  type CapabilityObservation,
  type CatalogEntry,
  type ObservationStore,
} from '@paysight/contracts';

/** One run of a paid tool as the pipeline saw it: what ran, on what, how it ended and how long it took. */
export interface ToolRun {
  entry: CatalogEntry;
  /** The chains the run read (ToolModule.chains). */
  chains: readonly string[];
  /** The validated request: only its size is kept. */
  input: unknown;
  /** The error the run threw; undefined when it succeeded. */
  failure?: unknown;
  durationMs: number;
  startedAt: Date;
}

export interface ObservationRecorder {
  /** Queues an observation of the run. Never throws and never waits: the write happens in a later turn of the event loop. */
  record(run: ToolRun): void;
  /** Resolves once every observation queued so far is written or dropped (for shutdown and tests). */
  flush(): Promise<void>;
}

export interface ObservationRecorderOptions {
  store: Pick<ObservationStore, 'record'>;
  /** The serviceVersion every observation is labelled with. */
  serviceVersion: string;
  /** Most observations waiting to be written (default 10,000); more are dropped and reported, so a database outage cannot grow memory. */
  maxPending?: number;
  /** Told when a write fails (its observations are dropped, the paid calls are unaffected) or observations are dropped for lack of room. */
  onError?: (problem: { error: unknown; dropped: number }) => void;
}

export const DEFAULT_MAX_PENDING_OBSERVATIONS = 10_000;
/** Days an observation is kept (OBSERVATION_RETENTION_DAYS): three times the negative-capability tool's default lookback. */
export const DEFAULT_OBSERVATION_RETENTION_DAYS = 90;

/** The error code and HTTP status a caller gets for a run that threw (the same mapping as the payment processor's). */
export function failureOf(error: unknown): { errorCode: string; httpStatus: number } {
  if (isChainUnavailable(error)) return { errorCode: 'chain_unavailable', httpStatus: 503 };
  if (isNotFoundAnswer(error)) return { errorCode: error.code, httpStatus: 404 };
  return { errorCode: 'internal_error', httpStatus: 500 };
}

/**
 * The observation of one run (docs/tools/ext.md, "Where the observations come from"): the tool's MCP
 * name as agentId; network = the chain the request read, else the payment network; resourceType =
 * the tool's family; payloadSizeClass from the size of the request in canonical JSON. No payer, body
 * or payment is kept.
 */
export function observationOf(run: ToolRun, serviceVersion: string): CapabilityObservation {
  const failure = run.failure === undefined ? null : failureOf(run.failure);
  return {
    agentId: run.entry.mcpName,
    serviceVersion,
    network: run.chains.length ? [...run.chains].sort().join('+') : PAYMENT.networkName,
    resourceType: run.entry.family,
    payloadSizeClass: payloadSizeClassOf(Buffer.byteLength(canonicalJson(run.input))),
    latencyRequirementMs: null,
    outcome: failure ? 'failed' : 'succeeded',
    errorCode: failure?.errorCode ?? null,
    httpStatus: failure?.httpStatus ?? 200,
    durationMs: Math.max(0, Math.round(run.durationMs)),
    observedAt: run.startedAt,
  };
}

/**
 * Writes observations off the paid call's path: `record` only queues; a task scheduled with
 * setImmediate turns the queue into observations (the size class needs the request's canonical
 * JSON) and writes them in batches of MAX_OBSERVATION_BATCH. A failed write loses its batch and is
 * reported; nothing is retried, and no paid call waits for or fails with it.
 */
export function createObservationRecorder(options: ObservationRecorderOptions): ObservationRecorder {
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING_OBSERVATIONS;
  const queue: ToolRun[] = [];
  let draining: Promise<void> | null = null;

  const report = (error: unknown, dropped: number) => {
    try {
      options.onError?.({ error, dropped });
    } catch {
      // a failing reporter must not stop the writes
    }
  };

  async function drain(): Promise<void> {
    while (queue.length) {
      const runs = queue.splice(0, MAX_OBSERVATION_BATCH);
      try {
        await options.store.record(runs.map((run) => observationOf(run, options.serviceVersion)));
      } catch (error) {
        report(error, runs.length);
      }
    }
  }

  function schedule(): void {
    if (draining) return;
    draining = new Promise<void>((resolve) => setImmediate(resolve))
      .then(drain)
      .finally(() => {
        draining = null;
        if (queue.length) schedule();
      });
  }

  return {
    record(run) {
      if (queue.length >= maxPending) {
        report(new Error(`more than ${maxPending} observations waiting to be written`), 1);
        return;
      }
      queue.push(run);
      schedule();
    },
    async flush() {
      while (draining) await draining;
    },
  };
}
