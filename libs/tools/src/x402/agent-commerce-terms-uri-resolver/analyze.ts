import type { CatalogEntryOf, RequestOf, ResultOf, TERMS_CHANGE_FIELDS, TERMS_RELATIONS, X402ExtensionId } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { HASH, LABEL, pointer } from '../helpers.js';
import { decodeDataUri } from './data-uri.js';

type Entry = CatalogEntryOf<'x402_agent_commerce_terms_uri_resolver'>;
export type TermsResolverInput = RequestOf<Entry>;
export type TermsResolverResult = ResultOf<Entry>;
type Decision = TermsResolverResult['decision'];
type Issue = TermsResolverResult['issues'][number];
type SourceIn = TermsResolverInput['sources'][number];
type Field = (typeof TERMS_CHANGE_FIELDS)[number];
type Relation = (typeof TERMS_RELATIONS)[number];
type Identity = { uri: string | null; content_hash: string | null; version: string | null };

/** The x402 extension this tool reads as `x402_terms_extension` (extensions.terms of a PaymentRequired). */
const TERMS_EXTENSION: X402ExtensionId = 'terms';

interface Resolved {
  index: number;
  input: SourceIn;
  /** 0 is the highest precedence. */
  rank: number;
  identity: Identity;
  unsafe: boolean;
}

/** Resource-level x402 > other resource-level > service-level x402 > OpenAPI > manifest (and MCP server.json) > llms.txt and other. */
function precedence(source: SourceIn): number {
  if (source.level === 'resource') return source.kind === 'x402_terms_extension' ? 0 : 1;
  switch (source.kind) {
    case 'x402_terms_extension':
      return 2;
    case 'openapi_terms_of_service':
      return 3;
    case 'discovery_manifest':
    case 'mcp_server_json':
      return 4;
    default:
      return 5;
  }
}

/** Inline text is hashed in NFC with trailing whitespace trimmed; JSON terms by their parsed value (JCS), so layout does not count. */
function inlineHash(source: SourceIn, issue: (code: Issue['code'], detail: string) => void): string {
  const text = source.terms.normalize('NFC').trimEnd();
  if (source.format !== 'json') return HASH(text);
  try {
    return HASH(JSON.parse(text));
  } catch {
    issue('invalid_json', 'format json, but the terms do not parse: hashed as text');
    return HASH(text);
  }
}

/** A source's identity and safety, or null when it cannot identify any terms (it is then only an issue). */
function resolve(source: SourceIn, index: number, issues: Issue[]): Resolved | null {
  const at = pointer('sources', index);
  const issue = (code: Issue['code'], detail: string) => issues.push({ source: at, code, detail });
  const version = source.version ?? null;
  const make = (identity: Omit<Identity, 'version'>, unsafe = false): Resolved => ({ index, input: source, rank: precedence(source), identity: { ...identity, version }, unsafe });
  if (source.terms.trim() === '') {
    issue('blank_terms', 'the terms are blank');
    return null;
  }
  if (source.format !== 'uri') return make({ uri: null, content_hash: inlineHash(source, issue) });
  const uri = source.terms.trim();
  if (/^data:/i.test(uri)) {
    const text = decodeDataUri(uri);
    if (text === null) {
      issue('undecodable_data_uri', 'a data: URI whose payload is not valid percent-encoded or base64 UTF-8');
      return null;
    }
    return make({ uri: null, content_hash: HASH(text.normalize('NFC').trimEnd()) });
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
    issue('relative_uri', `"${uri.slice(0, 80)}" has no scheme, so it names no document on its own`);
    return null;
  }
  const label = LABEL(uri);
  if (!label.safe) {
    issue('unsafe_uri', `${uri.slice(0, 80)}: ${label.reason}`);
    return make({ uri, content_hash: null }, true);
  }
  return make({ uri: new URL(uri).href, content_hash: null });
}

const refOf = (identity: Identity) => identity.uri ?? identity.content_hash!;
/** Same terms: the same URI or content, and no two different versions stated. */
const sameTerms = (a: Identity, b: Identity) => refOf(a) === refOf(b) && (a.version === null || b.version === null || a.version === b.version);

function normalizedPinnedUri(uri: string): string {
  return LABEL(uri).safe ? new URL(uri).href : uri;
}

/** The fields of the effective identity that differ from what was pinned (only the pinned fields are compared). */
function changedFields(pinned: NonNullable<TermsResolverInput['pinned']>, current: Identity | null, flags: Set<string>): Field[] {
  const fields: Field[] = [];
  if (pinned.uri !== undefined && normalizedPinnedUri(pinned.uri) !== current?.uri) fields.push('uri');
  if (pinned.content_hash !== undefined) {
    if (current !== null && current.content_hash === null && current.uri !== null) flags.add('content_not_comparable');
    else if (pinned.content_hash !== current?.content_hash) fields.push('content_hash');
  }
  if (pinned.version !== undefined && pinned.version !== current?.version) fields.push('version');
  return fields;
}

function confidenceOf(effective: Resolved | null, resolved: readonly Resolved[]): TermsResolverResult['confidence'] {
  if (effective === null || resolved.every((r) => r.input.kind === 'llms_txt')) return 'low';
  const single = resolved.filter((r) => r.rank === effective.rank).length === 1;
  return single && effective.identity.version !== null ? 'high' : 'medium';
}

const NEXT_ACTION: Record<Decision, string> = {
  unsafe_uri: 'Do not follow or agree to these terms: the governing URI is not a safe https label. Ask the seller to publish its terms at a public https URL.',
  missing: 'No source states usable terms: ask the seller to declare them (the x402 terms extension or OpenAPI termsOfService) before paying.',
  conflicting: 'The highest-precedence sources name different terms: ask the seller which govern before paying.',
  changed_since_pinned: 'The governing terms changed since you agreed: review the new terms, then pin their identity again before paying.',
  resolved: 'The governing terms are identified and unchanged: pin this identity and pay.',
};

export function analyzeTermsResolution(input: TermsResolverInput): ToolOutput<TermsResolverResult> {
  const flags = new Set<string>();
  const issues: Issue[] = [];
  const resolved = input.sources.map((source, index) => resolve(source, index, issues)).filter((r): r is Resolved => r !== null);
  resolved.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const effective = resolved[0] ?? null;
  const relationOf = (r: Resolved): Relation => (sameTerms(r.identity, effective!.identity) ? 'same' : r.rank === effective!.rank ? 'conflict' : 'differs_lower');
  const others = resolved.slice(1).map((r) => ({ source: pointer('sources', r.index), kind: r.input.kind, identity: { ref: refOf(r.identity), version: r.identity.version }, relation: relationOf(r) }));
  const conflicting = others.some((o) => o.relation === 'conflict');
  for (const i of issues) flags.add(i.code);
  if (others.some((o) => o.relation === 'differs_lower')) flags.add('lower_sources_differ');
  if (conflicting) flags.add('conflicting_terms');

  const change = input.pinned
    ? {
        pinned: { uri: input.pinned.uri ?? null, content_hash: input.pinned.content_hash ?? null, version: input.pinned.version ?? null },
        current: effective?.identity ?? null,
        fields_changed: changedFields(input.pinned, effective?.identity ?? null, flags),
      }
    : null;
  if (change && change.fields_changed.length > 0) flags.add('changed_since_pinned');
  const decision: Decision = effective?.unsafe ? 'unsafe_uri' : effective === null ? 'missing' : conflicting ? 'conflicting' : change && change.fields_changed.length > 0 ? 'changed_since_pinned' : 'resolved';

  const limitations = [
    'Nothing is fetched: a URI is compared as a label, so two URIs serving the same document differ, and the content behind an https URI is not hashed.',
    `Sources are what the caller copied from the x402 "${TERMS_EXTENSION}" extension, OpenAPI, manifests and llms.txt; whether they are current is not visible here.`,
  ];
  if (flags.has('content_not_comparable')) limitations.push('A content_hash was pinned but the effective terms are a URI: their content could not be compared.');
  const top = effective ? `${effective.input.kind} (${effective.input.level}) ${refOf(effective.identity).slice(0, 120)}${effective.identity.version ? ` v${effective.identity.version}` : ''}` : 'none usable';
  return x402Answer(
    {
      decision,
      confidence: confidenceOf(effective, resolved),
      summary: `${input.sources.length} source(s), ${resolved.length} usable; effective terms: ${top}; ${others.length} other source(s), ${issues.length} issue(s)${change ? `, changed fields: ${change.fields_changed.join(', ') || 'none'}` : ''} (${decision}).`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    {
      effective_terms: effective && { source: pointer('sources', effective.index), kind: effective.input.kind, level: effective.input.level, format: effective.input.format, ...effective.identity },
      other_sources: others,
      change,
      issues,
    },
  );
}
