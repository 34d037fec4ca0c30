import { toolById, type ContinuitySignalType } from '@paysight/contracts';
import { boundCase, boundRows, times, withValue } from '../bounds.test-support.js';
import { analyzeReincarnation, type ReincarnationInput } from './index.js';

const entry = toolById('reputation_reincarnation_detector')!;
const HASH = (n: number) => n.toString(16).padStart(64, '0');
const run = (input: unknown) => analyzeReincarnation(entry.request.parse(input) as ReincarnationInput).result;
const codes = (input: unknown) => run(input).reasons.map((r) => r.code);

type Signal = ReincarnationInput['candidate']['signals'][number];
const signal = (signalId: string, type: ContinuitySignalType, value: number, over: Partial<Signal> = {}): Signal => ({
  signalId,
  type,
  valueHash: HASH(value),
  strength: 'strong',
  verified: true,
  sourceEvidenceHash: HASH(1000 + value),
  observedAt: '2026-10-01T00:00:00Z',
  expiresAt: null,
  ...over,
});
const AT = '2026-11-24T12:00:00Z';
const NO_WEIGHTS = { owner_key: null, wallet_funding: null, domain_certificate: null, code_hash: null, schema_fingerprint: null, infrastructure_fingerprint: null, behavioral_fingerprint: null };
/** A candidate with an owner key (1), a funding wallet (2) and a code hash (3); defaults: weights 30 + 20 + 10 = 60. */
const candidateSignals = () => [signal('c-key', 'owner_key', 1), signal('c-fund', 'wallet_funding', 2), signal('c-code', 'code_hash', 3)];
const entity = (entityId: string, status: string, signals: Signal[]) => ({ entityId, status, signals });
const request = (references: ReturnType<typeof entity>[], over: Partial<ReincarnationInput> = {}): ReincarnationInput => ({
  evaluatedAt: AT,
  candidate: { agentId: 'agent:new', signals: candidateSignals() },
  referenceEntities: references,
  policy: { weights: NO_WEIGHTS, minimumStrongSignals: 1, minimumWeightedScore: 50 },
  ...over,
});
/** The key and funding wallet of the candidate: (30 + 20) / 60 = 83. */
const sharesControl = (entityId: string, status: string, over: Partial<Signal> = {}) => entity(entityId, status, [signal('r-key', 'owner_key', 1, over), signal('r-fund', 'wallet_funding', 2, over)]);
const proof = (fromEntityId: string, over: Record<string, unknown> = {}) => ({ proofId: 'proof-1', fromEntityId, toAgentId: 'agent:new', signatureStatus: 'valid', expiresAt: null, ...over });

describe('reputation-reincarnation-detector request', () => {
  const base = request([sharesControl('agent:old', 'suspended')], {
    authorizedContinuityProofs: [proof('agent:old')],
    allowlistedMigrations: [{ migrationId: 'm-1', fromEntityId: 'agent:old', toAgentId: 'agent:new', evidenceHash: HASH(7) }],
  });
  const accepts = boundCase(entry.request, base);
  const signals = (n: number) => times(n, (i) => signal(`s${i}`, 'code_hash', i));
  it.each(boundRows([
    ['evaluatedAt', '2026-11-24', false],
    ['evaluatedAt', '2026-11-24T12:00:00+01:00', true],
    ['candidate.agentId', ' ', false],
    ['candidate.signals', [], true],
    ['candidate.signals', signals(5000), true],
    ['candidate.signals', signals(5001), false],
    ['candidate.signals.0.type', 'email', false],
    ['candidate.signals.0.strength', '', false],
    ['candidate.signals.0.strength', 'STRONG', true],
    ['candidate.signals.0.valueHash', `sha256:${HASH(1)}`, true],
    ['candidate.signals.0.valueHash', `sha256:${HASH(1)}0`, false],
    ['candidate.signals.0.sourceEvidenceHash', 'abc', false],
    ['candidate.signals.0.verified', 'yes', false],
    ['candidate.signals.0.expiresAt', undefined, false],
    ['candidate.signals.0.expiresAt', '2027-01-01T00:00:00Z', true],
    ['candidate.signals.0.observedAt', 'yesterday', false],
    ['candidate.signals.0.note', 'x', false],
    ['candidate.extra', 1, false],
    ['referenceEntities', [], true],
    ['referenceEntities', times(500, (i) => entity(`e${i}`, 'active', [])), true],
    ['referenceEntities', times(501, (i) => entity(`e${i}`, 'active', [])), false],
    ['referenceEntities.0.status', '', false],
    ['referenceEntities.0.signals', signals(5000), true],
    ['referenceEntities.0.signals', signals(5001), false],
    ['authorizedContinuityProofs', null, true],
    ['authorizedContinuityProofs', times(100, () => proof('x')), true],
    ['authorizedContinuityProofs', times(101, () => proof('x')), false],
    ['authorizedContinuityProofs.0.expiresAt', undefined, false],
    ['authorizedContinuityProofs.0.signatureStatus', ' ', false],
    ['allowlistedMigrations', null, true],
    ['allowlistedMigrations', times(200, () => ({ migrationId: 'm', fromEntityId: 'a', toAgentId: 'b', evidenceHash: HASH(1) })), true],
    ['allowlistedMigrations', times(201, () => ({ migrationId: 'm', fromEntityId: 'a', toAgentId: 'b', evidenceHash: HASH(1) })), false],
    ['allowlistedMigrations.0.expiresAt', '2027-01-01T00:00:00Z', true],
    ['allowlistedMigrations.0.evidenceHash', undefined, false],
    ['allowlistedMigrations.0.reason', 'x', false],
    ['policy.weights', undefined, false],
    ['policy.weights', {}, true],
    ['policy.weights.owner_key', 0, true],
    ['policy.weights.owner_key', 100, true],
    ['policy.weights.owner_key', 101, false],
    ['policy.weights.owner_key', 1.5, false],
    ['policy.weights.email', 10, false],
    ['policy.minimumStrongSignals', 0, true],
    ['policy.minimumStrongSignals', 20, true],
    ['policy.minimumStrongSignals', 21, false],
    ['policy.minimumWeightedScore', 100, true],
    ['policy.minimumWeightedScore', 101, false],
    ['policy.minimumWeightedScore', -1, false],
    ['policy.maximumReferences', 1, true],
    ['policy.maximumReferences', 500, true],
    ['policy.maximumReferences', 0, false],
    ['policy.maximumReferences', 501, false],
    ['policy.maximumReferences', null, true],
    ['somethingElse', [1], true],
  ]))('$path = $shown accepted: $accepted', ({ path, value, accepted }) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('reputation-reincarnation-detector analysis', () => {
  it('blocks the catalog example: the owner key and funding wallet of a suspended agent, (30 + 20) / 55 of the weight', () => {
    const result = run(entry.example);
    expect(result).toMatchObject({ decision: 'block', riskScore: 70, continuityDetected: true, topMatch: { entityId: 'agent:quote-bot', matchStatus: 'match', weightedScore: 91 } });
    expect(result.matches[0]).toMatchObject({ statusClass: 'restricted', verifiedScore: 91, strongSignals: 2, matchedSignalTypes: ['owner_key', 'wallet_funding'], matchedSignalIds: ['c-1', 'c-2'] });
    expect(result.matches[1]).toMatchObject({ entityId: 'agent:price-feed', matchStatus: 'partial', weightedScore: 3 });
  });

  it('allows the same continuity when the suspended entity signed a valid, unexpired proof for the candidate', () => {
    const result = run(request([sharesControl('agent:old', 'suspended')], { authorizedContinuityProofs: [proof('agent:old')] }));
    expect(result).toMatchObject({ decision: 'allow', continuityDetected: true, matches: [{ matchStatus: 'authorized_continuity', proofId: 'proof-1', weightedScore: 83 }] });
  });

  it('does not count a proof with another signature status, an expired one, or one for another agent', () => {
    for (const over of [{ signatureStatus: 'invalid' }, { expiresAt: '2026-11-24T12:00:00Z' }, { toAgentId: 'agent:someone-else' }]) {
      const result = run(request([sharesControl('agent:old', 'suspended')], { authorizedContinuityProofs: [proof('agent:old', over)] }));
      expect([over, result.decision]).toEqual([over, 'block']);
    }
    expect(codes(request([sharesControl('agent:old', 'suspended')], { authorizedContinuityProofs: [proof('agent:old', { signatureStatus: 'Unverified' })] }))).toContain('proofs_not_counted');
  });

  it('allows an allowlisted migration in force, not an expired one', () => {
    const migration = (expiresAt: string | null) => ({ allowlistedMigrations: [{ migrationId: 'mig-7', fromEntityId: 'agent:old', toAgentId: 'agent:new', evidenceHash: HASH(9), expiresAt }] });
    expect(run(request([sharesControl('agent:old', 'banned')], migration(null)))).toMatchObject({ decision: 'allow', matches: [{ matchStatus: 'allowlisted_migration', migrationId: 'mig-7' }] });
    expect(run(request([sharesControl('agent:old', 'banned')], migration('2026-11-01T00:00:00Z'))).decision).toBe('block');
  });

  it.each([
    ['Active', 'continuity_with_active_entity'],
    ['retired', 'continuity_without_authorization'],
    ['under review', 'continuity_with_unclassified_entity'],
  ])('reviews continuity with an entity whose status is %s', (status, code) => {
    const result = run(request([sharesControl('agent:old', status)]));
    expect(result).toMatchObject({ decision: 'review', riskScore: 15, continuityDetected: true });
    expect(result.reasons.map((r) => r.code)).toContain(code);
  });

  it('answers insufficient_evidence when only unverified signals tie the candidate to a restricted entity', () => {
    const result = run(request([sharesControl('agent:old', 'suspended', { verified: false })], { policy: { weights: NO_WEIGHTS, minimumStrongSignals: 0, minimumWeightedScore: 40 } }));
    // Each pair counts at half: (30 + 20) x 0.5 / 60 = 42; nothing is verified on both sides.
    expect(result).toMatchObject({ decision: 'insufficient_evidence', matches: [{ weightedScore: 42, verifiedScore: 0, strongSignals: 0 }] });
    expect(result.reasons.map((r) => r.code)).toContain('unverified_continuity_with_restricted_entity');
  });

  it('counts a strong signal only when both sides are strong and verified', () => {
    const medium = run(request([sharesControl('agent:old', 'suspended', { strength: 'medium' })]));
    // min(strong, medium) = 0.6: (30 + 20) x 0.6 / 60 = 50, no strong signal, so below minimumStrongSignals 1.
    expect(medium).toMatchObject({ decision: 'allow', matches: [{ matchStatus: 'partial', weightedScore: 50, strongSignals: 0 }] });
  });

  it('counts only signals in force at evaluatedAt: expired at that instant or observed after it do not match', () => {
    const expired = run(request([sharesControl('agent:old', 'suspended', { expiresAt: AT })]));
    expect(expired).toMatchObject({ decision: 'allow', continuityDetected: false, matches: [], evidence: { referenceSignals: { given: 2, counted: 0, expired: 2 } } });
    expect(expired.reasons.map((r) => r.code)).toEqual(['expired_signals_ignored', 'no_shared_signals']);
    const future = run(request([sharesControl('agent:old', 'suspended', { observedAt: '2026-11-25T00:00:00Z' })]));
    expect(future).toMatchObject({ decision: 'allow', evidence: { referenceSignals: { future: 2 } } });
  });

  it('matches on type and value hash, the hash in any spelling; the same hash of another type is no match', () => {
    const spelled = run(request([entity('agent:old', 'suspended', [signal('r-key', 'owner_key', 1, { valueHash: `sha256:${HASH(1).toUpperCase()}` }), signal('r-fund', 'wallet_funding', 2)])]));
    expect(spelled.decision).toBe('block');
    const otherType = run(request([entity('agent:old', 'suspended', [signal('r-x', 'domain_certificate', 1), signal('r-y', 'infrastructure_fingerprint', 2)])]));
    expect(otherType).toMatchObject({ decision: 'allow', matches: [] });
  });

  it('takes policy weights, with null as the default: a heavier code hash alone makes a match', () => {
    const codeOnly = [entity('agent:old', 'suspended', [signal('r-code', 'code_hash', 3)])];
    expect(run(request(codeOnly)).matches[0]).toMatchObject({ matchStatus: 'partial', weightedScore: 17 }); // 10 / 60
    const heavy = run(request(codeOnly, { policy: { weights: { ...NO_WEIGHTS, code_hash: 100 }, minimumStrongSignals: 1, minimumWeightedScore: 50 } }));
    expect(heavy).toMatchObject({ decision: 'block', matches: [{ weightedScore: 67 }] }); // 100 / 150
  });

  it('counts unknown strength words as weak and says so', () => {
    const result = run(request([sharesControl('agent:old', 'suspended', { strength: 'very strong' })]));
    expect(result).toMatchObject({ decision: 'allow', matches: [{ weightedScore: 25 }] }); // 50 x 0.3 / 60
    expect(result.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'unknown_strength_counted_weak', message: expect.stringContaining('very strong') })]));
  });

  it('compares only maximumReferences entities, each once, and never the candidate with itself', () => {
    const references = [entity('agent:new', 'active', candidateSignals()), entity('agent:clean', 'active', []), sharesControl('agent:old', 'suspended')];
    const capped = run(request(references, { policy: { weights: NO_WEIGHTS, maximumReferences: 2 } }));
    expect(capped).toMatchObject({ decision: 'allow', evidence: { referencesCompared: 1 } });
    expect(capped.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['references_truncated', 'candidate_listed_as_reference']));
    const twice = run(request([sharesControl('agent:old', 'active'), sharesControl('agent:old', 'suspended')]));
    expect(twice).toMatchObject({ decision: 'review', matches: [{ entityStatus: 'active' }] });
    expect(twice.reasons.map((r) => r.code)).toContain('duplicate_entity_ids');
  });

  it('answers insufficient_evidence with nothing to compare', () => {
    expect(run(request([sharesControl('agent:old', 'suspended')], { candidate: { agentId: 'agent:new', signals: [] } })).decision).toBe('insufficient_evidence');
    expect(run(request([])).decision).toBe('insufficient_evidence');
    const zero = { ...NO_WEIGHTS, owner_key: 0, wallet_funding: 0, code_hash: 0 };
    expect(run(request([sharesControl('agent:old', 'suspended')], { policy: { weights: zero } }))).toMatchObject({ decision: 'insufficient_evidence', reasons: [expect.objectContaining({ code: 'nothing_to_compare' })] });
  });

  it('makes no identity, fraud or wrongdoing claim in any reason', () => {
    for (const status of ['suspended', 'active', 'retired', 'under review']) {
      for (const reason of run(request([sharesControl('agent:old', status), entity('agent:other', status, [signal('r-code', 'code_hash', 3)])])).reasons) {
        expect(reason.message).not.toMatch(/fraud|wrongdo|identity|identical|same (agent|operator|person)|impersonat|scam|malicious|evad|evasion/i);
      }
    }
  });

  it('gives the same answer whatever the order of entities and signals', () => {
    const references = times(30, (i) => (i % 3 ? entity(`agent:${i}`, ['active', 'suspended', 'retired'][i % 3]!, [signal(`r${i}`, 'code_hash', 3), signal(`q${i}`, 'owner_key', i % 5 ? 1 : 50)]) : sharesControl(`agent:${i}`, 'suspended')));
    const input = request(references);
    const shuffled = withValue(input, 'referenceEntities', [...references].reverse().map((e) => ({ ...e, signals: [...e.signals].reverse() })));
    expect(run(shuffled)).toEqual(run(input));
  });
});
