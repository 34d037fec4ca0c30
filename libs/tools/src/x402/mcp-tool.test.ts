import { annotationSafetyFlips, mcpToolPaid, mcpToolPrice } from './mcp-tool.js';

describe('MCP tool x402 reading', () => {
  it('a tool is paid by x402Required true or any price', () => {
    expect(mcpToolPaid({ name: 'a', _meta: { x402Required: true } })).toBe(true);
    expect(mcpToolPaid({ name: 'a', _meta: { price: '0.01' } })).toBe(true);
    expect(mcpToolPaid({ name: 'a', _meta: { x402Required: false } })).toBe(false);
    expect(mcpToolPaid({ name: 'a' })).toBe(false);
  });

  it('reads a bare decimal, a $ decimal or {amount} as atomic USDC', () => {
    expect(mcpToolPrice({ _meta: { price: '0.01' } })).toBe(10_000n);
    expect(mcpToolPrice({ _meta: { price: '$1.5' } })).toBe(1_500_000n);
    expect(mcpToolPrice({ _meta: { price: { amount: '0.25', currency: 'USDC' } } })).toBe(250_000n);
    expect(mcpToolPrice({ _meta: { price: 0.01 } })).toBeNull();
    expect(mcpToolPrice({ _meta: { price: '0.0000001' } })).toBeNull();
    expect(mcpToolPrice({})).toBeNull();
  });

  it('safety flips: read-only or non-destructive no longer declared', () => {
    expect(annotationSafetyFlips({ annotations: { readOnlyHint: true } }, { annotations: {} })).toEqual(['/annotations/readOnlyHint']);
    expect(annotationSafetyFlips({ annotations: { destructiveHint: false } }, { annotations: { destructiveHint: true } })).toEqual(['/annotations/destructiveHint']);
    expect(annotationSafetyFlips({ annotations: { readOnlyHint: false } }, { annotations: { readOnlyHint: true } })).toEqual([]);
    expect(annotationSafetyFlips({}, {})).toEqual([]);
  });
});
