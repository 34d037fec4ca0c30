import { CATALOG, mcpResultWrapper, responseSchema } from '@paysight/contracts';
import { z } from 'zod';
import { PAYMENT_ARGUMENTS } from './payment-arguments.js';
import { MAX_DESCRIPTION_LENGTH, TRUST_BUNDLE, mcpToolDefinitions, pricingTierOf } from './tool-definitions.js';

describe('MCP tool definitions', () => {
  const tools = mcpToolDefinitions();

  it('has one tool per catalog entry, named and annotated as the catalog says', () => {
    expect(tools.map((t) => t.name)).toEqual(CATALOG.map((e) => e.mcpName));
    for (const [i, tool] of tools.entries()) {
      const entry = CATALOG[i]!;
      expect(tool.annotations).toEqual(entry.annotations);
      const trust = entry.family === 'trust' ? { trustEndpoint: entry.slug, trustBundle: TRUST_BUNDLE, pricingTier: pricingTierOf(entry.price) } : {};
      expect(tool._meta).toEqual({
        x402ToolId: entry.id,
        x402Endpoint: entry.path,
        x402Required: true,
        price: { amount: entry.price, currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
        ...trust,
      });
      expect(tool.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
      expect(tool.description).toMatch(/Payment is required/);
      expect(tool.description).toContain(`${entry.price} USDC per call`);
    }
  });

  it('takes the REST body plus the three optional payment arguments', () => {
    for (const [i, tool] of tools.entries()) {
      const rest = z.toJSONSchema(CATALOG[i]!.request, { io: 'input' }) as { properties: Record<string, unknown>; required?: string[]; additionalProperties?: unknown };
      expect(Object.keys(tool.inputSchema.properties!).sort()).toEqual([...Object.keys(rest.properties), ...PAYMENT_ARGUMENTS].sort());
      expect(tool.inputSchema.required).toEqual(rest.required);
      // Closed, except where the spec allows additional properties (two of the extended tools).
      expect(tool.inputSchema.additionalProperties).toEqual(rest.additionalProperties);
    }
  });

  it('describes the result as exactly one of ok, payment_required and error', () => {
    for (const tool of tools) {
      const variants = (tool.outputSchema.oneOf ?? tool.outputSchema.anyOf) as { properties: { status: { const: string } } }[];
      expect(tool.outputSchema.type).toBe('object');
      expect(variants.map((v) => v.properties.status.const).sort()).toEqual(['error', 'ok', 'payment_required']);
    }
    const wrapper = mcpResultWrapper(responseSchema(CATALOG[0]!));
    expect(wrapper.safeParse({ status: 'error', httpStatus: 400, endpoint: '/x', error: { code: 'invalid_request', message: 'm' } }).success).toBe(true);
    expect(wrapper.safeParse({ status: 'error', httpStatus: 400, endpoint: '/x', error: { code: 'nope', message: 'm' } }).success).toBe(false);
  });
});

describe('pricingTierOf', () => {
  it.each([
    ['0.01', 'micro'],
    ['0.05', 'standard'],
    ['0.25', 'standard'],
    ['1.00', 'premium'],
    ['5.00', 'premium'],
  ])('%s USDC is %s', (price, tier) => {
    expect(pricingTierOf(price)).toBe(tier);
  });
});
