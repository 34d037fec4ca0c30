import { X402_MCP_META_KEYS, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, isJsonObject, pathOf, pointer, textOf, type JsonObject } from '../helpers.js';
import { mcpMetaOf, mcpToolPaid, mcpToolPrice } from '../mcp-tool.js';
import { X402P } from '../x402p.js';

type Entry = CatalogEntryOf<'x402_mcp_paid_route_boundary_mapper'>;
export type BoundaryMapperInput = RequestOf<Entry>;
export type BoundaryMapperResult = ResultOf<Entry>;
type Decision = BoundaryMapperResult['decision'];
type Row = BoundaryMapperResult['boundary_map'][number];
type Status = Row['status'];
type Signal = Row['signal'];
type Route = BoundaryMapperInput['rest_routes'][number];

/** A route path as compared: the path of a URL or root-relative path, without a trailing slash. */
export function routeKey(path: string): string {
  const bare = pathOf(path.trim()) ?? path.trim();
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** The naming convention: svc_<id> ↔ a route whose last segment, "-" → "_", is <id>. */
const conventionKey = (key: string) => (key.split('/').pop() ?? '').replaceAll('-', '_').toLowerCase();

/** What an unpaid call showed: a payment signal, an error without parseable requirements, or data. */
export interface SampleReading {
  outcome: 'signalled' | 'error' | 'data';
  signal: Signal;
  /** JSON pointer inside the result of the part that decided the outcome. */
  at: string;
}

const parseable = (value: unknown) => X402P(value).ok;
const x402ErrorData = (holder: unknown): unknown => {
  const error = isJsonObject(holder) ? holder[X402_MCP_META_KEYS.error] : undefined;
  return isJsonObject(error) ? error.data : undefined;
};

function textJson(result: JsonObject): unknown {
  const first = Array.isArray(result.content) ? result.content[0] : undefined;
  if (!isJsonObject(first) || typeof first.text !== 'string') return undefined;
  try {
    return JSON.parse(first.text) as unknown;
  } catch {
    return undefined;
  }
}

/** Step 3: the payment signal of one unpaid result, in the x402 MCP transport's order. */
export function readSample(result: JsonObject): SampleReading {
  const structured = isJsonObject(result.structuredContent) ? result.structuredContent : undefined;
  if (structured !== undefined && parseable(structured)) return { outcome: 'signalled', signal: 'structured_payment_required', at: '/structuredContent' };
  if (parseable(x402ErrorData(structured))) return { outcome: 'signalled', signal: 'structured_x402_error', at: pointer('structuredContent', X402_MCP_META_KEYS.error, 'data') };
  const text = textJson(result);
  if (parseable(text) || parseable(x402ErrorData(text))) return { outcome: 'signalled', signal: 'text_json', at: '/content/0/text' };
  const wrapper = typeof result.status === 'string' ? { status: result.status, at: '/status' } : typeof structured?.status === 'string' ? { status: structured.status, at: '/structuredContent/status' } : null;
  if (wrapper?.status === 'payment_required') return { outcome: 'signalled', signal: 'wrapper_payment_required', at: wrapper.at };
  if (result.isError === true) return { outcome: 'error', signal: 'none', at: '/isError' };
  if (wrapper?.status === 'error') return { outcome: 'error', signal: 'none', at: wrapper.at };
  return { outcome: 'data', signal: 'none', at: structured !== undefined ? '/structuredContent' : '' };
}

const OUTCOME_RANK = { data: 0, error: 1, signalled: 2 } as const;

interface Mapping {
  route: number | null;
  mappedBy: Row['mapped_by'];
}

const NEXT_ACTION: Record<Decision, string> = {
  leaky: 'Close the bypass first: gate every tool listed with status bypass on MCP and REST alike, so an unpaid call returns the payment requirements and never the data; then map again.',
  ambiguous: 'Make the boundary readable: return parseable PaymentRequired on unpaid calls of unsignalled tools, align the prices of price_split rows, and map or gate the unmapped paid tools and routes.',
  no_paid_tools: 'Nothing is paid on either surface: mark paid tools with _meta.x402Required and _meta.price and their routes as paid if they should be charged.',
  sealed: 'Every paid operation is gated on MCP and REST at one price; keep an unpaid call sample per paid tool in the next check.',
};

/** The statuses a decision names in its summary. */
const CULPRITS: Record<Decision, readonly Status[]> = { leaky: ['bypass'], ambiguous: ['unsignalled', 'price_split', 'unmapped'], no_paid_tools: [], sealed: [] };

const LIMITATIONS = [
  'Only the submitted tool list, route list and call samples were read; no tool or route was called.',
  'A REST route\'s paid flag and price are taken as declared; the route\'s real 402 answer was not observed.',
  'Prices are compared as USDC decimals; HTTP methods are not compared.',
];

/** x402-mcp-paid-route-boundary-mapper (design sheet §27): map tools to routes, read the samples, a status per row, then the decision in the sheet's order. */
export function analyzeBoundaryMapper(input: BoundaryMapperInput): ToolOutput<BoundaryMapperResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const routes = input.rest_routes;
  const byPath = new Map<string, number>();
  const byConvention = new Map<string, number>();
  routes.forEach((route, j) => {
    const key = routeKey(route.path);
    if (byPath.has(key)) flags.add('duplicate_route_path');
    else byPath.set(key, j);
    if (!byConvention.has(conventionKey(key))) byConvention.set(conventionKey(key), j);
  });
  const explicit = new Map<string, string>();
  for (const entry of input.tool_route_map ?? []) if (!explicit.has(entry.tool_name)) explicit.set(entry.tool_name, entry.path);

  const toolIndex = new Map<string, number>();
  input.mcp_tools.forEach((tool, i) => {
    if (!toolIndex.has(tool.name)) toolIndex.set(tool.name, i);
  });
  const samples = new Map<number, { reading: SampleReading; k: number }>();
  (input.unpaid_call_samples ?? []).forEach((sample, k) => {
    const i = toolIndex.get(sample.tool_name);
    if (i === undefined) return void flags.add('sample_for_unknown_tool');
    const reading = readSample(sample.result);
    const held = samples.get(i);
    if (!held || OUTCOME_RANK[reading.outcome] < OUTCOME_RANK[held.reading.outcome]) samples.set(i, { reading, k });
  });

  /** Step 1: the explicit map, then _meta.x402Endpoint, then the naming convention; a claimed path that is not listed is flagged and the next way is tried. */
  const mapTool = (name: string, meta: JsonObject): Mapping => {
    for (const [mappedBy, claimed] of [
      ['tool_route_map', explicit.get(name)],
      ['x402_endpoint', textOf(meta.x402Endpoint) ?? undefined],
    ] as const) {
      if (claimed === undefined) continue;
      const route = byPath.get(routeKey(claimed));
      if (route !== undefined) return { route, mappedBy };
      flags.add('mapped_route_not_listed');
    }
    const id = /^svc_(.+)$/.exec(name)?.[1];
    const route = id === undefined ? undefined : byConvention.get(id.toLowerCase());
    return route === undefined ? { route: null, mappedBy: null } : { route, mappedBy: 'naming_convention' };
  };

  const usedRoutes = new Set<number>();
  const rows: Row[] = input.mcp_tools.map((tool, i) => {
    const { route, mappedBy } = mapTool(tool.name, mcpMetaOf(tool));
    if (route !== null) usedRoutes.add(route);
    return toolRow(tool, i, route === null ? null : { route: routes[route]!, j: route }, mappedBy, samples.get(i), flags);
  });
  routes.forEach((route, j) => {
    if (!usedRoutes.has(j) && byPath.get(routeKey(route.path)) === j) rows.push(routeRow(route, j, flags));
  });

  const counts = Object.fromEntries((['gated', 'bypass', 'unsignalled', 'price_split', 'free', 'unmapped'] as const).map((s) => [s, rows.filter((r) => r.status === s).length])) as BoundaryMapperResult['counts'];
  const anyPaid = rows.some((r) => r.mcp_paid === true || r.rest_paid === true);
  const decision: Decision = counts.bypass > 0 ? 'leaky' : counts.unsignalled + counts.price_split + counts.unmapped > 0 ? 'ambiguous' : !anyPaid ? 'no_paid_tools' : 'sealed';
  for (const status of ['bypass', 'unsignalled', 'price_split'] as const) if (counts[status] > 0) flags.add(status);

  const paidTools = rows.filter((r) => r.tool !== null && (r.mcp_paid === true || r.rest_paid === true));
  const sampled = paidTools.filter((r) => r.signal !== 'not_sampled').length;
  const confidence = sampled === paidTools.length ? 'high' : sampled > 0 ? 'medium' : 'low';
  if (confidence !== 'high') limitations.push(`${paidTools.length - sampled} of ${paidTools.length} paid tool(s) had no unpaid call sample: their MCP gate is taken from _meta as declared.`);
  if (input.rest_routes.length === 0) limitations.push('No REST routes were given: every paid tool is unmapped.');

  const names = rows.filter((r) => CULPRITS[decision].includes(r.status)).map((r) => r.tool ?? r.route).slice(0, 5).join(', ');
  const tally = `${counts.gated} gated, ${counts.bypass} bypass, ${counts.unsignalled} unsignalled, ${counts.price_split} price_split, ${counts.unmapped} unmapped, ${counts.free} free`;
  const summary = `${decision}: ${tally}${names === '' ? '' : ` (${names})`}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { boundary_map: rows, counts });
}

const priceText = (atomic: bigint | null) => (atomic === null ? null : AMT.toDecimal(atomic));

/** Step 2 and 4 for one tool: its paid state on both surfaces, its sample, its status (first match: bypass, unsignalled, unmapped, price_split, gated, free). */
function toolRow(
  tool: BoundaryMapperInput['mcp_tools'][number],
  i: number,
  mapped: { route: Route; j: number } | null,
  mappedBy: Row['mapped_by'],
  sample: { reading: SampleReading; k: number } | undefined,
  flags: Set<string>,
): Row {
  const mcpPaid = mcpToolPaid(tool);
  const mcpPrice = mcpToolPrice(tool);
  const restPaid = mapped?.route.paid ?? null;
  const restPrice = mapped?.route.price === undefined ? null : AMT.toAtomic(mapped.route.price);
  const evidence: string[] = [];
  if (mcpPaid) evidence.push(pointer('mcp_tools', i, '_meta', mcpMetaOf(tool).price !== undefined ? 'price' : 'x402Required'));
  if (mcpPaid && mcpPrice === null) flags.add('price_undeclared');
  if (mapped) evidence.push(pointer('rest_routes', mapped.j, 'paid'));
  if (restPaid === true && restPrice === null) flags.add('price_undeclared');
  if (sample) evidence.push(`${pointer('unpaid_call_samples', sample.k, 'result')}${sample.reading.at}`);

  const paidAnywhere = mcpPaid || restPaid === true;
  const outcome = sample?.reading.outcome;
  let status: Status;
  // A paid route whose tool is free, or a paid tool whose route is free, leaks either way.
  if ((restPaid !== null && mcpPaid !== restPaid) || (paidAnywhere && outcome === 'data')) status = 'bypass';
  else if (paidAnywhere && outcome === 'error') status = 'unsignalled';
  else if (mcpPaid && mapped === null) status = 'unmapped';
  else if (mcpPaid && restPaid === true && mcpPrice !== null && restPrice !== null && mcpPrice !== restPrice) status = 'price_split';
  else status = mcpPaid ? 'gated' : 'free';
  if (status === 'unmapped') flags.add('unmapped_paid_tool');
  if (mcpPaid && restPaid === false) flags.add('rest_route_free');
  if (!mcpPaid && restPaid === true) flags.add('mcp_tool_free');
  return {
    tool: tool.name,
    route: mapped === null ? null : routeKey(mapped.route.path),
    mapped_by: mappedBy,
    mcp_paid: mcpPaid,
    rest_paid: restPaid,
    mcp_price: priceText(mcpPrice),
    rest_price: priceText(restPrice),
    signal: sample?.reading.signal ?? 'not_sampled',
    status,
    evidence,
  };
}

/** A REST route no tool maps to: unmapped when it is paid, free otherwise. */
function routeRow(route: Route, j: number, flags: Set<string>): Row {
  if (route.paid) flags.add('unmapped_paid_route');
  return {
    tool: null,
    route: routeKey(route.path),
    mapped_by: null,
    mcp_paid: null,
    rest_paid: route.paid,
    mcp_price: null,
    rest_price: route.price === undefined ? null : AMT.canonical(route.price),
    signal: 'not_sampled',
    status: route.paid ? 'unmapped' : 'free',
    evidence: [pointer('rest_routes', j, 'paid')],
  };
}
