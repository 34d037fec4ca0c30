import { ServiceError, type FieldIssue } from '@paysight/contracts';
import type { z } from 'zod';

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

/** Parses a request body with a catalog schema; invalid input becomes a 400 that costs nothing. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ServiceError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = fieldIssues(parsed.error);
    const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    throw new ServiceError(400, 'invalid_request', `Invalid request: ${summary}`, { issues });
  }
  return parsed.data;
}
