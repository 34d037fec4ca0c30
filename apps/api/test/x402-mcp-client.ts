import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { x402HTTPClient } from '@x402/core/client';
import type { PaymentRequired, SettleResponse } from '@x402/core/types';

/**
 * A client written to the x402 project's MCP transport spec (specs/transports-v2/mcp.md), on the
 * official @x402/core client: PaymentRequired is read from an isError result's structuredContent
 * when it holds `x402Version` and `accepts`, else from the JSON in content[0].text; the payment goes
 * back as a PaymentPayload object in `_meta["x402/payment"]`; the settlement comes back in
 * `_meta["x402/payment-response"]`. Nothing in it knows about Paysight.
 */
export function paymentRequiredOf(result: CallToolResult): PaymentRequired | null {
  if (!result.isError) return null;
  const isRequired = (value: unknown): value is PaymentRequired =>
    typeof value === 'object' && value !== null && 'x402Version' in value && Array.isArray((value as { accepts?: unknown }).accepts);
  if (isRequired(result.structuredContent)) return result.structuredContent;
  const [first] = result.content;
  if (first?.type !== 'text') return null;
  try {
    const parsed: unknown = JSON.parse(first.text);
    return isRequired(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export async function callWithX402(client: Client, payer: x402HTTPClient, name: string, args: Record<string, unknown>): Promise<{ result: CallToolResult; settlement: SettleResponse | null }> {
  const first = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const required = paymentRequiredOf(first);
  if (!required) return { result: first, settlement: null };
  const payload = await payer.createPaymentPayload(required);
  const result = (await client.callTool({ name, arguments: args, _meta: { 'x402/payment': payload } })) as CallToolResult;
  return { result, settlement: (result._meta?.['x402/payment-response'] as SettleResponse | undefined) ?? null };
}
