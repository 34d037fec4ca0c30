import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { usdc } from './budget.js';
import { callThroughProxy, type PayingCallDeps } from './paying-call.js';
import { SPEND_TOOL, SPEND_TOOL_NAME, spendReportResult } from './spend-report.js';
import { proxiedTool } from './tool-list.js';

/**
 * The proxy's MCP server (low-level SDK `Server`, any transport): the remote `tools` without their
 * payment arguments, plus the local spend report; calls go through `callThroughProxy`.
 */
export function createProxyServer(deps: PayingCallDeps, tools: readonly Tool[], info: { name: string; version: string }): Server {
  const { caps } = deps.budget;
  const server = new Server(info, {
    capabilities: { tools: {} },
    instructions:
      'Paysight blockchain research tools. This local proxy pays for each call itself in USDC on Base, ' +
      `at most ${usdc(caps.perCall)} USD per call and ${usdc(caps.perSession)} USD per session; ${SPEND_TOOL_NAME} reports what it spent.`,
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = [...tools.map((tool) => proxiedTool(tool, caps)), SPEND_TOOL];

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }, extra) => {
    const { name, arguments: args = {} } = params;
    if (name === SPEND_TOOL_NAME) return spendReportResult(deps.budget.report());
    // A tool outside the listed toolsets is still called by name, as the service itself allows.
    const endpoint = byName.get(name)?._meta?.x402Endpoint;
    return callThroughProxy(deps, { name, endpoint: typeof endpoint === 'string' ? endpoint : name, args }, extra.signal);
  });
  return server;
}
