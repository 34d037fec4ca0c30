import {
  CATALOG_DRIFT_FIELDS,
  type CatalogDriftField,
  type CatalogDriftMismatch,
  type CatalogDriftSurface,
  type CatalogEntryOf,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, LABEL, ND, isJsonObject, isUsdcOf, pathOf, pointer, textOf, type JsonObject } from '../helpers.js';
import { X402P } from '../x402p.js';

type Entry = CatalogEntryOf<'x402_catalog_drift_monitor'>;
export type CatalogDriftInput = RequestOf<Entry>;
export type CatalogDriftResult = ResultOf<Entry>;
type Decision = CatalogDriftResult['decision'];
type Severity = CatalogDriftMismatch['severity'];

/** Surfaces in order of authority: the reference value of a field without an expectation comes from the first that states it. */
const AUTHORITY: readonly CatalogDriftSurface[] = ['payment_challenge', 'openapi', 'catalog', 'mcp_tool'];
const ENDPOINT_PATTERN = /^\/(?!\/)[^\s?#]*$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Most entries of one list searched for the endpoint (the document is bounded at 256 KiB anyway). */
const MAX_SCANNED = 10_000;

/** One value a surface states for a field: as written (raw) and normalized (value). */
interface Observation {
  surface: CatalogDriftSurface;
  field: CatalogDriftField;
  raw: string | null;
  value: string | null;
  source: string;
  /** Price only: the normalized value in atomic units, for the greater/lesser rule. */
  atomic?: bigint;
}


interface Context {
  input: CatalogDriftInput;
  flags: Set<string>;
  limitations: string[];
  observations: Observation[];
  checked: Set<CatalogDriftSurface>;
}

function normalized(ctx: Context, field: CatalogDriftField, raw: string, network: string | null): { value: string | null; atomic?: bigint } {
  switch (field) {
    case 'price': {
      const atomic = AMT.toAtomic(raw.replace(/^\$/, ''));
      if (atomic === null) {
        ctx.flags.add('unparseable_price');
        return { value: null };
      }
      return { value: AMT.toDecimal(atomic), atomic };
    }
    case 'network': {
      const nd = ND(raw);
      if (!nd.known) ctx.flags.add('unknown_network');
      return { value: nd.network };
    }
    case 'currency': {
      if (network && isUsdcOf(network, raw)) return { value: 'USDC' };
      return { value: EVM_ADDRESS.test(raw) ? raw.toLowerCase() : raw.toUpperCase() };
    }
    case 'receiver':
      return { value: EVM_ADDRESS.test(raw) ? raw.toLowerCase() : raw };
    case 'method':
      return { value: raw.toUpperCase() };
    case 'endpoint':
      return { value: pathOf(raw) ?? raw };
    default:
      return { value: raw };
  }
}

function observe(ctx: Context, surface: CatalogDriftSurface, field: CatalogDriftField, rawValue: unknown, source: string, network: string | null = null): void {
  const raw = textOf(rawValue);
  if (raw === null) return;
  const { value, atomic } = normalized(ctx, field, raw, network);
  if (value === null) return;
  // A path is a path whether written alone or inside a URL: its written form is the path.
  ctx.observations.push({ surface, field, raw: field === 'endpoint' ? value : raw, value, source, ...(atomic === undefined ? {} : { atomic }) });
}

function absent(ctx: Context, surface: CatalogDriftSurface, field: CatalogDriftField, source: string): void {
  ctx.observations.push({ surface, field, raw: null, value: null, source });
}

/** A price object {amount, currency, network, payTo} or a bare price, as catalogs and OpenAPI extensions write it. */
function observePrice(ctx: Context, surface: CatalogDriftSurface, price: unknown, at: (string | number)[]): void {
  if (isJsonObject(price)) {
    const network = textOf(price.network);
    const caip2 = network === null ? null : ND(network).network;
    observe(ctx, surface, 'price', price.amount ?? price.price, pointer(...at, price.amount === undefined ? 'price' : 'amount'));
    observe(ctx, surface, 'currency', price.currency ?? price.asset, pointer(...at, price.currency === undefined ? 'asset' : 'currency'), caip2);
    observe(ctx, surface, 'network', price.network, pointer(...at, 'network'));
    const payee = price.payTo !== undefined ? 'payTo' : price.pay_to !== undefined ? 'pay_to' : 'receiver';
    observe(ctx, surface, 'receiver', price[payee], pointer(...at, payee));
  } else {
    observe(ctx, surface, 'price', price, pointer(...at));
  }
}

const ENTRY_PATH_KEYS = ['path', 'endpoint', 'resource', 'url'] as const;

function catalogSurface(ctx: Context, catalog: JsonObject): void {
  const { input } = ctx;
  const lists = (['tools', 'resources'] as const).filter((key) => Array.isArray(catalog[key]));
  if (lists.length === 0) {
    ctx.flags.add('catalog_unparsed');
    ctx.limitations.push('catalog_json has neither tools[] nor resources[]: the catalog surface was not checked.');
    return;
  }
  ctx.checked.add('catalog');
  let found: { entry: JsonObject; at: (string | number)[] } | null = null;
  for (const list of lists) {
    for (const [i, entry] of (catalog[list] as unknown[]).slice(0, MAX_SCANNED).entries()) {
      if (!isJsonObject(entry)) continue;
      if (ENTRY_PATH_KEYS.some((key) => typeof entry[key] === 'string' && (pathOf(entry[key]) ?? entry[key]).endsWith(input.expected_endpoint))) {
        found = { entry, at: ['catalog_json', list, i] };
        break;
      }
    }
    if (found) break;
  }
  if (!found && input.expected_tool_id !== undefined) {
    for (const list of lists) {
      const i = (catalog[list] as unknown[]).slice(0, MAX_SCANNED).findIndex((entry) => isJsonObject(entry) && entry.id === input.expected_tool_id);
      if (i >= 0) {
        found = { entry: (catalog[list] as JsonObject[])[i]!, at: ['catalog_json', list, i] };
        break;
      }
    }
  }
  if (!found) {
    absent(ctx, 'catalog', 'endpoint', pointer('catalog_json', lists[0]!));
    return;
  }
  const { entry, at } = found;
  const pathKey = ENTRY_PATH_KEYS.find((key) => typeof entry[key] === 'string');
  if (pathKey) observe(ctx, 'catalog', 'endpoint', entry[pathKey], pointer(...at, pathKey));
  else absent(ctx, 'catalog', 'endpoint', pointer(...at));
  observe(ctx, 'catalog', 'method', entry.method, pointer(...at, 'method'));
  observe(ctx, 'catalog', 'tool_id', entry.id, pointer(...at, 'id'));
  const mcpKey = entry.mcpName !== undefined ? 'mcpName' : 'mcp_name';
  observe(ctx, 'catalog', 'mcp_name', entry[mcpKey], pointer(...at, mcpKey));
  if (entry.price !== undefined) observePrice(ctx, 'catalog', entry.price, [...at, 'price']);
  for (const key of ['currency', 'network'] as const) if (entry[key] !== undefined && !isJsonObject(entry.price)) observe(ctx, 'catalog', key, entry[key], pointer(...at, key));
  const payee = ['payTo', 'pay_to', 'receiver'].find((key) => entry[key] !== undefined);
  if (payee && !isJsonObject(entry.price)) observe(ctx, 'catalog', 'receiver', entry[payee], pointer(...at, payee));
}

const PRICE_EXTENSIONS = ['x-x402', 'x-payment', 'x-price'] as const;

function openapiSurface(ctx: Context, openapi: JsonObject): void {
  const { input } = ctx;
  if (!isJsonObject(openapi.paths)) {
    ctx.flags.add('openapi_unparsed');
    ctx.limitations.push('openapi_json has no paths object: the OpenAPI surface was not checked.');
    return;
  }
  ctx.checked.add('openapi');
  const item = Object.hasOwn(openapi.paths, input.expected_endpoint) ? openapi.paths[input.expected_endpoint] : undefined;
  if (!isJsonObject(item)) {
    absent(ctx, 'openapi', 'endpoint', pointer('openapi_json', 'paths', input.expected_endpoint));
    return;
  }
  observe(ctx, 'openapi', 'endpoint', input.expected_endpoint, pointer('openapi_json', 'paths', input.expected_endpoint));
  const method = input.expected_method.toLowerCase();
  let operationKey: string | null = isJsonObject(item[method]) ? method : null;
  if (!operationKey) {
    const others = ['get', 'post', 'put', 'patch', 'delete'].filter((m) => isJsonObject(item[m]));
    if (others.length === 1) operationKey = others[0]!;
  }
  if (!operationKey) {
    absent(ctx, 'openapi', 'method', pointer('openapi_json', 'paths', input.expected_endpoint, method));
    return;
  }
  const at = ['openapi_json', 'paths', input.expected_endpoint, operationKey];
  observe(ctx, 'openapi', 'method', operationKey, pointer(...at));
  const operation = item[operationKey] as JsonObject;
  const extension = PRICE_EXTENSIONS.find((key) => operation[key] !== undefined);
  if (extension) observePrice(ctx, 'openapi', operation[extension], [...at, extension]);
}

function mcpSurface(ctx: Context, catalog: JsonObject, name: string): void {
  const mcp = isJsonObject(catalog.mcp) && Array.isArray(catalog.mcp.tools) ? { list: catalog.mcp.tools as unknown[], at: ['catalog_json', 'mcp', 'tools'] } : null;
  const lists = [mcp, Array.isArray(catalog.tools) ? { list: catalog.tools as unknown[], at: ['catalog_json', 'tools'] } : null].filter((l) => l !== null);
  if (lists.length === 0) return;
  ctx.checked.add('mcp_tool');
  for (const { list, at } of lists) {
    const i = list.slice(0, MAX_SCANNED).findIndex((tool) => isJsonObject(tool) && tool.name === name);
    if (i < 0) continue;
    const tool = list[i] as JsonObject;
    observe(ctx, 'mcp_tool', 'mcp_name', tool.name, pointer(...at, i, 'name'));
    if (!isJsonObject(tool._meta)) return;
    const meta = tool._meta;
    observe(ctx, 'mcp_tool', 'tool_id', meta.x402ToolId, pointer(...at, i, '_meta', 'x402ToolId'));
    observe(ctx, 'mcp_tool', 'endpoint', meta.x402Endpoint, pointer(...at, i, '_meta', 'x402Endpoint'));
    if (meta.price !== undefined) observePrice(ctx, 'mcp_tool', meta.price, [...at, i, '_meta', 'price']);
    return;
  }
  absent(ctx, 'mcp_tool', 'mcp_name', pointer(...lists[0]!.at));
}

/** The challenge through X402P: its accepts entry on the expected network (else the first). */
function challengeSurface(ctx: Context, challenge: JsonObject): void {
  const { input } = ctx;
  const parsed = X402P(challenge);
  if (!parsed.ok) {
    ctx.flags.add('challenge_unparsed');
    ctx.limitations.push(`payment_challenge_json was not read (${parsed.reason}): the challenge was not checked.`);
    return;
  }
  ctx.checked.add('payment_challenge');
  const { offers, x402_version: version } = parsed.challenge;
  const wanted = input.expected_network === undefined ? null : ND(input.expected_network).network;
  const offer = (wanted === null ? undefined : offers.find((o) => o.network === wanted)) ?? offers[0]!;
  const at = ['payment_challenge_json', 'accepts', offer.index];
  observe(ctx, 'payment_challenge', 'network', offer.network_raw, pointer(...at, 'network'));
  if (offer.amount_atomic !== null) {
    const atomic = BigInt(offer.amount_atomic);
    // Atomic units are the challenge's own unit, not a format difference: its written form is the decimal.
    ctx.observations.push({ surface: 'payment_challenge', field: 'price', raw: AMT.toDecimal(atomic), value: AMT.toDecimal(atomic), atomic, source: pointer(...at, offer.keys.amount) });
  } else if (offer.amount_raw !== null) ctx.flags.add('unparseable_price');
  if (offer.asset !== null) {
    if (offer.network === null || ASSET(offer.network) === null) {
      ctx.flags.add('asset_unverifiable');
      ctx.limitations.push(`The reference data has no verified USDC for ${offer.network ?? 'the offer\'s network'}: the challenge's asset was not compared.`);
    } else observe(ctx, 'payment_challenge', 'currency', offer.asset, pointer(...at, 'asset'), offer.network);
  }
  observe(ctx, 'payment_challenge', 'receiver', offer.pay_to, pointer(...at, offer.keys.pay_to));
  observe(ctx, 'payment_challenge', 'endpoint', offer.resource_url, version === 1 ? pointer(...at, 'resource') : pointer('payment_challenge_json', 'resource', 'url'));
}

interface Reference {
  raw: string;
  value: string;
  atomic?: bigint;
  /** Where it came from: "expected_price" or a surface. */
  from: string;
  surface: CatalogDriftSurface | null;
  /** The observation the reference was taken from, when it came from a surface (not compared with itself). */
  observation?: Observation;
}

const EXPECTED_KEY: Record<CatalogDriftField, keyof CatalogDriftInput> = {
  endpoint: 'expected_endpoint',
  method: 'expected_method',
  tool_id: 'expected_tool_id',
  mcp_name: 'mcp_tool_name',
  price: 'expected_price',
  currency: 'expected_currency',
  network: 'expected_network',
  receiver: 'expected_receiver',
};

function referenceOf(ctx: Context, field: CatalogDriftField): Reference | null {
  const key = EXPECTED_KEY[field];
  const expected = ctx.input[key];
  if (typeof expected === 'string') {
    const network = ctx.input.expected_network === undefined ? null : ND(ctx.input.expected_network).network;
    const { value, atomic } = normalized(ctx, field, expected, network);
    if (value !== null) return { raw: field === 'endpoint' ? value : expected, value, ...(atomic === undefined ? {} : { atomic }), from: key, surface: null };
  }
  for (const surface of AUTHORITY) {
    const observation = ctx.observations.find((o) => o.surface === surface && o.field === field && o.value !== null);
    if (observation) return { raw: observation.raw!, value: observation.value!, ...(observation.atomic === undefined ? {} : { atomic: observation.atomic }), from: surface, surface, observation };
  }
  return null;
}

function severityOf(field: CatalogDriftField, observation: Observation, reference: Reference): Severity {
  if (observation.value === null) return 'medium';
  switch (field) {
    case 'receiver':
    case 'network':
    case 'currency':
      return 'high';
    case 'price':
      return observation.atomic! > reference.atomic! ? 'high' : 'medium';
    case 'endpoint':
      return observation.surface === 'payment_challenge' ? 'high' : 'medium';
    default:
      return 'medium';
  }
}

const FIELD_NAMES: Record<CatalogDriftField, string> = {
  endpoint: 'endpoint path',
  method: 'HTTP method',
  tool_id: 'tool id',
  mcp_name: 'MCP tool name',
  price: 'price',
  currency: 'currency or asset',
  network: 'network',
  receiver: 'receiver (payTo)',
};

const SURFACE_NAMES: Record<CatalogDriftSurface, string> = { catalog: 'the catalog entry', openapi: 'the OpenAPI operation', mcp_tool: 'the MCP tool entry', payment_challenge: 'the 402 challenge' };

function explain(field: CatalogDriftField, observation: Observation, reference: Reference, severity: Severity): string {
  const where = SURFACE_NAMES[observation.surface];
  const against = reference.surface === null ? reference.from : SURFACE_NAMES[reference.surface];
  if (observation.value === null) return `${where} does not state the ${FIELD_NAMES[field]} for this endpoint (looked up against ${against}).`;
  if (severity === 'low') return `${where} writes the ${FIELD_NAMES[field]} differently (${observation.raw} vs ${reference.raw}) but both mean ${reference.value}.`;
  if (field === 'price') return `${where} asks ${observation.value}, ${observation.atomic! > reference.atomic! ? 'more' : 'less'} than ${reference.value} (${against}).`;
  return `${where} states ${observation.value} where ${against} gives ${reference.value}.`;
}

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

function compare(ctx: Context): { mismatches: CatalogDriftMismatch[]; compared: number } {
  const mismatches: CatalogDriftMismatch[] = [];
  let compared = 0;
  for (const field of CATALOG_DRIFT_FIELDS) {
    const reference = referenceOf(ctx, field);
    if (!reference) continue;
    for (const observation of ctx.observations) {
      if (observation.field !== field) continue;
      if (observation === reference.observation) continue;
      compared += 1;
      if (observation.value === reference.value) {
        // Same meaning: a low mismatch only when both are written in the same form and differ (an asset address against a currency code is no difference).
        if (observation.raw === reference.raw || EVM_ADDRESS.test(observation.raw!) !== EVM_ADDRESS.test(reference.raw)) continue;
        mismatches.push({ field, severity: 'low', expected: reference.raw, observed: observation.raw, source: observation.source, explanation: explain(field, observation, reference, 'low') });
        continue;
      }
      const severity = severityOf(field, observation, reference);
      mismatches.push({ field, severity, expected: reference.value, observed: observation.value, source: observation.source, explanation: explain(field, observation, reference, severity) });
    }
  }
  const order = mismatches.map((m, i) => ({ m, i }));
  order.sort((a, b) => SEVERITY_RANK[a.m.severity] - SEVERITY_RANK[b.m.severity] || (a.m.field < b.m.field ? -1 : a.m.field > b.m.field ? 1 : 0) || a.i - b.i);
  return { mismatches: order.map(({ m }) => m), compared };
}

const NEXT_ACTION: Record<Decision, string> = {
  unsafe_target: 'Fix the request: service_url must be a public https URL without credentials, and expected_endpoint a root-relative path without query or fragment. Nothing was compared.',
  insufficient_evidence: 'Supply at least one surface (catalog_json, openapi_json, payment_challenge_json, or catalog_json with mcp_tool_name) that states this endpoint, together with the values you expect.',
  major_drift: 'Do not pay or publish yet: the surfaces disagree on where money goes, how much or on which network. Fix the high mismatches at the source, then run the check again.',
  minor_drift: 'Payment terms agree, but the descriptions do not: align the medium mismatches (method, ids, names, a cheaper price or a missing endpoint) before the next release.',
  consistent: 'The surfaces agree with each other and with the expectations; differences, if any, are only aliases or formatting.',
};

const LIMITATIONS = [
  'Only the documents in the request were read: nothing was fetched, so what the service serves now may differ.',
  'service_url is classified as a label only (scheme, credentials, host); it is not resolved, so a public name that resolves to a private address is not detected.',
  'Currencies are checked against the versioned USDC reference table; other assets are compared only as written.',
];

/** x402-catalog-drift-monitor (design sheet §1): the decision in the sheet's order, then the confidence rule. */
export function analyzeCatalogDrift(input: CatalogDriftInput): ToolOutput<CatalogDriftResult> {
  const ctx: Context = { input, flags: new Set(), limitations: [...LIMITATIONS], observations: [], checked: new Set() };
  const label = LABEL(input.service_url);
  const endpointOk = ENDPOINT_PATTERN.test(input.expected_endpoint);
  if (!label.safe || !endpointOk) {
    if (!label.safe) ctx.flags.add('unsafe_service_url');
    if (!endpointOk) ctx.flags.add('invalid_expected_endpoint');
    const why = [!label.safe ? `service_url is unsafe (${label.reason})` : null, !endpointOk ? 'expected_endpoint is not a root-relative path' : null].filter(Boolean).join('; ');
    return x402Answer(
      { decision: 'unsafe_target', confidence: 'high', summary: `Unsafe target: ${why}. No surface was compared.`, riskFlags: ctx.flags, nextAction: NEXT_ACTION.unsafe_target, limitations: ctx.limitations },
      { checked_surfaces: [], mismatches: [] },
    );
  }
  if (input.expected_network !== undefined) normalized(ctx, 'network', input.expected_network, null);
  if (input.payment_challenge_json) challengeSurface(ctx, input.payment_challenge_json);
  if (input.openapi_json) openapiSurface(ctx, input.openapi_json);
  if (input.catalog_json) catalogSurface(ctx, input.catalog_json);
  if (input.catalog_json && input.mcp_tool_name !== undefined) mcpSurface(ctx, input.catalog_json, input.mcp_tool_name);

  const checked = [...ctx.checked].sort();
  const { mismatches, compared } = compare(ctx);
  for (const m of mismatches) ctx.flags.add(m.severity === 'low' ? 'alias_or_format_difference' : `${m.field}_mismatch`);
  const has = (severity: Severity) => mismatches.some((m) => m.severity === severity);
  const decision: Decision = checked.length === 0 || compared === 0 ? 'insufficient_evidence' : has('high') ? 'major_drift' : has('medium') ? 'minor_drift' : 'consistent';
  const confidence = checked.length >= 3 ? 'high' : checked.length === 2 ? 'medium' : 'low';
  const counts = (['high', 'medium', 'low'] as const).map((s) => `${mismatches.filter((m) => m.severity === s).length} ${s}`).join(', ');
  const summary =
    decision === 'insufficient_evidence'
      ? `Insufficient evidence for ${input.expected_endpoint}: ${checked.length === 0 ? 'no surface could be read' : 'no field had both a reference value and an observation'}.`
      : `${decision.replace('_', ' ')} for ${input.expected_method} ${input.expected_endpoint} across ${checked.length} surface${checked.length === 1 ? '' : 's'} (${checked.join(', ')}): ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'} (${counts}).`;
  return x402Answer({ decision, confidence, summary, riskFlags: ctx.flags, nextAction: NEXT_ACTION[decision], limitations: ctx.limitations }, { checked_surfaces: checked, mismatches });
}
