import { AGENT_ENDPOINTS, DISCOVERY_PATHS, MCP_PROTOCOL_VERSION, type DiscoveryAddress } from '@paysight/contracts';

/** One free address the page links to. */
export interface DiscoveryLink {
  key: DiscoveryAddress;
  title: string;
  method: 'GET' | 'POST';
  /** What a reader finds there, in a few words. */
  about: string;
  url: string;
}

type Linked = Exclude<DiscoveryAddress, 'agentsPage'>;

/** Every discovery address but this page itself, in the order the page lists them. */
const LINKS: Record<Linked, Omit<DiscoveryLink, 'key' | 'url'>> = {
  llmsTxt: { title: 'llms.txt', method: 'GET', about: 'A Markdown index of the service for language models.' },
  ai: { title: 'Agent description', method: 'GET', about: 'The service for agents: tools with their input schemas, prices, payment and rules.' },
  manifest: { title: 'Agent manifest', method: 'GET', about: 'The same description at an API address.' },
  mcp: { title: 'MCP discovery', method: 'GET', about: 'The MCP server and the tools it lists.' },
  x402: { title: 'x402 resources', method: 'GET', about: 'Every paid resource with the offer its 402 makes.' },
  openapi: { title: 'OpenAPI 3.1', method: 'GET', about: 'Every route with its request and response schemas and its payment.' },
  workflows: { title: 'Workflow manifest', method: 'GET', about: 'Ordered sequences of tools for common jobs, with what passes between calls and the total price.' },
  recommend: { title: 'Recommend', method: 'POST', about: 'Describe the goal in JSON and get the first paid call to make, free of charge.' },
  mcpEndpoint: { title: 'MCP endpoint', method: 'POST', about: `JSON-RPC over streamable HTTP, protocol ${MCP_PROTOCOL_VERSION}.` },
  health: { title: 'Health', method: 'GET', about: 'Whether the chain sources, the facilitator and the store answer.' },
};

const AGENT_ONLY: readonly DiscoveryAddress[] = AGENT_ENDPOINTS;

/** The links of the page: absolute URLs on `baseUrl`; the two agent endpoints only while agent discovery is on. */
export function discoveryLinks(baseUrl: string, agentDiscovery: boolean): DiscoveryLink[] {
  return (Object.keys(LINKS) as Linked[])
    .filter((key) => agentDiscovery || !AGENT_ONLY.includes(key))
    .map((key) => ({ key, ...LINKS[key], url: `${baseUrl}${DISCOVERY_PATHS[key]}` }));
}
