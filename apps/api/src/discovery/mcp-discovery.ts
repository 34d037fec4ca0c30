import { DISCOVERY_PATHS, MCP_DISCOVERY_VERSION, MCP_PROTOCOL_VERSION, PAYMENT, SERVICE_NAME, toolByMcpName, type McpDiscoveryDocument } from '@paysight/contracts';
import { FIND_TOOLS_NAME, PAYMENT_ARGUMENTS, PAYMENT_META_KEY, TOOLSETS, type McpService, type Toolset } from '@paysight/mcp-adapter';
import { discoveryUrls } from './addresses.js';
import { serviceDescription } from './manifest.js';

/** A tool exactly as the MCP server's tools/list result carries it. */
export type ListedMcpTool = McpDiscoveryDocument['tools'][number];

export interface McpDiscoveryInput {
  baseUrl: string;
  agentDiscovery: boolean;
  /** Every tool /api/mcp lists without a toolset filter: the toolset counts come from it. */
  allTools: readonly ListedMcpTool[];
  /** The tools of the selected toolsets, as tools/list answers for them (the same as allTools when none are chosen). */
  tools: readonly ListedMcpTool[];
  /** The toolsets asked for with ?toolsets=; absent when every toolset is listed. */
  selected?: readonly Toolset[];
}

const familyOf = (tool: ListedMcpTool) => toolByMcpName(tool.name)?.family;

/**
 * The MCP discovery document (/.well-known/mcp): where the server is, its toolsets with their tool
 * counts and links to load one, how a paid tool is paid, and the tools exactly as tools/list gives them.
 */
export function buildMcpDiscovery(input: McpDiscoveryInput): McpDiscoveryDocument {
  const endpoint = `${input.baseUrl}${DISCOVERY_PATHS.mcpEndpoint}`;
  const document = `${input.baseUrl}${DISCOVERY_PATHS.mcp}`;
  return {
    version: MCP_DISCOVERY_VERSION,
    name: SERVICE_NAME,
    description: serviceDescription(),
    endpoint,
    protocolVersion: MCP_PROTOCOL_VERSION,
    transport: 'streamable-http',
    toolsets: TOOLSETS.map((name) => ({
      name,
      tools: input.allTools.filter((tool) => familyOf(tool) === name).length,
      endpoint: `${endpoint}?toolsets=${name}`,
      discovery: `${document}?toolsets=${name}`,
    })),
    ...(input.selected ? { selectedToolsets: [...input.selected] } : {}),
    freeTools: input.allTools.filter((tool) => tool.name === FIND_TOOLS_NAME).map((tool) => tool.name),
    payment: {
      protocol: 'x402',
      scheme: PAYMENT.scheme,
      currency: PAYMENT.currency,
      network: PAYMENT.network,
      steps: [
        'Call a paid tool without payment: invalid input answers status error (httpStatus 400, nothing asked); valid input answers status payment_required with the one offer (paymentRequired).',
        'Sign paymentRequired with an x402 client; the payment is for the tool\'s REST URL, so it is the same whether it goes through MCP or REST.',
        `Call again with the same arguments and the signed payment in one of the arguments ${PAYMENT_ARGUMENTS.join(', ')} (base64, as the HTTP header carries it), or as a PaymentPayload object in params._meta["${PAYMENT_META_KEY}"].`,
      ],
      paymentArguments: [...PAYMENT_ARGUMENTS],
      metaKey: PAYMENT_META_KEY,
    },
    links: discoveryUrls(input.baseUrl, input.agentDiscovery),
    tools: [...input.tools],
  };
}

/** The tools /api/mcp lists for a toolset selection (all toolsets when absent), taken from the MCP service itself. */
export function listedTools(mcp: McpService, toolsets?: readonly Toolset[]): ListedMcpTool[] {
  const json = mcp.toolsListJson(toolsets ? { toolsets } : {});
  if (json === null) throw new Error('the MCP service lists in pages; the discovery documents need one page');
  return (JSON.parse(json) as { tools: ListedMcpTool[] }).tools;
}
