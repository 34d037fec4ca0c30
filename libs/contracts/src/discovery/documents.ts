import { z } from 'zod';
import { TOOL_FAMILIES } from '../catalog/entry.js';
import { paymentOfferJson, paymentRequirementsV2Json, priceDeclarationJson } from '../envelopes/payment-required.js';
import { priceObject } from '../envelopes/price.js';
import { PAYMENT } from '../x402.js';
import { AGENT_ENDPOINTS, DISCOVERY_PATHS, DISCOVERY_VERSION, type DiscoveryAddress, MCP_DISCOVERY_VERSION, MCP_PROTOCOL_VERSION } from './addresses.js';

/** The service's name in every document and offer (x402 Bazaar `serviceName`: printable ASCII, 32 characters at most). */
export const SERVICE_NAME = 'Paysight';

/** Who signs the offers and receipts (x402 offer-receipt, EIP-712), for buyers to check signatures against. */
export const receiptSignerJson = z
  .object({
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/).meta({ description: 'The address every offer and receipt signature recovers to.' }),
    kid: z.string().meta({ description: 'Key id, did:pkh:eip155:8453:<address>.' }),
    format: z.literal('eip712'),
    extensions: z.tuple([z.literal('offer-receipt'), z.literal('paysight-delivery')]).meta({
      description: 'Where the signatures are: extensions["offer-receipt"] of the 402 (offers) and of the settle response (receipt), and extensions["paysight-delivery"] of the settle response (the receipt bound to the SHA-256 of the answer).',
    }),
  })
  .meta({ description: 'The signer of offers and receipts; null when this instance signs none.' });
export type ReceiptSignerJson = z.infer<typeof receiptSignerJson>;

const jsonSchema = z.record(z.string(), z.unknown()).meta({ description: 'A JSON Schema (draft 2020-12 vocabulary).' });

type AgentEndpoint = (typeof AGENT_ENDPOINTS)[number];
const isAgentEndpoint = (name: string): name is AgentEndpoint => (AGENT_ENDPOINTS as readonly string[]).includes(name);
type AddressShape = { [K in Exclude<DiscoveryAddress, AgentEndpoint>]: z.ZodURL } & { [K in AgentEndpoint]: z.ZodOptional<z.ZodURL> };

/** Absolute URLs of the discovery addresses; the two agent endpoints are absent when agent discovery is off. */
export const discoveryAddresses = z.object(
  Object.fromEntries(Object.keys(DISCOVERY_PATHS).map((name) => [name, isAgentEndpoint(name) ? z.url().optional() : z.url()])) as AddressShape,
);
export type DiscoveryAddressUrls = z.infer<typeof discoveryAddresses>;

/** One paid tool as a manifest lists it: the same input schema as its endpoint's body. */
export const manifestTool = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  method: z.literal('POST'),
  endpoint: z.url(),
  price: priceObject,
  inputSchema: jsonSchema,
  outputSchema: jsonSchema,
  x402Required: z.literal(true),
});

/** One paid route as a resource: path relative to the base URL. */
export const manifestResource = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  method: z.literal('POST'),
  path: z.string().startsWith('/'),
  price: priceObject,
  inputSchema: jsonSchema,
});

/** The discovery manifest, served at /api/agents/manifest and /.well-known/ai. */
export const discoveryManifest = z.looseObject({
  name: z.string(),
  description: z.string(),
  version: z.literal(DISCOVERY_VERSION),
  baseUrl: z.url(),
  humanBaseUrl: z.url(),
  apiBaseUrl: z.url(),
  discovery: discoveryAddresses,
  mcp: z.looseObject({
    enabled: z.boolean(),
    endpoint: z.url(),
    protocolVersion: z.literal(MCP_PROTOCOL_VERSION),
    transport: z.literal('streamable-http'),
    discovery: z.url(),
    tools: z.array(z.string()).meta({ description: 'Names of the MCP tools; their definitions are in the MCP discovery document.' }),
  }),
  rules: z.array(z.string()),
  tools: z.array(manifestTool),
  support: z.object({ contact: z.null() }),
  x402: z.looseObject({
    enabled: z.literal(true),
    environment: z.string(),
    currency: z.literal(PAYMENT.currency),
    network: z.literal(PAYMENT.networkName),
    caip2Network: z.literal(PAYMENT.network),
    facilitatorProvider: z.string(),
    receiptSigner: receiptSignerJson.nullable(),
  }),
  resources: z.array(manifestResource),
});
export type DiscoveryManifest = z.infer<typeof discoveryManifest>;

/** The MCP discovery document (/.well-known/mcp): where the server is and every tool it lists. */
export const mcpDiscoveryDocument = z.looseObject({
  version: z.literal(MCP_DISCOVERY_VERSION),
  name: z.string(),
  description: z.string(),
  endpoint: z.url(),
  protocolVersion: z.literal(MCP_PROTOCOL_VERSION),
  transport: z.literal('streamable-http'),
  toolsets: z.array(
    z.looseObject({
      name: z.enum(TOOL_FAMILIES),
      tools: z.number().int().min(0).meta({ description: 'How many tools of this family /api/mcp lists.' }),
      endpoint: z.url().meta({ description: 'The MCP endpoint loading only this toolset (?toolsets=).' }),
      discovery: z.url().meta({ description: 'This document listing only this toolset.' }),
    }),
  ),
  selectedToolsets: z.array(z.enum(TOOL_FAMILIES)).optional().meta({ description: 'Present when ?toolsets= chose some: tools lists only them.' }),
  freeTools: z.array(z.string()).meta({ description: 'Listed tools that need no payment.' }),
  payment: z.looseObject({
    protocol: z.literal('x402'),
    scheme: z.literal(PAYMENT.scheme),
    currency: z.literal(PAYMENT.currency),
    network: z.literal(PAYMENT.network),
    steps: z.array(z.string()).min(1),
    paymentArguments: z.array(z.string()),
    metaKey: z.string(),
  }),
  links: discoveryAddresses,
  tools: z.array(
    z.looseObject({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      inputSchema: jsonSchema,
      outputSchema: jsonSchema.optional(),
      annotations: z.record(z.string(), z.unknown()),
      _meta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type McpDiscoveryDocument = z.infer<typeof mcpDiscoveryDocument>;

/**
 * /.well-known/x402.json: every paid resource with the offer its 402 carries. Each item has the fields
 * of a resource in a Bazaar facilitator's listing (resource, type, x402Version, accepts, description,
 * mimeType, serviceName, tags, extensions), plus the tool id, method, the spec's offer and price.
 */
export const x402ResourceList = z.looseObject({
  x402Version: z.literal(2),
  name: z.string(),
  baseUrl: z.url(),
  receiptSigner: receiptSignerJson.nullable(),
  resources: z.array(
    z.looseObject({
      id: z.string(),
      resource: z.url(),
      type: z.literal('http'),
      x402Version: z.literal(2),
      method: z.literal('POST'),
      description: z.string().max(500),
      mimeType: z.string(),
      serviceName: z.string().max(32),
      tags: z.array(z.string().max(32)).max(5),
      accepts: z.tuple([paymentRequirementsV2Json]),
      extensions: z.record(z.string(), z.unknown()).meta({ description: 'The complete x402 Bazaar discovery declaration, as in the 402 body.' }),
      offer: paymentOfferJson,
      price: priceDeclarationJson,
    }),
  ),
});
export type X402ResourceList = z.infer<typeof x402ResourceList>;

/** GET /api/health: whether each dependency answers; no URLs, hosts or secrets. */
export const healthReport = z.object({
  ok: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  store: z.object({ kind: z.string(), reachable: z.boolean() }),
  /** `breaker`: the circuit breaker in front of the facilitator (open: paid calls get 503 at once, without calling it). */
  facilitator: z.object({ reachable: z.boolean(), breaker: z.enum(['closed', 'open', 'half_open']) }),
  chains: z.record(z.string(), z.object({ reachable: z.boolean(), blockNumber: z.string().nullable(), dataSourceStatus: z.string() })),
});
export type HealthReport = z.infer<typeof healthReport>;
