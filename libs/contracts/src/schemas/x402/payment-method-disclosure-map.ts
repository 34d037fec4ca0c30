import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-payment-method-disclosure-map's request (design sheet §46; docs/tools/x402/payment-method-disclosure-map.md). */
export const DISCLOSURE_MAP_LIMITS = { challengeHeader: 16 * 1024, llmsTxt: 32 * 1024, termsText: 16 * 1024 } as const;

/** The surfaces a seller discloses payment methods on, the 402 challenge first (the only one read after the first request). */
export const DISCLOSURE_SURFACES = ['challenge', 'discovery_manifest', 'openapi', 'a2a_agent_card', 'mcp_tools', 'llms_txt', 'terms_text'] as const;
export type DisclosureSurface = (typeof DISCLOSURE_SURFACES)[number];

/** x402-payment-method-disclosure-map (design sheet §46; no other properties). */
export const paymentMethodDisclosureMapRequest = z.strictObject({
  surfaces: z
    .strictObject({
      challenge: z
        .union([x402Document, z.string().min(1).max(DISCLOSURE_MAP_LIMITS.challengeHeader)])
        .optional()
        .meta({ description: 'The unpaid 402 challenge: a v1 body, a v2 PaymentRequired object, or the base64 PAYMENT-REQUIRED header value (at most 16 KiB).' }),
      discovery_manifest: x402Document.optional().meta({ description: 'The seller\'s discovery manifest (x402 {network, currency}, tools/resources/items with price or accepts).' }),
      openapi: x402Document.optional().meta({ description: 'The OpenAPI document; x-x402 (or x-payment) at the root and on operations is read.' }),
      a2a_agent_card: x402Document.optional().meta({ description: 'The A2A agent card (v0.3 or v1.0); its a2a-x402 extension params are read.' }),
      mcp_tools: x402Document.optional().meta({ description: 'The MCP tools/list result; each tool\'s _meta.price (and _meta.x402) is read.' }),
      llms_txt: z.string().max(DISCLOSURE_MAP_LIMITS.llmsTxt).optional().meta({ description: 'llms.txt, at most 32 KiB: lines naming a network and USDC.' }),
      terms_text: z.string().max(DISCLOSURE_MAP_LIMITS.termsText).optional().meta({ description: 'The terms of service text, at most 16 KiB: lines naming a network and USDC, and fee mentions.' }),
    })
    .refine((s) => Object.values(s).some((v) => v !== undefined), { message: 'at least one surface is required' })
    .meta({ description: 'Where the seller discloses its payment methods; at least one. Each object at most 256 KiB and 32 levels; nothing is fetched.' }),
});
