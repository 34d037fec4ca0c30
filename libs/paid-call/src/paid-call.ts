import { type CatalogEntry, type ChainName, type ErrorBody, errorBody, isChainName } from '@paysight/contracts';
import type { DecodeResult, KeptAnswer, PaidCallOutcome, PaidCallProcessor, UnavailableSource } from '@paysight/payment';
import type { KeptResult, ProgressReporter, ToolModule, ToolOutput, ToolPorts } from '@paysight/tools';
import type { ObservationRecorder, ToolRun } from './observations.js';
import type { PaidCallResponse } from './response.js';
import { resultPartOf, shapeResponse, withResultPart } from './shape-response.js';
import { validateRequest } from './validate.js';

/** The ledger form of the served bodies of a tool whose result holds a secret shown once. */
function keptAnswerOf(entry: CatalogEntry, keptResult: KeptResult, ports: ToolPorts): KeptAnswer<Record<string, unknown>> {
  return {
    keep: (served) => withResultPart(entry, served, keptResult.keep(resultPartOf(entry, served))),
    restore: async (kept) => {
      const body = kept as Record<string, unknown>;
      return withResultPart(entry, body, keptResult.restore(resultPartOf(entry, body), ports));
    },
  };
}

/** One paid call as a transport hands it over. */
export interface PaidCallRequest {
  entry: CatalogEntry;
  /** The request body (REST) or the tool arguments without the payment ones (MCP). */
  body: unknown;
  /** The payment as the transport decoded it. */
  payment: DecodeResult;
  requestId: string;
  /** Absolute URL of the paid resource, named in the offer. */
  resourceUrl: string;
  /** Told as each phase of the paid run finishes (MCP progress); never called before the payment is verified. */
  progress?: ProgressReporter;
}

export interface PaidCallServiceOptions {
  /** The implemented tools; a catalog entry without one answers 501 before any payment. */
  tools: readonly ToolModule[];
  ports: ToolPorts;
  payments: PaidCallProcessor;
  clock?: () => Date;
  /** Told when an analyzer throws (the caller gets a 500 and is not charged). */
  onToolFailure?: (failure: { toolId: string; requestId: string; x402RequestId: string; error: unknown }) => void;
  /** Told of every tool run once its answer is ready (capability observations); never waited for. */
  observations?: ObservationRecorder;
}

export interface PaidCallService {
  call(request: PaidCallRequest): Promise<PaidCallResponse>;
}

const UNAVAILABLE_CODES: Record<UnavailableSource, ErrorBody['error']['code']> = {
  facilitator: 'facilitator_unavailable',
  chain: 'chain_unavailable',
  store: 'store_unavailable',
};

function refused(httpStatus: 400 | 404 | 409 | 410 | 500 | 501 | 503, body: ErrorBody, x402RequestId: string | null = null): PaidCallResponse {
  return { kind: 'error', httpStatus, body, x402RequestId };
}

/**
 * The one paid-call pipeline behind every surface: validate the body against the catalog entry and
 * refuse secrets (400), refuse tools not served yet (501) and chains this server cannot read (503),
 * all before any payment is asked for; then the payment state machine runs the tool at most once per
 * payment, and the result is shaped into the envelope the catalog entry names.
 */
export function createPaidCallService(options: PaidCallServiceOptions): PaidCallService {
  const clock = options.clock ?? (() => new Date());
  const modules = new Map(options.tools.map((module) => [module.entry.id, module]));

  async function serve(module: ToolModule, input: unknown, request: PaidCallRequest): Promise<PaidCallResponse> {
    const served = options.ports.chain.chains();
    const requested = module.chains(input);
    const unknown = requested.filter((chain) => !isChainName(chain));
    if (unknown.length) {
      const listed = unknown.map((chain) => JSON.stringify(chain)).join(', ');
      return refused(
        400,
        errorBody('invalid_request', `Unknown chain ${listed}. This server serves ${served.join(', ')} (by name, chain id or CAIP-2 id such as eip155:8453). Nothing was charged.`, {
          issues: [{ path: 'chain', message: `unknown chain ${listed}` }],
          servedChains: served,
        }),
      );
    }
    const missing = requested.filter((chain) => !served.includes(chain as ChainName));
    if (missing.length) {
      return refused(503, errorBody('chain_unavailable', `Chain data for ${missing.join(', ')} is not available on this server. Nothing was charged.`));
    }

    let generatedAt = clock();
    const observed: { run?: ToolRun } = {};
    const outcome: PaidCallOutcome<Record<string, unknown>> = await options.payments.handle({
      entry: module.entry,
      input,
      payment: request.payment,
      resourceUrl: request.resourceUrl,
      requestId: request.requestId,
      run: async () => {
        generatedAt = clock();
        request.progress?.(`payment verified; running ${module.entry.id}`);
        const started = performance.now();
        const observe = (failure?: unknown) => {
          observed.run = { entry: module.entry, chains: requested, input, failure, durationMs: performance.now() - started, startedAt: generatedAt };
        };
        try {
          const output = await module.run(input, options.ports, { now: generatedAt, progress: request.progress });
          observe();
          return output;
        } catch (error) {
          observe(error);
          throw error;
        }
      },
      // The served body is what the ledger keeps: a replay serves it as it is, with the original ids and time.
      serve: (output: ToolOutput<unknown>, paid) =>
        shapeResponse(module.entry, output, { input, requestId: request.requestId, x402RequestId: paid.x402RequestId, generatedAt, settlement: paid.settlement }),
      ...(module.keptResult ? { kept: keptAnswerOf(module.entry, module.keptResult, options.ports) } : {}),
    });
    // Only a run that happened is observed (a replay or a refused payment ran nothing); the recorder
    // writes it after this answer is on its way.
    if (observed.run) options.observations?.record(observed.run);

    switch (outcome.kind) {
      case 'paid':
        return {
          kind: 'ok',
          httpStatus: 200,
          body: outcome.result,
          replay: outcome.replay,
          receipt: outcome.receipt,
          protocolVersion: outcome.protocolVersion,
          x402RequestId: outcome.x402RequestId,
        };
      case 'payment_required':
        return { kind: 'payment_required', httpStatus: 402, challenge: outcome.challenge, x402RequestId: null };
      case 'payment_rejected':
        return { kind: 'payment_required', httpStatus: 402, challenge: outcome.challenge, x402RequestId: outcome.x402RequestId };
      case 'payment_in_progress':
        return refused(
          409,
          errorBody('payment_in_progress', 'This payment is being served by another request right now. Wait for that answer instead of sending the payment again.', {
            x402RequestId: outcome.x402RequestId,
          }),
          outcome.x402RequestId,
        );
      case 'settlement_pending':
        return {
          kind: 'error',
          httpStatus: 409,
          body: errorBody(
            'payment_pending_settlement',
            'The settlement of this payment is not confirmed yet; the answer is kept and nothing will be charged twice. Present the same payment again after Retry-After: once the transfer is found on chain you get the answer; if it never happens (the authorization expires unused), nothing was charged.',
            { x402RequestId: outcome.x402RequestId, retryAfterSeconds: outcome.retryAfterSeconds },
          ),
          x402RequestId: outcome.x402RequestId,
          retryAfterSeconds: outcome.retryAfterSeconds,
        };
      case 'payment_bound_to_other_request':
        return refused(
          409,
          errorBody(
            'payment_bound_to_other_request',
            `This payment was settled for another request (${outcome.toolId} with other input) and pays for nothing else. Nothing was charged; sign a new payment for this request.`,
            { x402RequestId: outcome.x402RequestId, toolId: outcome.toolId },
          ),
          outcome.x402RequestId,
        );
      case 'payment_identifier_refused':
        return refused(
          400,
          errorBody(outcome.code, `The payment cannot be used as sent: ${outcome.problem}. Nothing was charged.`, { x402RequestId: outcome.x402RequestId }),
          outcome.x402RequestId,
        );
      case 'payment_identifier_conflict':
        return refused(
          409,
          errorBody(
            'payment_identifier_conflict',
            `The payment identifier ${outcome.paymentId} was first used for another request (another tool or other input) and answers only for that one. Nothing was charged; use a new identifier for this request.`,
            { paymentId: outcome.paymentId, x402RequestId: outcome.x402RequestId },
          ),
          outcome.x402RequestId,
        );
      case 'result_expired':
        return refused(
          410,
          errorBody(
            'result_expired',
            'This payment was settled and its result served, but the result is no longer kept as served (past its retention, or it held a secret this server can no longer derive); only its hash is. Nothing was charged again.',
            { x402RequestId: outcome.x402RequestId, settlementTx: outcome.settlement.transaction, resultHash: outcome.resultHash },
          ),
          outcome.x402RequestId,
        );
      case 'unavailable': {
        const { x402RequestId, retryAfterSeconds } = outcome;
        const details = { ...(x402RequestId ? { x402RequestId } : {}), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
        return {
          ...refused(503, errorBody(UNAVAILABLE_CODES[outcome.source], outcome.message, Object.keys(details).length ? details : undefined), x402RequestId),
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        };
      }
      case 'not_found':
        return refused(404, errorBody(outcome.code, `${outcome.message} Nothing was charged.`, { x402RequestId: outcome.x402RequestId }), outcome.x402RequestId);
      case 'failed':
        options.onToolFailure?.({ toolId: module.entry.id, requestId: request.requestId, x402RequestId: outcome.x402RequestId, error: outcome.error });
        return refused(
          500,
          errorBody('internal_error', `The ${module.entry.id} analysis failed. Nothing was charged; the same payment can be presented again.`, {
            requestId: request.requestId,
            x402RequestId: outcome.x402RequestId,
          }),
          outcome.x402RequestId,
        );
    }
  }

  return {
    async call(request) {
      const validated = validateRequest(request.entry, request.body);
      if (!validated.ok) return refused(400, validated.error);
      const module = modules.get(request.entry.id);
      if (!module) return refused(501, errorBody('not_implemented', `${request.entry.id} is listed in the catalog but not served yet. Nothing was charged.`));
      return serve(module, validated.input, request);
    },
  };
}
