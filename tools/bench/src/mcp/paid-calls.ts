import { priceOf } from '@paysight/contracts';
import { freshAccount, fundAccount } from '@paysight/devnet';
import { officialPaymentClient } from '@paysight/testkit';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_RESPONSE_HEADER } from '@paysight/payment';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { postMcp } from './post.js';
import { BENCH_REQUEST, BENCH_TOOL } from '../shared/bench-tool.js';
import { UNPAID_CALL, paidCallBody, paidCallProblem } from './requests.js';
import type { ServedRequest, Wait, WaitKind } from './server-timings.js';

export interface Percentiles {
  p50: number;
  p99: number;
}

export interface PaidCallsResult {
  calls: number;
  warmUpCalls: number;
  /** Measured calls per second of wall time, one call at a time (the client's round trips included). */
  callsPerSecond: number;
  /** Paysight's time per call, from its request's headers to the last byte of its answer. */
  totalMs: Percentiles;
  /** Waiting for the facilitator: verify plus settle (settle waits for the transfer to be mined on the devnet's Base). */
  facilitatorMs: Percentiles;
  verifyMs: Percentiles;
  settleMs: Percentiles;
  /** Total minus facilitator, per call: the server's overhead beside the facilitator. */
  serverOverheadMs: Percentiles;
  /** Of that overhead: waiting for the tool's chain reads (devnet JSON-RPC; wall time with at least one read in flight). */
  chainReadsMs: Percentiles;
  /** Of that overhead: the payment ledger's calls (in-memory PGlite in this benchmark, PostgreSQL in production). */
  ledgerMs: Percentiles;
  /** Overhead minus chain reads and ledger: MCP and HTTP handling, validation, payment decoding and matching, analysis, result. */
  restMs: Percentiles;
}

export interface PaidCallsOptions {
  calls: number;
  /** Paid calls before the measured ones (JIT, connection pools), not counted. */
  warmUpCalls: number;
}

const round = (ms: number) => Number(ms.toFixed(2));

/** Nearest-rank percentiles. */
function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { p50: at(50), p99: at(99) };
}

type EndedWait = Wait & { endMs: number };

const duration = (w: EndedWait) => w.endMs - w.startMs;

/** Wall time covered by at least one of the waits (parallel reads count once). */
function covered(waits: readonly EndedWait[]): number {
  let total = 0;
  let reach = -Infinity;
  for (const w of [...waits].sort((a, b) => a.startMs - b.startMs)) {
    const start = Math.max(w.startMs, reach);
    if (w.endMs > start) total += w.endMs - start;
    reach = Math.max(reach, w.endMs);
  }
  return total;
}

interface CallTimes {
  total: number;
  verify: number;
  settle: number;
  chain: number;
  ledger: number;
}

function callTimes(request: ServedRequest): CallTimes {
  const unfinished = request.waits.find((w) => w.endMs === null || w.failed);
  if (unfinished) throw new Error(`a ${unfinished.kind} wait (${unfinished.name}) of a paid call did not end well`);
  const waits = request.waits as EndedWait[];
  const of = (kind: WaitKind) => waits.filter((w) => w.kind === kind);
  const facilitator = of('facilitator');
  const [verify, settle, ...more] = facilitator;
  if (!verify?.name.endsWith('/verify') || !settle?.name.endsWith('/settle') || more.length) {
    throw new Error(`a paid call made facilitator exchanges ${facilitator.map((w) => w.name).join(', ') || 'none'}, expected verify then settle`);
  }
  const [other] = of('other');
  if (other) throw new Error(`a paid call made an unexpected exchange: ${other.name}`);
  return { total: request.endMs - request.startMs, verify: duration(verify), settle: duration(settle), chain: covered(of('chain')), ledger: covered(of('ledger')) };
}

export interface ServerTimingControl {
  start(): Promise<void>;
  /** The requests timed since the start or the last take. */
  take(): Promise<ServedRequest[]>;
  /** Like take, and stops timing. */
  stop(): Promise<ServedRequest[]>;
}

/** How the paid calls reach Paysight: where the offer comes from and how a signed payment is presented. */
export interface PaidCallTransport {
  /** The offer of an unpaid call, as the client signs from it. */
  offer(): Promise<PaymentRequired>;
  /** One paid call with this PAYMENT-SIGNATURE value; throws unless it was served and settled. */
  pay(payment: string, id: number): Promise<void>;
}

/** tools/call on /api/mcp, the payment in the x402Payment argument. */
export function mcpTransport(url: string): PaidCallTransport {
  return {
    async offer() {
      const unpaid = await postMcp(url, UNPAID_CALL.body);
      const [offer] = (unpaid.result as { content: { text: string }[] }).content;
      return JSON.parse(offer!.text) as PaymentRequired;
    },
    async pay(payment, id) {
      const problem = paidCallProblem((await postMcp(url, paidCallBody(payment, id))).result);
      if (problem) throw new Error(`paid call ${id} failed: ${problem}`);
    },
  };
}

/** POST to the tool's REST route, the payment in the PAYMENT-SIGNATURE header (as the official fetch wrapper sends it). */
export function restTransport(url: string): PaidCallTransport {
  const post = (headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(BENCH_REQUEST), signal: AbortSignal.timeout(30_000) });
  return {
    async offer() {
      const unpaid = await post({});
      await unpaid.arrayBuffer();
      const header = unpaid.headers.get(PAYMENT_REQUIRED_HEADER);
      if (unpaid.status !== 402 || !header) throw new Error(`the unpaid POST got ${unpaid.status}, not a 402 with ${PAYMENT_REQUIRED_HEADER}`);
      return decodePaymentRequiredHeader(header);
    },
    async pay(payment, id) {
      const paid = await post({ 'PAYMENT-SIGNATURE': payment });
      const text = await paid.text();
      const receipt = paid.headers.get(PAYMENT_RESPONSE_HEADER);
      if (paid.status !== 200 || !receipt || !decodePaymentResponseHeader(receipt).success) throw new Error(`paid call ${id} failed: HTTP ${paid.status} ${text.slice(0, 300)}`);
    },
  };
}

/**
 * Paid calls of BENCH_TOOL, one at a time, each with a fresh payment signed beforehand by the
 * official x402 client (signing is outside the timed region). The times come from inside the
 * server process (recordServerTimings): the whole request, and each of its exchanges with the
 * facilitator and the chain and each of its ledger calls.
 */
export async function measurePaidCalls(transport: PaidCallTransport, faucetUrl: string, timings: ServerTimingControl, options: PaidCallsOptions): Promise<PaidCallsResult> {
  const count = options.warmUpCalls + options.calls;
  const buyer = freshAccount();
  await fundAccount(faucetUrl, { chain: 'base', address: buyer.address, usdc: BigInt(count) * BigInt(priceOf(BENCH_TOOL).atomic) });
  const payer = officialPaymentClient(buyer);
  const paymentRequired = await transport.offer();
  const payments: string[] = [];
  for (let i = 0; i < count; i++) payments.push(payer.encodePaymentSignatureHeader(await payer.createPaymentPayload(paymentRequired))['PAYMENT-SIGNATURE']!);

  await timings.start();
  for (const [i, payment] of payments.slice(0, options.warmUpCalls).entries()) await transport.pay(payment, i);
  await timings.take();
  const started = performance.now();
  for (const [i, payment] of payments.slice(options.warmUpCalls).entries()) await transport.pay(payment, options.warmUpCalls + i);
  const elapsedSeconds = (performance.now() - started) / 1000;
  const served = await timings.stop();
  if (served.length !== options.calls) throw new Error(`the server timed ${served.length} requests, expected the ${options.calls} paid calls`);

  const times = served.map(callTimes);
  const series = (pick: (t: CallTimes) => number) => percentiles(times.map(pick));
  return {
    calls: options.calls,
    warmUpCalls: options.warmUpCalls,
    callsPerSecond: Number((options.calls / elapsedSeconds).toFixed(1)),
    totalMs: series((t) => t.total),
    facilitatorMs: series((t) => t.verify + t.settle),
    verifyMs: series((t) => t.verify),
    settleMs: series((t) => t.settle),
    serverOverheadMs: series((t) => t.total - t.verify - t.settle),
    chainReadsMs: series((t) => t.chain),
    ledgerMs: series((t) => t.ledger),
    restMs: series((t) => t.total - t.verify - t.settle - t.chain - t.ledger),
  };
}
