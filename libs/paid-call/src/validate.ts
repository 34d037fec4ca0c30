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

/** The body without the entry's capability-token fields (CatalogEntry.secretGuardExempt), for the secret guard. */
function guardedPart(entry: CatalogEntry, body: object): object {
  if (!entry.secretGuardExempt?.length) return body;
  const exempt = new Set(entry.secretGuardExempt);
  return Object.fromEntries(Object.entries(body).filter(([key]) => !exempt.has(key)));
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
