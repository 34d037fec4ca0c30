import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface OpenApiValidation {
  valid: boolean;
  errors: unknown;
  /** The OpenAPI version the validator recognised ("3.1"). */
  version: string;
}

/** Validates a document with @seriousme/openapi-schema-validator (ESM only: run by node, outside jest's module system). */
export function validateOpenApi(document: unknown): OpenApiValidation {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'validate-openapi.mjs')], {
    input: JSON.stringify(document),
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(output) as OpenApiValidation;
}
