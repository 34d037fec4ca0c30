import { toolById } from '@paysight/contracts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { analyzeFragmentation, type FragmentationInput } from './index.js';

const entry = toolById('micropurchase_fragmentation_guard')!;
const HASH = (n: number) => n.toString(16).padStart(64, '0');
const T0 = Date.parse('2026-11-24T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

type Purchase = FragmentationInput['proposedPurchases'][number];
const purchase = (eventId: string, amount: string, minutes: number, over: Partial<Purchase> = {}): Purchase => ({
  eventId,
  buyerAgentId: 'buyer-1',
  buyerWallet: '0x1111111111111111111111111111111111111111',
  sellerAgentId: 'seller-1',
  sellerWallet: '0x2222222222222222222222222222222222222222',
  resourceId: 'report',
  requestFingerprint: HASH(Number(eventId.replace(/\D/g, '')) || 1),
  amount,
  currency: 'USDC',
  network: 'base',
  timestamp: at(minutes),
  ...over,
});
const policy = { singlePurchaseLimit: '1', aggregateWindowLimit: '2.5', windowSeconds: 3600, minimumFragmentCount: 3, nearThresholdPercent: 90 };
const request = (proposed: Purchase[], recent: Purchase[] = [], over: Partial<FragmentationInput> = {}): FragmentationInput => ({ proposedPurchases: proposed, recentPurchases: recent, policy, ...over });
const run = (input: FragmentationInput) => analyzeFragmentation(entry.request.parse(input) as FragmentationInput).result;

describe('micropurchase-fragmentation-guard request', () => {
  const base = request([purchase('p1', '0.5', 0)], [], { verifiedRelationships: [{ leftId: 'a', rightId: 'b', type: 'delegation', evidenceHash: HASH(9), verified: true }] });
  const accepts = boundCase(entry.request, base);
  const many = (n: number) => times(n, (i) => purchase(`e${i}`, '0.01', i));
  const relationships = (n: number) => times(n, (i) => ({ leftId: `a${i}`, rightId: `b${i}`, type: 'shared_wallet', evidenceHash: HASH(i), verified: false }));
  it.each([
    ['proposedPurchases', [], false],
    ['proposedPurchases', many(1000), true],
    ['proposedPurchases', many(1001), false],
    ['recentPurchases', null, true],
    ['recentPurchases', undefined, true],
    ['recentPurchases', many(1000), true],
    ['recentPurchases', many(1001), false],
    ['verifiedRelationships', null, true],
    ['verifiedRelationships', relationships(1000), true],
    ['verifiedRelationships', relationships(1001), false],
    ['verifiedRelationships.0.type', 'cousin', false],
    ['verifiedRelationships.0.verified', 'true', false],
    ['verifiedRelationships.0.evidenceHash', `sha256:${HASH(1)}`, true],
    ['verifiedRelationships.0.leftId', ' ', false],
    ['proposedPurchases.0.requestFingerprint', HASH(1).slice(1), false],
    ['proposedPurchases.0.requestFingerprint', `sha256:${HASH(1)}`, true],
    ['proposedPurchases.0.currency', 'usdc', true],
    ['proposedPurchases.0.currency', 'Usdc', false],
    ['proposedPurchases.0.amount', '0.1234567', false],
    ['proposedPurchases.0.amount', '12', true],
    ['proposedPurchases.0.timestamp', '2026-11-24 10:00', false],
    ['proposedPurchases.0.timestamp', '2026-11-24T10:00:00+02:00', true],
    ['proposedPurchases.0.network', '', false],
    ['proposedPurchases.0.note', 'x', false],
    ['policy.singlePurchaseLimit', undefined, false],
    ['policy.aggregateWindowLimit', '1.0000001', false],
    ['policy.windowSeconds', 1, true],
    ['policy.windowSeconds', 31_536_000, true],
    ['policy.windowSeconds', 0, false],
    ['policy.windowSeconds', 31_536_001, false],
    ['policy.windowSeconds', null, true],
    ['policy.similarityWindowSeconds', 31_536_001, false],
    ['policy.similarityWindowSeconds', null, true],
    ['policy.minimumFragmentCount', 2, true],
    ['policy.minimumFragmentCount', 1000, true],
    ['policy.minimumFragmentCount', 1, false],
    ['policy.minimumFragmentCount', 1001, false],
    ['policy.nearThresholdPercent', 0, true],
    ['policy.nearThresholdPercent', 100, true],
    ['policy.nearThresholdPercent', 101, false],
    ['policy.nearThresholdPercent', 50.5, false],
    ['policy.maxEvents', 1, true],
    ['policy.maxEvents', 1000, true],
    ['policy.maxEvents', 0, false],
    ['policy.maxEvents', 1001, false],
    ['principalAgentId', 'buyer-1', true],
    ['principalAgentId', '   ', false],
    ['somethingElse', { allowed: true }, true],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('micropurchase-fragmentation-guard analysis', () => {
  it('allows a purchase with nothing around it', () => {
    expect(run(request([purchase('p1', '0.5', 0)]))).toMatchObject({ decision: 'allow', riskScore: 0, fragmentationDetected: false, flaggedEventIds: [], aggregateSpend: '0.5' });
  });

  it('blocks the catalog example: three near-limit purchases in 20 minutes add up past the window limit', () => {
    const result = run(entry.example as FragmentationInput);
    expect(result).toMatchObject({ decision: 'block', fragmentationDetected: true, flaggedEventIds: ['p-3'], aggregateSpend: '2.85' });
    expect(result.triggeredPolicies).toEqual(expect.arrayContaining(['aggregateWindowLimit', 'minimumFragmentCount', 'nearThresholdPercent']));
    expect(result.reasons.map((r) => r.code)).toContain('fragmented_over_aggregate_limit');
  });

  it('blocks a single purchase above the single limit', () => {
    expect(run(request([purchase('p1', '1.000001', 0)]))).toMatchObject({ decision: 'block', triggeredPolicies: ['singlePurchaseLimit'], flaggedEventIds: ['p1'] });
  });

  it('reviews a run of near-limit purchases that stays under the window limit', () => {
    const result = run(request([purchase('p3', '0.9', 20)], [purchase('r1', '0.9', 0), purchase('r2', '0.95', 10)], { policy: { ...policy, aggregateWindowLimit: '5' } }));
    expect(result).toMatchObject({ decision: 'review', triggeredPolicies: ['nearThresholdPercent'], flaggedEventIds: ['p3'] });
  });

  it('reviews the same request paid again within the similarity window, not outside it', () => {
    const again = (minutes: number) => run(request([purchase('p2', '0.2', minutes, { requestFingerprint: HASH(7) })], [purchase('r1', '0.2', 0, { requestFingerprint: `sha256:${HASH(7).toUpperCase()}` })], { policy: { ...policy, similarityWindowSeconds: 300 } }));
    expect(again(4)).toMatchObject({ decision: 'review', triggeredPolicies: ['similarityWindowSeconds'] });
    expect(again(5).decision).toBe('allow');
  });

  it('takes a window as (t - windowSeconds, t]: a purchase exactly one window later is not with the first', () => {
    const last = (minutes: number) => run(request([purchase('p3', '0.9', minutes)], [purchase('r1', '0.9', 0), purchase('r2', '0.9', 30)]));
    expect(last(60).decision).toBe('allow');
    expect(last(59.99).decision).toBe('block');
  });

  it('joins buyers that share a wallet and sellers joined by a verified relationship', () => {
    const wallet = '0x3333333333333333333333333333333333333333';
    const shared = run(request([purchase('p3', '0.95', 20, { buyerAgentId: 'c', buyerWallet: wallet })], [purchase('r1', '0.95', 0, { buyerAgentId: 'a', buyerWallet: wallet }), purchase('r2', '0.95', 10, { buyerAgentId: 'b', buyerWallet: wallet.toUpperCase().replace('0X', '0x') })]));
    expect(shared).toMatchObject({ decision: 'block', evidence: { groups: [expect.objectContaining({ buyerAgentIds: ['a', 'b', 'c'] })] } });
    const sellers = [purchase('r1', '0.95', 0, { sellerAgentId: 's1', sellerWallet: '0xa' }), purchase('r2', '0.95', 10, { sellerAgentId: 's2', sellerWallet: '0xb' })];
    const proposed = [purchase('p3', '0.95', 20, { sellerAgentId: 's3', sellerWallet: '0xc' })];
    const link = (verified: boolean) => [
      { leftId: 's1', rightId: 's2', type: 'same_seller' as const, evidenceHash: HASH(1), verified },
      { leftId: '0xb', rightId: 's3', type: 'same_seller' as const, evidenceHash: HASH(2), verified },
    ];
    expect(run(request(proposed, sellers, { verifiedRelationships: link(true) })).decision).toBe('block');
    const unverified = run(request(proposed, sellers, { verifiedRelationships: link(false) }));
    expect(unverified).toMatchObject({ decision: 'insufficient_evidence', evidence: { unverifiedWouldFlag: ['p3'] } });
    expect(run(request(proposed, sellers)).decision).toBe('allow'); // three unrelated sellers: three groups of one
  });

  it('examines only the latest maxEvents purchases and says so', () => {
    const output = analyzeFragmentation(entry.request.parse(request([purchase('p3', '0.95', 20)], [purchase('r1', '0.95', 0), purchase('r2', '0.95', 10)], { policy: { ...policy, maxEvents: 2 } })) as FragmentationInput);
    expect(output.result).toMatchObject({ decision: 'allow', evidence: { eventsExamined: 2 } });
    expect(output.metadata.limitations.join(' ')).toContain('only the 1 latest');
  });

  it('gives the same answer whatever the order of the purchases', () => {
    const recent = times(40, (i) => purchase(`r${i}`, '0.3', i * 3, { buyerAgentId: `b${i % 4}`, resourceId: `res${i % 3}` }));
    const input = request([purchase('p1', '0.9', 61), purchase('p2', '0.9', 62, { buyerAgentId: 'b1' })], recent, {
      verifiedRelationships: [{ leftId: 'b0', rightId: 'b1', type: 'delegation', evidenceHash: HASH(3), verified: true }],
    });
    expect(run(withValue(input, 'recentPurchases', [...recent].reverse()))).toEqual(run(input));
  });
});
