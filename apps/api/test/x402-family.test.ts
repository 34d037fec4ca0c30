import { PAYMENT_REQUIRED_HEADER } from '@paysight/payment';
import { X402_REFERENCE_DATA_VERSION, X402_REQUEST_LIMITS, X402_TOOLS, inputFingerprint, toolById, type CatalogEntry } from '@paysight/contracts';
import type { TestApi } from '@paysight/testkit/api';
import { paidToolCallCases, type PaidCallArgs } from './paid-tool-call.js';
import { useMcpApi } from './mcp-fixture.js';

/**
 * The x402-* family (design sheet x402-family.md) on one stack: every tool of the catalog paid once
 * over REST and once over MCP at 0.01 USDC. A tool's own decisions are tested in its module's suite;
 * here its catalog example is the request, and the answer must be the strict envelope with one of
 * the tool's decisions.
 */

const drift = toolById('x402_catalog_drift_monitor')!;

/** The drift monitor run on Paysight itself: its own unpaid 402 challenge for its own route, against the catalog's expectations. */
async function driftOnItself(api: TestApi): Promise<Record<string, unknown>> {
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
}

function checkDriftOnItself(body: Record<string, unknown>): void {
  expect(body).toMatchObject({ product_family: 'agent_expansion_v2_api', decision: 'consistent', confidence: 'low', checked_surfaces: ['payment_challenge'] });
  // Only aliases may differ ("base" against the challenge's eip155:8453).
  expect((body.mismatches as { severity: string }[]).every((m) => m.severity === 'low')).toBe(true);
}

/** The decisions a tool's result schema allows. */
function decisionsOf(entry: CatalogEntry): readonly string[] {
  const shape = (entry.result as unknown as { shape: { decision: { options: readonly string[] } } }).shape;
  return shape.decision.options;
}

/** What every paid x402-* answer carries, beside what its catalog example makes it decide. */
function familyCheck(entry: CatalogEntry, own?: (body: Record<string, unknown>) => void) {
  return (body: Record<string, unknown>) => {
    expect(decisionsOf(entry)).toContain(body.decision);
    expect(body).toMatchObject({
      pricePaid: { amount: '0.01', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
      metadata: { paymentStatus: 'settled', reference_data_version: X402_REFERENCE_DATA_VERSION },
    });
    expect((body.metadata as { input_fingerprint: string }).input_fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    own?.(body);
  };
}

describe('x402 family', () => {
  const mcp = useMcpApi();

  it('has entries, each following the family identity rule', () => {
    expect(X402_TOOLS.length).toBeGreaterThan(0);
    expect(drift).toMatchObject({ path: '/api/x402/x402-catalog-drift-monitor', mcpName: 'svc_x402_catalog_drift_monitor', slug: 'x402-catalog-drift-monitor', price: '0.01', family: 'x402' });
    expect(inputFingerprint({ a: 1, x402Payment: 'p' })).toBe(inputFingerprint({ a: 1 }));
  });

  for (const entry of X402_TOOLS) {
    const args: PaidCallArgs = entry.id === drift.id ? driftOnItself : () => entry.example as Record<string, unknown>;
    describe(`${entry.id} paid over x402`, () => {
      paidToolCallCases(mcp, entry.id, args, familyCheck(entry, entry.id === drift.id ? checkDriftOnItself : undefined));
    });
  }

  describe('requests', () => {
    const post = (path: string, body: string) => fetch(`${mcp.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    /** A drift monitor request whose three documents are each just under the 256 KiB a document may have. */
    const threeLargeDocuments = () => {
      const document = (key: string) => ({ [key]: 'x'.repeat(X402_REQUEST_LIMITS.documentBytes - 100) });
      return JSON.stringify({ ...(drift.example as Record<string, unknown>), catalog_json: document('c'), openapi_json: document('o'), payment_challenge_json: document('p') });
    };

    it.each(X402_TOOLS.map((entry) => [entry.id, entry] as const))('%s: an unknown top-level field is a 400 invalid_request before any 402', async (_id, entry) => {
      const res = await post(entry.path, JSON.stringify({ ...(entry.example as Record<string, unknown>), not_a_field: 1 }));
      expect(res.status).toBe(400);
      expect(res.headers.get(PAYMENT_REQUIRED_HEADER)).toBeNull();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    });

    it('the family reads bodies of up to 1 MiB (three documents at their limit get the 402), and refuses larger ones with 413', async () => {
      const body = threeLargeDocuments();
      expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 256_000);
      const res = await post(drift.path, body);
      expect(res.status).toBe(402);
      const tooLarge = await post(drift.path, JSON.stringify({ ...(drift.example as Record<string, unknown>), catalog_json: { c: 'x'.repeat(X402_REQUEST_LIMITS.bodyBytes) } }));
      expect(tooLarge.status).toBe(413);
    });

    it('other tools keep the service limit (BODY_LIMIT_BYTES, 256 KiB by default)', async () => {
      const res = await post(toolById('wallet_snapshot')!.path, JSON.stringify({ address: '0x1234567890123456789012345678901234567890', padding: 'x'.repeat(300 * 1024) }));
      expect(res.status).toBe(413);
    });

    it('over MCP the same 1 MiB request is read and answered with the payment requirements', async () => {
      const result = await mcp.client.callTool({ name: drift.mcpName, arguments: JSON.parse(threeLargeDocuments()) as Record<string, unknown> });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 'payment_required' });
    });
  });

  describe('the secret guard on the served routes', () => {
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
});
