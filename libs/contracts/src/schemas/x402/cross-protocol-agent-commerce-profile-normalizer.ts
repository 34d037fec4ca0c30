import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-cross-protocol-agent-commerce-profile-normalizer's request (design sheet §15). */
export const PROFILE_NORMALIZER_LIMITS = { serviceLabel: 200, llmsTxt: 32 * 1024 } as const;

export const PROFILE_SOURCES = ['x402_manifest', 'mcp_tools', 'a2a_agent_card', 'openapi', 'llms_txt'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

export const crossProtocolAgentCommerceProfileNormalizerRequest = z.strictObject({
  service_label: z.string().min(1).max(PROFILE_NORMALIZER_LIMITS.serviceLabel).meta({ description: 'A name for the seller, echoed in the summary.' }),
  documents: z
    .strictObject({
      x402_manifest: x402Document.optional().meta({ description: 'The seller\'s x402 / agent manifest (tools[] and/or resources[] with id, path or endpoint, method, price, payTo).' }),
      mcp_tools: x402Document.optional().meta({ description: 'An MCP tools/list result ({tools: [...]}, each with name and _meta x402ToolId, x402Endpoint, price).' }),
      a2a_agent_card: x402Document.optional().meta({ description: 'The A2A AgentCard (v0.3 or v1.0).' }),
      openapi: x402Document.optional().meta({ description: 'The OpenAPI document; x-x402, x-payment or x-price on operations give prices.' }),
      llms_txt: z.string().min(1).max(PROFILE_NORMALIZER_LIMITS.llmsTxt).optional().meta({ description: 'llms.txt text (at most 32 KiB): lines with a root-relative path and an optional "(n USDC)".' }),
    })
    .refine((documents) => PROFILE_SOURCES.some((source) => documents[source] !== undefined), { message: 'must hold at least one document' })
    .meta({ description: 'The seller\'s published documents; at least one. Each object at most 256 KiB and 32 levels.' }),
});
