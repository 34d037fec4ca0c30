import { z } from 'zod';
import { expansionEnvelope, expansionResult, strictExpansionEnvelope, strictExpansionResult } from './expansion.js';
import { EXTENDED_DECISIONS, EXTENDED_DECISIONS_FIRST_GROUP, REASON_SEVERITIES, extendedEnvelope, extendedResult } from './extended.js';
import { mcpResultWrapper } from './mcp-result.js';
import { paidEnvelope } from './paid.js';
import { trustEnvelope, trustResult } from './trust.js';

const price = { amount: '0.01', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' };
const served = { requestId: 'req-1', x402RequestId: 'x402_1', generatedAt: '2026-11-24T00:00:00.000Z' };
const verdict = { decision: 'proceed', confidence: 'high', summary: 's', risk_flags: [], recommended_next_action: 'pay', limitations: [] };

describe('envelopes', () => {
  it('paid: the result under `result`, the call identifiers in metadata', () => {
    const schema = paidEnvelope('wallet_snapshot', z.object({ n: z.number() }));
    expect(schema.safeParse({ ok: true, tool: 'wallet_snapshot', pricePaid: price, result: { n: 1 }, metadata: { ...served, dataSourceStatus: 'Live' } }).success).toBe(true);
    expect(schema.safeParse({ ok: true, tool: 'tx_status', pricePaid: price, result: { n: 1 }, metadata: served }).success).toBe(false);
    expect(schema.safeParse({ ok: true, tool: 'wallet_snapshot', pricePaid: price, result: { n: 1 }, metadata: {} }).success).toBe(false);
  });

  it('trust v0.1: constants, the slug as endpoint, additional properties allowed', () => {
    const schema = trustEnvelope('receipt-audit', trustResult({ receipt_grade: z.enum(['complete', 'partial', 'weak']) }));
    const body = {
      product_family: 'agent_commerce_trust_api',
      endpoint: 'receipt-audit',
      version: 'v0.1',
      request_id: 'r',
      x402_request_id: 'x402_1',
      generated_at: '2026-11-24T00:00:00.000Z',
      decision: 'settled',
      confidence: 'high',
      summary: 's',
      evidence: {},
      risk_flags: [],
      recommended_next_action: 'n',
      limits: [],
      receipt_grade: 'complete',
      extra: true,
    };
    expect(schema.safeParse(body).success).toBe(true);
    expect(schema.safeParse({ ...body, version: 'v0.2' }).success).toBe(false);
    expect(schema.safeParse({ ...body, endpoint: 'seller-profile' }).success).toBe(false);
    const { x402_request_id: _dropped, ...withoutPaymentId } = body;
    expect(schema.safeParse(withoutPaymentId).success).toBe(false);
  });

  it('expansion: the open variant allows more properties, the closed one none and needs metadata.paymentStatus', () => {
    const head = { endpoint: 'x402-catalog-drift-monitor', tool_id: 'x402_catalog_drift_monitor', version: 'v0.1', request_id: 'r', x402_request_id: 'x', generated_at: '2026-11-24T00:00:00.000Z' };
    const open = expansionEnvelope('agent_expansion_v2_api', head.endpoint, head.tool_id, expansionResult({}));
    const closed = strictExpansionEnvelope('agent_expansion_v3_api', head.endpoint, head.tool_id, strictExpansionResult({ checked_surfaces: z.array(z.string()) }));
    expect(open.safeParse({ ...head, product_family: 'agent_expansion_v2_api', ...verdict, evidence: {}, more: 1 }).success).toBe(true);
    const closedBody = { ...head, product_family: 'agent_expansion_v3_api', ...verdict, checked_surfaces: [], metadata: { ...served, paymentStatus: 'settled', input_fingerprint: `sha256:${'0a'.repeat(32)}`, reference_data_version: 'v' } };
    expect(closed.safeParse(closedBody).success).toBe(true);
    expect(closed.safeParse({ ...closedBody, more: 1 }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, metadata: served }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, metadata: { ...closedBody.metadata, paymentStatus: 'pending' } }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, summary: 'x'.repeat(501) }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, recommended_next_action: 'x'.repeat(301) }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, risk_flags: ['b_flag', 'a_flag'] }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, risk_flags: ['a_flag', 'a_flag'] }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, risk_flags: ['NotSnake'] }).success).toBe(false);
    expect(closed.safeParse({ ...closedBody, risk_flags: ['a_flag', 'b_flag'] }).success).toBe(true);
  });

  describe('extended v0.2', () => {
    const body = {
      requestId: 'r',
      service: 'hidden-dependency-map',
      version: 'v0.2',
      decision: 'insufficient_evidence',
      riskScore: 40,
      summary: 's',
      reasons: [{ code: 'c', message: 'm', severity: 'warning' }],
      evidence: {},
      inputFingerprint: `sha256:${'0a'.repeat(32)}`,
      generatedAt: '2026-11-24T00:00:00.000Z',
    };
    const newer = extendedEnvelope('hidden-dependency-map', extendedResult('newer', {}));
    const first = extendedEnvelope('recursive-commerce-loop-breaker', extendedResult('first', {}));
    const firstBody = { ...body, service: 'recursive-commerce-loop-breaker', decision: 'review' };

    it('takes the required fields, the optional payment fields and more properties', () => {
      expect(newer.safeParse(body).error).toBeUndefined();
      const paid = { ...body, x402_request_id: 'x402_1', pricePaid: { amount: '0.01', currency: 'USDC', network: 'base' }, metadata: { requestId: 'r', x402RequestId: 'x', generatedAt: body.generatedAt, paymentStatus: 'settled' }, extra: [1] };
      expect(newer.safeParse(paid).error).toBeUndefined();
      for (const key of Object.keys(body)) {
        const { [key]: _dropped, ...missing } = body as Record<string, unknown>;
        expect({ key, ok: newer.safeParse(missing).success }).toEqual({ key, ok: false });
      }
    });

    it('newer tools: integer riskScore 0 to 100 and the seven decisions', () => {
      for (const riskScore of [0, 100]) expect(newer.safeParse({ ...body, riskScore }).success).toBe(true);
      for (const riskScore of [40.5, -1, 101]) expect(newer.safeParse({ ...body, riskScore }).success).toBe(false);
      for (const decision of EXTENDED_DECISIONS) expect(newer.safeParse({ ...body, decision }).success).toBe(true);
      expect(newer.safeParse({ ...body, decision: 'maybe' }).success).toBe(false);
    });

    it('first group: any number 0 to 100, six decisions without insufficient_evidence', () => {
      expect(first.safeParse({ ...firstBody, riskScore: 40.5 }).success).toBe(true);
      expect(first.safeParse({ ...firstBody, riskScore: 100.5 }).success).toBe(false);
      for (const decision of EXTENDED_DECISIONS_FIRST_GROUP) expect(first.safeParse({ ...firstBody, decision }).success).toBe(true);
      expect(first.safeParse({ ...firstBody, decision: 'insufficient_evidence' }).success).toBe(false);
    });

    it('reasons carry info, warning or critical; the service, version, fingerprint and price are fixed formats', () => {
      for (const severity of REASON_SEVERITIES) expect(newer.safeParse({ ...body, reasons: [{ code: 'c', message: 'm', severity }] }).success).toBe(true);
      expect(newer.safeParse({ ...body, reasons: [{ code: 'c', message: 'm', severity: 'fatal' }] }).success).toBe(false);
      expect(newer.safeParse({ ...body, service: 'other' }).success).toBe(false);
      expect(newer.safeParse({ ...body, version: 'v0.1' }).success).toBe(false);
      expect(newer.safeParse({ ...body, inputFingerprint: 'sha256:00' }).success).toBe(false);
      expect(newer.safeParse({ ...body, pricePaid: { amount: '0.0000001', currency: 'USDC', network: 'base' } }).success).toBe(false);
    });
  });

  it('MCP result wrapper: exactly ok, payment_required or error', () => {
    const wrapper = mcpResultWrapper(z.object({ n: z.number() }));
    expect(wrapper.safeParse({ status: 'ok', httpStatus: 200, endpoint: '/x', response: { n: 1 } }).success).toBe(true);
    expect(wrapper.safeParse({ status: 'error', httpStatus: 400, endpoint: '/x', error: { code: 'invalid_request', message: 'm' } }).success).toBe(true);
    expect(wrapper.safeParse({ status: 'error', httpStatus: 400, endpoint: '/x', error: { code: 'nope', message: 'm' } }).success).toBe(false);
    expect(wrapper.safeParse({ status: 'pending', httpStatus: 200, endpoint: '/x' }).success).toBe(false);
  });
});
