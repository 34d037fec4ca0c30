import { canonicalJson, type CatalogEntryOf, type RequestOf, type ResponseContractFinding, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ND, pointer } from '../helpers.js';
import { validateAgainstSchema, type SchemaViolation } from './validate.js';

type Entry = CatalogEntryOf<'x402_response_contract_linter'>;
export type ResponseContractInput = RequestOf<Entry>;
export type ResponseContractResult = ResultOf<Entry>;
type Decision = ResponseContractResult['decision'];
type Profile = ResponseContractResult['lint_profile'];
type Severity = ResponseContractFinding['severity'];
type Json = Record<string, unknown>;
type Segment = string | number;

/** Most findings listed (the score counts them all). */
export const MAX_LISTED_FINDINGS = 500;
const MAX_VALUE_TEXT = 120;
const MAX_DEPTH = 16;
const MONEY_KEY = /amount|price|cost|fee|total|balance/i;
const TIME_KEY = /(_at|At|time|Time|date)$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** Paths of the expansion family (the strict v0.1 envelope): decision, confidence and summary are expected. */
const EXPANSION_PATH = /^\/api\/x402\//;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const clip = (text: string) => (text.length <= MAX_VALUE_TEXT ? text : `${text.slice(0, MAX_VALUE_TEXT - 1)}…`);
const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));

interface Context {
  findings: ResponseContractFinding[];
  /** Every finding counts for the score; only the first MAX_LISTED_FINDINGS of a rule are kept for the listing. */
  counts: Record<Severity, number>;
  perRule: Map<string, number>;
  truncated: boolean;
  flags: Set<string>;
  limitations: string[];
}

function find(ctx: Context, rule_id: string, severity: Severity, path: Segment[] | string, message: string, values: { expected?: string; observed?: string } = {}): void {
  ctx.counts[severity] += 1;
  const seen = ctx.perRule.get(rule_id) ?? 0;
  ctx.perRule.set(rule_id, seen + 1);
  if (seen >= MAX_LISTED_FINDINGS) {
    ctx.truncated = true;
    return;
  }
  const finding: ResponseContractFinding = { rule_id, severity, path: typeof path === 'string' ? path : pointer(...path), message };
  if (values.expected !== undefined) finding.expected = clip(values.expected);
  if (values.observed !== undefined) finding.observed = clip(values.observed);
  ctx.findings.push(finding);
}

/** Profile resolution for auto (design §2): MCP result members, then x402 envelope members, else a plain API body. */
export function resolveProfile(sample: Json, requested: ResponseContractInput['lint_profile']): Profile {
  if (requested !== 'auto') return requested;
  if ('content' in sample || 'structuredContent' in sample || 'isError' in sample) return 'mcp';
  if ('pricePaid' in sample || 'x402_request_id' in sample || 'x402Version' in sample) return 'x402';
  return 'api';
}

/** MONEY-FLOAT, TIME-FORMAT, KEY-CASE and DEPTH over the whole sample, in document order (one path stack, pointers built only for findings). */
function commonRules(ctx: Context, sample: Json): void {
  let depthReported = false;
  const path: Segment[] = [];
  const visit = (value: unknown, depth: number, key: string | null): void => {
    if (typeof value === 'number' && key !== null && MONEY_KEY.test(key)) {
      find(ctx, 'MONEY-FLOAT', 'warning', path, `"${key}" carries money as a JSON number; use a decimal string so no client rounds it through a float.`, { expected: 'decimal string', observed: String(value) });
    }
    if (value === null || typeof value !== 'object') return;
    if (depth > MAX_DEPTH && !depthReported) {
      depthReported = true;
      find(ctx, 'DEPTH', 'warning', path, `Nesting reaches level ${depth}, deeper than ${MAX_DEPTH}: agents and tool UIs truncate or refuse such bodies.`, { expected: `≤ ${MAX_DEPTH} levels`, observed: String(depth) });
    }
    if (Array.isArray(value)) {
      // An array under a money key carries money too: its numbers are judged by the array's key.
      for (let i = 0; i < value.length; i += 1) {
        path.push(i);
        visit(value[i], depth + 1, key);
        path.pop();
      }
      return;
    }
    const object = value as Json;
    const keys = Object.keys(object);
    const snake = keys.find((k) => SNAKE.test(k));
    const camel = snake === undefined ? undefined : keys.find((k) => CAMEL.test(k));
    if (snake && camel) find(ctx, 'KEY-CASE', 'info', path, `One object mixes snake_case ("${snake}") and camelCase ("${camel}") keys.`, { observed: `${snake}, ${camel}` });
    for (const k of keys) {
      const child = object[k];
      path.push(k);
      if (TIME_KEY.test(k) && child !== null && !(typeof child === 'string' && RFC3339.test(child) && !Number.isNaN(Date.parse(child)))) {
        find(ctx, 'TIME-FORMAT', 'warning', path, `"${k}" is not an RFC 3339 date-time with an offset.`, { expected: 'RFC 3339 date-time with offset (2026-01-01T00:00:00Z)', observed: shown(child) });
      }
      visit(child, depth + 1, k);
      path.pop();
    }
  };
  visit(sample, 1, null);
}

const SCHEMA_RULES: Record<string, string> = {
  type: 'SCHEMA-TYPE',
  required: 'SCHEMA-REQUIRED',
  dependentRequired: 'SCHEMA-REQUIRED',
  enum: 'SCHEMA-ENUM',
  const: 'SCHEMA-CONST',
  additionalProperties: 'SCHEMA-ADDL',
  unevaluatedProperties: 'SCHEMA-ADDL',
  pattern: 'SCHEMA-PATTERN',
  format: 'SCHEMA-FORMAT',
};
const BOUND_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'multipleOf']);

function schemaRules(ctx: Context, violations: SchemaViolation[], prefix: string): void {
  for (const v of violations) {
    const rule = SCHEMA_RULES[v.keyword] ?? (BOUND_KEYWORDS.has(v.keyword) ? 'SCHEMA-BOUNDS' : 'SCHEMA-OTHER');
    find(ctx, rule, 'error', prefix + v.path, `Schema ${v.keyword}: ${v.message}.`, v);
  }
}

function mcpRules(ctx: Context, sample: Json, hasSchema: boolean): void {
  if (!Array.isArray(sample.content)) find(ctx, 'MCP-CONTENT', 'error', '/content', 'A CallToolResult must carry content as an array of content blocks.', { expected: 'array', observed: shown(sample.content) });
  if ('isError' in sample && typeof sample.isError !== 'boolean') find(ctx, 'MCP-ISERROR', 'error', '/isError', 'isError must be a boolean.', { expected: 'boolean', observed: shown(sample.isError) });
  const structured = sample.structuredContent;
  if ('structuredContent' in sample ? !isObject(structured) : hasSchema) {
    find(ctx, 'MCP-STRUCT', 'error', '/structuredContent', 'structuredContent must be an object (and is required when the tool declares an output schema).', { expected: 'object', observed: shown(structured) });
  }
  if (!('structuredContent' in sample)) return;
  const mirrored = Array.isArray(sample.content) && sample.content.some((block) => isObject(block) && block.type === 'text' && typeof block.text === 'string' && parsesTo(block.text, structured));
  if (!mirrored) find(ctx, 'MCP-MIRROR', 'warning', '/content', 'No text block serializes structuredContent: clients without structured output support see none of it (MCP 2025-11-25 backward compatibility).');
}

function parsesTo(text: string, value: unknown): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === canonicalJson(value ?? null);
  } catch {
    return false;
  }
}

/** Decimal strings compared exactly (BigInt at the longer fraction). */
function decimalsEqual(a: string, b: string): boolean {
  const [, aw, af = ''] = DECIMAL.exec(a)!;
  const [, bw, bf = ''] = DECIMAL.exec(b)!;
  const places = Math.max(af.length, bf.length);
  return BigInt(aw! + af.padEnd(places, '0')) === BigInt(bw! + bf.padEnd(places, '0'));
}

function x402Rules(ctx: Context, sample: Json, toolContext: NonNullable<ResponseContractInput['tool_context']>): void {
  const paid = isObject(sample.pricePaid) ? sample.pricePaid : null;
  if (paid === null) {
    ctx.flags.add('price_paid_absent');
    ctx.limitations.push('The sample has no pricePaid object: price, currency and network of the payment could not be checked.');
  } else {
    const amount = typeof paid.amount === 'string' ? paid.amount : typeof paid.amount === 'number' ? String(paid.amount) : null;
    const decimal = amount !== null && DECIMAL.exec(amount);
    if (decimal && (decimal[2]?.length ?? 0) > 6) find(ctx, 'X402-DECIMALS', 'error', '/pricePaid/amount', 'The amount has more than 6 fraction digits: USDC has 6 decimals.', { expected: '≤ 6 fraction digits', observed: amount! });
    if (toolContext.expected_price !== undefined && (!decimal || !decimalsEqual(amount!, toolContext.expected_price))) {
      find(ctx, 'X402-PRICE', 'error', '/pricePaid/amount', 'The price paid is not the expected price.', { expected: toolContext.expected_price, observed: shown(paid.amount) });
    }
    if (paid.currency !== 'USDC') find(ctx, 'X402-CURRENCY', 'error', '/pricePaid/currency', 'The currency paid is not USDC.', { expected: 'USDC', observed: shown(paid.currency) });
    if (toolContext.network !== undefined) {
      const expected = ND(toolContext.network);
      if (!expected.known) ctx.flags.add('unknown_network');
      for (const key of ['network', 'x402Network'] as const) {
        if (typeof paid[key] !== 'string') continue;
        const observed = ND(paid[key]);
        if (observed.network !== expected.network) find(ctx, 'X402-NETWORK', 'error', `/pricePaid/${key}`, `pricePaid.${key} names another network than the one expected.`, { expected: expected.network, observed: observed.network });
      }
    }
  }
  if (!('x402_request_id' in sample)) find(ctx, 'X402-REQID', 'warning', '/x402_request_id', 'x402_request_id is missing: the payment cannot be tied to this answer.');
  if (!(isObject(sample.metadata) && 'paymentStatus' in sample.metadata)) find(ctx, 'X402-PAYSTATUS', 'warning', '/metadata/paymentStatus', 'metadata.paymentStatus is missing: the caller cannot tell a settled from a verified payment.');
}

function apiRules(ctx: Context, sample: Json, toolContext: ResponseContractInput['tool_context']): void {
  if (isObject(sample.error) && (!('code' in sample.error) || !('message' in sample.error))) {
    find(ctx, 'API-ERROR-SHAPE', 'warning', '/error', 'An error object should carry both a code and a message.', { expected: 'code, message', observed: Object.keys(sample.error).slice(0, 10).join(', ') || 'no members' });
  }
  const path = toolContext?.endpoint_path;
  if (path !== undefined && EXPANSION_PATH.test(path)) {
    const missing = (['decision', 'confidence', 'summary'] as const).filter((k) => !(k in sample));
    if (missing.length > 0) find(ctx, 'API-ENVELOPE', 'info', '', `An expansion-family answer (${path}) lacks ${missing.join(', ')}.`, { expected: 'decision, confidence, summary', observed: `missing ${missing.join(', ')}` });
  }
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function sortFindings(findings: ResponseContractFinding[]): ResponseContractFinding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || (a.f.path < b.f.path ? -1 : a.f.path > b.f.path ? 1 : 0) || a.i - b.i)
    .map(({ f }) => f);
}

/** The anchors each profile compares against: the first is the one whose absence makes the context insufficient (x402: either). */
function anchorsOf(profile: Profile, input: ResponseContractInput, schemaUsable: boolean): { present: number; insufficient: boolean } {
  const tc = input.tool_context ?? {};
  if (profile === 'x402') {
    const present = [tc.expected_price, tc.network].filter((v) => v !== undefined).length;
    return { present, insufficient: present === 0 };
  }
  const identity = profile === 'mcp' ? tc.mcp_tool_name !== undefined : tc.endpoint_path !== undefined || tc.operation_id !== undefined;
  return { present: Number(schemaUsable) + Number(identity), insufficient: !schemaUsable };
}

const NEXT_ACTION: Record<Decision, string> = {
  fail: 'Fix the error findings first (schema violations, MCP result shape, price, currency or network of the payment), then lint a fresh sample.',
  insufficient_context: 'Supply the anchor the profile needs: a schema_sample for api and mcp, tool_context.expected_price or network for x402; the sample itself showed no error.',
  warn: 'The sample satisfies its contract; fix the warnings (money as numbers, timestamps without offsets, a missing mirror or request id) before clients depend on them.',
  pass: 'The sample satisfies its schema and the family rules of its profile; keep linting samples in CI.',
};

const LIMITATIONS = [
  'Only the captured sample was linted: nothing was replayed or fetched, and other responses of the same tool may differ.',
  'Remote $refs in schema_sample are never fetched: a schema that needs one cannot be applied.',
];

/** x402-response-contract-linter (design sheet §2): findings, score, then the decision in the sheet's order and the confidence rule. */
export function analyzeResponseContract(input: ResponseContractInput): ToolOutput<ResponseContractResult> {
  const ctx: Context = { findings: [], counts: { error: 0, warning: 0, info: 0 }, perRule: new Map(), truncated: false, flags: new Set(), limitations: [...LIMITATIONS] };
  const sample = input.response_sample;
  const profile = resolveProfile(sample, input.lint_profile);
  let schemaUsable = false;
  if (input.schema_sample !== undefined) {
    const target = profile === 'mcp' ? { present: 'structuredContent' in sample, value: sample.structuredContent, prefix: '/structuredContent' } : { present: true, value: sample, prefix: '' };
    const outcome = validateAgainstSchema(input.schema_sample, target.value, target.present);
    if (outcome.usable) {
      schemaUsable = true;
      schemaRules(ctx, outcome.violations, target.prefix);
    } else {
      ctx.flags.add('schema_unusable');
      ctx.limitations.push(`schema_sample could not be compiled (${clip(outcome.reason)}): no SCHEMA-* rule was applied.`);
    }
    for (const note of outcome.notes) ctx.limitations.push(note.text);
    for (const note of outcome.notes) ctx.flags.add(note.flag);
  }
  commonRules(ctx, sample);
  if (profile === 'mcp') mcpRules(ctx, sample, schemaUsable);
  if (profile === 'x402') x402Rules(ctx, sample, input.tool_context ?? {});
  if (profile === 'api') apiRules(ctx, sample, input.tool_context);

  const { error: errors, warning: warnings, info: infos } = ctx.counts;
  const score = Math.max(0, 100 - 25 * errors - 8 * warnings - 2 * infos);
  const anchors = anchorsOf(profile, input, schemaUsable);
  const decision: Decision = errors > 0 ? 'fail' : anchors.insufficient ? 'insufficient_context' : warnings > 0 ? 'warn' : 'pass';
  const confidence = anchors.present >= 2 ? 'high' : anchors.present === 1 ? 'medium' : 'low';
  for (const f of ctx.findings) if (f.severity !== 'info') ctx.flags.add(f.rule_id.toLowerCase().replaceAll('-', '_'));
  const findings = sortFindings(ctx.findings);
  if (ctx.truncated || findings.length > MAX_LISTED_FINDINGS) {
    ctx.flags.add('findings_truncated');
    ctx.limitations.push(`${errors + warnings + infos} findings: at most ${MAX_LISTED_FINDINGS} per rule (the first in document order) were kept and the first ${MAX_LISTED_FINDINGS} of them in sort order are listed; the score counts all of them.`);
  }
  const summary = `${decision} for a ${profile} response: score ${score} with ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} and ${infos} info${infos === 1 ? '' : 's'}${input.schema_sample === undefined ? '; no schema_sample was given' : schemaUsable ? '' : '; schema_sample could not be applied'}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: ctx.flags, nextAction: NEXT_ACTION[decision], limitations: ctx.limitations },
    { lint_profile: profile, score, findings: findings.slice(0, MAX_LISTED_FINDINGS) },
  );
}
