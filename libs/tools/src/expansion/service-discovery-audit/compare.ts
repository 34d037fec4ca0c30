import { DISCOVERY_DOCUMENT_KINDS, type DiscoveryDocumentKind } from '@paysight/contracts';
import { usdc } from '../../ext/verdict.js';
import { networkLabel, registryUsdc } from '../x402-terms.js';
import type { Declaration } from './declarations.js';
import { Findings } from './findings.js';

/** What the caller expects, normalized; null where it expects nothing. */
export interface Expectations {
  path: string | null;
  /** Micro-USDC, for the expected path. */
  amount: bigint | null;
  currency: 'USDC' | null;
  /** CAIP-2 id, or the network as given when it is none this reader knows; for every path. */
  network: string | null;
}

export type ByDocument = ReadonlyMap<DiscoveryDocumentKind, readonly Declaration[]>;

const UNIT_RATIOS: readonly [bigint, string, string][] = [
  [1_000_000n, 'price_unit_confusion', 'a factor of 10^6 apart: one side is in micro-USDC units where the other is in USDC'],
  [1_000_000_000_000n, 'price_decimals_confusion', 'a factor of 10^12 apart: an amount scaled with 18 decimals where USDC has 6'],
];

const money = (atomic: bigint) => `${usdc(atomic)} USDC`;
const networkOf = (d: Declaration) => d.caip2 ?? d.network;
const networkText = (network: string) => (networkLabel(network) === network ? network : `${networkLabel(network)} (${network})`);
/** $ and USD prices are read as USDC: x402 services price in dollars and settle in USDC. */
const currencyOf = (d: Declaration) => (d.currency === 'USD' ? 'USDC' : d.currency);
const amountText = (d: Declaration) => (d.amount?.atomic == null ? null : d.amount.field === 'atomic' ? `${money(d.amount.atomic)} (${d.amount.raw} in units)` : money(d.amount.atomic));

/** The value most documents state; a tie goes to the more authoritative document (x402, manifest, ai, mcp, llms.txt). */
function consensus(values: readonly (readonly [DiscoveryDocumentKind, string])[]): string {
  const counts = new Map<string, number>();
  for (const [, value] of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0]![1];
  for (const [value, count] of counts) if (count > counts.get(best)!) best = value;
  return best;
}

/** Hosts are related when they share their last two labels (api.example.com, example.com); an IP address only with itself. */
function parentDomain(host: string): string {
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return host;
  return host.split('.').slice(-2).join('.');
}

function routingFinding(origin: string, service: URL): { code: string; severity: 'high' | 'medium'; why: string } | null {
  if (origin === service.origin) return null;
  const url = new URL(origin);
  if (parentDomain(url.hostname) !== parentDomain(service.hostname)) return { code: 'resource_on_foreign_host', severity: 'high', why: 'a host unrelated to the service: a buyer following this document pays and calls someone else' };
  if (service.protocol === 'https:' && url.protocol === 'http:') return { code: 'resource_not_https', severity: 'high', why: 'plain http while the service is https: the 402 offer (payee included) can be altered in transit' };
  return { code: 'resource_on_related_origin', severity: 'medium', why: 'another host, port or scheme of the service\'s own domain' };
}

/** Checks of each document on its own: amounts it states, repeats, where its resources live, networks it names. */
function documentChecks(kind: DiscoveryDocumentKind, rows: readonly Declaration[], service: URL, findings: Findings): void {
  const groups = new Map<string, Declaration[]>();
  for (const d of rows) {
    if (d.amount?.decimalInAtomicField) {
      findings.add({ code: 'atomic_amount_not_integer', severity: 'high', path: d.path, documents: [kind], expected: 'an integer of token units', observed: d.amount.raw, explanation: `${kind} ${d.at} states the decimal "${d.amount.raw}" in an x402 amount field, which counts token units (0.01 USDC is "10000"); a client reading it as units pays another amount or fails.` });
    } else if (d.amount && d.amount.atomic === null) {
      findings.add({ code: 'price_unreadable', severity: 'medium', path: d.path, documents: [kind], expected: 'a decimal or unit amount', observed: d.amount.raw, explanation: `${kind} ${d.at} states a price that is not a number of USDC with at most six decimals.` });
    }
    if (!d.amount) findings.add({ code: 'unpriced_declaration', severity: 'low', path: d.path, documents: [kind], expected: null, observed: null, explanation: `${kind} lists ${d.path} without payment terms; its price can be compared only where another document states one.` });
    if (d.network && !d.caip2) findings.add({ code: 'network_unrecognized', severity: 'low', path: d.path, documents: [kind], expected: null, observed: d.network, explanation: `${kind} names the network "${d.network}", which is neither a CAIP-2 id nor a network name this audit knows; it is compared as written.` });
    const route = routingFinding(d.origin, service);
    if (route) findings.add({ code: route.code, severity: route.severity, path: d.path, documents: [kind], expected: service.origin, observed: d.origin, explanation: `${kind} declares ${d.url} on ${d.origin}, ${route.why}.` });
    const key = [d.path, d.method ?? '', networkOf(d) ?? ''].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const terms = (d: Declaration) => [d.amount?.atomic ?? d.amount?.raw ?? '', d.asset ?? '', d.payTo ?? ''].join(' ');
    const first = group[0]!;
    const other = group.find((d) => terms(d) !== terms(first));
    if (other) {
      findings.add({ code: 'conflicting_declarations', severity: 'high', path: first.path, documents: [kind], expected: `${first.at}: ${amountText(first) ?? 'no price'}, payee ${first.payTo ?? 'unstated'}`, observed: `${other.at}: ${amountText(other) ?? 'no price'}, payee ${other.payTo ?? 'unstated'}`, explanation: `${kind} declares ${first.path} more than once with different terms; a client may take either.` });
    } else if (new Set(group.map((d) => d.section)).size < group.length) {
      findings.add({ code: 'duplicate_declaration', severity: 'medium', path: first.path, documents: [kind], expected: null, observed: group.map((d) => d.at).join(', '), explanation: `${kind} lists ${first.path} ${group.length} times in the same list, with the same terms.` });
    }
  }
}

interface Term {
  read(d: Declaration): string | null;
  text(value: string): string;
  /** The finding code when a document's value differs from the reference (from the expectation or not). */
  code(reference: string, value: string, expected: boolean): { code: string; why: string };
  severity: 'high' | 'medium';
}

const amountTerm: Term = {
  read: (d) => (d.amount?.atomic == null ? null : d.amount.atomic.toString()),
  text: (value) => money(BigInt(value)),
  code: (reference, value, expected) => {
    const [a, b] = [BigInt(reference), BigInt(value)];
    const unit = UNIT_RATIOS.find(([ratio]) => a * ratio === b || b * ratio === a);
    if (unit) return { code: unit[1], why: `the two prices are ${unit[2]}` };
    return { code: 'price_mismatch', why: expected ? 'the price differs from the expected one' : 'the price differs from what the other documents state' };
  },
  severity: 'high',
};
const currencyTerm: Term = { read: currencyOf, text: (v) => v, code: () => ({ code: 'currency_mismatch', why: 'the price is in another currency' }), severity: 'high' };
const payeeTerm: Term = { read: (d) => d.payTo, text: (v) => v, code: () => ({ code: 'payee_mismatch', why: 'the payment goes to another address' }), severity: 'high' };
const methodTerm: Term = { read: (d) => d.method, text: (v) => v, code: () => ({ code: 'method_mismatch', why: 'the HTTP method differs' }), severity: 'medium' };

/** A reference value the documents must state, and what it comes from. */
interface Expectation {
  value: string;
  source: string;
}

const fromRequest = (value: string | null): Expectation | null => (value === null ? null : { value, source: 'the expectation' });

/**
 * Compares one term of a path across the documents' offers: each document's value against the
 * expectation when there is one, else against the value most documents state.
 */
function compareTerm(path: string, offers: ReadonlyMap<DiscoveryDocumentKind, Declaration>, term: Term, expectation: Expectation | null, findings: Findings): void {
  const values = [...offers].flatMap(([kind, d]) => {
    const value = term.read(d);
    return value === null ? [] : [[kind, value] as const];
  });
  if (values.length === 0 || (expectation === null && values.length < 2)) return;
  const reference = expectation?.value ?? consensus(values);
  const from = expectation?.source ?? 'the other documents';
  for (const [kind, value] of values) {
    if (value === reference) continue;
    const { code, why } = term.code(reference, value, expectation !== null);
    findings.add({ code, severity: term.severity, path, documents: [kind], expected: term.text(reference), observed: term.text(value), explanation: `${kind} states ${term.text(value)} for ${path}, against ${term.text(reference)} from ${from}: ${why}.` });
  }
}

/** Per path, across documents: network, price, currency, asset, payee and method, and whether the expectation's price is stated. */
function pathChecks(path: string, docs: ReadonlyMap<DiscoveryDocumentKind, readonly Declaration[]>, expected: Expectations, findings: Findings): void {
  const stated = [...docs].flatMap(([kind, rows]) => {
    const network = rows.map(networkOf).find((n) => n !== null);
    return network ? [[kind, network] as const] : [];
  });
  const network = expected.network ?? (stated.length ? consensus(stated) : null);
  const offers = new Map<DiscoveryDocumentKind, Declaration>();
  for (const [kind, rows] of docs) {
    const networks = [...new Set(rows.map(networkOf).filter((n): n is string => n !== null))];
    if (network !== null && networks.length > 0 && !networks.includes(network)) {
      const from = expected.network !== null ? 'the expected network' : 'the network the other documents state';
      findings.add({ code: 'network_mismatch', severity: 'high', path, documents: [kind], expected: networkText(network), observed: networks.map(networkText).join(', '), explanation: `${kind} offers ${path} on ${networks.map(networkText).join(', ')}, not on ${from}, ${networkText(network)}.` });
      continue;
    }
    offers.set(kind, rows.find((d) => networkOf(d) === network) ?? rows[0]!);
  }
  const isExpected = path === expected.path;
  compareTerm(path, offers, amountTerm, fromRequest(isExpected && expected.amount !== null ? expected.amount.toString() : null), findings);
  compareTerm(path, offers, currencyTerm, fromRequest(expected.currency), findings);
  const usdcAsset = expected.currency ? registryUsdc(network) : null;
  const assetTerm: Term = {
    read: (d) => d.asset,
    text: (v) => v,
    code: () => (usdcAsset ? { code: 'asset_not_usdc', why: 'the asset is not the canonical USDC contract of the network, so the buyer would pay another token' } : { code: 'asset_mismatch', why: 'the asset contract differs' }),
    severity: 'high',
  };
  compareTerm(path, offers, assetTerm, usdcAsset ? { value: usdcAsset, source: 'the canonical USDC contract of this network' } : null, findings);
  if (expected.currency && network && !usdcAsset && [...offers.values()].some((d) => d.asset)) {
    findings.add({ code: 'asset_unverified', severity: 'low', path, documents: [...offers.keys()].filter((k) => offers.get(k)!.asset), expected: null, observed: networkText(network), explanation: `${networkText(network)} is outside Paysight's chain registry: its asset could be compared between documents but not checked to be USDC.` });
  }
  compareTerm(path, offers, payeeTerm, null, findings);
  compareTerm(path, offers, methodTerm, null, findings);
  if (isExpected && expected.amount !== null && ![...offers.values()].some((d) => d.amount?.atomic != null)) {
    findings.add({ code: 'expected_price_not_declared', severity: 'low', path, documents: [...offers.keys()], expected: money(expected.amount), observed: null, explanation: `No document states a price for ${path}, so the expected price could not be checked.` });
  }
}

/** Near misses for a path no document declares: the same path in another letter case. */
function nearMiss(path: string, paths: Iterable<string>): string | null {
  const lower = path.toLowerCase();
  for (const p of paths) if (p.toLowerCase() === lower) return p;
  return null;
}

export interface Comparison {
  findings: Findings;
  /** Documents with at least one declaration, in authority order. */
  checked: DiscoveryDocumentKind[];
  paths: number;
  /** Paths declared by two documents or more. */
  pathsCompared: number;
}

/**
 * The audit's rules (docs/tools/expansion.md): each document on its own, then a hash join of every
 * declaration on its normalized path and the checks per path across documents. O(D log D) for D
 * declarations (one map insertion each, then the paths sorted for a stable order).
 */
export function compareDeclarations(byDocument: ByDocument, supplied: readonly DiscoveryDocumentKind[], service: URL, expected: Expectations): Comparison {
  const findings = new Findings();
  const checked = DISCOVERY_DOCUMENT_KINDS.filter((kind) => (byDocument.get(kind)?.length ?? 0) > 0);
  for (const kind of supplied) {
    if (!checked.includes(kind)) findings.add({ code: 'document_without_declarations', severity: 'low', path: null, documents: [kind], expected: null, observed: null, explanation: `${kind} was submitted but declares no paid resource this audit can read (a resource with a location and a price).` });
  }
  const byPath = new Map<string, Map<DiscoveryDocumentKind, Declaration[]>>();
  for (const kind of checked) {
    const rows = byDocument.get(kind)!;
    documentChecks(kind, rows, service, findings);
    for (const d of rows) {
      const docs = byPath.get(d.path) ?? new Map<DiscoveryDocumentKind, Declaration[]>();
      byPath.set(d.path, docs);
      const list = docs.get(kind);
      if (list) list.push(d);
      else docs.set(kind, [d]);
    }
  }

  if (expected.path !== null && checked.length > 0) {
    const docs = byPath.get(expected.path);
    if (!docs) {
      const near = nearMiss(expected.path, byPath.keys());
      findings.add({ code: 'expected_path_missing', severity: 'high', path: expected.path, documents: checked, expected: expected.path, observed: near, explanation: `No document declares ${expected.path}${near ? `; ${near} differs only in letter case` : ''}.` });
    }
    for (const kind of checked) {
      if (docs && !docs.has(kind)) findings.add({ code: 'expected_path_missing_in_document', severity: 'medium', path: expected.path, documents: [kind], expected: expected.path, observed: null, explanation: `${kind} does not declare the expected path ${expected.path}, which ${[...docs.keys()].join(', ')} declare.` });
    }
  }

  const paths = [...byPath.keys()].sort();
  const hasExpectation = expected.path !== null || expected.amount !== null || expected.currency !== null || expected.network !== null;
  let pathsCompared = 0;
  for (const path of paths) {
    const docs = byPath.get(path)!;
    if (docs.size >= 2) pathsCompared += 1;
    if (checked.length >= 2 && path !== expected.path) {
      for (const kind of checked) {
        if (!docs.has(kind)) findings.add({ code: 'paths_missing_in_document', severity: 'medium', path, documents: [kind], expected: null, observed: null, explanation: `${kind} does not declare ${path}, which ${[...docs.keys()].join(', ')} declare.` });
      }
    }
    if (docs.size >= 2 || hasExpectation) pathChecks(path, docs, expected, findings);
  }
  return { findings, checked, paths: paths.length, pathsCompared };
}
