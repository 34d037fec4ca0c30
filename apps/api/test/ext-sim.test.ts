import { canonicalJson, toolById } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { createHash } from 'node:crypto';
import { paidToolCallTests } from './paid-tool-call.js';

/** What a caller can compute from the body it sent: the extended envelope's inputFingerprint. */
const fingerprintOf = (body: Record<string, unknown>) => `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
const example = (id: 'economic_dry_run_simulator' | 'spend_laundering_detector' | 'evidence_budget_router') => () => structuredClone(toolById(id)!.example) as Record<string, unknown>;

const dryRun = example('economic_dry_run_simulator');
paidToolCallTests('economic_dry_run_simulator', dryRun, (body) => {
  expect(body).toMatchObject({ decision: 'review', simulationMode: 'monte_carlo', cost: { currency: 'USDC', p90: '1.08', worstCase: '2.1', budget: '1.50' }, latencyMs: { deadline: 30000 } });
  expect(body.reasons).toEqual([expect.objectContaining({ code: 'budget_overrun_possible', severity: 'warning' })]);
  expect(body.inputFingerprint).toBe(fingerprintOf(dryRun()));
});

const laundering = example('spend_laundering_detector');
paidToolCallTests('spend_laundering_detector', laundering, (body) => {
  expect(body).toMatchObject({ decision: 'block', aggregateSpend: '52.5', triggeredPolicies: ['aggregateLimit'], walletsObserved: ['0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333', '0x4444444444444444444444444444444444444444'] });
  expect(body.inputFingerprint).toBe(fingerprintOf(laundering()));
});

const router = example('evidence_budget_router');
paidToolCallTests('evidence_budget_router', router, (body) => {
  expect(body).toMatchObject({ decision: 'allow', riskScore: 0, plannedSpend: '1.27', optimal: true, uncoveredDimensions: [] });
  expect((body.purchasePlan as { sourceId: string }[]).map((p) => p.sourceId)).toEqual(['price_index', 'seller_profile', 'wallet_audit']);
  expect(body.inputFingerprint).toBe(fingerprintOf(router()));
});

describe('dry-run simulator, laundering detector and evidence router at the body limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  const post = (path: string, body: unknown) => fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
  const grants = (wallets: number) =>
    Array.from({ length: 100 }, (_, i) => ({
      delegationId: `grant-${i}`,
      from: i < 10 ? 'org:principal' : `agent:${Math.floor(i / 10) - 1}`,
      to: `agent:${i}`,
      wallets: Array.from({ length: wallets }, (_, j) => address(i * 100 + j)),
      spendLimit: '10',
      validFrom: '2026-11-01T00:00:00Z',
      validUntil: '2026-12-01T00:00:00Z',
      revoked: false,
      evidenceHash: `sha256:${String(i).padStart(64, '0')}`,
    }));
  const events = (n: number) => Array.from({ length: n }, (_, i) => ({ eventId: `event-${i}`, wallet: address((i % 100) * 100), agentId: `agent:${i % 100}`, amount: '0.25', currency: 'USDC', timestamp: new Date(Date.UTC(2026, 10, 24) + i * 60_000).toISOString(), counterparty: `seller:${i % 20}` }));
  const launderingBody = (wallets: number, n: number) => ({ principal: { id: 'org:principal', wallets: [address(1)] }, delegations: grants(wallets), spendEvents: events(n), policy: { aggregateLimit: '100', windowSeconds: 3600 } });

  it('validates the laundering detector\'s 100 grants and 700 payments under 256 KiB; answers 413 to its maxima, then keeps serving', async () => {
    const admitted = launderingBody(5, 700);
    expect(Buffer.byteLength(JSON.stringify(admitted))).toBeLessThan(256 * 1024);
    expect((await post('/api/ext/spend-laundering-detector', admitted)).status).toBe(402);
    const maximal = launderingBody(20, 1000);
    expect(toolById('spend_laundering_detector')!.request.safeParse(maximal).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(maximal))).toBeGreaterThan(256 * 1024);
    expect((await post('/api/ext/spend-laundering-detector', maximal)).status).toBe(413);
    expect((await post('/api/ext/spend-laundering-detector', laundering())).status).toBe(402);
  });

  it('validates the simulator\'s 200 steps with 20 dependencies each and refuses a cycle-free plan with a dangling dependency for free', async () => {
    const nodes = Array.from({ length: 200 }, (_, i) => ({
      id: `step-${i}`,
      provider: `provider-${i % 10}`,
      price: '0.25',
      successProbability: 0.95,
      latencyMs: { minMs: 100, modeMs: 400, maxMs: 5000 },
      dependsOn: i < 20 ? [] : Array.from({ length: 20 }, (_, j) => `step-${i - 1 - j}`),
      retry: { maxRetries: 5, backoffMs: 1000 },
    }));
    const body = { seed: 1, plan: { nodes }, policy: { budget: '100', iterations: 10_000 } };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * 1024);
    expect((await post('/api/ext/economic-dry-run-simulator', body)).status).toBe(402);
    const dangling = await post('/api/ext/economic-dry-run-simulator', { ...body, plan: { nodes: [...nodes.slice(0, 199), { ...nodes[199]!, dependsOn: ['step-404'] }] } });
    expect(dangling.status).toBe(400);
    expect(await dangling.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('validates the router\'s 50 sources over 20 dimensions; refuses a 51st source for free', async () => {
    const dimensions = Array.from({ length: 20 }, (_, i) => ({ dimensionId: `dimension-${i}`, required: i < 5, weight: 0.5 }));
    const sources = Array.from({ length: 51 }, (_, i) => ({ sourceId: `source-${i}`, provider: 'provider', price: '0.05', latencyMs: 1000, reliability: 0.9, covers: dimensions.map((d) => ({ dimensionId: d.dimensionId, strength: 0.5 })), dependsOn: i > 0 && i < 10 ? [`source-${i - 1}`] : [] }));
    const body = { question: 'Which evidence?', budget: '1', dimensions, sources: sources.slice(0, 50), policy: {} };
    expect((await post('/api/ext/evidence-budget-router', body)).status).toBe(402);
    expect((await post('/api/ext/evidence-budget-router', { ...body, sources })).status).toBe(400);
  });
});
