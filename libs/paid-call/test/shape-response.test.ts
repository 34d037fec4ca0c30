import {
  CATALOG,
  PAYMENT_ARGUMENTS,
  canonicalJson,
  defineTool,
  expansionResult,
  extendedResult,
  responseSchema,
  strictExpansionResult,
  trustResult,
  walletSnapshotRequest,
  type CatalogEntry,
} from '@paysight/contracts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { shapeResponse, type ServedCall } from '../src/shape-response.js';

const served: ServedCall = {
  input: { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chain: 'base' },
  requestId: 'req-1',
  x402RequestId: 'x402_0123',
  generatedAt: new Date('2026-11-24T12:00:00.000Z'),
  settlement: { transaction: `0x${'ab'.repeat(32)}`, network: 'eip155:8453', payer: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C' },
};
/** reference_data_version is what the closed (x402-*) envelope needs from its analyzer; the other envelopes carry it along. */
const metadata = { dataSourceStatus: 'Live' as const, dataNotes: ['read at block 1'], limitations: [], reference_data_version: 'x402-ref-test' };
const verdict = { decision: 'proceed', confidence: 'high', summary: 'ok', risk_flags: [], recommended_next_action: 'pay' };

/** A catalog entry of each envelope kind, with an analyzer result of its shape. */
function entryOf(envelope: CatalogEntry['envelope'], result: z.ZodObject, slug: string): CatalogEntry {
  return defineTool({
    id: slug.replaceAll('-', '_'),
    slug,
    path: `/api/test/${slug}`,
    mcpName: `svc_${slug.replaceAll('-', '_')}`,
    title: slug,
    description: slug,
    price: '0.25',
    family: 'x402',
    envelope,
    request: walletSnapshotRequest,
    result,
    example: { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
  });
}

const CASES: [string, CatalogEntry, Record<string, unknown>][] = [
  ['paid', entryOf({ kind: 'paid' }, z.object({ n: z.number() }), 'paid-tool'), { n: 1 }],
  ['trust', entryOf({ kind: 'trust' }, trustResult({ payee_type: z.string() }), 'payment-preflight'), { ...verdict, evidence: {}, limits: [], payee_type: 'eoa' }],
  ['open expansion', entryOf({ kind: 'expansion', productFamily: 'agent_expansion_v2_api', strict: false }, expansionResult({}), 'service-discovery-audit'), { ...verdict, evidence: { a: 1 }, limitations: [] }],
  [
    'closed expansion',
    entryOf({ kind: 'expansion', productFamily: 'agent_expansion_v3_api', strict: true }, strictExpansionResult({ likely_cause: z.string() }), 'x402-failure-fact-classifier'),
    { ...verdict, limitations: [], likely_cause: 'wrong network' },
  ],
  ['extended', entryOf({ kind: 'extended' }, extendedResult('newer', { cycleDetected: z.boolean() }), 'hidden-dependency-map'), { decision: 'review', riskScore: 40, summary: 's', reasons: [], evidence: {}, cycleDetected: false }],
];

describe('shapeResponse', () => {
  it.each(CASES)('wraps a %s result in exactly the envelope its schema describes', (_kind, entry, result) => {
    const body = shapeResponse(entry, { result, metadata }, served);
    const parsed = responseSchema(entry).safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('puts the money and the call identifiers in, never from the analyzer', () => {
    const [, paid, result] = CASES[0]!;
    expect(shapeResponse(paid, { result, metadata }, served)).toEqual({
      ok: true,
      tool: 'paid_tool',
      pricePaid: { amount: '0.25', currency: 'USDC', network: 'base', x402Network: 'eip155:8453' },
      result,
      metadata: { requestId: 'req-1', x402RequestId: 'x402_0123', generatedAt: '2026-11-24T12:00:00.000Z', ...metadata, settlement: served.settlement },
    });
    const [, trust, trustBody] = CASES[1]!;
    expect(shapeResponse(trust, { result: trustBody, metadata }, served)).toMatchObject({
      product_family: 'agent_commerce_trust_api',
      endpoint: 'payment-preflight',
      version: 'v0.1',
      request_id: 'req-1',
      x402_request_id: 'x402_0123',
      generated_at: '2026-11-24T12:00:00.000Z',
    });
  });

  it('fingerprints the input in the extended envelope, independent of key order', () => {
    const [, extended, result] = CASES[4]!;
    const a = shapeResponse(extended, { result, metadata }, { ...served, input: { a: 1, b: [1, 2] } });
    const b = shapeResponse(extended, { result, metadata }, { ...served, input: { b: [1, 2], a: 1 } });
    const c = shapeResponse(extended, { result, metadata }, { ...served, input: { a: 2, b: [1, 2] } });
    expect(a.inputFingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.inputFingerprint).toBe(b.inputFingerprint);
    expect(a.inputFingerprint).not.toBe(c.inputFingerprint);
  });

  it('fingerprints the extended input as the sha256 of its RFC 8785 form, without the payment arguments', () => {
    const [, extended, result] = CASES[4]!;
    const input = { b: [1, 2], a: 'x', nested: { paymentHeader: 'kept: only top-level arguments are payment arguments' } };
    const plain = shapeResponse(extended, { result, metadata }, { ...served, input });
    expect(plain.inputFingerprint).toBe(`sha256:${createHash('sha256').update(canonicalJson(input)).digest('hex')}`);
    for (const name of PAYMENT_ARGUMENTS) {
      const paid = shapeResponse(extended, { result, metadata }, { ...served, input: { ...input, [name]: 'eyJ4NDAyVmVyc2lvbiI6Mn0=' } });
      expect(paid.inputFingerprint).toBe(plain.inputFingerprint);
    }
  });

  it('answers the extended envelope fields from the serving layer', () => {
    const [, extended, result] = CASES[4]!;
    expect(shapeResponse(extended, { result, metadata }, served)).toMatchObject({
      requestId: 'req-1',
      service: 'hidden-dependency-map',
      version: 'v0.2',
      generatedAt: '2026-11-24T12:00:00.000Z',
      x402_request_id: 'x402_0123',
      pricePaid: { amount: '0.25', currency: 'USDC', network: 'base' },
      metadata: { paymentStatus: 'settled', requestId: 'req-1', settlement: served.settlement },
    });
  });

  it('has a response schema for every catalog entry', () => {
    for (const entry of CATALOG) expect(() => z.toJSONSchema(responseSchema(entry), { io: 'output', unrepresentable: 'any' })).not.toThrow();
  });
});
