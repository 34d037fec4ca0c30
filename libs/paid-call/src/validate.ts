import { ERROR_CODES, type CatalogEntry, type ErrorBody, type ErrorCode, type FieldIssue, type RequestOf, errorBody } from '@paysight/contracts';
import type { z } from 'zod';
import { describeFinding, describeX402Finding, findSensitiveInput } from './sensitive-input.js';

function issuePath(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(body)';
}

/** Flattens zod issues into {path, message} pairs that name the offending field. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return { path: issuePath(issue.path), message: `unknown field(s): ${issue.keys.join(', ')}` };
    }
    return { path: issuePath(issue.path), message: issue.message };
  });
}

/**
 * The error code a schema names for its refusal: a custom issue may carry `params.errorCode` (the
 * notary's field_not_allowed_in_mode); otherwise invalid_request.
 */
function refusalCode(error: z.ZodError): ErrorCode {
  for (const issue of error.issues) {
    const named = issue.code === 'custom' ? (issue.params as { errorCode?: unknown } | undefined)?.errorCode : undefined;
    if (typeof named === 'string' && (ERROR_CODES as readonly string[]).includes(named)) return named as ErrorCode;
  }
  return 'invalid_request';
}

/** The alphabet of capability tokens and JWS parts (base64url). */
const TOKEN_ALPHABET = /^[A-Za-z0-9_-]+$/;
/** What an exempt field may hold and still be skipped: a token-alphabet string, or a safe integer (a PRNG seed); anything else is searched. */
const exemptValue = (member: unknown) => (typeof member === 'string' && TOKEN_ALPHABET.test(member)) || Number.isSafeInteger(member);

/**
 * `value` without the token at `path` (segments of an exempt field: `name`, or `name[]` for every
 * element of an array), copied only along the path. A member that is not an exemptValue stays.
 */
function withoutToken(value: unknown, path: readonly string[]): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const each = segment.endsWith('[]');
  const key = each ? segment.slice(0, -2) : segment;
  const object = value as Record<string, unknown>;
  if (!(key in object)) return value;
  const { [key]: member, ...others } = object;
  if (rest.length === 0) return exemptValue(member) ? others : value;
  const inner = each ? (Array.isArray(member) ? member.map((item) => withoutToken(item, rest)) : member) : withoutToken(member, rest);
  return { ...others, [key]: inner };
}

/**
 * The body without the entry's capability-token fields (CatalogEntry.secretGuardExempt: top-level
 * names, or dotted paths into embedded documents such as agent_card.signatures[].signature), for the secret guard.
 */
function guardedPart(entry: CatalogEntry, body: object): unknown {
  return (entry.secretGuardExempt ?? []).reduce<unknown>((part, field) => withoutToken(part, field.split('.')), body);
}

export type ValidatedRequest<E extends CatalogEntry> = { ok: true; input: RequestOf<E> } | { ok: false; error: ErrorBody };

/**
 * A request body checked against its catalog entry, in this order: a JSON object, free of secret
 * material outside its capability-token fields (refused before the schema can echo any of it), then
 * the entry's request schema.
 * Every refusal is a 400 that costs nothing.
 */
export function validateRequest<E extends CatalogEntry>(entry: E, body: unknown): ValidatedRequest<E> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: errorBody('invalid_json', 'The request body must be a JSON object.') };
  }
  if (entry.family === 'x402') {
    // The x402-* family (design sheet §0): the service's rules and a-f, answered secret_material_rejected, echoing nothing but the kind.
    const secret = findSensitiveInput(guardedPart(entry, body), 'x402');
    if (secret) return { ok: false, error: errorBody('secret_material_rejected', describeX402Finding(secret), { kind: secret.kind }) };
  } else {
    const secret = findSensitiveInput(guardedPart(entry, body));
    if (secret) return { ok: false, error: errorBody('sensitive_input', describeFinding(secret), { kind: secret.kind, path: secret.path }) };
  }
  const parsed = entry.request.safeParse(body);
  if (!parsed.success) {
    const issues = fieldIssues(parsed.error);
    const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    return { ok: false, error: errorBody(refusalCode(parsed.error), `Invalid request: ${summary}`, { issues }) };
  }
  return { ok: true, input: parsed.data as RequestOf<E> };
}
