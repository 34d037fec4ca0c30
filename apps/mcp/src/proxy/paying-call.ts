import { ErrorCode as JsonRpcError, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PAYMENT, type ErrorCode } from '@paysight/contracts';
import { PAYMENT_RESPONSE_META_KEY } from '@paysight/mcp-adapter';
import type { x402HTTPClient } from '@x402/core/client';
import { isPaymentRequiredV2 } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { usdc, type Refusal, type Reservation, type SessionBudget, type Settlement } from './budget.js';
import { describeError, type RemotePaysight } from './remote.js';
import { sessionLine, type PaymentRecord } from './spend-report.js';
import { withoutPaymentArguments } from './tool-list.js';

export interface PayingCallDeps {
  remote: RemotePaysight;
  budget: SessionBudget;
  /** The official x402 client signing as the buyer, capped at the per-call cap. */
  buyer: x402HTTPClient;
  /** The buyer's address, for a receipt that does not name its payer. */
  payer: string;
  log(line: string): void;
}

/** Where the proxy reports, on each paid tool's result, what it charged and what the session has left. */
export const SPEND_META = 'paysight/spend';

export interface ProxiedCall {
  name: string;
  /** The REST path the tool stands for (its `_meta.x402Endpoint`), or its name when the proxy does not list it. */
  endpoint: string;
  args: Record<string, unknown>;
}

interface Offer {
  /** Narrowed to the one requirement the proxy pays, so the client signs exactly what was priced. */
  paymentRequired: PaymentRequired;
  price: bigint;
}

/**
 * One tools/call through the proxy: call the remote tool without payment; when it asks for one,
 * check the price against both caps, sign with the official x402 client, call again with the
 * payment in `x402Payment`, and count the amount once the service reports it settled. Every other
 * answer is passed through untouched.
 */
export async function callThroughProxy(deps: PayingCallDeps, call: ProxiedCall, signal?: AbortSignal): Promise<CallToolResult> {
  const { name, endpoint } = call;
  const input = withoutPaymentArguments(call.args);
  let unpaid: CallToolResult;
  try {
    unpaid = await deps.remote.callTool(name, input, signal);
  } catch (error) {
    if (answeredByServer(error)) throw asSent(error);
    return proxyError(endpoint, 502, 'internal_error', `The Paysight service at ${deps.remote.endpoint.href} did not answer: ${describeError(error)}. Nothing was paid.`);
  }
  const offer = offerOf(unpaid);
  if (offer === null) return unpaid;
  if (typeof offer === 'string') return proxyError(endpoint, 402, 'payment_mismatch', `Not paid: ${offer} Nothing was signed or charged.`);

  const held = deps.budget.reserve(name, offer.price);
  if ('refusal' in held) {
    deps.log(`refused ${name} (${usdc(offer.price)} USDC): ${held.refusal.cap === 'per_call' ? 'above the per-call cap' : 'more than the session cap has left'}`);
    return proxyError(endpoint, 402, 'payment_required', refusalMessage(name, held.refusal), refusalDetails(held.refusal));
  }
  return payAndCall(deps, { name, endpoint, args: input }, offer, held.reservation, signal);
}

/** A JSON-RPC error the server sent (an unknown tool, say), as opposed to no answer at all: the agent gets it as it is. */
function answeredByServer(error: unknown): error is McpError {
  return error instanceof McpError && error.code !== JsonRpcError.RequestTimeout && error.code !== JsonRpcError.ConnectionClosed;
}

/**
 * The error as the server sent it. McpError prefixes its message with "MCP error <code>: ", and the
 * SDK's server sends `code`, `message` and `data` of what a handler throws: a plain Error with the
 * prefix removed goes out exactly as it came in.
 */
function asSent(error: McpError): Error {
  const prefix = `MCP error ${error.code}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return Object.assign(new Error(message), { code: error.code, data: error.data });
}

async function payAndCall(deps: PayingCallDeps, call: ProxiedCall, offer: Offer, reservation: Reservation, signal?: AbortSignal): Promise<CallToolResult> {
  const { name, endpoint } = call;
  let payment: string;
  try {
    payment = await signPayment(deps.buyer, offer.paymentRequired);
  } catch (error) {
    reservation.released();
    return proxyError(endpoint, 500, 'internal_error', `The x402 client did not sign the payment for ${name}: ${describeError(error)}. Nothing was charged.`);
  }

  let paid: CallToolResult;
  try {
    paid = await deps.remote.callTool(name, { ...call.args, x402Payment: payment }, signal);
  } catch (error) {
    const reason = describeError(error);
    reservation.unconfirmed(reason);
    deps.log(`payment for ${name} (${usdc(offer.price)} USDC) sent, outcome unknown: ${reason}`);
    return proxyError(
      endpoint,
      502,
      'internal_error',
      `The payment for ${name} (${usdc(offer.price)} USDC) was sent but no answer came back (${reason}). It may have settled, so it stays counted ` +
        `against this session's cap; check the payer's USDC balance. ${sessionLine(deps.budget.report())}`,
    );
  }

  const settlement = settlementOf(paid, deps.payer);
  if (settlement) {
    const record = reservation.settled(settlement);
    deps.log(`paid ${record.amount} USDC for ${name}: settlement ${record.transaction}`);
    return withSpendNote(deps.budget, paid, record, `The Paysight proxy paid ${record.amount} USDC for ${name} (settlement ${record.transaction}, payer ${record.payer}).`);
  }
  if (paid.isError) {
    reservation.released();
    deps.log(`${name} was not served, nothing charged`);
    return withSpendNote(deps.budget, paid, null, 'The service did not serve this call; the proxy was not charged.');
  }
  reservation.unconfirmed('the service answered without a settlement receipt');
  deps.log(`${name} answered without a settlement receipt; ${usdc(offer.price)} USDC stays counted`);
  return withSpendNote(
    deps.budget,
    paid,
    null,
    `The service answered without a settlement receipt, so the proxy cannot tell whether ${usdc(offer.price)} USDC was charged; it stays counted against the session cap.`,
  );
}

/** The offer of a payment_required result; null for any other result; a sentence when the proxy cannot pay it. */
function offerOf(result: CallToolResult): Offer | string | null {
  const content = result.structuredContent;
  if (content?.status !== 'payment_required') return null;
  const required = content.paymentRequired;
  if (!isPaymentRequiredV2(required)) return 'the service asked for a payment without an x402 v2 PaymentRequired object.';
  const [first] = required.accepts;
  const payable =
    first?.scheme === PAYMENT.scheme && first.network === PAYMENT.network && first.asset.toLowerCase() === PAYMENT.asset.toLowerCase() && /^\d+$/.test(first.amount);
  if (!payable) return `the service's offer is not an exact ${PAYMENT.currency} payment on Base (${PAYMENT.network}).`;
  // Typed for the client: the schema's nullable fields become absent ones; the reason text is not needed to sign.
  const { extensions, error: _reason, ...rest } = required;
  const requirement = { ...first, network: PAYMENT.network, extra: first.extra ?? {} };
  return { paymentRequired: { ...rest, accepts: [requirement], ...(extensions && { extensions }) }, price: BigInt(first.amount) };
}

/** The signed payment as the value of a PAYMENT-SIGNATURE header, which `x402Payment` carries. */
async function signPayment(buyer: x402HTTPClient, paymentRequired: PaymentRequired): Promise<string> {
  const [header] = Object.values(buyer.encodePaymentSignatureHeader(await buyer.createPaymentPayload(paymentRequired)));
  if (!header) throw new Error('the client produced no payment header');
  return header;
}

function settlementOf(result: CallToolResult, payer: string): Settlement | null {
  const receipt = result._meta?.[PAYMENT_RESPONSE_META_KEY];
  if (typeof receipt !== 'object' || receipt === null) return null;
  const { success, transaction, network, payer: reported } = receipt as Record<string, unknown>;
  if (success !== true || typeof transaction !== 'string' || !transaction) return null;
  return { transaction, network: typeof network === 'string' ? network : PAYMENT.network, payer: typeof reported === 'string' ? reported : payer };
}

function refusalMessage(tool: string, refusal: Refusal): string {
  const price = usdc(refusal.price);
  const cause =
    refusal.cap === 'per_call'
      ? `${tool} costs ${price} USDC, above this proxy's per-call cap of ${usdc(refusal.limit)} USD. ` +
        `To allow it, raise --max-usd-per-call (to ${price} or more) in the proxy's configuration and restart it.`
      : `${tool} costs ${price} USDC, but only ${usdc(refusal.remaining)} USD of this session's ${usdc(refusal.limit)} USD cap is left. ` +
        `To allow more, raise --max-usd-per-session in the proxy's configuration and restart it (a restart also starts a new session).`;
  return `Not paid: ${cause} Nothing was signed or charged.`;
}

function refusalDetails(refusal: Refusal): Record<string, string> {
  const details = { cap: refusal.cap, price: usdc(refusal.price), limit: usdc(refusal.limit) };
  return refusal.cap === 'per_session' ? { ...details, remaining: usdc(refusal.remaining) } : details;
}

/** An error of the proxy itself, in the result wrapper's error variant, so hosts that check the output schema accept it. */
function proxyError(endpoint: string, httpStatus: number, code: ErrorCode, message: string, details?: Record<string, string>): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { status: 'error', httpStatus, endpoint, error: details ? { code, message, details } : { code, message } },
  };
}

/** The remote result with what the proxy charged for it: a line for the agent and the same in `_meta`. */
function withSpendNote(budget: SessionBudget, result: CallToolResult, charged: PaymentRecord | null, note: string): CallToolResult {
  const report = budget.report();
  const session = { spent: report.spent, remaining: report.remaining, sessionCap: report.sessionCap, perCallCap: report.perCallCap, currency: report.currency };
  return {
    ...result,
    content: [...result.content, { type: 'text', text: `${note} ${sessionLine(report)}` }],
    _meta: { ...result._meta, [SPEND_META]: { charged, session } },
  };
}
