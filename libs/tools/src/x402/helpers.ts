import { X402_NETWORKS, X402_USDC, fingerprint, type X402UsdcAsset } from '@paysight/contracts';

/**
 * The shared helpers of the x402-* family (design sheet §0, "Shared helpers"): parsing and
 * normalization only. Every tool's decision logic is its own.
 */

/** HASH(x): "sha256:" + hex SHA-256 of the RFC 8785 (JCS) form of x (the service's one canonicalizer). */
export const HASH = (value: unknown): string => fingerprint(value);

const ALIASES: ReadonlyMap<string, string> = new Map(X402_NETWORKS.map((n) => [n.alias, n.caip2]));
const CAIP2: ReadonlySet<string> = new Set(X402_NETWORKS.map((n) => n.caip2));

/** ND(n): a v1 alias or core chain name to CAIP-2; a known CAIP-2 id as is; anything else verbatim, with known false (flag unknown_network). */
export function ND(network: string): { network: string; known: boolean } {
  const trimmed = network.trim();
  const alias = ALIASES.get(trimmed.toLowerCase());
  if (alias) return { network: alias, known: true };
  return { network: trimmed, known: CAIP2.has(trimmed) };
}

/** ASSET: the USDC of a CAIP-2 network, or null where the reference data has no verified row. */
export function ASSET(caip2: string): X402UsdcAsset | null {
  return X402_USDC[caip2] ?? null;
}

/** True when `address` is the USDC of `caip2` (EVM addresses compare case-insensitively, Solana mints exactly). */
export function isUsdcOf(caip2: string, address: string): boolean {
  const usdc = ASSET(caip2);
  if (!usdc) return false;
  return caip2.startsWith('eip155:') ? usdc.address.toLowerCase() === address.trim().toLowerCase() : usdc.address === address.trim();
}

/** The comparison key of an address: EVM addresses compare case-insensitively, other forms (Solana) exactly. */
export const addressKey = (address: string): string => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

/** Reading free-form third-party documents (catalogs, manifests, tool lists, cards). */
export type JsonObject = Record<string, unknown>;
export const isJsonObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
/** A non-blank string (trimmed) or a finite number as a string; null for anything else. */
export const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** The path of a URL or of a root-relative path (query and fragment dropped); null when neither. */
export function pathOf(value: string): string | null {
  if (value.startsWith('/') && !value.startsWith('//')) return value.replace(/[?#].*$/, '');
  try {
    return new URL(value).pathname;
  } catch {
    return null;
  }
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** AMT: amount parsing and formatting with BigInt only. */
export const AMT = {
  /** A non-negative decimal string to atomic units, or null when it is not one or has more fraction digits than `decimals`. */
  toAtomic(decimal: string, decimals = 6): bigint | null {
    const match = DECIMAL.exec(decimal.trim());
    if (!match) return null;
    const [, whole, fraction = ''] = match;
    if (fraction.length > decimals) return null;
    return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  },
  /** Atomic units to the canonical decimal: no leading zeros, no trailing fraction zeros ("0.01", "1"). */
  toDecimal(atomic: bigint, decimals = 6): string {
    if (atomic < 0n) throw new RangeError('AMT: negative amount');
    const scale = 10n ** BigInt(decimals);
    const whole = atomic / scale;
    const fraction = (atomic % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : whole.toString();
  },
  /** The canonical form of a decimal string ("0.010" → "0.01"), or null when it is not one within `decimals`. */
  canonical(decimal: string, decimals = 6): string | null {
    const atomic = AMT.toAtomic(decimal, decimals);
    return atomic === null ? null : AMT.toDecimal(atomic, decimals);
  },
  /** numerator / denominator (both non-negative) with `places` decimal places, rounded half-even, as a decimal string ("0.3333"). */
  ratio(numerator: bigint, denominator: bigint, places = 4): string {
    if (denominator <= 0n || numerator < 0n) throw new RangeError('AMT: ratio needs a non-negative numerator and a positive denominator');
    const scaled = numerator * 10n ** BigInt(places);
    let quotient = scaled / denominator;
    const twiceRemainder = (scaled % denominator) * 2n;
    if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) quotient += 1n;
    const [whole, fraction = ''] = AMT.toDecimal(quotient, places).split('.');
    return places === 0 ? whole! : `${whole}.${fraction.padEnd(places, '0')}`;
  },
};

export type LabelVerdict = { safe: true } | { safe: false; reason: string };

function ipv4Private(host: string): boolean {
  const parts = host.split('.').map(Number);
  const [a, b] = parts as [number, number];
  return (
    a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)
  );
}

function ipv6Private(host: string): boolean {
  const h = host.toLowerCase();
  if (h === '::1' || h === '::') return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return ipv4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(h.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/**
 * LABEL(url): whether a caller-supplied URL is a safe label (https, no userinfo, not a local or
 * private host, ≤2048 chars). It only classifies the text; nothing is resolved or contacted.
 * WHATWG URL parsing normalizes IPv4 spellings (2130706433, 0x7f.1) to dotted form first.
 */
export function LABEL(url: string): LabelVerdict {
  if (url.length > 2048) return { safe: false, reason: 'longer than 2048 characters' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { safe: false, reason: 'not an absolute URL' };
  }
  if (parsed.protocol !== 'https:') return { safe: false, reason: 'not https' };
  if (parsed.username || parsed.password) return { safe: false, reason: 'carries user information' };
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || /\.(localhost|local|internal)$/.test(host)) return { safe: false, reason: 'a local or internal host name' };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) && ipv4Private(host)) return { safe: false, reason: 'a loopback, private, link-local or shared-address IPv4 literal' };
  if (host.startsWith('[') && ipv6Private(host.slice(1, -1))) return { safe: false, reason: 'a loopback, unique-local or link-local IPv6 literal' };
  return { safe: true };
}

/** Time: the caller's as_of when given (echoed so a replay reproduces the answer), else the request time. */
export function resolveAsOf(asOf: string | undefined, now: Date): { at: Date; as_of: string } {
  const at = asOf === undefined ? now : new Date(asOf);
  return { at, as_of: at.toISOString() };
}

/** Time for tools whose times are unix seconds: the caller's as_of (seconds) when given, else the request time floored to the second; echoed as a date-time. */
export function resolveAsOfSeconds(asOf: number | undefined, now: Date): { seconds: number; as_of: string } {
  const seconds = asOf ?? Math.floor(now.getTime() / 1000);
  return { seconds, as_of: new Date(seconds * 1000).toISOString() };
}

/** How often each value occurs, in the order of `order`, leaving out what does not occur. */
export function tally<K>(order: readonly K[], values: Iterable<K>): { key: K; count: number }[] {
  const counts = new Map<K, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return order.filter((key) => counts.has(key)).map((key) => ({ key, count: counts.get(key)! }));
}

/** Nearest-rank percentile: the value at rank ceil(p·n) of the ascending values (p in (0, 1]); null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 1)) throw new RangeError('percentile: p must be in (0, 1]');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

/** The bigint twin of `percentile`, for atomic amounts. */
export function percentileBig(values: readonly bigint[], p: number): bigint | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 1)) throw new RangeError('percentile: p must be in (0, 1]');
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

/** RFC 6901 JSON pointer of a path. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** snake_case flags, sorted by code unit and unique (the envelope's rule). */
export function riskFlags(flags: Iterable<string>): string[] {
  return [...new Set(flags)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
