/** Version of the service description and of the discovery manifests. */
export const DISCOVERY_VERSION = '0.1.0';
/** Version of the MCP discovery document (/.well-known/mcp). */
export const MCP_DISCOVERY_VERSION = '0.2.0';
/** The MCP protocol revision served at /api/mcp. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

/**
 * Every free address a machine or a person can read to learn the service. The spec's eight discovery
 * addresses, plus the OpenAPI description and the two free agent endpoints.
 */
export const DISCOVERY_PATHS = {
  llmsTxt: '/llms.txt',
  ai: '/.well-known/ai',
  mcp: '/.well-known/mcp',
  x402: '/.well-known/x402.json',
  manifest: '/api/agents/manifest',
  health: '/api/health',
  agentsPage: '/agents',
  mcpEndpoint: '/api/mcp',
  openapi: '/openapi.json',
  workflows: '/api/agents/workflows/manifest',
  recommend: '/api/agents/recommend',
} as const;
export type DiscoveryAddress = keyof typeof DISCOVERY_PATHS;

/** The two free agent endpoints that the agent-discovery setting turns off (404). */
export const AGENT_ENDPOINTS = ['recommend', 'workflows'] as const satisfies readonly DiscoveryAddress[];

/** The largest declared body /api/agents/recommend accepts (413 above, before the body is read). */
export const RECOMMEND_MAX_BODY_BYTES = 10_000;
