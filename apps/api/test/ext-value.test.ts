import { canonicalJson, toolById } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { createHash } from 'node:crypto';
import { paidToolCallTests } from './paid-tool-call.js';

const HASH = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;
const fingerprintOf = (body: Record<string, unknown>) => `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
const BODY_LIMIT = 256 * 1024;

/** coalition_attribution over `n` evidence items: v(S) = 40 + 2 x |S| + 3 more when the first item is in S. */
const coalitionCall = (n = 3) => {
  const ids = Array.from({ length: n }, (_, i) => `report-${i}`);
  return {
    mode: 'coalition_attribution',
    purchase: { purchaseId: 'buy-9', cost: '0.02', currency: 'usdc', evidenceItemId: 'report-0', evidenceHash: HASH(100), sourceReceiptHash: HASH(9) },
    utilityScale: { name: 'forecast accuracy', minimum: '0', maximum: '100', higherIsBetter: true },
    evidenceItems: ids.map((evidenceItemId, i) => ({ evidenceItemId, evidenceHash: HASH(100 + i) })),
    coalitionUtilities: Array.from({ length: 2 ** n }, (_, mask) => {
      const members = ids.filter((_, i) => mask & (1 << i));
      return { coalitionIds: members, utility: String(40 + 2 * members.length + (mask & 1 ? 3 : 0)), provenanceHash: HASH(mask + 1) };
    }),
    policy: { minimumMaterialUtilityChange: '1', minimumValueToCostRatio: '50', minimumConfidenceChange: null },
    callerNote: 'additional properties are allowed and fingerprinted',
  };
};
paidToolCallTests('counterfactual_value_meter', () => coalitionCall(), (body) => {
  expect(body).toMatchObject({ decision: 'allow', riskScore: 0, mode: 'coalition_attribution', valueToCostRatio: '250', material: true, completeness: { complete: true, expectedCoalitions: 8 } });
  expect(body.attributions).toEqual([
    expect.objectContaining({ evidenceItemId: 'report-0', shapleyValue: '5', exactValue: '5' }),
    expect.objectContaining({ evidenceItemId: 'report-1', shapleyValue: '2' }),
    expect.objectContaining({ evidenceItemId: 'report-2', shapleyValue: '2' }),
  ]);
  expect(body.inputFingerprint).toBe(fingerprintOf(coalitionCall()));
});

const reincarnationCall = () => toolById('reputation_reincarnation_detector')!.example as Record<string, unknown>;
paidToolCallTests('reputation_reincarnation_detector', reincarnationCall, (body) => {
  expect(body).toMatchObject({ decision: 'block', continuityDetected: true, topMatch: { entityId: 'agent:quote-bot', matchStatus: 'match', weightedScore: 91 } });
  expect(body.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'continuity_with_restricted_entity', severity: 'critical' })]));
  expect(body.inputFingerprint).toBe(fingerprintOf(reincarnationCall()));
});

const dependencyCall = () => toolById('hidden_dependency_map')!.example as Record<string, unknown>;
paidToolCallTests('hidden_dependency_map', dependencyCall, (body) => {
  expect(body).toMatchObject({ decision: 'review', riskScore: 15, maxExposurePercent: 50, independentServices: ['svc:inference-a'], hiddenDependencies: [expect.objectContaining({ dependencyId: 'auth-gateway', commonMode: true })] });
  expect(body.inputFingerprint).toBe(fingerprintOf(dependencyCall()));
});

describe('counterfactual value, reincarnation and dependency tools at the body limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  const post = (path: string, body: unknown) => fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

  it('validates all 1,024 coalitions of 10 items under the limit and asks for payment; answers 413 to the 4,096 of 12 items, then keeps serving', async () => {
    expect(bytes(coalitionCall(10))).toBeLessThan(BODY_LIMIT);
    expect((await post('/api/ext/counterfactual-value-meter', coalitionCall(10))).status).toBe(402);
    expect(bytes(coalitionCall(12))).toBeGreaterThan(BODY_LIMIT);
    expect((await post('/api/ext/counterfactual-value-meter', coalitionCall(12))).status).toBe(413);
    expect((await post('/api/ext/counterfactual-value-meter', coalitionCall())).status).toBe(402);
  });

  it('refuses a purchase of no cost with a free 400 before any payment', async () => {
    const res = await post('/api/ext/counterfactual-value-meter', { ...coalitionCall(), purchase: { ...coalitionCall().purchase, cost: '0.000' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('validates 500 reference entities with as many signals as the limit admits, and a 500-service dependency map', async () => {
    const example = reincarnationCall() as { candidate: { signals: Record<string, unknown>[] }; referenceEntities: { signals: Record<string, unknown>[] }[] };
    const one = example.candidate.signals[0]!;
    const references = Array.from({ length: 500 }, (_, i) => ({ entityId: `agent:ref-${i}`, status: i % 2 ? 'active' : 'suspended', signals: [{ ...one, signalId: `r-${i}` }] }));
    const reincarnation = { ...example, candidate: { agentId: 'agent:quote-bot-v2', signals: Array.from({ length: 200 }, (_, i) => ({ ...one, signalId: `c-${i}` })) }, referenceEntities: references };
    expect(bytes(reincarnation)).toBeLessThan(BODY_LIMIT);
    expect((await post('/api/ext/reputation-reincarnation-detector', reincarnation)).status).toBe(402);

    const dependency = { dependencyId: 'cloud-1', type: 'cloud', criticality: 0.9, evidenceHash: 'b'.repeat(64), verified: true };
    const services = Array.from({ length: 500 }, (_, i) => ({ serviceId: `svc-${i}`, workloadShare: 0.002, declaredDependencies: [dependency], observedDependencies: [{ ...dependency, dependencyId: `api-${i % 50}`, type: 'api', observationSourceHash: 'c'.repeat(64) }] }));
    const map = { services, policy: {} };
    expect(bytes(map)).toBeLessThan(BODY_LIMIT);
    expect((await post('/api/ext/hidden-dependency-map', map)).status).toBe(402);
    const res = await post('/api/ext/hidden-dependency-map', { ...map, services: [...services, { ...services[0]!, serviceId: 'svc-500' }] });
    expect(res.status).toBe(400);
  });
});
