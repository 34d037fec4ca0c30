import {
  CATALOG,
  DISCOVERY_PATHS,
  DISCOVERY_VERSION,
  MCP_PROTOCOL_VERSION,
  PAYMENT,
  SERVICE_NAME,
  TOOL_FAMILIES,
  TOOL_FAMILY_INFO,
  priceObjectFor,
  requestJsonSchema,
  responseJsonSchema,
  type CatalogEntry,
  type DiscoveryManifest,
  type ReceiptSignerJson,
} from '@paysight/contracts';
import { discoveryUrls } from './addresses.js';
import type { X402Profile } from './x402-profile.js';

/** One sentence on what the service sells, for every discovery document: the catalog's families, so a new family is named without editing it. */
export function serviceDescription(catalog: readonly CatalogEntry[] = CATALOG): string {
  const families = TOOL_FAMILIES.filter((family) => catalog.some((entry) => entry.family === family)).map((family) => TOOL_FAMILY_INFO[family].title.toLowerCase());
  const listed = families.length > 1 ? `${families.slice(0, -1).join(', ')} and ${families[families.length - 1]}` : (families[0] ?? 'no tools');
  return (
    `Pay-per-call public-chain research and agent-commerce checks for software agents: ${catalog.length} tools (${listed}), ` +
    `each a fixed-price x402 payment in ${PAYMENT.currency} on Base (${PAYMENT.network}).`
  );
}

/** The safety rules every caller agrees to by calling; written once, shown by the manifest and llms.txt. */
export const SAFETY_RULES: readonly string[] = [
  'Send public data only: wallet and contract addresses, transaction hashes, and sanitized evidence that fits the tool\'s input schema.',
  'Never send a private key, seed phrase, password, API token or other wallet secret. A request that contains one is refused with status 400 and costs nothing.',
  'Paysight never connects to a wallet, signs a transaction or trades for you. The only signature is the x402 payment your own client signs.',
  'Results summarize public-chain data and the context you send. They are not financial, legal, tax, investment, trading or compliance advice, and they clear no identity, AML, sanctions or fraud check.',
  'Trust-family decisions and scores are heuristic signals read from public chains: weigh them, never treat them as guarantees.',
  'Payment comes before the result: a paid tool first answers 402 with its one offer, and returns its result only after a payment for that offer is verified. Invalid input is refused before any payment is asked for.',
  'Prices are fixed per tool. One payment pays for one call: the same payment presented again is refused, and a call that fails is not charged.',
  'The free addresses (the discovery documents, health and the agent endpoints) never ask for or trigger a payment; budgetUsd given to recommend is context, not a spending authorization.',
];

export interface ManifestInput {
  baseUrl: string;
  agentDiscovery: boolean;
  /** Names of the tools the MCP server lists (tools/list of /api/mcp without a toolset filter). */
  mcpToolNames: readonly string[];
  x402: X402Profile;
  /** Who signs offers and receipts; null when nothing is signed. */
  receiptSigner: ReceiptSignerJson | null;
  catalog?: readonly CatalogEntry[];
}

function manifestTool(entry: CatalogEntry, baseUrl: string): DiscoveryManifest['tools'][number] {
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    method: entry.method,
    endpoint: `${baseUrl}${entry.path}`,
    price: priceObjectFor(entry.price),
    inputSchema: requestJsonSchema(entry),
    outputSchema: responseJsonSchema(entry),
    x402Required: true,
  };
}

function manifestResource(entry: CatalogEntry): DiscoveryManifest['resources'][number] {
  return { id: entry.id, name: entry.title, description: entry.description, method: entry.method, path: entry.path, price: priceObjectFor(entry.price), inputSchema: requestJsonSchema(entry) };
}

/**
 * The discovery manifest (/api/agents/manifest and /.well-known/ai). Paths in `resources` are relative
 * to `apiBaseUrl`, which is therefore the origin itself; `humanBaseUrl` is the page people read.
 */
export function buildDiscoveryManifest(input: ManifestInput): DiscoveryManifest {
  const { baseUrl, catalog = CATALOG } = input;
  return {
    name: SERVICE_NAME,
    description: serviceDescription(catalog),
    version: DISCOVERY_VERSION,
    baseUrl,
    humanBaseUrl: `${baseUrl}${DISCOVERY_PATHS.agentsPage}`,
    apiBaseUrl: baseUrl,
    discovery: discoveryUrls(baseUrl, input.agentDiscovery),
    mcp: {
      enabled: input.mcpToolNames.length > 0,
      endpoint: `${baseUrl}${DISCOVERY_PATHS.mcpEndpoint}`,
      protocolVersion: MCP_PROTOCOL_VERSION,
      transport: 'streamable-http',
      discovery: `${baseUrl}${DISCOVERY_PATHS.mcp}`,
      tools: [...input.mcpToolNames],
    },
    rules: [...SAFETY_RULES],
    tools: catalog.map((entry) => manifestTool(entry, baseUrl)),
    support: { contact: null },
    x402: {
      enabled: true,
      environment: input.x402.environment,
      currency: PAYMENT.currency,
      network: PAYMENT.networkName,
      caip2Network: PAYMENT.network,
      facilitatorProvider: input.x402.facilitatorProvider,
      receiptSigner: input.receiptSigner,
    },
    resources: catalog.map(manifestResource),
  };
}
