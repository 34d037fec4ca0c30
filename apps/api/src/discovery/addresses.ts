import { AGENT_ENDPOINTS, DISCOVERY_PATHS, MCP_PROTOCOL_VERSION, type DiscoveryAddress, type DiscoveryAddressUrls } from '@paysight/contracts';

/** The discovery addresses this service answers, as absolute URLs; the agent endpoints only while agent discovery is on. */
export function discoveryUrls(baseUrl: string, agentDiscovery: boolean): DiscoveryAddressUrls {
  const served = (Object.keys(DISCOVERY_PATHS) as DiscoveryAddress[]).filter((name) => agentDiscovery || !(AGENT_ENDPOINTS as readonly string[]).includes(name));
  return Object.fromEntries(served.map((name) => [name, `${baseUrl}${DISCOVERY_PATHS[name]}`])) as DiscoveryAddressUrls;
}

/** What a reader finds at each free address, in a few words: for indexes such as llms.txt and the /agents page. */
export const DISCOVERY_DESCRIPTIONS: Readonly<Record<DiscoveryAddress, { title: string; method: 'GET' | 'POST'; description: string }>> = {
  llmsTxt: { title: 'llms.txt', method: 'GET', description: 'a Markdown index of the service for language models' },
  ai: { title: 'Discovery manifest (/.well-known/ai)', method: 'GET', description: 'the same JSON document as /api/agents/manifest, at the well-known address' },
  mcp: { title: 'MCP discovery document', method: 'GET', description: 'the MCP endpoint, its toolsets, how to pay inside MCP and every tool as tools/list gives it' },
  x402: { title: 'x402 resource list', method: 'GET', description: 'every paid resource with the exact offer its 402 answer carries' },
  manifest: { title: 'Discovery manifest', method: 'GET', description: 'JSON: every tool with its price, endpoint, input and output schema, the safety rules and the payment setting' },
  health: { title: 'Health', method: 'GET', description: 'whether the store, the facilitator and each chain source answer' },
  agentsPage: { title: 'Agents page', method: 'GET', description: 'the catalog for people, with prices, schemas and copy-paste examples' },
  mcpEndpoint: { title: 'MCP endpoint', method: 'POST', description: `JSON-RPC over streamable HTTP, protocol ${MCP_PROTOCOL_VERSION}; every paid tool is also an MCP tool at the same price` },
  openapi: { title: 'OpenAPI 3.1 description', method: 'GET', description: 'every route with its request and response schemas and the payment each operation needs' },
  workflows: { title: 'Workflow manifest', method: 'GET', description: 'free; ordered sequences of paid calls for common goals, with what passes between calls and their total price' },
  recommend: { title: 'Recommend', method: 'POST', description: 'free; send your goal as JSON and get the first paid call to make, with its schemas and a labelled sample' },
};
