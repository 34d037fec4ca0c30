import { AGENT_ENDPOINTS, CATALOG, DISCOVERY_PATHS, discoveryManifest, requestJsonSchema, responseJsonSchema } from '@paysight/contracts';
import { discoveryUrls } from './addresses.js';
import { SAFETY_RULES, buildDiscoveryManifest, type ManifestInput } from './manifest.js';

const BASE = 'https://paysight.example';
const input: ManifestInput = { baseUrl: BASE, agentDiscovery: true, mcpToolNames: ['svc_wallet_snapshot', 'paysight_find_tools'], x402: { environment: 'production', facilitatorProvider: 'coinbase-cdp' }, receiptSigner: null };

describe('discoveryUrls', () => {
  it('makes every discovery path absolute, and leaves out the agent endpoints when agent discovery is off', () => {
    expect(discoveryUrls(BASE, true)).toEqual(Object.fromEntries(Object.entries(DISCOVERY_PATHS).map(([name, path]) => [name, `${BASE}${path}`])));
    const off = discoveryUrls(BASE, false);
    expect(Object.keys(off)).toEqual(Object.keys(DISCOVERY_PATHS).filter((name) => !(AGENT_ENDPOINTS as readonly string[]).includes(name)));
  });
});

describe('buildDiscoveryManifest', () => {
  it('validates against the contract and says where everything is', () => {
    const manifest = discoveryManifest.parse(buildDiscoveryManifest(input));
    expect(manifest).toMatchObject({ baseUrl: BASE, apiBaseUrl: BASE, humanBaseUrl: `${BASE}/agents`, version: '0.1.0' });
    expect(manifest.mcp).toEqual({ enabled: true, endpoint: `${BASE}/api/mcp`, protocolVersion: '2025-11-25', transport: 'streamable-http', discovery: `${BASE}/.well-known/mcp`, tools: input.mcpToolNames });
    expect(manifest.x402).toEqual({ enabled: true, environment: 'production', currency: 'USDC', network: 'base', caip2Network: 'eip155:8453', facilitatorProvider: 'coinbase-cdp', receiptSigner: null });
    expect(manifest.rules).toEqual(SAFETY_RULES);
  });

  it('describes each catalog tool with the schemas of its endpoint, the same objects every surface uses', () => {
    const manifest = buildDiscoveryManifest(input);
    CATALOG.forEach((entry, i) => {
      expect(manifest.tools[i]!.inputSchema).toBe(requestJsonSchema(entry));
      expect(manifest.tools[i]!.outputSchema).toBe(responseJsonSchema(entry));
      expect(manifest.resources[i]!.inputSchema).toBe(requestJsonSchema(entry));
      expect(manifest.resources[i]!.path).toBe(entry.path);
      expect(manifest.tools[i]!.endpoint).toBe(`${BASE}${entry.path}`);
    });
  });

  it('follows the settings: agent endpoints off, MCP listing nothing', () => {
    const manifest = buildDiscoveryManifest({ ...input, agentDiscovery: false, mcpToolNames: [] });
    expect(manifest.discovery).not.toHaveProperty('recommend');
    expect(manifest.discovery).not.toHaveProperty('workflows');
    expect(manifest.mcp).toMatchObject({ enabled: false, tools: [] });
  });

  it('states the safety rules the spec asks for', () => {
    const rules = SAFETY_RULES.join('\n');
    for (const topic of [/public data only/i, /private key, seed phrase/i, /never connects to a wallet, signs a transaction or trades/i, /not financial, legal, tax, investment, trading or compliance advice/i, /heuristic/i, /payment comes before the result/i]) {
      expect(rules).toMatch(topic);
    }
  });
});
