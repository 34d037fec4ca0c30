import { toolById } from '@paysight/contracts';
import { fundedBuyer, officialPaymentClient, payingFetch, usdcBalance } from '@paysight/testkit';
import { startTestApi } from '@paysight/testkit/api';
import { useMcpApi } from './mcp-fixture.js';
import { callWithX402 } from './x402-mcp-client.js';

/**
 * x402-response-provenance-notary on the served stack, beyond the family's paid call of its example
 * (x402-family.test.ts): replay, verify, the 404 that costs nothing, the per-mode 400 and the secret
 * guard's exemption of its capability tokens.
 */

const notary = toolById('x402_response_provenance_notary')!;
const hash = (digit: string) => `sha256:${digit.repeat(64)}`;
const unique = () => `${Date.now()}_${Math.random().toString(36).slice(2)}`.padEnd(32, '0');

describe('x402-response-provenance-notary served', () => {
  const mcp = useMcpApi();
  const post = (body: unknown) => fetch(`${mcp.api.url}${notary.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const createBody = (key: string) => ({
    mode: 'create',
    idempotency_key: key,
    idempotency_scope_token: 'S'.repeat(43),
    endpoint_path: '/api/x402/tx-status',
    tool_id: 'tx_status',
    generated_at: '2026-11-28T00:00:00Z',
    response_hash: hash('e'),
  });

  async function paid(body: unknown) {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const res = await payingFetch(buyer)(`${mcp.api.url}${notary.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string } };
    return { status: res.status, answer, charged: (await usdcBalance(mcp.api.payTo)) - before };
  }

  it('REST: create, replay by idempotency key, then verify; each paid 0.01', async () => {
    const body = createBody(unique());
    const created = await paid(body);
    expect(created).toMatchObject({ status: 200, charged: 10_000n, answer: { decision: 'record_created', metadata: { paymentStatus: 'settled' } } });
    const secret = created.answer.lookup_secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const replayed = await paid(body);
    expect(replayed).toMatchObject({ status: 200, charged: 10_000n, answer: { decision: 'record_replayed', notary_id: created.answer.notary_id } });
    expect(replayed.answer).not.toHaveProperty('lookup_secret');

    const verified = await paid({ mode: 'verify', notary_id: created.answer.notary_id, lookup_secret: secret, response_hash: hash('e'), tool_id: 'tx_status', endpoint_path: '/api/x402/tx-status', generated_at: '2026-11-28T01:00:00+01:00' });
    expect(verified).toMatchObject({ status: 200, charged: 10_000n, answer: { decision: 'record_verified', compared_fields: [{ field: 'response_hash', match: true }, { field: 'context_hash', match: true }] } });
  });

  it('the paid-call ledger keeps the created answer without its lookup secret; the same payment presented again gets it back, derived anew; under another notary key only its hash', async () => {
    const body = createBody(unique());
    const buyer = await fundedBuyer();
    const unpaid = await post(body);
    const client = officialPaymentClient(buyer);
    const required = client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json());
    const signature = client.encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    const present = (url: string) => fetch(`${url}${notary.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signature }, body: JSON.stringify(body) });

    const first = await present(mcp.api.url);
    const created = (await first.json()) as Record<string, unknown> & { metadata: { x402RequestId: string } };
    const secret = created.lookup_secret as string;
    expect([first.status, created.decision, secret]).toEqual([200, 'record_created', expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
    const row = await mcp.api.store.ledger.get(created.metadata.x402RequestId);
    expect(row).toMatchObject({ state: 'settled', resultJson: { notary_id: created.notary_id, lookup_secret_withheld: true } });
    expect(JSON.stringify(row)).not.toContain(secret);

    const again = await present(mcp.api.url);
    expect([again.status, again.headers.get('paysight-replay')]).toEqual([200, expect.any(String)]);
    expect(await again.json()).toEqual(created);

    // A second instance on the same ledger with its own (ephemeral) notary key derives another secret: 410 with the answer's hash, nothing charged.
    const other = await startTestApi({ store: mcp.api.store, payTo: mcp.api.payTo });
    try {
      const before = await usdcBalance(mcp.api.payTo);
      const elsewhere = await present(other.url);
      expect(elsewhere.status).toBe(410);
      expect(((await elsewhere.json()) as { error: { code: string; details: { resultHash: string } } }).error).toMatchObject({ code: 'result_expired', details: { resultHash: row!.resultHash } });
      expect((await usdcBalance(mcp.api.payTo)) - before).toBe(0n);
    } finally {
      await other.close();
    }
  });

  it('REST: a wrong secret or an unknown id answers 404 notary_record_not_found after verify, and nothing is settled', async () => {
    const created = await paid(createBody(unique()));
    const wrong = await paid({ mode: 'verify', notary_id: created.answer.notary_id, lookup_secret: 'W'.repeat(43), response_hash: hash('e') });
    expect(wrong).toMatchObject({ status: 404, charged: 0n, answer: { ok: false, error: { code: 'notary_record_not_found' } } });
    const unknown = await paid({ mode: 'verify', notary_id: `ntr_${'a'.repeat(32)}`, lookup_secret: 'W'.repeat(43), response_hash: hash('e') });
    expect(unknown).toMatchObject({ status: 404, charged: 0n });
    // One answer for both: nothing tells an unknown id from a known one with the wrong secret.
    expect(unknown.answer.error).toMatchObject({ code: 'notary_record_not_found', message: wrong.answer.error!.message });
  });

  it('MCP: the same 404 as an error result, nothing settled', async () => {
    const buyer = await fundedBuyer();
    const before = await usdcBalance(mcp.api.payTo);
    const { result } = await callWithX402(mcp.client, officialPaymentClient(buyer), notary.mcpName, { mode: 'verify', notary_id: `ntr_${'b'.repeat(32)}`, lookup_secret: 'W'.repeat(43), response_hash: hash('e') });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'error', httpStatus: 404, error: { code: 'notary_record_not_found' } });
    expect((await usdcBalance(mcp.api.payTo)) - before).toBe(0n);
  });

  it('400 field_not_allowed_in_mode before any 402, and 400 invalid_request for a missing field', async () => {
    const res = await post({ ...createBody(unique()), lookup_secret: 'W'.repeat(43) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('field_not_allowed_in_mode');
    const missing = await post({ mode: 'verify', notary_id: `ntr_${'a'.repeat(32)}`, lookup_secret: 'W'.repeat(43) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('the secret guard skips the capability tokens (a 64-hex lookup secret reaches the 402) but still reads every other field', async () => {
    const hex64 = 'ab'.repeat(32);
    const verify = { mode: 'verify', notary_id: `ntr_${'a'.repeat(32)}`, lookup_secret: hex64, response_hash: hash('e') };
    expect((await post(verify)).status).toBe(402);
    const res = await post({ ...verify, lookup_secret: 'W'.repeat(43), service_label: `seed phrase ${'abandon '.repeat(11)}about` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('secret_material_rejected');
  });
});
