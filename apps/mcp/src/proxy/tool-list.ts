import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { MAX_DESCRIPTION_LENGTH, PAYMENT_ARGUMENTS } from '@paysight/mcp-adapter';
import { usdc, type SpendCaps } from './budget.js';
import { SPEND_TOOL_NAME } from './spend-report.js';

const isPaymentArgument = (name: string): boolean => (PAYMENT_ARGUMENTS as readonly string[]).includes(name);

/** A remote tool that asks for an x402 payment (its `_meta.x402Required`); the others are free. */
export const isPaidTool = (tool: Tool): boolean => tool._meta?.x402Required === true;

/** Without payment arguments, whoever sent them: the proxy alone pays. */
export function withoutPaymentArguments(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([name]) => !isPaymentArgument(name)));
}

/** A remote tool as the agent sees it through the proxy: no payment arguments, and a description that says who pays. */
export function proxiedTool(tool: Tool, caps: SpendCaps): Tool {
  const { properties = {}, required, ...schema } = tool.inputSchema;
  const inputSchema: Tool['inputSchema'] = {
    ...schema,
    properties: withoutPaymentArguments(properties) as typeof properties,
    ...(required && { required: required.filter((name) => !isPaymentArgument(name)) }),
  };
  if (!isPaidTool(tool)) return { ...tool, inputSchema };
  const note =
    `Through this proxy the call is paid automatically from the proxy's own wallet: do not sign or send any payment. ` +
    `The proxy pays at most ${usdc(caps.perCall)} USD per call and ${usdc(caps.perSession)} USD per session and refuses calls above either cap; ` +
    `${SPEND_TOOL_NAME} shows what was spent.`;
  return { ...tool, description: withNote(tool.description ?? '', note), inputSchema };
}

/** The remote description, shortened if need be so that with the note it stays within the spec's limit for descriptions. */
function withNote(description: string, note: string): string {
  const room = MAX_DESCRIPTION_LENGTH - note.length - 2;
  const kept = description.length > room ? `${description.slice(0, room - 1)}…` : description;
  return kept ? `${kept}\n\n${note}` : note;
}
