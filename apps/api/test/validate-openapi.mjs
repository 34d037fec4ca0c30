// Validates the OpenAPI document read from stdin with @seriousme/openapi-schema-validator and prints
// {valid, errors, version} as JSON. The validator is ESM only, so the jest tests run it in a child process.
import { Validator } from '@seriousme/openapi-schema-validator';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(text));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? null, version: validator.version }));
