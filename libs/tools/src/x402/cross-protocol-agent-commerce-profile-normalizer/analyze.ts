import { PROFILE_CONFLICT_FIELDS, PROFILE_SOURCES, type CatalogEntryOf, type ProfileSource, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { readAgentCard, readLlmsTxt, readManifest, readMcpTools, readOpenApi, type SourceOperation, type SourceReading } from './sources.js';

type Entry = CatalogEntryOf<'x402_cross_protocol_agent_commerce_profile_normalizer'>;
export type ProfileNormalizerInput = RequestOf<Entry>;
export type ProfileNormalizerResult = ResultOf<Entry>;
type Decision = ProfileNormalizerResult['decision'];
type Operation = ProfileNormalizerResult['profile']['operations'][number];
type Conflict = ProfileNormalizerResult['conflicts'][number];

/**
 * Which source's value a merged operation shows, most authoritative first: the payment manifest,
 * then the API contract, the MCP listing, the agent card and the prose (sources are otherwise
 * reported in PROFILE_SOURCES order).
 */
const AUTHORITY: readonly ProfileSource[] = ['x402_manifest', 'openapi', 'mcp_tools', 'a2a_agent_card', 'llms_txt'];
const SOURCE_RANK = new Map(PROFILE_SOURCES.map((s, i) => [s, i]));
const AUTHORITY_RANK = new Map(AUTHORITY.map((s, i) => [s, i]));
const READERS: Record<ProfileSource, (doc: never) => SourceReading> = {
  x402_manifest: readManifest,
  mcp_tools: readMcpTools,
  a2a_agent_card: readAgentCard,
  openapi: readOpenApi,
  llms_txt: readLlmsTxt,
};

interface Group {
  first: number;
  members: SourceOperation[];
}

/** Step 3: an operation joins the group with its op_key, else the group with its path, else starts one. */
function mergeOperations(operations: readonly SourceOperation[]): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  const byPath = new Map<string, Group>();
  for (const [i, op] of operations.entries()) {
    let group = byKey.get(op.op_key) ?? (op.path === null ? undefined : byPath.get(op.path));
    if (!group) {
      group = { first: i, members: [] };
      groups.push(group);
    }
    group.members.push(op);
    if (!byKey.has(op.op_key)) byKey.set(op.op_key, group);
    if (op.path !== null && !byPath.has(op.path)) byPath.set(op.path, group);
  }
  return groups;
}

const first = <K extends keyof SourceOperation>(members: readonly SourceOperation[], key: K): SourceOperation[K] | null => members.find((m) => m[key] !== null)?.[key] ?? null;

function profileOperation(group: Group): { operation: Operation; conflicts: Conflict[] } {
  const members = [...group.members].sort((a, b) => AUTHORITY_RANK.get(a.source)! - AUTHORITY_RANK.get(b.source)!);
  const opKey = members[0]!.op_key;
  const conflicts: Conflict[] = [];
  for (const field of PROFILE_CONFLICT_FIELDS) {
    const stated = group.members.filter((m) => m[field] !== null).sort((a, b) => SOURCE_RANK.get(a.source)! - SOURCE_RANK.get(b.source)!);
    if (new Set(stated.map((m) => m[field])).size > 1) conflicts.push({ op_key: opKey, field, values: stated.map((m) => ({ source: m.source, value: m[field]! })) });
  }
  const sources = [...new Set(group.members.map((m) => m.source))].sort((a, b) => SOURCE_RANK.get(a)! - SOURCE_RANK.get(b)!);
  return {
    operation: {
      op_key: opKey,
      path: first(members, 'path'),
      method: first(members, 'method'),
      price_decimal: first(members, 'price'),
      currency: first(members, 'currency'),
      network: first(members, 'network'),
      mcp_name: first(members, 'mcp_name'),
      a2a_skill_id: first(members, 'a2a_skill_id'),
      sources,
    },
    conflicts,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Display names unique case-folded (first written form kept), sorted case-folded. */
function displayNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.entries()].sort(([a], [b]) => byText(a, b)).map(([, name]) => name);
}

const NEXT_ACTION: Record<Decision, string> = {
  sparse: 'Too little to compare: supply at least two of the seller\'s documents (x402 manifest, MCP tool list, A2A card, OpenAPI, llms.txt) that list its operations.',
  conflicting: 'Do not pay on the profile yet: the sources disagree on a price, network or payee (see conflicts). Pay only what the live 402 challenge asks, and ask the seller to fix its documents.',
  coherent: 'The sources agree on prices, networks and payees: use the merged profile; the 402 challenge still decides each payment.',
};

const LIMITATIONS = [
  'Only the submitted documents were read: nothing was fetched, so what the seller serves now may differ, and the live 402 challenge is not part of the profile.',
  'Prices are compared as 6-decimal amounts in the currency each source states; currencies themselves are reported, not compared.',
  'A2A cards carry no prices: the a2a-x402 extension declaration defines no price params, so skills add operations and the x402 protocol only.',
];

/** x402-cross-protocol-agent-commerce-profile-normalizer (design sheet §15): read each source, merge by op_key or path, then the decision. */
export function analyzeProfileNormalizer(input: ProfileNormalizerInput): ToolOutput<ProfileNormalizerResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const parsedSources: ProfileSource[] = [];
  const operations: SourceOperation[] = [];
  const names: string[] = [];
  const protocols = new Set<string>();
  for (const source of PROFILE_SOURCES) {
    const doc = input.documents[source];
    if (doc === undefined) continue;
    const reading = READERS[source](doc as never);
    for (const flag of reading.flags) flags.add(flag);
    if (!reading.parsed) {
      flags.add(`${source}_unparsed`);
      limitations.push(`${source} did not have the expected shape and was not read.`);
      continue;
    }
    parsedSources.push(source);
    operations.push(...reading.operations);
    names.push(...reading.displayNames);
    for (const protocol of reading.protocols) protocols.add(protocol);
  }

  const groups = mergeOperations(operations).map((group) => ({ group, ...profileOperation(group) }));
  groups.sort((a, b) => byText(a.operation.op_key, b.operation.op_key) || a.group.first - b.group.first);
  const profileOps = groups.map((g) => g.operation);
  const conflicts = groups.flatMap((g) => g.conflicts);
  for (const c of conflicts) flags.add(`${c.field}_conflict`);
  const display = displayNames(names);
  if (display.length > 1) flags.add('display_name_mismatch');

  const sourcesWithOps = new Set(operations.map((o) => o.source));
  const coverage = {
    operations: profileOps.length,
    in_all_sources: profileOps.filter((o) => o.sources.length === parsedSources.length).length,
    single_source: profileOps.filter((o) => o.sources.length === 1).length,
  };
  if (parsedSources.length > sourcesWithOps.size) limitations.push(`${parsedSources.length - sourcesWithOps.size} parsed source(s) listed no operation.`);

  const decision: Decision = parsedSources.length <= 1 || profileOps.length === 0 ? 'sparse' : conflicts.length > 0 ? 'conflicting' : 'coherent';
  const confidence = parsedSources.length >= 3 ? 'high' : parsedSources.length === 2 ? 'medium' : 'low';
  const networks = [...new Set(operations.map((o) => o.network).filter((n) => n !== null))].sort(byText);
  const receivers = [...new Set(operations.map((o) => o.receiver).filter((r) => r !== null))].sort(byText);
  const conflictText = conflicts.length === 0 ? 'no conflicts' : `${conflicts.length} conflict(s): ${conflicts.slice(0, 3).map((c) => `${c.field} on ${c.op_key}`).join(', ')}`;
  const summary = `${decision} profile for ${input.service_label}: ${profileOps.length} operation(s) from ${parsedSources.length} source(s) (${parsedSources.join(', ') || 'none'}), ${coverage.in_all_sources} in all; ${conflictText}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { profile: { display_names: display, protocols: [...protocols].sort(byText), networks, receivers, operations: profileOps }, conflicts, coverage },
  );
}
