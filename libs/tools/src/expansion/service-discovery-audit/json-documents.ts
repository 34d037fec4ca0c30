import type { DiscoveryDocumentKind } from '@paysight/contracts';
import { atomicAmount, decimalAmount, isObject, readRequirement, textOf, type JsonObject, type StatedAmount, type X402Offer } from '../x402-terms.js';
import { locate, networkTerms, type Declaration, type Terms } from './declarations.js';

/**
 * Paid resources declared in a JSON discovery document, whatever its dialect: x402 resource lists
 * (v1 and v2 `accepts`), Bazaar listings, single 402 PaymentRequired objects, agent manifests and
 * /.well-known/ai (tools and resources with an endpoint and a price), MCP discovery documents (tools
 * whose `_meta` names an endpoint and a price). docs/tools/expansion.md lists the fields read.
 */

/** Members never read: JSON Schemas, examples and extension declarations describe requests, not paid resources. */
const SKIPPED = new Set(['inputSchema', 'outputSchema', 'schema', 'properties', '$defs', 'definitions', 'examples', 'example', 'extensions']);
const LOCATION_KEYS = ['resource', 'url', 'endpoint', 'x402Endpoint', 'href', 'path', 'uri'] as const;
const META_LOCATION_KEYS = ['x402Endpoint', 'endpoint', 'x402Resource', 'resource'] as const;
const SYMBOL = /^[A-Za-z]{2,10}$/;

const payeeOf = (o: JsonObject) => textOf(o.payTo ?? o.payee ?? o.recipient ?? o.pay_to)?.toLowerCase() ?? null;
const networkOf = (o: JsonObject) => textOf(o.caip2Network ?? o.x402Network ?? o.network);

/** An `asset` member is a contract address or a symbol (USDC); a symbol is read as the currency. */
function assetOrSymbol(o: JsonObject): Pick<Terms, 'asset' | 'currency'> {
  const asset = textOf(o.asset);
  const currency = textOf(o.currency ?? o.symbol ?? o.settlementCurrency)?.toUpperCase() ?? null;
  if (asset && SYMBOL.test(asset)) return { asset: null, currency: currency ?? asset.toUpperCase() };
  return { asset: asset?.toLowerCase() ?? null, currency };
}

/** What the document states once for all its resources: top-level members and its x402 / payment sections. */
export function documentTerms(document: JsonObject, serviceUrl: string): Terms & { base: string } {
  const sources = [document.x402, document.payment, document.payments, document.pricing, document].filter(isObject);
  const first = <T>(read: (o: JsonObject) => T | null): T | null => sources.reduce<T | null>((found, o) => found ?? read(o), null);
  const baseText = textOf(document.apiBaseUrl ?? document.baseUrl ?? document.base_url);
  const base = baseText && locate(baseText, serviceUrl) ? baseText : serviceUrl;
  return { base, network: first(networkOf), currency: first((o) => assetOrSymbol(o).currency), asset: first((o) => assetOrSymbol(o).asset), payTo: first(payeeOf) };
}

function locationOf(o: JsonObject): string | null {
  for (const key of LOCATION_KEYS) {
    const value = o[key];
    const text = textOf(value) ?? (isObject(value) ? textOf(value.url) : null);
    if (text) return text;
  }
  const meta = o._meta;
  if (isObject(meta)) for (const key of META_LOCATION_KEYS) if (textOf(meta[key])) return textOf(meta[key]);
  return null;
}

/** A price as a member states it: a decimal (0.01, "$0.01", "0.01 USDC") or an object with an amount and maybe currency, network, asset, payee. */
interface StatedPrice extends Partial<Terms> {
  amount: StatedAmount | null;
}

function priceOf(value: unknown): StatedPrice | null {
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    return { amount: decimalAmount(text), currency: /usdc/i.test(text) ? 'USDC' : /\$|usd/i.test(text) ? 'USD' : null };
  }
  if (!isObject(value)) return null;
  // Paysight's offer form: `amount` in units next to `amountDecimal`; elsewhere a price's `amount` is a decimal.
  const amount =
    value.amountDecimal !== undefined
      ? decimalAmount(value.amountDecimal)
      : (value.amountAtomic ?? value.atomicAmount) !== undefined
        ? atomicAmount(value.amountAtomic ?? value.atomicAmount)
        : decimalAmount(value.amount ?? value.value ?? value.price ?? value.usd);
  if (!amount) return null;
  return { amount, network: networkOf(value), payTo: payeeOf(value), ...assetOrSymbol(value) };
}

function requirementsOf(o: JsonObject): X402Offer[] {
  const meta = isObject(o._meta) ? o._meta : null;
  const lists = [o.accepts, o.paymentRequirements, isObject(meta?.x402) ? meta.x402.accepts : undefined];
  const list = lists.find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).map(readRequirement).filter((r): r is X402Offer => r !== null);
}

/** An object that is itself one x402 requirement (a v1 `accepts` entry found alone, with its own resource). */
const isRequirement = (o: JsonObject) => (o.maxAmountRequired !== undefined || o.amount !== undefined) && (o.payTo !== undefined || o.scheme !== undefined);

interface Context {
  kind: DiscoveryDocumentKind;
  terms: Terms & { base: string };
}

/** The declarations an object makes, or null when it declares no paid resource (its members are then searched). */
function declarationsOf(o: JsonObject, at: string, section: string, context: Context): Declaration[] | null {
  const { terms } = context;
  const location = locationOf(o);
  const method = textOf(o.method ?? (isObject(o._meta) ? o._meta.method : undefined))?.toUpperCase() ?? null;
  const own = { network: networkOf(o), payTo: payeeOf(o), ...assetOrSymbol(o) };
  const build = (raw: string, stated: StatedPrice, where: string): Declaration | null => {
    const place = locate(raw, terms.base);
    if (!place) return null;
    const network = stated.network ?? own.network ?? terms.network;
    return {
      document: context.kind,
      at: where,
      section,
      ...place,
      method,
      amount: stated.amount,
      currency: stated.currency ?? own.currency ?? terms.currency,
      asset: stated.asset ?? own.asset ?? terms.asset,
      ...networkTerms(network),
      payTo: stated.payTo ?? own.payTo ?? terms.payTo,
    };
  };

  const requirements = isRequirement(o) ? [readRequirement(o)!] : requirementsOf(o);
  if (requirements.length > 0) {
    const rows = requirements
      .map((r, i) => {
        const raw = r.resource ?? location;
        const where = isRequirement(o) ? at : `${at}/accepts/${i}`;
        return raw ? build(raw, { amount: r.amount, network: r.network, asset: r.asset, payTo: r.payTo }, where) : null;
      })
      .filter((d): d is Declaration => d !== null);
    return rows.length > 0 ? rows : null;
  }
  if (!location) return null;
  const meta = isObject(o._meta) ? o._meta : null;
  const stated = [o.price, o.pricing, meta?.price, meta?.x402Price].map(priceOf).find((p) => p !== null);
  if (!stated) return null;
  const row = build(location, stated, at);
  return row ? [row] : null;
}

const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every declaration of one JSON document, in document order. One pass over the document (an explicit
 * stack, so nesting depth costs no call stack): an object that declares a paid resource is read and
 * not searched further; any other object and array is searched. O(nodes).
 */
export function jsonDeclarations(kind: DiscoveryDocumentKind, document: JsonObject, serviceUrl: string): Declaration[] {
  const context: Context = { kind, terms: documentTerms(document, serviceUrl) };
  const found: Declaration[] = [];
  const stack: [unknown, string, string][] = [[document, '', '']];
  while (stack.length > 0) {
    const [node, at, section] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}/${i}`, at]);
      continue;
    }
    if (!isObject(node)) {
      // An x402 resource list may name its resources by URL only: declared, without terms.
      const url = kind === 'x402' && section.endsWith('/resources') ? textOf(node) : null;
      const place = url ? locate(url, context.terms.base) : null;
      if (place) found.push({ document: kind, at, section, ...place, method: null, amount: null, currency: null, asset: null, network: null, caip2: null, payTo: null });
      continue;
    }
    const declared = declarationsOf(node, at, section, context);
    if (declared) {
      found.push(...declared);
      continue;
    }
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i]!;
      const child = `${at}/${pointerKey(key)}`;
      if (!SKIPPED.has(key) && value !== null && typeof value === 'object') stack.push([value, child, child]);
    }
  }
  return found;
}
