import {
  CACHE_GUARD_FINDINGS,
  CACHE_SERVED_STATUSES,
  HTTP_CACHEABLE_METHODS,
  HTTP_DATE_PATTERNS,
  HTTP_HEURISTICALLY_CACHEABLE_STATUSES,
  SHARED_CACHE_DIRECTIVE_HEADERS,
  SHARED_CACHE_FORBIDDING_DIRECTIVES,
  SHARED_CACHE_LIFETIME_DIRECTIVES,
  SHARED_CACHE_STORABLE_DIRECTIVES,
  X402_PAYMENT_REQUEST_HEADERS,
  X_CACHE_HIT_PATTERN,
  type CacheGuardFindingCode,
  type CatalogEntryOf,
  type RequestOf,
  type ResultOf,
  type SharedCacheDirectiveHeader,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';

type Entry = CatalogEntryOf<'x402_cache_leakage_guard'>;
export type CacheGuardInput = RequestOf<Entry>;
export type CacheGuardResult = ResultOf<Entry>;
type Decision = CacheGuardResult['decision'];
type Exchange = CacheGuardInput['exchanges'][number];
type Finding = CacheGuardResult['findings'][number];
type Fix = CacheGuardResult['fix_headers'][number];

/** Why a response can (or cannot) sit in a shared cache, and which header says so. */
interface Cacheability {
  cacheable: boolean;
  /** explicit: a lifetime, public or Expires; heuristic: Last-Modified without cache directives. */
  freshness: 'explicit' | 'heuristic' | null;
  evidence: string;
  invalidExpires: boolean;
}

/** Cache directives as name → argument (null without one), names lowercased, quoted arguments unquoted. */
function directivesOf(value: string): Map<string, string | null> {
  const directives = new Map<string, string | null>();
  for (const part of value.split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    directives.set(key, rest.length === 0 ? null : rest.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** The directive header a shared cache obeys: the most specific one present (RFC 9213 precedence). */
function governingHeader(exchange: Exchange): { header: SharedCacheDirectiveHeader; directives: Map<string, string | null> } | null {
  for (const header of SHARED_CACHE_DIRECTIVE_HEADERS) {
    const value = exchange.response_headers[header];
    if (value !== undefined) return { header, directives: directivesOf(value) };
  }
  return null;
}

const quoted = (header: string, value: string | undefined) => `${header}: "${value ?? ''}"`;

/** A shared cache's lifetime in seconds from s-maxage, then max-age; null when neither is a number. */
function lifetimeOf(directives: Map<string, string | null>): number | null {
  for (const name of SHARED_CACHE_LIFETIME_DIRECTIVES) {
    const seconds = Number(directives.get(name) ?? Number.NaN);
    if (Number.isInteger(seconds)) return seconds;
  }
  return null;
}

/** RFC 9111 storability for a shared cache, as the sheet's rule 1 states it. */
function cacheabilityOf(exchange: Exchange): Cacheability {
  const headers = exchange.response_headers;
  const governing = governingHeader(exchange);
  const where = governing ? quoted(governing.header, headers[governing.header]) : 'no cache directives';
  const refuse = (evidence: string): Cacheability => ({ cacheable: false, freshness: null, evidence, invalidExpires: false });
  if (!(HTTP_CACHEABLE_METHODS as readonly string[]).includes(exchange.method.toUpperCase())) return refuse(`method ${exchange.method} is not stored`);
  const forbidding = SHARED_CACHE_FORBIDDING_DIRECTIVES.find((name) => governing?.directives.has(name));
  if (forbidding) return refuse(`${where} (${forbidding})`);

  const directives = governing?.directives ?? new Map<string, string | null>();
  const lifetime = lifetimeOf(directives);
  const expires = headers.expires;
  const expiresValid = expires !== undefined && HTTP_DATE_PATTERNS.some((pattern) => pattern.test(expires.trim()));
  const invalidExpires = expires !== undefined && !expiresValid && lifetime === null;
  const explicit = lifetime !== null ? lifetime > 0 : expiresValid || SHARED_CACHE_STORABLE_DIRECTIVES.some((name) => directives.has(name));
  if (explicit) return { cacheable: true, freshness: 'explicit', evidence: expiresValid && lifetime === null && !governing ? quoted('expires', expires) : where, invalidExpires };
  const heuristic = governing === null && headers['last-modified'] !== undefined && HTTP_HEURISTICALLY_CACHEABLE_STATUSES.includes(exchange.status);
  if (heuristic) return { cacheable: true, freshness: 'heuristic', evidence: `${quoted('last-modified', headers['last-modified'])} without cache directives (heuristic freshness)`, invalidExpires };
  return { cacheable: false, freshness: null, evidence: `${where}: no freshness`, invalidExpires };
}

/** Served from a cache: Age > 0, or a hit in x-cache or cf-cache-status. */
function servedFromCache(exchange: Exchange): string | null {
  const headers = exchange.response_headers;
  const age = Number(headers.age?.trim() ?? '');
  if (Number.isInteger(age) && age > 0) return quoted('age', headers.age);
  if (headers['x-cache'] !== undefined && X_CACHE_HIT_PATTERN.test(headers['x-cache'])) return quoted('x-cache', headers['x-cache']);
  const cf = headers['cf-cache-status']?.trim().toLowerCase();
  if (cf !== undefined && (CACHE_SERVED_STATUSES as readonly string[]).includes(cf)) return quoted('cf-cache-status', headers['cf-cache-status']);
  return null;
}

function varyCoversPayment(vary: string | undefined): boolean {
  const names = (vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  return names.includes('*') || X402_PAYMENT_REQUEST_HEADERS.some((name) => names.includes(name));
}

/** The sheet's findings for one exchange, with their evidence. */
function exchangeFindings(exchange: Exchange, cache: Cacheability, paidPaths: ReadonlyMap<string, string>): [CacheGuardFindingCode, string][] {
  const found: [CacheGuardFindingCode, string][] = [];
  if (cache.cacheable && exchange.paid) found.push(['PAID_SHARED_CACHEABLE', cache.evidence]);
  if (cache.cacheable && exchange.payment_response_present) found.push(['RECEIPT_CACHEABLE', `${cache.evidence}; PAYMENT-RESPONSE present`]);
  if (cache.cacheable && exchange.paid && !varyCoversPayment(exchange.response_headers.vary)) found.push(['VARY_MISSING', exchange.response_headers.vary === undefined ? 'no vary header' : quoted('vary', exchange.response_headers.vary)]);
  const paidIn = paidPaths.get(exchange.path_label);
  const served = servedFromCache(exchange);
  if (!exchange.paid && exchange.status >= 200 && exchange.status < 300 && served !== null && paidIn !== undefined) found.push(['OBSERVED_LEAK', `${served} on an unpaid ${exchange.status}; the path is paid in exchange ${paidIn}`]);
  if (cache.cacheable && exchange.status === 402) found.push(['CHALLENGE_CACHEABLE', cache.evidence]);
  if (cache.cacheable && exchange.set_cookie_present) found.push(['SETCOOKIE_CACHEABLE', `${cache.evidence}; Set-Cookie present`]);
  return found;
}

const SEVERITY_RANK = { critical: 0, high: 1, medium: 2 } as const;
const CODE_RANK = new Map(Object.keys(CACHE_GUARD_FINDINGS).map((code, i) => [code, i]));

/** The response headers that close the findings; the CDN-specific ones only when the exchanges use those headers. */
const FIXES: readonly (Omit<Fix, 'fixes'> & { fixes: readonly CacheGuardFindingCode[]; onlyWith?: SharedCacheDirectiveHeader })[] = [
  { applies_to: 'paid responses and any response carrying PAYMENT-RESPONSE', header: 'Cache-Control', value: 'private, no-store', fixes: ['PAID_SHARED_CACHEABLE', 'RECEIPT_CACHEABLE', 'OBSERVED_LEAK'] },
  { applies_to: 'paid responses and any response carrying PAYMENT-RESPONSE', header: 'CDN-Cache-Control', value: 'no-store', fixes: ['PAID_SHARED_CACHEABLE', 'RECEIPT_CACHEABLE', 'OBSERVED_LEAK'], onlyWith: 'cdn-cache-control' },
  { applies_to: 'paid responses and any response carrying PAYMENT-RESPONSE', header: 'Surrogate-Control', value: 'no-store', fixes: ['PAID_SHARED_CACHEABLE', 'RECEIPT_CACHEABLE', 'OBSERVED_LEAK'], onlyWith: 'surrogate-control' },
  { applies_to: 'paid responses a cache may still store', header: 'Vary', value: 'PAYMENT-SIGNATURE, X-PAYMENT', fixes: ['VARY_MISSING'] },
  { applies_to: '402 challenges', header: 'Cache-Control', value: 'no-store', fixes: ['CHALLENGE_CACHEABLE'] },
  { applies_to: 'responses that set a cookie', header: 'Cache-Control', value: 'private', fixes: ['SETCOOKIE_CACHEABLE'] },
];

function fixHeaders(codes: ReadonlySet<CacheGuardFindingCode>, exchanges: readonly Exchange[]): Fix[] {
  const used = new Set(exchanges.flatMap((exchange) => SHARED_CACHE_DIRECTIVE_HEADERS.filter((header) => exchange.response_headers[header] !== undefined)));
  return FIXES.filter((fix) => fix.fixes.some((code) => codes.has(code)) && (fix.onlyWith === undefined || used.has(fix.onlyWith))).map(({ applies_to, header, value, fixes }) => ({
    applies_to,
    header,
    value,
    fixes: fixes.filter((code) => codes.has(code)),
  }));
}

const NEXT_ACTION: Record<Decision, string> = {
  leaking: 'A cache served a paid response to an unpaid caller: purge the CDN for the listed paths now, then send the fix headers on every paid response and capture again.',
  at_risk: 'Send the fix headers on paid responses and receipts (no-store for shared caches, Vary on the payment header) before a cache serves them to unpaid callers; capture again to confirm.',
  sealed: 'No shared cache can store paid responses in these captures; capture again after any CDN or header change.',
};

const LIMITATIONS = [
  'Only the captured response headers were read: CDN rules that override origin headers (cache-everything, edge TTLs) and request headers such as Authorization or Cache-Control were not seen.',
  'Expires is taken as explicit freshness when it parses as a date: without the response Date, its distance in time is unknown.',
];

function decisionOf(findings: readonly Finding[]): Decision {
  if (findings.some((finding) => finding.code === 'OBSERVED_LEAK')) return 'leaking';
  return findings.some((finding) => finding.severity !== 'medium') ? 'at_risk' : 'sealed';
}

/** x402-cache-leakage-guard (design sheet §35): RFC 9111 shared-cache storability per exchange, the findings, per-path view and fix headers. */
export function analyzeCacheLeakage(input: CacheGuardInput): ToolOutput<CacheGuardResult> {
  const paidPaths = new Map<string, string>();
  for (const exchange of input.exchanges) if (exchange.paid && !paidPaths.has(exchange.path_label)) paidPaths.set(exchange.path_label, exchange.exchange_id);

  const groups = new Map<string, Finding & { first: number }>();
  const paths = new Map<string, CacheGuardResult['per_path'][number] & { hasPaid: boolean; hasUnpaid: boolean }>();
  const invalidExpires: string[] = [];
  for (const [index, exchange] of input.exchanges.entries()) {
    const cache = cacheabilityOf(exchange);
    if (cache.invalidExpires) invalidExpires.push(exchange.exchange_id);
    const found = exchangeFindings(exchange, cache, paidPaths);
    for (const [code, evidence] of found) {
      const key = `${code}\u0000${exchange.path_label}`;
      const group = groups.get(key);
      if (group) group.exchange_ids.push(exchange.exchange_id);
      else groups.set(key, { code, severity: CACHE_GUARD_FINDINGS[code], path_label: exchange.path_label, exchange_ids: [exchange.exchange_id], header_evidence: evidence, first: index });
    }
    const path = paths.get(exchange.path_label) ?? { path_label: exchange.path_label, paid: false, shared_cacheable: false, leak_observed: false, hasPaid: false, hasUnpaid: false };
    path.paid ||= exchange.paid;
    path.shared_cacheable ||= cache.cacheable;
    path.leak_observed ||= found.some(([code]) => code === 'OBSERVED_LEAK');
    path[exchange.paid ? 'hasPaid' : 'hasUnpaid'] = true;
    paths.set(exchange.path_label, path);
  }

  const ordered = [...groups.values()].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || CODE_RANK.get(a.code)! - CODE_RANK.get(b.code)! || a.first - b.first);
  const findings = ordered.map(({ first: _first, ...finding }) => finding);
  const decision = decisionOf(findings);
  const pathList = [...paths.values()];
  const confidence = pathList.every((path) => path.hasPaid && path.hasUnpaid) ? 'high' : 'medium';
  const codes = new Set(findings.map((finding) => finding.code));
  const flags = new Set([...codes].map((code) => code.toLowerCase()));
  const limitations = [...LIMITATIONS];
  if (invalidExpires.length > 0) {
    flags.add('invalid_expires');
    limitations.push(`Expires did not parse as a date (read as already expired) in exchange(s) ${invalidExpires.slice(0, 10).join(', ')}${invalidExpires.length > 10 ? ', …' : ''}.`);
  }
  if (confidence === 'medium') limitations.push('Some paths lack a paid or an unpaid exchange, so a leak on them could not be observed.');

  const cacheablePaths = pathList.filter((path) => path.shared_cacheable).length;
  const summary = `${decision}: ${input.exchanges.length} exchange(s) on ${pathList.length} path(s); ${cacheablePaths} path(s) shared-cacheable; ${findings.length} finding(s)${findings.length > 0 ? `, first ${findings[0]!.code} on ${findings[0]!.path_label}` : ''}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { findings, per_path: pathList.map(({ path_label, paid, shared_cacheable, leak_observed }) => ({ path_label, paid, shared_cacheable, leak_observed })), fix_headers: fixHeaders(codes, input.exchanges) },
  );
}
