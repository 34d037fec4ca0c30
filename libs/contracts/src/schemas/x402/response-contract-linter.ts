import { z } from 'zod';
import { x402Decimal, x402Document, x402DocumentOf } from '../../x402/request-rules.js';

/** Bounds of x402-response-contract-linter's request (spec document 2; docs/tools/x402/response-contract-linter.md). */
export const RESPONSE_CONTRACT_LIMITS = { schemaBytes: 64 * 1024, endpointPath: 160, name: 120, price: 32, network: 64 } as const;

export const RESPONSE_CONTRACT_PROFILES = ['api', 'mcp', 'x402'] as const;

/** x402-response-contract-linter (spec document 2, exact fields; no other properties). */
export const responseContractLinterRequest = z.strictObject({
  response_sample: x402Document.meta({ description: 'The captured response body to lint (a plain API body, an MCP CallToolResult or an x402-paid envelope). At most 256 KiB and 32 levels.' }),
  schema_sample: x402DocumentOf(RESPONSE_CONTRACT_LIMITS.schemaBytes)
    .optional()
    .meta({ description: 'The JSON Schema (2020-12) the body should satisfy; in the mcp profile it applies to structuredContent. At most 64 KiB. Remote $refs are not fetched.' }),
  tool_context: z
    .strictObject({
      endpoint_path: z.string().min(1).max(RESPONSE_CONTRACT_LIMITS.endpointPath).optional().meta({ description: 'The path that answered, such as /api/x402/x402-catalog-drift-monitor.' }),
      tool_id: z.string().min(1).max(RESPONSE_CONTRACT_LIMITS.name).optional(),
      mcp_tool_name: z.string().min(1).max(RESPONSE_CONTRACT_LIMITS.name).optional(),
      operation_id: z.string().min(1).max(RESPONSE_CONTRACT_LIMITS.name).optional(),
      expected_price: x402Decimal.max(RESPONSE_CONTRACT_LIMITS.price).optional().meta({ description: 'The price the call should have cost, as a decimal (0.01).' }),
      currency: z.literal('USDC').optional(),
      network: z.string().min(1).max(RESPONSE_CONTRACT_LIMITS.network).optional().meta({ description: 'The network the call was paid on: CAIP-2 (eip155:8453) or an x402 v1 alias (base).' }),
    })
    .optional()
    .meta({ description: 'What the response is for: the anchors the profile rules compare against.' }),
  lint_profile: z.enum([...RESPONSE_CONTRACT_PROFILES, 'auto']).default('auto').meta({ description: 'Which family rules apply; auto resolves from the sample (content/structuredContent/isError → mcp; pricePaid/x402_request_id/x402Version → x402; else api).' }),
});
