import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MCP_ANNOTATION_DEFAULTS, MCP_PROTOCOL_REVISION, MCP_TOOL_NAME } from '@paysight/contracts';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

/** The x402 family's MCP reference data (libs/contracts/src/x402/mcp.ts) against the SDK it was restated from. */
describe('MCP reference data agrees with @modelcontextprotocol/sdk', () => {
  it('is the SDK\'s latest protocol revision', () => {
    expect(MCP_PROTOCOL_REVISION).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('the tool-name rule accepts and refuses what the SDK does', () => {
    const names = ['svc_tx_status', 'a', 'a'.repeat(128), 'a'.repeat(129), '', 'has space', 'comma,name', 'slash/name', 'dot.name', '-lead', 'trail.', 'ünï', 'x402:tool'];
    for (const name of names) expect([name, MCP_TOOL_NAME.pattern.test(name)]).toEqual([name, validateToolName(name).isValid]);
    expect(['-lead', 'trail.', 'ok'].map((name) => MCP_TOOL_NAME.discouraged.test(name))).toEqual(['-lead', 'trail.', 'ok'].map((name) => validateToolName(name).warnings.length > 0));
  });

  it('the annotation defaults are the "Default:" values of ToolAnnotations in the SDK\'s spec types', () => {
    const require = createRequire(import.meta.url);
    const specTypes = readFileSync(require.resolve('@modelcontextprotocol/sdk/spec.types.js').replace(/\.js$/, '.d.ts'), 'utf8');
    const annotations = /export interface ToolAnnotations \{([\s\S]*?)\n\}/.exec(specTypes)![1]!;
    for (const [hint, value] of Object.entries(MCP_ANNOTATION_DEFAULTS)) {
      expect([hint, new RegExp(`Default: (true|false)\\s*\\*/\\s*${hint}\\?: boolean`).exec(annotations)?.[1]]).toEqual([hint, String(value)]);
    }
  });
});
