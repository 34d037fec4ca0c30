import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequirements, PaymentRequirementsV1 } from '@x402/core/types';
import { AMT, ASSET, ND, isUsdcOf } from './helpers.js';

/**
 * X402P (design sheet §0, "Shared helpers"): one parser of x402 challenges for the whole family. It
 * reads a v1 402 body, a v2 PaymentRequired object or a base64 PAYMENT-REQUIRED header value and
 * returns normalized offers. It is lenient on purpose: the tools audit challenges that may be
 * malformed, so a field that is missing or mistyped becomes null on its offer instead of failing the
 * whole challenge. (@x402/core's zod schemas are not run: on a 1 MiB request they cost hundreds of
 * milliseconds, and every field they check is read here anyway.)
 */

/** Largest PAYMENT-REQUIRED header value read (design sheet §0). */
export const X402P_MAX_HEADER_CHARS = 16 * 1024;

export interface X402POffer {
  /** Index of the offer in the challenge's accepts[]. */
  index: number;
  x402_version: 1 | 2;
  scheme: string | null;
  /** ND(network): CAIP-2 when known, else as written. */
  network: string | null;
  network_raw: string | null;
  network_known: boolean;
  asset: string | null;
  /** 'USDC' and 6 when the asset is the network's USDC in the reference data; else null (decimals unknown). */
  asset_symbol: 'USDC' | null;
  decimals: number | null;
  /** The amount as written (v1 maxAmountRequired, v2 amount), numbers included. */
  amount_raw: string | null;
  /** amount_raw when it is an atomic integer (1–78 digits), else null. */
  amount_atomic: string | null;
  /** AMT of amount_atomic with the asset's decimals; null when either is unknown. */
  amount_decimal: string | null;
  pay_to: string | null;
  max_timeout_seconds: number | null;
  resource_url: string | null;
  extra: { name: string | null; version: string | null; assetTransferMethod: string | null };
  /** Extension ids the challenge declares (v2 `extensions` keys; none in v1), sorted. */
  extension_ids: string[];
  /** The keys the offer used, for JSON pointers in evidence. */
  keys: { amount: 'maxAmountRequired' | 'amount'; pay_to: 'payTo' | 'pay_to' };
}

export interface X402PChallenge {
  x402_version: 1 | 2;
  /** Whether x402Version was written or inferred (maxAmountRequired means v1). */
  version_declared: boolean;
  encoding: 'object' | 'header';
  /** v2 resource.url; v1 has one resource per offer. */
  resource_url: string | null;
  extensions: Record<string, unknown>;
  extension_ids: string[];
  offers: X402POffer[];
}

export type X402PResult = { ok: true; challenge: X402PChallenge } | { ok: false; reason: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
const ATOMIC = /^\d{1,78}$/;

/** A lenient view of one accepts entry: every field of either version, each possibly absent or mistyped. */
type LooseRequirements = { [K in keyof (PaymentRequirementsV1 & PaymentRequirements)]?: unknown } & { pay_to?: unknown };

function normalizeOffer(raw: LooseRequirements, index: number, version: 1 | 2, resourceUrl: string | null, extensionIds: string[]): X402POffer {
  const networkRaw = text(raw.network);
  const nd = networkRaw === null ? null : ND(networkRaw);
  const asset = text(raw.asset);
  const amountKey = version === 1 ? 'maxAmountRequired' : 'amount';
  const amountRaw = text(raw[amountKey]);
  const amountAtomic = amountRaw !== null && ATOMIC.test(amountRaw) ? amountRaw : null;
  const usdc = nd !== null && asset !== null && isUsdcOf(nd.network, asset) ? ASSET(nd.network) : null;
  const payToKey = raw.payTo === undefined && raw.pay_to !== undefined ? 'pay_to' : 'payTo';
  const scheme = text(raw.scheme);
  const extra = isObject(raw.extra) ? raw.extra : {};
  const declaredMethod = text(extra.assetTransferMethod);
  const evmExact = nd !== null && nd.network.startsWith('eip155:') && scheme === 'exact';
  const timeout = raw.maxTimeoutSeconds;
  return {
    index,
    x402_version: version,
    scheme,
    network: nd?.network ?? null,
    network_raw: networkRaw,
    network_known: nd?.known ?? false,
    asset,
    asset_symbol: usdc ? 'USDC' : null,
    decimals: usdc?.decimals ?? null,
    amount_raw: amountRaw,
    amount_atomic: amountAtomic,
    amount_decimal: amountAtomic !== null && usdc ? AMT.toDecimal(BigInt(amountAtomic), usdc.decimals) : null,
    pay_to: text(raw[payToKey]),
    max_timeout_seconds: typeof timeout === 'number' && Number.isSafeInteger(timeout) && timeout >= 0 ? timeout : null,
    resource_url: version === 1 ? text(raw.resource) : resourceUrl,
    extra: { name: text(extra.name), version: text(extra.version), assetTransferMethod: declaredMethod ?? (evmExact ? 'eip3009' : null) },
    extension_ids: extensionIds,
    keys: { amount: amountKey, pay_to: payToKey },
  };
}

function decodeHeader(value: string): X402PResult | { ok: true; body: unknown } {
  const trimmed = value.trim();
  if (trimmed.length > X402P_MAX_HEADER_CHARS) return { ok: false, reason: `the header value is longer than ${X402P_MAX_HEADER_CHARS} characters` };
  try {
    return { ok: true, body: decodePaymentRequiredHeader(trimmed) as unknown };
  } catch {
    return { ok: false, reason: 'the header value is not base64-encoded JSON' };
  }
}

/** X402P(x): a challenge (v1 body, v2 object, or base64 PAYMENT-REQUIRED value) to normalized offers. */
export function X402P(challenge: unknown): X402PResult {
  let body = challenge;
  let encoding: X402PChallenge['encoding'] = 'object';
  if (typeof challenge === 'string') {
    const decoded = decodeHeader(challenge);
    if (!('body' in decoded)) return decoded;
    body = decoded.body;
    encoding = 'header';
  }
  if (!isObject(body)) return { ok: false, reason: 'the challenge is not a JSON object' };
  const accepts = body.accepts;
  if (!Array.isArray(accepts) || accepts.length === 0) return { ok: false, reason: 'the challenge has no accepts[] of offers' };
  if (!accepts.every(isObject)) return { ok: false, reason: 'an accepts[] entry is not an object' };
  const declared = body.x402Version === 1 || body.x402Version === 2;
  const version: 1 | 2 = declared ? (body.x402Version as 1 | 2) : accepts.some((offer) => offer.maxAmountRequired !== undefined) ? 1 : 2;
  const resource = version === 2 && isObject(body.resource) ? text(body.resource.url) : null;
  const extensions = version === 2 && isObject(body.extensions) ? body.extensions : {};
  const extensionIds = Object.keys(extensions).sort();
  return {
    ok: true,
    challenge: {
      x402_version: version,
      version_declared: declared,
      encoding,
      resource_url: resource,
      extensions,
      extension_ids: extensionIds,
      offers: accepts.map((offer, i) => normalizeOffer(offer as LooseRequirements, i, version, resource, extensionIds)),
    },
  };
}
