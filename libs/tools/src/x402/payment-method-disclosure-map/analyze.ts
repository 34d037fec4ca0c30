import { DISCLOSURE_FLAG_CODES, DISCLOSURE_SURFACES, type CatalogEntryOf, type DisclosureSurface, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { X402P, type X402PChallenge } from '../x402p.js';
import { readAgentCard, readChallenge, readManifest, readMcpTools, readOpenApi, readText, type Mention } from './surfaces.js';

type Entry = CatalogEntryOf<'x402_payment_method_disclosure_map'>;
export type DisclosureMapInput = RequestOf<Entry>;
export type DisclosureMapResult = ResultOf<Entry>;
type Decision = DisclosureMapResult['decision'];
type Method = DisclosureMapResult['methods'][number];
type Flag = DisclosureMapResult['flags'][number];
type PreRequestSurface = Exclude<DisclosureSurface, 'challenge'>;

const FACILITATOR_FEES_EXTENSION = 'facilitatorFees';
const FEE_WORD = /\bfees?\b/i;
const SURFACE_RANK = new Map(DISCLOSURE_SURFACES.map((s, i) => [s, i]));
const CODE_RANK = new Map(DISCLOSURE_FLAG_CODES.map((c, i) => [c, i]));
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const READERS: Record<PreRequestSurface, (doc: never, base: string) => Mention[]> = {
  discovery_manifest: readManifest,
  openapi: readOpenApi,
  a2a_agent_card: readAgentCard,
  mcp_tools: readMcpTools,
  llms_txt: (text: string, base) => readText('llms_txt', text, base),
  terms_text: (text: string, base) => readText('terms_text', text, base),
};

interface MethodRow {
  method: Method;
  key: string;
  mentions: Mention[];
}

const surfacesOf = (mentions: readonly Mention[]) => [...new Set(mentions.map((m) => m.surface))].sort((a, b) => SURFACE_RANK.get(a)! - SURFACE_RANK.get(b)!);

/**
 * Step 2: one row per network + asset, split by the schemes surfaces state; a mention that states
 * no scheme discloses every scheme of its network + asset.
 */
function matrix(mentions: readonly Mention[], challengeRead: boolean): MethodRow[] {
  const groups = new Map<string, Mention[]>();
  for (const m of mentions) {
    const key = `${m.network} ${m.asset}`;
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  const rows: MethodRow[] = [];
  for (const [key, group] of groups) {
    const schemes = [...new Set(group.map((m) => m.scheme).filter((s) => s !== null))];
    for (const scheme of schemes.length > 0 ? schemes : [null]) {
      const own = group.filter((m) => m.scheme === scheme || m.scheme === null);
      const { network, asset } = group[0]!;
      const accepted = challengeRead ? own.some((m) => m.surface === 'challenge') : null;
      rows.push({ key, mentions: own, method: { protocol: 'x402', scheme, network, asset, surfaces: surfacesOf(own), accepted } });
    }
  }
  return rows.sort((a, b) => byText(a.method.network, b.method.network) || byText(a.method.asset, b.method.asset) || byText(a.method.scheme ?? '', b.method.scheme ?? ''));
}

const where = (m: Mention) => (m.line === null ? m.surface : `${m.surface} line ${m.line}`);

function methodFlags(rows: readonly MethodRow[], challengeRead: boolean): Flag[] {
  const flags: Flag[] = [];
  for (const { key, method, mentions } of rows) {
    const label = `${method.scheme ?? 'any scheme'} on ${method.network} in ${method.asset}`;
    const before = mentions.filter((m) => m.surface !== 'challenge');
    if (before.length === 0) flags.push({ code: 'undisclosed_before_request', method: key, pointer: mentions[0]!.pointer, detail: `${label} is offered only in the 402 challenge; no pre-request surface discloses it.` });
    if (challengeRead && method.accepted === false) flags.push({ code: 'dead_advertisement', method: key, pointer: before[0]!.pointer, detail: `${label} is advertised on ${where(before[0]!)} but the challenge does not accept it.` });
    const unidentified = new Map<DisclosureSurface, Mention>();
    for (const m of mentions) if (!m.assetIdentified && !unidentified.has(m.surface)) unidentified.set(m.surface, m);
    for (const m of unidentified.values()) flags.push({ code: 'asset_unidentified', method: key, pointer: m.pointer, detail: `${where(m)} names the asset only as ${m.asset}, which the reference data cannot tie to a contract on ${m.network}.` });
  }
  return flags;
}

function feeFlag(input: DisclosureMapInput, challenge: X402PChallenge | null): Flag | null {
  if (challenge?.extension_ids.includes(FACILITATOR_FEES_EXTENSION)) return null;
  const texts = [input.surfaces.llms_txt, input.surfaces.terms_text].filter((t) => t !== undefined);
  if (texts.some((t) => FEE_WORD.test(t))) return null;
  const pointer = challenge ? '/surfaces/challenge/extensions' : '/surfaces';
  return { code: 'fees_undisclosed', method: null, pointer, detail: `No ${FACILITATOR_FEES_EXTENSION} extension in the challenge and no fee mentioned in llms.txt or the terms.` };
}

const NEXT_ACTION: Record<Decision, string> = {
  no_methods: 'No payment method found: supply the 402 challenge and the seller\'s pre-request documents (manifest, OpenAPI, agent card, MCP tools, llms.txt, terms).',
  undisclosed_methods: 'Some methods appear only in the 402: ask the seller to list them in its manifest or docs before buyers reach the paywall, and pay only with a method you planned for.',
  partially_disclosed: 'Every accepted method is disclosed, but some disclosures are stale, vague or silent on fees (see flags): ask the seller to fix them before relying on them.',
  fully_disclosed: 'Every accepted method is disclosed before the first request, with identified assets and fees: plan payments from the seller\'s documents.',
};

const LIMITATIONS = [
  'Only the submitted surfaces were read; nothing was fetched, so what the seller serves now may differ.',
  'An unstated asset counts as the network\'s USDC (x402\'s default asset); prose is read line by line for a network name next to "USDC", and fees only as the word "fee" or the facilitatorFees extension.',
];

function decide(methods: readonly Method[], flags: readonly Flag[]): Decision {
  if (methods.length === 0) return 'no_methods';
  if (flags.some((f) => f.code === 'undisclosed_before_request')) return 'undisclosed_methods';
  return flags.length > 0 ? 'partially_disclosed' : 'fully_disclosed';
}

/** x402-payment-method-disclosure-map (design sheet §46): mentions per surface, the methods × surfaces matrix, flags, then the decision. */
export function analyzeDisclosureMap(input: DisclosureMapInput): ToolOutput<DisclosureMapResult> {
  const riskFlags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const mentions: Mention[] = [];
  let challenge: X402PChallenge | null = null;
  if (input.surfaces.challenge !== undefined) {
    const parsed = X402P(input.surfaces.challenge);
    if (parsed.ok) {
      challenge = parsed.challenge;
      mentions.push(...readChallenge(challenge, '/surfaces/challenge'));
    } else {
      riskFlags.add('challenge_unparsed');
      limitations.push(`The challenge was not read (${parsed.reason}): accepted methods are unknown.`);
    }
  }
  const preRequest = DISCLOSURE_SURFACES.filter((s): s is PreRequestSurface => s !== 'challenge' && input.surfaces[s] !== undefined);
  for (const surface of preRequest) mentions.push(...READERS[surface](input.surfaces[surface] as never, `/surfaces/${surface}`));
  if (mentions.some((m) => !m.networkKnown)) riskFlags.add('unknown_network');

  const rows = matrix(mentions, challenge !== null);
  const methods = rows.map((r) => r.method);
  const fee = methods.length > 0 ? feeFlag(input, challenge) : null;
  const flags = [...methodFlags(rows, challenge !== null), ...(fee ? [fee] : [])].sort(
    (a, b) => CODE_RANK.get(a.code)! - CODE_RANK.get(b.code)! || byText(a.method ?? '', b.method ?? '') || byText(a.pointer, b.pointer),
  );
  for (const f of flags) riskFlags.add(f.code);
  const decision = decide(methods, flags);
  const confidence = challenge === null ? 'low' : preRequest.length >= 2 ? 'high' : 'medium';
  const accepted = methods.filter((m) => m.accepted === true).length;
  const counts = DISCLOSURE_FLAG_CODES.map((code) => [code, flags.filter((f) => f.code === code).length] as const).filter(([, n]) => n > 0);
  const summary = `${decision}: ${methods.length} method(s) across ${preRequest.length + (challenge ? 1 : 0)} readable surface(s)${challenge ? `, ${accepted} accepted by the challenge` : ', no challenge'}; ${counts.length === 0 ? 'no flags' : counts.map(([c, n]) => `${n} ${c}`).join(', ')}.`;
  return x402Answer({ decision, confidence, summary, riskFlags, nextAction: NEXT_ACTION[decision], limitations }, { methods, flags });
}
