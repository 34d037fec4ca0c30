import { PAYMENT_REQUIRED_HEADER } from '@paysight/payment';
import { X402_REFERENCE_DATA_VERSION, inputFingerprint, toolById } from '@paysight/contracts';
import { paidToolCallTests } from './paid-tool-call.js';
import { useMcpApi } from './mcp-fixture.js';

/** The x402-* family (design sheet x402-family.md): each tool paid once over REST and once over MCP, at 0.01 USDC. */

const drift = toolById('x402_catalog_drift_monitor')!;

/** The drift monitor run on Paysight itself: its own unpaid 402 challenge for its own route, against the catalog's expectations. */
paidToolCallTests(
  'x402_catalog_drift_monitor',
  async (api) => {
    const unpaid = await fetch(`${api.url}${drift.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(drift.example) });
    const challenge = JSON.parse(Buffer.from(unpaid.headers.get(PAYMENT_REQUIRED_HEADER)!, 'base64').toString('utf8')) as Record<string, unknown>;
    return {
      service_url: 'https://paysight.example',
      expected_endpoint: drift.path,
      expected_price: drift.price,
      expected_currency: 'USDC',
      expected_network: 'base',
      expected_receiver: api.payTo,
      payment_challenge_json: challenge,
    };
  },
  (body) => {
    expect(body).toMatchObject({
      product_family: 'agent_expansion_v2_api',
      endpoint: 'x402-catalog-drift-monitor',
      tool_id: 'x402_catalog_drift_monitor',
      version: 'v0.1',
      decision: 'consistent',
      confidence: 'low',
      checked_surfaces: ['payment_challenge'],
      pricePaid: { amount: '0.01', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
      metadata: { paymentStatus: 'settled', reference_data_version: X402_REFERENCE_DATA_VERSION },
    });
    // Only aliases may differ ("base" against the challenge's eip155:8453).
    expect((body.mismatches as { severity: string }[]).every((m) => m.severity === 'low')).toBe(true);
    expect((body.metadata as { input_fingerprint: string }).input_fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  },
);

describe('x402 family identity', () => {
  it('the drift monitor follows the family rule', () => {
    expect(drift).toMatchObject({ path: '/api/x402/x402-catalog-drift-monitor', mcpName: 'svc_x402_catalog_drift_monitor', slug: 'x402-catalog-drift-monitor', price: '0.01', family: 'x402' });
    expect(inputFingerprint({ a: 1, x402Payment: 'p' })).toBe(inputFingerprint({ a: 1 }));
  });
});

describe('x402 family secret guard on the served routes', () => {
  const mcp = useMcpApi();
  const body = { ...(drift.example as Record<string, unknown>), payment_challenge_json: { accepts: [{ payload: { signature: `0x${'cd'.repeat(65)}`, authorization: { from: '0x1', to: '0x2', value: '1', validAfter: '0', validBefore: '9', nonce: '0x3' } } }] } };

  it('REST: 400 secret_material_rejected before any 402, echoing nothing', async () => {
    const res = await fetch(`${mcp.api.url}${drift.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; details: unknown } };
    expect(answer.error).toMatchObject({ code: 'secret_material_rejected', details: { kind: 'signed_authorization' } });
    expect(JSON.stringify(answer)).not.toContain('cdcd');
  });

  it('MCP: the same refusal, nothing charged', async () => {
    const result = await mcp.client.callTool({ name: drift.mcpName, arguments: body });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('secret_material_rejected');
    expect(JSON.stringify(result)).not.toContain('cdcd');
  });
});
