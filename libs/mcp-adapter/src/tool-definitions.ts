import { CATALOG, PAYMENT, decimalToAtomic, jsonSchemaOf, mcpResultWrapper, priceObjectFor, requestJsonSchema, responseSchema, type CatalogEntry, type JsonObjectSchema, type PriceObject, type ToolAnnotations } from '@paysight/contracts';
import { PAYMENT_ARGUMENTS, PAYMENT_ARGUMENT_SCHEMA } from './payment-arguments.js';

/** A JSON Schema as MCP takes it: an object schema at the root. */
export type JsonSchema = JsonObjectSchema;

/** The spec's limit for a tool description, which some hosts enforce. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** The agent-commerce trust bundle, named in the `_meta` of its tools. */
export const TRUST_BUNDLE = 'agent_commerce_trust';
export type PricingTier = 'micro' | 'standard' | 'premium';

export interface PaidToolMeta {
  [key: string]: unknown;
  x402ToolId: string;
  x402Endpoint: string;
  x402Required: true;
  price: PriceObject;
  /** Trust tools only: their trust endpoint slug, bundle and pricing tier. */
  trustEndpoint?: string;
  trustBundle?: typeof TRUST_BUNDLE;
  pricingTier?: PricingTier;
}

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  _meta: PaidToolMeta;
}

/** Micro up to 0.01 USDC, standard up to 0.25, premium above (the trust price ladder). */
export function pricingTierOf(price: string): PricingTier {
  const atomic = BigInt(decimalToAtomic(price));
  if (atomic <= 10_000n) return 'micro';
  if (atomic <= 250_000n) return 'standard';
  return 'premium';
}

/** The tool's REST body schema plus the optional payment arguments. */
function inputSchemaOf(entry: CatalogEntry): JsonSchema {
  const schema = requestJsonSchema(entry);
  return { ...schema, properties: { ...schema.properties, ...Object.fromEntries(PAYMENT_ARGUMENTS.map((name) => [name, PAYMENT_ARGUMENT_SCHEMA])) } };
}

function metaOf(entry: CatalogEntry): PaidToolMeta {
  const meta: PaidToolMeta = { x402ToolId: entry.id, x402Endpoint: entry.path, x402Required: true, price: priceObjectFor(entry.price) };
  return entry.family === 'trust' ? { ...meta, trustEndpoint: entry.slug, trustBundle: TRUST_BUNDLE, pricingTier: pricingTierOf(entry.price) } : meta;
}

export function mcpToolDefinition(entry: CatalogEntry): McpToolDefinition {
  return {
    name: entry.mcpName,
    title: entry.title,
    description:
      `${entry.description} Paid tool: ${entry.price} ${PAYMENT.currency} per call over x402 (${PAYMENT.scheme}, ${PAYMENT.currency} on ${PAYMENT.networkName}). ` +
      'Payment is required: call without payment to receive the payment requirements, then call again with the signed payment in x402Payment.',
    inputSchema: inputSchemaOf(entry),
    outputSchema: jsonSchemaOf(mcpResultWrapper(responseSchema(entry)), 'output'),
    annotations: entry.annotations,
    _meta: metaOf(entry),
  };
}

/** The MCP tool list, derived from the catalog (never written by hand). */
export function mcpToolDefinitions(catalog: readonly CatalogEntry[] = CATALOG): McpToolDefinition[] {
  return catalog.map(mcpToolDefinition);
}
