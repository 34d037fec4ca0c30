import {
  ELICITATION_FINDING_CODES,
  MCP_ELICITATION_ACTIONS,
  MCP_ELICITATION_DEFAULT_MODE,
  MCP_ELICITATION_METHODS,
  MCP_ELICITATION_MODES,
  MCP_ELICITATION_SENSITIVE,
  MCP_URL_ELICITATION_REQUIRED,
  X402_MCP_META_KEYS,
  type CatalogEntryOf,
  type ElicitationFindingCode,
  type McpElicitationAction,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { LABEL, isJsonObject, pointer, textOf, type JsonObject } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_mcp_elicitation_consent_transcript_auditor'>;
export type ElicitationAuditorInput = RequestOf<Entry>;
export type ElicitationAuditorResult = ResultOf<Entry>;
type Decision = ElicitationAuditorResult['decision'];
type Finding = ElicitationAuditorResult['findings'][number];
type Elicitation = ElicitationAuditorResult['elicitations'][number];
type Message = ElicitationAuditorInput['messages'][number];
type Indexed = Message & { index: number };

const SEVERITY: Record<ElicitationFindingCode, Finding['severity']> = {
  proceeded_after_decline: 'critical',
  sensitive_in_form: 'high',
  mode_not_declared: 'medium',
  schema_not_flat: 'low',
  url_mode_invalid: 'medium',
  accept_with_content_in_url_mode: 'medium',
  bad_action: 'medium',
  unknown_completion: 'low',
  bad_32042: 'medium',
};
const CODE_ORDER = new Map<string, number>(ELICITATION_FINDING_CODES.map((code, i) => [code, i]));
const COMPLETE_METHODS = new Set<string>([MCP_ELICITATION_METHODS.complete, 'elicitation/complete']);
const isAction = (value: unknown): value is McpElicitationAction => typeof value === 'string' && (MCP_ELICITATION_ACTIONS as readonly string[]).includes(value);
/** JSON-RPC ids pair by value and type (1 and "1" are different ids). */
const idKey = (id: string | number | undefined) => (id === undefined ? null : `${typeof id}:${id}`);

class Audit {
  readonly findings: Finding[] = [];
  add(code: ElicitationFindingCode, message: Indexed, path: string, detail: string, issues?: Set<ElicitationFindingCode>): void {
    this.findings.push({ code, seq: message.seq, severity: SEVERITY[code], path: `/messages/${message.index}${path}`, detail });
    issues?.add(code);
  }
  sorted(): Finding[] {
    return [...this.findings].sort((a, b) => a.seq - b.seq || CODE_ORDER.get(a.code)! - CODE_ORDER.get(b.code)!);
  }
}

/** The modes a client declared: none without the capability, form for an empty object (the revision before URL mode). */
export function declaredModes(elicitation: { form?: unknown; url?: unknown } | undefined): Set<string> {
  if (elicitation === undefined) return new Set();
  const modes = MCP_ELICITATION_MODES.filter((mode) => elicitation[mode] !== undefined);
  return new Set(modes.length === 0 ? [MCP_ELICITATION_DEFAULT_MODE] : modes);
}

/** A form property is flat when it is a primitive; an array only as a multi-select enum (items with enum or anyOf). */
function nestedProperty(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  if (schema.type === 'object' || schema.properties !== undefined) return true;
  if (schema.type !== 'array') return false;
  const items = schema.items;
  return !(isJsonObject(items) && (Array.isArray(items.enum) || Array.isArray(items.anyOf) || Array.isArray(items.oneOf)));
}

function auditForm(message: Indexed, params: JsonObject, audit: Audit, issues: Set<ElicitationFindingCode>): void {
  const schema = params.requestedSchema;
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    const path = `/params/requestedSchema/properties${pointer(name)}`;
    const words = [name, ...(isJsonObject(property) ? [property.title, property.description] : [])].filter((w): w is string => typeof w === 'string');
    const hit = words.map((w) => MCP_ELICITATION_SENSITIVE.exec(w)?.[0]).find(Boolean);
    if (hit) audit.add('sensitive_in_form', message, path, `form field "${name}" asks for "${hit.toLowerCase()}": sensitive data must be requested in URL mode`, issues);
    if (nestedProperty(property)) audit.add('schema_not_flat', message, path, `form field "${name}" is a nested object or an array of objects; forms take primitive fields only`, issues);
  }
}

function auditUrl(message: Indexed, params: JsonObject, audit: Audit, issues: Set<ElicitationFindingCode>): void {
  if (textOf(params.elicitationId) === null) audit.add('url_mode_invalid', message, '/params/elicitationId', 'a URL elicitation without elicitationId cannot be completed or matched', issues);
  const url = params.url;
  const verdict = typeof url === 'string' ? LABEL(url) : { safe: false as const, reason: 'no URL' };
  if (!verdict.safe) audit.add('url_mode_invalid', message, '/params/url', `the URL is not a safe https label: ${verdict.reason}`, issues);
}

interface Opened {
  elicitation: Elicitation;
  issues: Set<ElicitationFindingCode>;
  mode: string;
  answered: boolean;
}

/** The user's answer to one elicitation: its outcome, and the rules on the result. */
function auditAnswer(opened: Opened, message: Indexed, audit: Audit): void {
  if (message.kind === 'error' || message.error !== undefined || !message.result) return;
  const { action, content } = message.result;
  if (!isAction(action)) {
    audit.add('bad_action', message, '/result/action', `action ${JSON.stringify(action ?? null)} is not accept, decline or cancel`, opened.issues);
    return;
  }
  opened.elicitation.outcome = action;
  if (opened.mode === 'url' && action === 'accept' && content !== undefined) audit.add('accept_with_content_in_url_mode', message, '/result/content', 'a URL-mode accept carries content: the data belongs to the out-of-band page, not the result', opened.issues);
}

/** −32042 data must list URL-mode elicitations only; their ids become known for completions. */
function auditUrlRequired(message: Indexed, audit: Audit, knownUrlIds: Set<string>): void {
  const error = message.error;
  if (!error || error.code !== MCP_URL_ELICITATION_REQUIRED) return;
  const list = isJsonObject(error.data) ? error.data.elicitations : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    audit.add('bad_32042', message, '/error/data', '−32042 without a data.elicitations list');
    return;
  }
  list.forEach((item, i) => {
    if (!isJsonObject(item) || item.mode !== 'url') audit.add('bad_32042', message, `/error/data/elicitations/${i}`, `elicitation ${i} of a −32042 error is not a URL-mode elicitation`);
    else if (typeof item.elicitationId === 'string') knownUrlIds.add(item.elicitationId);
  });
}

const paymentOf = (params: JsonObject | undefined) => (params && isJsonObject(params._meta) ? params._meta[X402_MCP_META_KEYS.payment] : undefined);

interface Refusal {
  at: Indexed;
  outcome: McpElicitationAction;
}

/** One session read in seq order: open elicitations and tool calls, URL elicitation ids announced so far, and each tool's standing refusal. */
class Session {
  readonly audit = new Audit();
  readonly records: Opened[] = [];
  private readonly opened = new Map<string, Opened>();
  private readonly openCalls = new Map<string, string>();
  private readonly knownUrlIds = new Set<string>();
  private readonly refusals = new Map<string, Refusal>();

  constructor(
    private readonly modes: ReadonlySet<string>,
    private readonly paidTools: ReadonlySet<string>,
  ) {}

  read(message: Indexed): void {
    const { direction, kind, method } = message;
    const key = idKey(message.id);
    const reply = kind === 'result' || kind === 'error';
    if (direction === 'server_to_client' && kind === 'request' && method === MCP_ELICITATION_METHODS.create) this.elicit(message, key);
    else if (direction === 'client_to_server' && kind === 'request' && method === 'tools/call') this.callTool(message, key);
    else if (direction === 'client_to_server' && reply && key !== null && this.opened.has(key)) this.answer(message, key);
    else if (direction === 'server_to_client' && reply) this.serverReply(message, key);
    else if (kind === 'notification' && method !== undefined && COMPLETE_METHODS.has(method)) this.complete(message);
  }

  /** Step 1: an elicitation request, tied to the latest tool call still open. */
  private elicit(message: Indexed, key: string | null): void {
    const params = message.params ?? {};
    const mode = typeof params.mode === 'string' ? params.mode : MCP_ELICITATION_DEFAULT_MODE;
    const issues = new Set<ElicitationFindingCode>();
    if (!this.modes.has(mode)) this.audit.add('mode_not_declared', message, '/params/mode', `mode ${mode} was not declared by the client (declared: ${[...this.modes].join(', ') || 'none'})`, issues);
    if (mode === 'form') auditForm(message, params, this.audit, issues);
    if (mode === 'url') auditUrl(message, params, this.audit, issues);
    if (mode === 'url' && typeof params.elicitationId === 'string') this.knownUrlIds.add(params.elicitationId);
    const tool = [...this.openCalls.values()].at(-1) ?? null;
    const record: Opened = { elicitation: { id: message.id === undefined ? '' : String(message.id), seq: message.seq, mode, tool, outcome: 'none', issues: [] }, issues, mode, answered: false };
    this.records.push(record);
    if (key !== null) this.opened.set(key, record);
  }

  /** Step 2: the user's answer; a decline or cancel stands for its tool until an accept. */
  private answer(message: Indexed, key: string): void {
    const record = this.opened.get(key)!;
    this.opened.delete(key);
    record.answered = true;
    auditAnswer(record, message, this.audit);
    const { tool, outcome } = record.elicitation;
    if (tool === null) return;
    if (outcome === 'accept') this.refusals.delete(tool);
    else if (outcome === 'decline' || outcome === 'cancel') this.refusals.set(tool, { at: message, outcome });
  }

  /** Step 3: a paid call of a tool with a standing refusal. */
  private callTool(message: Indexed, key: string | null): void {
    const tool = textOf(message.params?.name);
    if (tool === null) return;
    const payment = paymentOf(message.params);
    const refusal = this.refusals.get(tool);
    if (refusal && (payment !== undefined || this.paidTools.has(tool))) {
      const path = payment !== undefined ? `/params/_meta${pointer(X402_MCP_META_KEYS.payment)}` : '/params/name';
      this.audit.add('proceeded_after_decline', message, path, `paid call of ${tool} after the user's ${refusal.outcome} at seq ${refusal.at.seq}, with no new accept`);
    }
    if (key !== null) this.openCalls.set(key, tool);
  }

  /** Step 4: a server result or error closes its call; a −32042 is checked. */
  private serverReply(message: Indexed, key: string | null): void {
    auditUrlRequired(message, this.audit, this.knownUrlIds);
    if (key !== null) this.openCalls.delete(key);
  }

  /** Step 5: a completion must name a URL elicitation announced before. */
  private complete(message: Indexed): void {
    const id = message.params?.elicitationId;
    if (typeof id !== 'string' || !this.knownUrlIds.has(id)) this.audit.add('unknown_completion', message, '/params/elicitationId', `completion for ${JSON.stringify(id ?? null)}, which no earlier URL elicitation announced`);
  }
}

const NEXT_ACTION: Record<Decision, string> = {
  consent_violated: 'Stop charging on this flow: never send a paid tools/call after a decline or cancel without a new accept, and move passwords, keys and payment data to URL-mode elicitation. Fix, then audit a new transcript.',
  minor_issues: 'Consent was respected, but the exchanges break MCP 2025-11-25 rules: fix the findings (declared modes, flat schemas, URL elicitation ids) before clients that enforce them refuse the flow.',
  compliant: 'The elicitation exchanges follow MCP 2025-11-25 and no payment went ahead after a decline or cancel; keep this transcript as evidence.',
};

const LIMITATIONS = [
  'Only the submitted messages were read, as one session: exchanges on other connections, and what the client showed the user, cannot be seen.',
  'An elicitation is tied to the tools/call it was sent during (the latest one still open); one sent outside a call is audited but not tied to a tool.',
  'Payment is recognised by _meta["x402/payment"] on tools/call or a listed paid tool; payments made outside the transcript are invisible.',
];

/** x402-mcp-elicitation-consent-transcript-auditor (design sheet §48): pair requests and results, apply the spec's rules, then the decision in the sheet's order. */
export function analyzeElicitationTranscript(input: ElicitationAuditorInput): ToolOutput<ElicitationAuditorResult> {
  const session = new Session(declaredModes(input.client_capabilities.elicitation), new Set(input.paid_tool_names ?? []));
  const messages: Indexed[] = input.messages.map((m, index) => ({ ...m, index })).sort((a, b) => a.seq - b.seq || a.index - b.index);
  for (const message of messages) session.read(message);

  const { records, audit } = session;
  const elicitations: Elicitation[] = records.map(({ elicitation, issues }) => ({ ...elicitation, issues: [...issues].sort((a, b) => CODE_ORDER.get(a)! - CODE_ORDER.get(b)!) }));
  const findings = audit.sorted();
  const codes = new Set(findings.map((f) => f.code));
  const decision: Decision = codes.has('proceeded_after_decline') || codes.has('sensitive_in_form') ? 'consent_violated' : findings.length > 0 ? 'minor_issues' : 'compliant';
  const unanswered = elicitations.filter((e) => e.outcome === 'none').length;
  const unpaired = records.filter((r) => !r.answered).length;
  const confidence = unpaired === 0 ? 'high' : 'medium';
  const limitations = [...LIMITATIONS];
  if (unpaired > 0) limitations.push(`${unpaired} elicitation request(s) have no result in the transcript: what the user answered is unknown.`);
  if (elicitations.length === 0) limitations.push('The transcript holds no elicitation/create request.');
  const summary = `${decision}: ${elicitations.length} elicitation(s) (${unanswered} without a valid answer), ${findings.length} finding(s)${findings.length > 0 ? `; first: ${findings[0]!.code} at seq ${findings[0]!.seq}` : ''}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: codes, nextAction: NEXT_ACTION[decision], limitations }, { elicitations, findings });
}
