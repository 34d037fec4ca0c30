import { canonicalJson, toolById } from '@paysight/contracts';
import { createHash } from 'node:crypto';
import { paidToolCallTests } from './paid-tool-call.js';
import { useUnpaidPosts } from './unpaid-post.js';

const HASH = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;
/** What a caller can compute from the body it sent: the extended envelope's inputFingerprint. */
const fingerprintOf = (body: Record<string, unknown>) => `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;

const loopCall = () => toolById('recursive_commerce_loop_breaker')!.example as Record<string, unknown>;
paidToolCallTests('recursive_commerce_loop_breaker', loopCall, (body) => {
  expect(body).toMatchObject({ decision: 'block', cycleDetected: true, cyclePath: ['summarizer', 'researcher', 'summarizer'], projectedSpend: '0.31', triggeredPolicies: ['allowCycles'] });
  expect(body.inputFingerprint).toBe(fingerprintOf(loopCall()));
});

const purchase = (eventId: string, minute: number) => ({
  eventId,
  buyerAgentId: 'agent:crawler',
  buyerWallet: '0x4444444444444444444444444444444444444444',
  sellerAgentId: 'seller:search',
  sellerWallet: '0x5555555555555555555555555555555555555555',
  resourceId: 'search',
  requestFingerprint: HASH(minute + 1),
  amount: '0.049',
  currency: 'usdc',
  network: 'eip155:8453',
  timestamp: new Date(Date.UTC(2026, 10, 24, 9, minute)).toISOString(),
});
const fragmentationCall = () => ({
  proposedPurchases: [purchase('p-9', 9)],
  recentPurchases: [purchase('r-1', 1), purchase('r-5', 5)],
  verifiedRelationships: null,
  policy: { singlePurchaseLimit: '0.05', aggregateWindowLimit: '1', windowSeconds: 600, minimumFragmentCount: 3, similarityWindowSeconds: null, nearThresholdPercent: 95, maxEvents: null },
  principalAgentId: 'agent:crawler',
  callerNote: 'additional properties are allowed and fingerprinted',
});
paidToolCallTests('micropurchase_fragmentation_guard', fragmentationCall, (body) => {
  expect(body).toMatchObject({ decision: 'review', riskScore: 15, fragmentationDetected: true, flaggedEventIds: ['p-9'], aggregateSpend: '0.147', triggeredPolicies: ['nearThresholdPercent'] });
  expect(body.inputFingerprint).toBe(fingerprintOf(fragmentationCall()));
});

const conflictCall = () => toolById('conflict_of_interest_scanner')!.example as Record<string, unknown>;
paidToolCallTests('conflict_of_interest_scanner', conflictCall, (body) => {
  expect(body).toMatchObject({ decision: 'block', conflictDetected: true, bestSellerId: 'seller:a', relationshipIds: ['rel-1'] });
  expect(body.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'conflicted_selection_materially_worse', severity: 'critical' })]));
  expect(body.inputFingerprint).toBe(fingerprintOf(conflictCall()));
});

describe('extended tools at the body limit', () => {
  const { post } = useUnpaidPosts();

  it('validates the largest loop graph (1,000 edges) and asks for payment; refuses 1,001 with a free 400', async () => {
    const edges = (n: number) => Array.from({ length: n }, (_, i) => ({ fromAgentId: `agent-${i}`, toAgentId: `agent-${i + 1}`, kind: 'payment', amount: '0.001', callCount: 2 }));
    const request = { ...loopCall(), edges: edges(1000) };
    expect(Buffer.byteLength(JSON.stringify(request))).toBeLessThan(256 * 1024);
    expect((await post('/api/ext/recursive-commerce-loop-breaker', request)).status).toBe(402);
    const over = await post('/api/ext/recursive-commerce-loop-breaker', { ...request, edges: edges(1001) });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('answers 413 to a fragmentation request past the body limit, then keeps serving', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => purchase(`e-${i}`, i % 60));
    const body = { ...fragmentationCall(), proposedPurchases: many, recentPurchases: many };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(256 * 1024);
    expect((await post('/api/ext/micropurchase-fragmentation-guard', body)).status).toBe(413);
    expect((await post('/api/ext/micropurchase-fragmentation-guard', fragmentationCall())).status).toBe(402);
  });
});
