import { SANDBOX_RESOURCE_URL, X402_HEADERS, type SandboxScenario, type X402Network, type X402UsdcAsset } from '@paysight/contracts';
import { HASH } from '../helpers.js';

/** Everything one variant's fixtures are built from: drawn from the seeded PRNG, never from a clock or Math.random. */
export interface VariantContext {
  version: 1 | 2;
  network: X402Network;
  usdc: X402UsdcAsset;
  /** Another EVM network of the same kind (testnet or mainnet), for wrong_network. */
  otherNetwork: X402Network;
  amount: bigint;
  payer: string;
  payTo: string;
  nonce: string;
  transaction: string;
  /** The fixture's "now" (unix seconds); every time in the variant is relative to it. */
  now: number;
  /** A further 32-byte draw of the PRNG, as 64 hex digits. */
  draw: (field: string) => string;
}

type Payload = Record<string, unknown>;

const VALIDITY_SECONDS = 300;
const MAX_TIMEOUT_SECONDS = 60;
const OVERPRICE_FACTOR = 10n;

const networkName = (ctx: VariantContext, network = ctx.network) => (ctx.version === 1 ? network.alias : network.caip2);
const addressOf = (hex: string) => `0x${hex.slice(-40)}`;

/** One exact offer in the variant's protocol version. */
function requirement(ctx: VariantContext, over: { network?: X402Network; amount?: bigint; asset?: string; payTo?: string; extra?: Payload } = {}): Payload {
  const extra = { ...(ctx.usdc.eip712 ?? {}), ...over.extra };
  const common = { scheme: 'exact', network: networkName(ctx, over.network), payTo: over.payTo ?? ctx.payTo, maxTimeoutSeconds: MAX_TIMEOUT_SECONDS, asset: over.asset ?? ctx.usdc.address, extra };
  const amount = String(over.amount ?? ctx.amount);
  return ctx.version === 2 ? { ...common, amount } : { ...common, maxAmountRequired: amount, resource: SANDBOX_RESOURCE_URL, description: 'Sandbox paid resource', mimeType: 'application/json' };
}

function paymentRequired(ctx: VariantContext, accepted: Payload): Payload {
  if (ctx.version === 1) return { x402Version: 1, error: `${X402_HEADERS[1].payment} header is required`, accepts: [accepted] };
  return { x402Version: 2, error: 'Payment required', resource: { url: SANDBOX_RESOURCE_URL, description: 'Sandbox paid resource', mimeType: 'application/json' }, accepts: [accepted] };
}

/** The EIP-3009 authorization fields, without any signature. */
function authorization(ctx: VariantContext, window: { after: number; before: number } = { after: -60, before: VALIDITY_SECONDS }): Payload {
  return { from: ctx.payer, to: ctx.payTo, value: String(ctx.amount), validAfter: String(ctx.now + window.after), validBefore: String(ctx.now + window.before), nonce: ctx.nonce };
}

function paymentPayload(ctx: VariantContext, accepted: Payload, auth: Payload): Payload {
  if (ctx.version === 1) return { x402Version: 1, scheme: 'exact', network: accepted.network, payload: { authorization: auth } };
  return { x402Version: 2, resource: { url: SANDBOX_RESOURCE_URL }, accepted, payload: { authorization: auth } };
}

const settleResponse = (ctx: VariantContext): Payload => ({ success: true, transaction: ctx.transaction, network: networkName(ctx), payer: ctx.payer });

/** A challenge, and a payload answering it with the given offer and authorization window. */
function paymentCase(ctx: VariantContext, over: { network?: X402Network; window?: { after: number; before: number } } = {}): Payload {
  const offer = requirement(ctx);
  const answered = over.network ? requirement(ctx, { network: over.network }) : offer;
  return { now: ctx.now, payment_required: paymentRequired(ctx, offer), payment_payload: paymentPayload(ctx, answered, authorization(ctx, over.window)) };
}

function happyPath(ctx: VariantContext): Payload[] {
  const fixtures = [{ now: ctx.now, payment_required: paymentRequired(ctx, requirement(ctx)) }, paymentCase(ctx), { settle_response: settleResponse(ctx) }];
  if (ctx.version === 1) return fixtures;
  const receipt = { format: 'eip712', payload: { network: ctx.network.caip2, resourceUrl: SANDBOX_RESOURCE_URL, payer: ctx.payer, issuedAt: ctx.now, transaction: ctx.transaction }, signature: null };
  return [...fixtures, { receipt, expected_payment: { payer: ctx.payer, network: ctx.network.caip2, transaction: ctx.transaction } }];
}

/**
 * Payload builders per scenario, one payload per fixture of the scenario's catalog entry
 * (SANDBOX_SCENARIOS), in the same order. Shapes follow the x402 v1/v2 specs; nothing is signed.
 */
export const FIXTURE_BUILDERS: Readonly<Record<SandboxScenario, (ctx: VariantContext) => Payload[]>> = {
  happy_path_v2: happyPath,
  happy_path_v1: happyPath,
  wrong_network: (ctx) => [paymentCase(ctx, { network: ctx.otherNetwork })],
  wrong_asset: (ctx) => [{ now: ctx.now, payment_required: paymentRequired(ctx, requirement(ctx, { asset: addressOf(ctx.draw('asset')) })), expected_asset: ctx.usdc.address }],
  overpriced: (ctx) => [{ now: ctx.now, payment_required: paymentRequired(ctx, requirement(ctx, { amount: ctx.amount * OVERPRICE_FACTOR })), max_amount_atomic: String(ctx.amount) }],
  payee_swapped: (ctx) => [{ now: ctx.now, payment_required: paymentRequired(ctx, requirement(ctx, { payTo: addressOf(ctx.draw('swapped_pay_to')) })), expected_pay_to: ctx.payTo }],
  expired_authorization: (ctx) => [paymentCase(ctx, { window: { after: -VALIDITY_SECONDS - 60, before: -1 } })],
  not_yet_valid: (ctx) => [paymentCase(ctx, { window: { after: VALIDITY_SECONDS, before: 2 * VALIDITY_SECONDS } })],
  insufficient_funds: (ctx) => [{ verify_response: { isValid: false, invalidReason: 'insufficient_funds', payer: ctx.payer } }],
  facilitator_503: () => [{ status: 503, body: { error: 'facilitator_unavailable', message: 'The facilitator is unavailable; nothing was charged.' } }],
  settle_timeout_pending: (ctx) => [
    {
      now: ctx.now + MAX_TIMEOUT_SECONDS,
      server_supports_payment_identifier: false,
      attempts: [{ attempt_no: 1, at: ctx.now, payload_hash: HASH(authorization(ctx)), valid_before: ctx.now + VALIDITY_SECONDS, http_status: 0, settle_status: 'unknown', response_received: false }],
    },
  ],
  duplicate_nonce: (ctx) => [{ ...paymentCase(ctx), used_nonces: [ctx.nonce] }],
  permit2_allowance_required: (ctx) => [{ status: 412, body: { error: 'PERMIT2_ALLOWANCE_REQUIRED' }, payment_required: paymentRequired(ctx, requirement(ctx, { extra: { assetTransferMethod: 'permit2' } })) }],
  idempotency_conflict_409: (ctx) => [
    { status: 409, body: { error: 'idempotency_conflict' }, payment_identifier: `pay_${ctx.draw('payment_identifier').slice(0, 32)}`, first_payload_hash: HASH(authorization(ctx)), retry_payload_hash: HASH({ ...authorization(ctx), nonce: `0x${ctx.draw('second_nonce')}` }) },
  ],
  receipt_missing: (ctx) => [{ status: 200, server_supports_payment_identifier: true, response_headers_present: [], expected_header: ctx.version === 1 ? X402_HEADERS[1].paymentResponse : X402_HEADERS[2].paymentResponse, settle_response: settleResponse(ctx) }],
  mcp_payment_required_result: (ctx) => {
    const required = paymentRequired(ctx, requirement(ctx));
    return [{ result: { isError: true, content: [{ type: 'text', text: JSON.stringify(required) }], structuredContent: required } }];
  },
};
