import { CATALOG, TOOL_FAMILIES, mcpDiscoveryDocument } from '@paysight/contracts';
import { FIND_TOOLS_NAME, findToolsDefinition, mcpToolDefinitions } from '@paysight/mcp-adapter';
import { buildMcpDiscovery, type ListedMcpTool } from './mcp-discovery.js';

const BASE = 'https://paysight.example';
/** As the route gets them: the MCP service's tools/list JSON, parsed. */
const allTools = JSON.parse(JSON.stringify([...mcpToolDefinitions(), findToolsDefinition()])) as ListedMcpTool[];

describe('buildMcpDiscovery', () => {
  it('validates against the contract and carries the tools it is given, untouched and in order', () => {
    const document = mcpDiscoveryDocument.parse(buildMcpDiscovery({ baseUrl: BASE, agentDiscovery: true, allTools, tools: allTools }));
    expect(document.tools).toEqual(allTools);
    expect(document).toMatchObject({ version: '0.2.0', endpoint: `${BASE}/api/mcp`, protocolVersion: '2025-11-25', transport: 'streamable-http', freeTools: [FIND_TOOLS_NAME] });
    expect(document).not.toHaveProperty('selectedToolsets');
  });

  it('counts every toolset from the whole listing, also when the document shows only some', () => {
    const wallet = allTools.filter((tool) => tool.name === FIND_TOOLS_NAME || CATALOG.some((e) => e.family === 'wallet' && e.mcpName === tool.name));
    const document = buildMcpDiscovery({ baseUrl: BASE, agentDiscovery: false, allTools, tools: wallet, selected: ['wallet'] });
    expect(document.toolsets.map((t) => [t.name, t.tools])).toEqual(TOOL_FAMILIES.map((family) => [family, CATALOG.filter((e) => e.family === family).length]));
    expect(document.toolsets[0]).toMatchObject({ endpoint: `${BASE}/api/mcp?toolsets=wallet`, discovery: `${BASE}/.well-known/mcp?toolsets=wallet` });
    expect(document.selectedToolsets).toEqual(['wallet']);
    expect(document.tools).toEqual(wallet);
    expect(document.links).not.toHaveProperty('recommend');
  });

  it('tells how to pay inside MCP with the payment arguments the tools accept', () => {
    const { payment } = buildMcpDiscovery({ baseUrl: BASE, agentDiscovery: true, allTools, tools: allTools });
    const walletSnapshot = allTools[0]!.inputSchema as { properties: Record<string, unknown> };
    for (const argument of payment.paymentArguments) expect(walletSnapshot.properties).toHaveProperty(argument);
    expect(payment.steps.join(' ')).toContain(`_meta["${payment.metaKey}"]`);
  });
});
