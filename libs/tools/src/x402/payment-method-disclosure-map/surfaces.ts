import { X402_NETWORKS, type DisclosureSurface } from '@paysight/contracts';
import { cardX402Extension } from '../a2a-card.js';
import { ASSET, ND, isJsonObject, isUsdcOf, pointer, textOf, type JsonObject } from '../helpers.js';
import { X402P, type X402PChallenge } from '../x402p.js';

/** One place a surface names a payment method, normalized (network by ND, asset by ASSET). */
export interface Mention {
  surface: DisclosureSurface;
  scheme: string | null;
  network: string;
  networkKnown: boolean;
  asset: string;
  /** False when only a symbol other than the network's USDC (or USDC on a network without a reference row) names the asset. */
  assetIdentified: boolean;
  pointer: string;
  /** The 1-based line of a text surface. */
  line: number | null;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SYMBOL = /^[A-Za-z][A-Za-z0-9.]{0,11}$/;

/**
 * The asset as the matrix keys it: the network's USDC (by address, by the symbol USDC, or unstated,
 * x402's default asset) as the reference address; another address as written (EVM lowercased); any
 * other symbol upper-cased and unidentified.
 */
function canonicalAsset(network: string, asset: string | null): { asset: string; identified: boolean } {
  const usdc = ASSET(network);
  if (asset === null || asset.toUpperCase() === 'USDC') return usdc ? { asset: usdc.address, identified: true } : { asset: asset?.toUpperCase() ?? 'USDC', identified: false };
  if (isUsdcOf(network, asset)) return { asset: usdc!.address, identified: true };
  if (SYMBOL.test(asset) && !EVM_ADDRESS.test(asset)) return { asset: asset.toUpperCase(), identified: false };
  return { asset: EVM_ADDRESS.test(asset) ? asset.toLowerCase() : asset, identified: true };
}

function mention(surface: DisclosureSurface, at: string, scheme: string | null, rawNetwork: string, rawAsset: string | null, line: number | null = null): Mention {
  const nd = ND(rawNetwork);
  const { asset, identified } = canonicalAsset(nd.network, rawAsset);
  return { surface, scheme, network: nd.network, networkKnown: nd.known, asset, assetIdentified: identified, pointer: at, line };
}

/** The challenge by X402P: one mention per offer with a network. */
export function readChallenge(challenge: X402PChallenge, base: string): Mention[] {
  return challenge.offers
    .filter((o) => o.network_raw !== null)
    .map((o) => mention('challenge', challenge.encoding === 'header' ? base : `${base}/accepts/${o.index}`, o.scheme, o.network_raw!, o.asset));
}

/**
 * A payment-bearing object of a structured surface: `accepts` (x402 PaymentRequirements, read by
 * X402P), or flat {scheme, network | networks | x402Network, asset | currency}.
 */
function readPaymentObject(surface: DisclosureSurface, object: JsonObject, at: string): Mention[] {
  if (Array.isArray(object.accepts)) {
    const parsed = X402P({ x402Version: 2, accepts: object.accepts });
    return parsed.ok ? readChallenge(parsed.challenge, at).map((m) => ({ ...m, surface })) : [];
  }
  const scheme = textOf(object.scheme);
  const asset = textOf(object.asset) ?? textOf(object.currency);
  const single = textOf(object.network) ?? textOf(object.x402Network);
  if (single !== null) return [mention(surface, `${at}${pointer(object.network !== undefined ? 'network' : 'x402Network')}`, scheme, single, asset)];
  const networks = Array.isArray(object.networks) ? object.networks : [];
  return networks.flatMap((n, i) => (textOf(n) === null ? [] : [mention(surface, `${at}${pointer('networks', i)}`, scheme, textOf(n)!, asset)]));
}

const objectsAt = (value: unknown, at: string): { object: JsonObject; at: string }[] =>
  Array.isArray(value) ? value.flatMap((v, i) => (isJsonObject(v) ? [{ object: v, at: `${at}/${i}` }] : [])) : isJsonObject(value) ? [{ object: value, at }] : [];

/** Discovery manifest: the root (accepts), its x402 member, and every tools/resources/items entry with its price and x402 members. */
export function readManifest(doc: JsonObject, base: string): Mention[] {
  const places = [{ object: doc, at: base }, ...objectsAt(doc.x402, `${base}/x402`)];
  for (const list of ['tools', 'resources', 'items'] as const) {
    for (const entry of objectsAt(doc[list], `${base}/${list}`)) {
      places.push(entry, ...objectsAt(entry.object.price, `${entry.at}/price`), ...objectsAt(entry.object.x402, `${entry.at}/x402`));
    }
  }
  return places.flatMap((p) => readPaymentObject('discovery_manifest', p.object, p.at));
}

const OPENAPI_PAYMENT_KEYS = ['x-x402', 'x-payment'] as const;

/** OpenAPI: x-x402 / x-payment at the root and on every operation. */
export function readOpenApi(doc: JsonObject, base: string): Mention[] {
  const places: { object: JsonObject; at: string }[] = [];
  const collect = (owner: JsonObject, at: string) => {
    for (const key of OPENAPI_PAYMENT_KEYS) places.push(...objectsAt(owner[key], `${at}${pointer(key)}`));
  };
  collect(doc, base);
  for (const [path, item] of Object.entries(isJsonObject(doc.paths) ? doc.paths : {})) {
    if (!isJsonObject(item)) continue;
    for (const [method, op] of Object.entries(item)) if (isJsonObject(op)) collect(op, `${base}${pointer('paths', path, method)}`);
  }
  return places.flatMap((p) => readPaymentObject('openapi', p.object, p.at));
}

/** A2A card: the methods its a2a-x402 extension params name. */
export function readAgentCard(card: JsonObject, base: string): Mention[] {
  const extension = cardX402Extension(card);
  return (extension?.methods ?? []).map((m) => mention('a2a_agent_card', `${base}${m.pointer}`, m.scheme, m.network, m.asset));
}

/** MCP tools/list: each tool's _meta.price and _meta.x402. */
export function readMcpTools(doc: JsonObject, base: string): Mention[] {
  return objectsAt(doc.tools, `${base}/tools`).flatMap(({ object, at }) => {
    const meta = isJsonObject(object._meta) ? object._meta : {};
    return [...objectsAt(meta.price, `${at}/_meta/price`), ...objectsAt(meta.x402, `${at}/_meta/x402`)].flatMap((p) => readPaymentObject('mcp_tools', p.object, p.at));
  });
}

/** Network names a text may use: each alias, with "-" also written as a space; longest first so "base sepolia" wins over "base". */
const NETWORK_NAMES = new RegExp(
  `\\b(${X402_NETWORKS.map((n) => n.alias)
    .sort((a, b) => b.length - a.length)
    .map((alias) => alias.replace('-', '[\\s-]'))
    .join('|')})\\b`,
  'gi',
);
const USDC_WORD = /\bUSDC\b/i;

/** Prose: every network name on a line that also says USDC. */
export function readText(surface: 'llms_txt' | 'terms_text', text: string, base: string): Mention[] {
  const mentions: Mention[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!USDC_WORD.test(line)) continue;
    for (const match of line.matchAll(NETWORK_NAMES)) mentions.push(mention(surface, base, null, match[1]!.toLowerCase().replace(/\s+/, '-'), 'USDC', i + 1));
  }
  return mentions;
}
