import { toolById } from '@paysight/contracts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { analyzeConflictOfInterest, scoreSellers, type ConflictInput } from './index.js';

const entry = toolById('conflict_of_interest_scanner')!;
const HASH = `sha256:${'ab'.repeat(32)}`;
type Relationship = NonNullable<ConflictInput['relationships']>[number];
type Candidate = ConflictInput['candidateSellers'][number];

const seller = (sellerId: string, quotedPrice: string, qualityScore: number, latencyMs: number, over: Partial<Candidate> = {}): Candidate => ({ sellerId, quotedPrice, qualityScore, latencyMs, successRate: 0.99, ...over });
const tie = (relationshipId: string, fromId: string, toId: string, type: Relationship['type'], over: Partial<Relationship> = {}): Relationship => ({
  relationshipId,
  fromId,
  toId,
  type,
  disclosed: false,
  verified: true,
  evidenceHash: HASH,
  validFrom: '2026-01-01T00:00:00Z',
  validUntil: null,
  ...over,
});
/** Two close sellers: b is the best by a hair, c is clearly worse. */
const request = (selectedSellerId: string, relationships: Relationship[] = [], policy: Partial<ConflictInput['selectionPolicy']> = {}): ConflictInput => ({
  evaluatedAt: '2026-11-24T12:00:00Z',
  recommendingAgent: { agentId: 'agent', wallets: ['0x1111111111111111111111111111111111111111'], organizationIds: ['org:agent'] },
  selectedSellerId,
  candidateSellers: [seller('a', '0.010', 90, 300), seller('b', '0.010', 91, 300, { organizationIds: ['org:b'] }), seller('c', '0.050', 60, 2000, { wallets: ['0x2222222222222222222222222222222222222222'] })],
  relationships,
  selectionPolicy: { objective: 'best price feed', weights: { price: 0.5, quality: 0.3, latency: 0.2 }, materialDeviationPercent: 10, allowedDisclosedRelationships: ['disclosed_partnership'], blockUndisclosedFinancialBenefit: true, ...policy },
});
const run = (input: ConflictInput) => analyzeConflictOfInterest(entry.request.parse(input) as ConflictInput).result;

describe('conflict-of-interest-scanner request', () => {
  const accepts = boundCase(entry.request, request('a', [tie('r1', 'agent', 'a', 'referral')]));
  const sellers = (n: number) => times(n, (i) => seller(`s${i}`, '0.01', 50, 100));
  const strings = (n: number) => times(n, (i) => `id-${i}`);
  it.each([
    ['candidateSellers', [], false],
    ['candidateSellers', sellers(1), true],
    ['candidateSellers', sellers(200), true],
    ['candidateSellers', sellers(201), false],
    ['candidateSellers.0.qualityScore', 0, true],
    ['candidateSellers.0.qualityScore', 100, true],
    ['candidateSellers.0.qualityScore', 100.01, false],
    ['candidateSellers.0.qualityScore', -0.01, false],
    ['candidateSellers.0.latencyMs', 0, true],
    ['candidateSellers.0.latencyMs', 3_600_000, true],
    ['candidateSellers.0.latencyMs', 3_600_001, false],
    ['candidateSellers.0.latencyMs', 10.5, false],
    ['candidateSellers.0.successRate', 0, true],
    ['candidateSellers.0.successRate', 1, true],
    ['candidateSellers.0.successRate', 1.01, false],
    ['candidateSellers.0.quotedPrice', '0.0000001', false],
    ['candidateSellers.0.wallets', null, true],
    ['candidateSellers.0.wallets', strings(50), true],
    ['candidateSellers.0.wallets', strings(51), false],
    ['candidateSellers.0.organizationIds', strings(51), false],
    ['candidateSellers.0.sellerId', ' ', false],
    ['recommendingAgent.agentId', '', false],
    ['recommendingAgent.wallets', strings(50), true],
    ['recommendingAgent.wallets', strings(51), false],
    ['recommendingAgent.organizationIds', null, true],
    ['relationships', null, true],
    ['relationships', times(1000, (i) => tie(`r${i}`, 'x', 'y', 'affiliate')), true],
    ['relationships', times(1001, (i) => tie(`r${i}`, 'x', 'y', 'affiliate')), false],
    ['relationships.0.type', 'friendship', false],
    ['relationships.0.validUntil', null, true],
    ['relationships.0.validUntil', undefined, false],
    ['relationships.0.validFrom', 'yesterday', false],
    ['relationships.0.evidenceHash', 'ab'.repeat(32), true],
    ['relationships.0.evidenceHash', 'sha256:xyz', false],
    ['selectedSellerId', '\t', false],
    ['evaluatedAt', '2026-11-24', false],
    ['selectionPolicy.objective', ' ', false],
    ['selectionPolicy.weights', null, true],
    ['selectionPolicy.weights.price', 1, true],
    ['selectionPolicy.weights.price', 1.01, false],
    ['selectionPolicy.weights.quality', null, true],
    ['selectionPolicy.weights.latency', -0.1, false],
    ['selectionPolicy.materialDeviationPercent', 0, true],
    ['selectionPolicy.materialDeviationPercent', 100, true],
    ['selectionPolicy.materialDeviationPercent', 100.1, false],
    ['selectionPolicy.materialDeviationPercent', null, true],
    ['selectionPolicy.allowedDisclosedRelationships', strings(100), true],
    ['selectionPolicy.allowedDisclosedRelationships', strings(101), false],
    ['selectionPolicy.blockUndisclosedFinancialBenefit', null, true],
    ['selectionPolicy.surprise', 1, false],
    ['traceId', 'extra top-level fields are allowed', true],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('conflict-of-interest-scanner analysis', () => {
  it('scores sellers as successRate x the weighted mean of min-max price and latency and quality / 100', () => {
    const [a, c] = scoreSellers([seller('a', '0.01', 80, 100, { successRate: 1 }), seller('c', '0.03', 40, 300, { successRate: 0.5 })], { price: 0.5, quality: 0.5, latency: null })!;
    expect(a).toMatchObject({ priceScore: 1, latencyScore: 1, score: 0.9 });
    expect(c).toMatchObject({ priceScore: 0, latencyScore: 0, score: 0.1 });
    expect(scoreSellers([seller('a', '0.01', 80, 100)], { price: 0, quality: 0, latency: null })).toBeNull();
  });

  it('allows the best seller when the agent has no tie to it', () => {
    expect(run(request('b'))).toMatchObject({ decision: 'allow', riskScore: 0, conflictDetected: false, bestSellerId: 'b', deviationPercent: 0, relationshipIds: [] });
  });

  it('allows a disclosed, allowed partnership with a seller that is within the tolerance', () => {
    const result = run(request('a', [tie('p1', 'org:agent', 'a', 'disclosed_partnership', { disclosed: true })]));
    expect(result).toMatchObject({ decision: 'allow', conflictDetected: true, relationshipIds: ['p1'] });
    expect(result.reasons.map((r) => r.code)).toEqual(['disclosed_relationship_allowed']);
  });

  it('blocks an undisclosed commission, reached through the seller organization, even on a good seller', () => {
    const result = run(request('b', [tie('c1', '0x1111111111111111111111111111111111111111', 'holding', 'ownership'), tie('c2', 'holding', 'org:b', 'commission')]));
    expect(result).toMatchObject({ decision: 'block', conflictDetected: true, relationshipIds: ['c1', 'c2'] });
    expect(result.reasons[0]).toMatchObject({ code: 'undisclosed_financial_benefit', severity: 'critical' });
  });

  it('blocks a tie shared through the same wallet, and a tied seller that scores materially worse', () => {
    const shared = run({ ...request('c'), recommendingAgent: { agentId: 'agent', wallets: ['0x2222222222222222222222222222222222222222'.toUpperCase().replace('0X', '0x')] } });
    expect(shared).toMatchObject({ decision: 'block', conflictDetected: true, evidence: { tiesBySeller: { c: [{ type: 'shared_identifier' }] } } });
    const worse = run(request('c', [tie('p1', 'agent', 'c', 'disclosed_partnership', { disclosed: true })]));
    expect(worse).toMatchObject({ decision: 'block', bestSellerId: 'b' });
    expect(worse.reasons.map((r) => r.code)).toEqual(['conflicted_selection_materially_worse', 'disclosed_relationship_allowed']);
  });

  it('reviews a disclosed tie the policy does not allow, an unverified undisclosed benefit and an unexplained material deviation', () => {
    expect(run(request('a', [tie('r1', 'agent', 'a', 'referral', { disclosed: true })])).reasons.map((r) => r.code)).toEqual(['disclosed_relationship_not_allowed']);
    expect(run(request('a', [tie('r1', 'agent', 'a', 'affiliate', { verified: false })]))).toMatchObject({ decision: 'review', reasons: [{ code: 'undisclosed_financial_benefit', severity: 'warning' }] });
    expect(run(request('a', [tie('r1', 'agent', 'a', 'affiliate')], { blockUndisclosedFinancialBenefit: false })).decision).toBe('review');
    expect(run(request('c'))).toMatchObject({ decision: 'review', conflictDetected: false, reasons: [{ code: 'material_deviation' }] });
  });

  it('counts only relationships in force at evaluatedAt', () => {
    const expired = tie('old', 'agent', 'a', 'commission', { validUntil: '2026-11-24T12:00:00Z' });
    const future = tie('new', 'agent', 'a', 'commission', { validFrom: '2026-11-24T12:00:01Z' });
    const result = run(request('a', [expired, future]));
    expect(result).toMatchObject({ decision: 'allow', conflictDetected: false, evidence: { relationshipsOutOfWindow: ['old', 'new'] } });
    expect(run(request('a', [withValue(expired, 'validUntil', '2026-11-24T12:00:00.001Z')])).decision).toBe('block');
  });

  it('answers insufficient_evidence when the selected seller is not a candidate or nothing is weighted', () => {
    expect(run(request('zzz'))).toMatchObject({ decision: 'insufficient_evidence', bestSellerId: null, deviationPercent: null });
    expect(run(request('a', [], { weights: { price: 0, quality: 0, latency: 0 } })).decision).toBe('insufficient_evidence');
  });

  it('gives the same answer whatever the order of candidates and relationships', () => {
    const input = request('b', [tie('c1', 'agent', 'holding', 'ownership', { disclosed: true }), tie('c2', 'holding', 'org:b', 'commission', { disclosed: true }), tie('x', 'agent', 'c', 'referral')]);
    const shuffled = { ...input, candidateSellers: [...input.candidateSellers].reverse(), relationships: [...input.relationships!].reverse() };
    expect(run(shuffled)).toEqual(run(input));
  });
});
