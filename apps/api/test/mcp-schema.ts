import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
// Under NodeNext the default import of this CommonJS package is its module object.
addFormats.default(ajv);

/** Validates structuredContent against a tool's outputSchema as a strict MCP host does (JSON Schema 2020-12). */
export function outputErrors(tool: Pick<Tool, 'outputSchema'>, structured: unknown): string[] {
  const validate = ajv.compile(tool.outputSchema!);
  return validate(structured) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
