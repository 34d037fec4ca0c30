import { z } from 'zod';
import { x402Decimal, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-catalog-drift-monitor's request (spec document 2; docs/tools/x402/catalog-drift-monitor.md). */
export const CATALOG_DRIFT_LIMITS = { serviceUrl: 2048, endpoint: 256, name: 120, currency: 20, network: 40, receiver: 120 } as const;

/** x402-catalog-drift-monitor (spec document 2, exact fields; no other properties). */
export const catalogDriftMonitorRequest = z.strictObject({
  service_url: z
    .url()
    .max(CATALOG_DRIFT_LIMITS.serviceUrl)
    .meta({ description: 'The service the documents describe. A label only: it is never fetched; an unsafe target (not https, credentials, a private or local host) gives the decision unsafe_target.' }),
  expected_endpoint: z.string().min(1).max(CATALOG_DRIFT_LIMITS.endpoint).meta({ description: 'The root-relative path of the paid endpoint, such as /api/x402/tx-status.' }),
  expected_method: z.enum(['GET', 'POST']).default('POST').meta({ description: 'The HTTP method the caller expects (default POST).' }),
  catalog_json: x402Document.optional().meta({ description: 'The service catalog (tools[] or resources[], optionally mcp.tools[]), as served. At most 256 KiB and 32 levels.' }),
  openapi_json: x402Document.optional().meta({ description: 'The OpenAPI document; the operation at paths[expected_endpoint][method] is read, with its x-x402, x-payment or x-price price. At most 256 KiB and 32 levels.' }),
  mcp_tool_name: z.string().min(1).max(CATALOG_DRIFT_LIMITS.name).optional().meta({ description: 'The MCP tool name to find in catalog_json.mcp.tools[] or catalog_json.tools[].' }),
  expected_tool_id: z.string().min(1).max(CATALOG_DRIFT_LIMITS.name).optional(),
  expected_price: x402Decimal.optional().meta({ description: 'The expected price as a decimal (at most six fractional digits), such as 0.01.' }),
  expected_currency: z.string().min(1).max(CATALOG_DRIFT_LIMITS.currency).optional().meta({ description: 'The expected currency, such as USDC.' }),
  expected_network: z.string().min(1).max(CATALOG_DRIFT_LIMITS.network).optional().meta({ description: 'The expected network: a CAIP-2 id (eip155:8453) or an x402 v1 alias (base).' }),
  expected_receiver: z.string().min(1).max(CATALOG_DRIFT_LIMITS.receiver).optional().meta({ description: 'The expected payee (payTo) address.' }),
  payment_challenge_json: x402Document.optional().meta({ description: 'The unpaid 402 challenge body (x402 v1 or v2 PaymentRequired). At most 256 KiB and 32 levels.' }),
});
