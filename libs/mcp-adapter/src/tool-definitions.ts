import { CATALOG, PAYMENT, mcpResultWrapper, priceObjectFor, responseSchema, type CatalogEntry, type PriceObject, type ToolAnnotations } from '@paysight/contracts';
import { z } from 'zod';
import { PAYMENT_ARGUMENTS, PAYMENT_ARGUMENT_SCHEMA } from './payment-arguments.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  _meta: { x402ToolId: string; x402Endpoint: string; x402Required: true; price: PriceObject };
}

/** The tool's REST body schema plus the optional payment arguments. */
function inputSchemaOf(entry: CatalogEntry): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(entry.request, { io: 'input' }) as JsonSchema;
  return { ...schema, properties: { ...schema.properties, ...Object.fromEntries(PAYMENT_ARGUMENTS.map((name) => [name, PAYMENT_ARGUMENT_SCHEMA])) } };
}

function outputSchemaOf(entry: CatalogEntry): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(mcpResultWrapper(responseSchema(entry)), { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  // MCP requires an object at the root; the variants stay in oneOf.
  return { type: 'object', ...schema };
}

export function mcpToolDefinition(entry: CatalogEntry): McpToolDefinition {
  return {
    name: entry.mcpName,
    title: entry.title,
    description:
      `${entry.description} Paid tool: ${entry.price} ${PAYMENT.currency} per call over x402 (${PAYMENT.scheme}, ${PAYMENT.currency} on ${PAYMENT.networkName}). ` +
      'Call it without payment to receive the payment requirements, then call again with the signed payment in x402Payment.',
    inputSchema: inputSchemaOf(entry),
    outputSchema: outputSchemaOf(entry),
    annotations: entry.annotations,
    _meta: { x402ToolId: entry.id, x402Endpoint: entry.path, x402Required: true, price: priceObjectFor(entry.price) },
  };
}

/** The MCP tool list, derived from the catalog (never written by hand). */
export function mcpToolDefinitions(catalog: readonly CatalogEntry[] = CATALOG): McpToolDefinition[] {
  return catalog.map(mcpToolDefinition);
}
