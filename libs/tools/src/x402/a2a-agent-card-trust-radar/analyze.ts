import { A2A_API_KEY_SCHEME, TRUST_RADAR_AXES, type CatalogEntryOf, type RequestOf, type ResultOf, type TrustRadarAxis } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { a2aCardVersion, cardDefaultModes, cardEndpoints, cardFieldMap, cardSkills, cardX402Extension } from '../a2a-card.js';
import { x402Answer } from '../answer.js';
import { HASH, LABEL, isJsonObject, pointer, textOf, type JsonObject } from '../helpers.js';
import { signedContent, type JwsOutcome } from './signature.js';

type Entry = CatalogEntryOf<'x402_a2a_agent_card_trust_radar'>;
export type TrustRadarInput = RequestOf<Entry>;
export type TrustRadarResult = ResultOf<Entry>;
type Decision = TrustRadarResult['decision'];
type Radar = TrustRadarResult['radar'];
type Finding = TrustRadarResult['findings'][number];

const CARD = '/agent_card';
const at = (...segments: (string | number)[]) => `${CARD}${pointer(...segments)}`;
/** A score and the findings that lowered it. */
interface Axis {
  score: number;
  findings: Omit<Finding, 'axis'>[];
}

/** Second-level labels under which a country code's registrable domains sit one level deeper (co.uk, com.au). */
const SECOND_LEVEL_SUFFIXES = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu']);

/** The registrable domain by a heuristic (no public suffix list ships): the last two labels, three under co.uk-style suffixes; IP literals as is. */
export function registrableDomain(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(h) || h.startsWith('[')) return h;
  const labels = h.split('.');
  const deeper = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL_SUFFIXES.has(labels.at(-2)!);
  return labels.slice(deeper ? -3 : -2).join('.');
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
};

function identityAxis(card: JsonObject, input: TrustRadarInput): Axis {
  const map = cardFieldMap(card);
  const findings: Axis['findings'] = [];
  let score = 0;
  const provider = isJsonObject(card[map.fields.provider]) ? (card[map.fields.provider] as JsonObject) : {};
  if (textOf(provider[map.fields.providerOrganization]) !== null && textOf(provider[map.fields.providerUrl]) !== null) score += 2;
  else findings.push({ code: 'provider_incomplete', detail: 'The card names no provider with both organization and url.', pointer: at(map.fields.provider) });
  const main = cardEndpoints(card)[0];
  const mainHost = main ? hostOf(main.url) : null;
  const domain = mainHost === null ? null : registrableDomain(mainHost);
  const served = input.context?.served_from_label ? hostOf(input.context.served_from_label) : null;
  const references = [served, input.context?.expected_domain ?? null].filter((h) => h !== null).map(registrableDomain);
  if (domain !== null && references.includes(domain)) score += 2;
  else if (references.length === 0) findings.push({ code: 'domain_unconfirmed', detail: 'No served_from_label or expected_domain was given to compare the interface host with.', pointer: main?.pointer ? `${CARD}${main.pointer}` : CARD });
  else findings.push({ code: 'domain_mismatch', detail: `The interface's domain ${domain ?? '(none)'} is not ${[...new Set(references)].join(' or ')}.`, pointer: main ? `${CARD}${main.pointer}` : CARD });
  const docs = textOf(card[map.fields.documentationUrl]);
  const docsHost = docs === null ? null : hostOf(docs);
  if (domain !== null && docsHost !== null && registrableDomain(docsHost) === domain) score += 1;
  else findings.push({ code: 'documentation_off_domain', detail: docs === null ? 'The card has no documentationUrl.' : `documentationUrl is not on ${domain ?? 'the interface domain'}.`, pointer: at(map.fields.documentationUrl) });
  return { score, findings };
}

const PRIVATE_HOST = /local|private|loopback/;

function transportAxis(card: JsonObject): Axis {
  const endpoints = cardEndpoints(card);
  if (endpoints.length === 0) return { score: 0, findings: [{ code: 'no_interfaces', detail: 'The card lists no interface URL.', pointer: CARD }] };
  const findings: Axis['findings'] = [];
  let worst = 5;
  for (const endpoint of endpoints) {
    const verdict = LABEL(endpoint.url);
    if (verdict.safe) continue;
    const plain = endpoint.url.toLowerCase().startsWith('http:');
    const insecure = plain || PRIVATE_HOST.test(verdict.reason);
    worst = Math.min(worst, insecure ? 0 : 2);
    findings.push({ code: plain ? 'interface_not_https' : insecure ? 'interface_private_host' : 'interface_unsafe_label', detail: `${endpoint.url.slice(0, 120)}: ${verdict.reason}.`, pointer: `${CARD}${endpoint.pointer}` });
  }
  return { score: worst, findings };
}

/** Whether a security scheme is an API key sent in the query string, in either version's spelling. */
function apiKeyInQuery(scheme: unknown): boolean {
  if (!isJsonObject(scheme)) return false;
  return Object.values(A2A_API_KEY_SCHEME).some((form) => {
    const body = form.wrapper === null ? scheme : scheme[form.wrapper];
    if (!isJsonObject(body) || (form.type !== null && body[form.type.field] !== form.type.value)) return false;
    return textOf(body[form.location])?.toLowerCase() === 'query';
  });
}

function authAxis(card: JsonObject): Axis {
  const map = cardFieldMap(card);
  const schemes = isJsonObject(card[map.fields.securitySchemes]) ? Object.entries(card[map.fields.securitySchemes] as JsonObject) : [];
  const requirements = card[map.fields.securityRequirements];
  if (schemes.length === 0) return { score: 0, findings: [{ code: 'no_security_schemes', detail: 'The card declares no securitySchemes: no authentication is described.', pointer: at(map.fields.securitySchemes) }] };
  if (!Array.isArray(requirements) || requirements.length === 0)
    return { score: 0, findings: [{ code: 'no_security_requirements', detail: `securitySchemes are declared but ${map.fields.securityRequirements} requires none of them.`, pointer: at(map.fields.securityRequirements) }] };
  const inQuery = schemes.find(([, scheme]) => apiKeyInQuery(scheme));
  if (inQuery) return { score: 3, findings: [{ code: 'api_key_in_query', detail: `Scheme ${inQuery[0]} sends an API key in the query string, where logs and proxies keep it.`, pointer: at(map.fields.securitySchemes, inQuery[0]) }] };
  return { score: 5, findings: [] };
}

function integrityAxis(card: JsonObject, outcomes: readonly JwsOutcome[], cardHash: string, pinned: string | undefined): Axis & { failed: boolean; verified: boolean; pinnedMatch: boolean } {
  const field = cardFieldMap(card).fields.signatures;
  const failed = outcomes.find((o) => o.status === 'failed');
  const verified = outcomes.find((o) => o.status === 'verified');
  const pinnedMatch = pinned !== undefined && pinned === cardHash;
  const pinFinding = { code: 'pinned_hash_mismatch', detail: `The card's hash ${cardHash} is not the pinned ${pinned}: the card changed since it was pinned.`, pointer: '/context/pinned_card_hash' };
  const base = { failed: false, verified: false, pinnedMatch };
  if (failed) return { ...base, failed: true, score: 0, findings: [{ code: 'signature_invalid', detail: failed.detail, pointer: at(field, failed.index) }] };
  if (verified) return { ...base, verified: true, score: 5, findings: pinned !== undefined && !pinnedMatch ? [pinFinding] : [] };
  if (pinnedMatch) return { ...base, score: 3, findings: [] };
  if (pinned !== undefined) return { ...base, failed: true, score: 0, findings: [pinFinding] };
  if (outcomes.length > 0) return { ...base, score: 2, findings: [{ code: 'signature_unverifiable', detail: outcomes[0]!.detail, pointer: at(field, outcomes[0]!.index) }] };
  return { ...base, score: 0, findings: [{ code: 'no_signatures', detail: 'The card carries no JWS signature and no pinned hash was given.', pointer: at(field) }] };
}

function paymentAxis(card: JsonObject): Axis {
  const extension = cardX402Extension(card);
  if (extension === null) return { score: 0, findings: [{ code: 'no_x402_extension', detail: 'No a2a-x402 extension in capabilities.extensions (informational: the agent may be free).', pointer: at('capabilities', cardFieldMap(card).fields.extensions) }] };
  if (extension.price === null) return { score: 3, findings: [{ code: 'x402_price_undeclared', detail: 'The a2a-x402 extension is declared without a price in its params.', pointer: `${CARD}${extension.pointer}` }] };
  return { score: 5, findings: [] };
}

const MIME = /^(?:\*\/\*|[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*))(?:\s*;.*)?$/i;

function skillAxis(card: JsonObject): Axis {
  const map = cardFieldMap(card);
  const skills = cardSkills(card);
  if (skills.length === 0) return { score: 0, findings: [{ code: 'no_skills', detail: 'The card lists no skills.', pointer: at(map.fields.skills) }] };
  const findings: Axis['findings'] = [];
  let score = 5;
  const penalize = (points: number, code: string, detail: string, where: string | undefined) => {
    if (where === undefined) return;
    score -= points;
    findings.push({ code, detail, pointer: `${CARD}${where}` });
  };
  const seen = new Set<string>();
  penalize(2, 'duplicate_skill_ids', 'Two skills share an id, so a client cannot address one of them.', skills.find((s) => s.id !== null && (seen.has(s.id) || !seen.add(s.id)))?.pointer);
  penalize(1, 'skill_without_description', 'A skill has no description.', skills.find((s) => s.description === null)?.pointer);
  penalize(1, 'skill_without_tags', 'A skill has no tags.', skills.find((s) => s.tags.length === 0)?.pointer);
  const defaults = cardDefaultModes(card);
  const modeLists = [
    { modes: defaults.input, where: pointer(map.fields.defaultInputModes) },
    { modes: defaults.output, where: pointer(map.fields.defaultOutputModes) },
    ...skills.flatMap((s) => [{ modes: s.inputModes ?? [], where: s.pointer }, { modes: s.outputModes ?? [], where: s.pointer }]),
  ];
  penalize(1, 'malformed_mime_mode', 'A mode is not a MIME type (type/subtype).', modeLists.find((l) => l.modes.some((m) => !MIME.test(m)))?.where);
  return { score: Math.max(0, score), findings };
}

const NEXT_ACTION: Record<Decision, string> = {
  untrusted_shape: 'Do not pay or send data to this agent: its card fails integrity, uses an insecure or private transport, or cannot be tied to an identity. Get a signed card over https from the expected domain.',
  caution: 'Usable with care: fix or accept the weak axes first (see findings), verify the card\'s signature with the provider\'s JWK or pin its card_hash, and keep payments small.',
  trusted_shape: 'The card\'s shape supports talking to and paying this agent; pin card_hash to notice later changes. This is no identity claim.',
};

const LIMITATIONS = [
  'The card alone was read: nothing was fetched (no JWKS URL, no well-known path), so who controls the domain and keys is not proven.',
  'The registrable domain is a heuristic (last two labels, three under co.uk-style suffixes), not the public suffix list.',
];

/** x402-a2a-agent-card-trust-radar (design sheet §50): six axes from the card, signatures checked offline first, then the decision. */
export function analyzeTrustRadar(input: TrustRadarInput, outcomes: readonly JwsOutcome[]): ToolOutput<TrustRadarResult> {
  const card = input.agent_card;
  const version = a2aCardVersion(card);
  const cardHash = HASH(signedContent(card));
  const integrity = integrityAxis(card, outcomes, cardHash, input.context?.pinned_card_hash);
  const axes: Record<TrustRadarAxis, Axis> = {
    identity: identityAxis(card, input),
    transport: transportAxis(card),
    auth: authAxis(card),
    integrity,
    payment_clarity: paymentAxis(card),
    skill_hygiene: skillAxis(card),
  };
  const radar = Object.fromEntries(TRUST_RADAR_AXES.map((axis) => [axis, axes[axis].score])) as Radar;
  const findings = TRUST_RADAR_AXES.flatMap((axis) => axes[axis].findings.map((f) => ({ axis, ...f })));
  const weak = TRUST_RADAR_AXES.filter((axis) => axis !== 'payment_clarity' && radar[axis] <= 2);
  const decision: Decision = integrity.failed || radar.transport === 0 || radar.identity <= 1 ? 'untrusted_shape' : weak.length > 0 ? 'caution' : 'trusted_shape';
  const confidence = integrity.verified ? 'high' : integrity.pinnedMatch ? 'medium' : 'low';
  const flags = findings.map((f) => f.code);
  if (version === null) flags.push('card_version_unknown');
  const scores = TRUST_RADAR_AXES.map((axis) => `${axis} ${radar[axis]}`).join(', ');
  const summary = `${decision} for A2A card ${textOf(card.name) ?? '(unnamed)'} (v${version ?? '?'}): ${scores}; ${weak.length === 0 ? 'no weak axis' : `weak: ${weak.join(', ')}`}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { card_version: version ?? 'unknown', radar, findings, card_hash: cardHash });
}
