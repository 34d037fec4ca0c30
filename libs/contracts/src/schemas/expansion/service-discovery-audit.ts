import { z } from 'zod';
import { decimalString, httpUrl, usdcCurrency } from '../common.js';
import { nonBlank } from '../ext.js';
import { jsonDocument } from '../json-document.js';

/** Bounds of the service-discovery-audit request (docs/tools/expansion.md). */
export const DISCOVERY_AUDIT_LIMITS = { llmsTextLength: 100_000, pathLength: 2048, networkLength: 64 } as const;

const documentOf = (what: string) => jsonDocument.optional().meta({ description: `${what}, as the service serves it (JSON). JSON Schemas and examples inside are not read.` });

/**
 * service-discovery-audit (spec document 2): the documents are submitted, never fetched. The five
 * document members are named by the spec, so the object holding them is closed: a misspelt member
 * is refused instead of silently skipped.
 */
export const serviceDiscoveryAuditRequest = z.strictObject({
  service_url: httpUrl.meta({ description: 'The service the documents describe. A label: it is never fetched; its origin is what resource URLs are compared with.' }),
  discovery_documents: z
    .strictObject({
      x402: documentOf('The x402 resource list (/.well-known/x402 or x402.json), a Bazaar listing, or one 402 PaymentRequired (v1 or v2)'),
      agent_manifest: documentOf('The agent manifest (tools and resources with endpoints and prices)'),
      ai: documentOf('The /.well-known/ai document'),
      mcp: documentOf('The MCP discovery document (/.well-known/mcp): tools with their x402 _meta'),
      llms_text: z.string().max(DISCOVERY_AUDIT_LIMITS.llmsTextLength).optional().meta({ description: 'The llms.txt text.' }),
    })
    .meta({ description: 'The documents to compare; each is optional, and at least two (or one and an expectation) are needed to compare anything.' }),
  expected_resource_path: nonBlank
    .max(DISCOVERY_AUDIT_LIMITS.pathLength)
    .optional()
    .meta({ description: 'The paid path the caller expects, such as /api/x402/report (an absolute URL is read for its path).' }),
  expected_price: decimalString.optional().meta({ description: 'The price the caller expects for that path, in USDC.' }),
  expected_currency: usdcCurrency.optional(),
  network: nonBlank
    .max(DISCOVERY_AUDIT_LIMITS.networkLength)
    .optional()
    .meta({ description: 'The network the caller expects to pay on: a name (base), a chain id (8453) or a CAIP-2 id (eip155:8453).' }),
});
