import { toolById, type DependencyType } from '@paysight/contracts';
import { boundCase, boundRows, times, withValue } from '../bounds.test-support.js';
import { analyzeHiddenDependencies, type DependencyMapInput } from './index.js';

const entry = toolById('hidden_dependency_map')!;
const HASH = (n: number) => n.toString(16).padStart(64, '0');
const analyze = (input: unknown) => analyzeHiddenDependencies(entry.request.parse(input) as DependencyMapInput);
const run = (input: unknown) => analyze(input).result;

type Service = DependencyMapInput['services'][number];
const dep = (dependencyId: string, criticality = 0.9, type: DependencyType = 'api', verified = true) => ({ dependencyId, type, criticality, evidenceHash: HASH(dependencyId.length), verified });
const seen = (dependencyId: string, criticality = 0.9, type: DependencyType = 'api', verified = true) => ({ ...dep(dependencyId, criticality, type, verified), observationSourceHash: HASH(7) });
const service = (serviceId: string, workloadShare: number, declared: ReturnType<typeof dep>[], observed?: ReturnType<typeof seen>[]): Service => ({ serviceId, workloadShare, declaredDependencies: declared, ...(observed ? { observedDependencies: observed } : {}) });
const policy = { criticalDependencyThreshold: 0.5, maximumSingleDependencyExposurePercent: 60, minimumIndependentServices: 1, includeUnverifiedDependencies: false, maximumPairwiseOverlap: 0.5 };
const request = (services: Service[], over: Partial<DependencyMapInput['policy']> = {}): DependencyMapInput => ({ services, policy: { ...policy, ...over } });
/** Three providers on their own model and cloud each. */
const disjoint = () => [service('a', 0.4, [dep('model-a', 0.9, 'model'), dep('cloud-a', 0.8, 'cloud')]), service('b', 0.3, [dep('model-b', 0.9, 'model'), dep('cloud-b', 0.8, 'cloud')]), service('c', 0.3, [dep('model-c', 0.9, 'model'), dep('cloud-c', 0.8, 'cloud')])];

describe('hidden-dependency-map request', () => {
  const accepts = boundCase(entry.request, request([service('a', 0.5, [dep('x')], [seen('y')])]));
  it.each(boundRows([
    ['services', [], true],
    ['services', times(500, (i) => service(`s${i}`, 0.002, [])), true],
    ['services', times(501, (i) => service(`s${i}`, 0.002, [])), false],
    ['services.0.serviceId', ' ', false],
    ['services.0.workloadShare', 0, true],
    ['services.0.workloadShare', 1, true],
    ['services.0.workloadShare', 1.01, false],
    ['services.0.workloadShare', -0.1, false],
    ['services.0.declaredDependencies', times(5000, (i) => dep(`d${i}`)), true],
    ['services.0.declaredDependencies', times(5001, (i) => dep(`d${i}`)), false],
    ['services.0.declaredDependencies.0.type', 'database', false],
    ['services.0.declaredDependencies.0.criticality', 1.01, false],
    ['services.0.declaredDependencies.0.criticality', 0, true],
    ['services.0.declaredDependencies.0.evidenceHash', 'sha256:1234', false],
    ['services.0.declaredDependencies.0.verified', undefined, false],
    ['services.0.declaredDependencies.0.observationSourceHash', HASH(1), false],
    ['services.0.observedDependencies', null, true],
    ['services.0.observedDependencies', undefined, true],
    ['services.0.observedDependencies', times(5000, (i) => seen(`d${i}`)), true],
    ['services.0.observedDependencies', times(5001, (i) => seen(`d${i}`)), false],
    ['services.0.observedDependencies.0.observationSourceHash', undefined, false],
    ['services.0.region', 'eu', false],
    ['policy', undefined, false],
    ['policy', {}, true],
    ['policy.criticalDependencyThreshold', 0, true],
    ['policy.criticalDependencyThreshold', 1, true],
    ['policy.criticalDependencyThreshold', 1.5, false],
    ['policy.maximumSingleDependencyExposurePercent', 100, true],
    ['policy.maximumSingleDependencyExposurePercent', 100.5, false],
    ['policy.maximumSingleDependencyExposurePercent', null, true],
    ['policy.minimumIndependentServices', 1, true],
    ['policy.minimumIndependentServices', 500, true],
    ['policy.minimumIndependentServices', 0, false],
    ['policy.minimumIndependentServices', 501, false],
    ['policy.minimumIndependentServices', 1.5, false],
    ['policy.includeUnverifiedDependencies', null, true],
    ['policy.includeUnverifiedDependencies', 'yes', false],
    ['policy.maximumPairwiseOverlap', 1, true],
    ['policy.maximumPairwiseOverlap', -0.1, false],
    ['policy.maximumServices', 1, true],
    ['policy.maximumServices', 500, true],
    ['policy.maximumServices', 501, false],
    ['policy.maximumDependencies', 5000, true],
    ['policy.maximumDependencies', 5001, false],
    ['policy.maximumDependencies', 0, false],
    ['policy.maximumOverlap', 0.5, false],
    ['owner', 'platform team', true],
  ]))('$path = $shown accepted: $accepted', ({ path, value, accepted }) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('hidden-dependency-map analysis', () => {
  it('reviews the catalog example: an auth gateway two providers use without declaring it', () => {
    const result = run(entry.example);
    expect(result).toMatchObject({
      decision: 'review',
      maxExposurePercent: 50,
      hiddenDependencies: [{ dependencyId: 'auth-gateway', type: 'api', serviceIds: ['svc:inference-b', 'svc:inference-c'], commonMode: true, exposurePercent: 50 }],
      overlappingPairs: [],
      independentServices: ['svc:inference-a'],
    });
    // b and c share cloud-west (0.8) and auth-gateway (0.7): 1.5 / (2.4 + 2.4 - 1.5).
    expect(result.evidence).toMatchObject({ pairsSharingADependency: 1, maxPairwiseOverlap: 0.4545 });
    expect(result.concentration[0]).toEqual({ dependencyId: 'auth-gateway', type: 'api', exposurePercent: 50, serviceCount: 2, declaredBy: 0, observedUndeclaredBy: 2 });
  });

  it('allows providers that share nothing: each is independent, exposure is its own workload share', () => {
    const result = run(request(disjoint()));
    expect(result).toMatchObject({ decision: 'allow', riskScore: 0, maxExposurePercent: 40, independentServices: ['a', 'b', 'c'], hiddenDependencies: [], overlappingPairs: [] });
  });

  it('blocks a critical dependency carrying more of the workload than the policy allows', () => {
    const services = disjoint();
    services[1]!.declaredDependencies.push(dep('cloud-a', 0.7, 'cloud'));
    const result = run(request(services));
    expect(result).toMatchObject({ decision: 'block', maxExposurePercent: 70 });
    expect(result.concentration[0]).toMatchObject({ dependencyId: 'cloud-a', exposurePercent: 70, serviceCount: 2, declaredBy: 2 });
    expect(result.reasons[0]).toMatchObject({ code: 'dependency_concentration_exceeded', severity: 'critical', message: expect.stringContaining('cloud:cloud-a (70%, 2 services)') });
  });

  it('blocks when too few services are shown independent, whatever the exposure limit', () => {
    const services = disjoint().map((s) => ({ ...s, declaredDependencies: [...s.declaredDependencies, dep('shared-region', 0.6, 'region')] }));
    const result = run(request(services, { maximumSingleDependencyExposurePercent: 100 }));
    expect(result).toMatchObject({ decision: 'block', independentServices: [], reasons: expect.arrayContaining([expect.objectContaining({ code: 'too_few_independent_services' })]) });
  });

  it('measures weighted Jaccard overlap by hand: {x 0.8, y 0.6} and {x 0.5, z 0.9} overlap 0.5 / 2.3', () => {
    const result = run(request([service('p', 0.5, [dep('x', 0.8), dep('y', 0.6)]), service('q', 0.5, [dep('x', 0.5), dep('z', 0.9)])], { maximumPairwiseOverlap: 0.2, maximumSingleDependencyExposurePercent: 100, minimumIndependentServices: null }));
    expect(result.overlappingPairs).toEqual([{ serviceIds: ['p', 'q'], overlap: 0.2174, sharedDependencyIds: ['x'] }]);
    expect(result.decision).toBe('block'); // neither p nor q is independent: they share x
  });

  it('counts only critical dependencies (criticality at or above the threshold)', () => {
    const services = [service('a', 0.5, [dep('model-a', 0.9, 'model'), dep('logging', 0.49)]), service('b', 0.5, [dep('model-b', 0.9, 'model'), dep('logging', 0.3)])];
    expect(run(request(services))).toMatchObject({ decision: 'allow', independentServices: ['a', 'b'], evidence: { pairsSharingADependency: 0 } });
    expect(run(request(services, { criticalDependencyThreshold: 0.3 }))).toMatchObject({ decision: 'block', maxExposurePercent: 100 });
  });

  it('reports a dependency one service was seen using without declaring as information, and one shared with others as a warning', () => {
    const single = disjoint();
    single[0] = { ...single[0]!, observedDependencies: [seen('payments-api', 0.8)] };
    const one = run(request(single));
    expect(one).toMatchObject({ decision: 'allow', hiddenDependencies: [{ dependencyId: 'payments-api', commonMode: false, serviceIds: ['a'] }] });
    expect(one.reasons.map((r) => r.code)).toContain('undeclared_dependency');
    const shared = disjoint();
    shared[0] = { ...shared[0]!, observedDependencies: [seen('cloud-b', 0.8, 'cloud')] };
    expect(run(request(shared, { maximumSingleDependencyExposurePercent: 80 }))).toMatchObject({ decision: 'review', hiddenDependencies: [{ dependencyId: 'cloud-b', commonMode: true, serviceIds: ['a'], exposurePercent: 70 }] });
  });

  it('does not call a dependency hidden when it was declared, even unverified', () => {
    const services = disjoint();
    services[0] = { ...services[0]!, declaredDependencies: [...services[0]!.declaredDependencies, dep('queue', 0.8, 'api', false)], observedDependencies: [seen('queue', 0.8)] };
    expect(run(request(services)).hiddenDependencies).toEqual([]);
  });

  it('leaves unverified listings out unless asked, and says when they would concentrate the workload', () => {
    const services = disjoint();
    services[1]!.declaredDependencies.push(dep('cloud-a', 0.7, 'cloud', false));
    const result = run(request(services));
    expect(result).toMatchObject({ decision: 'insufficient_evidence', maxExposurePercent: 40, reasons: expect.arrayContaining([expect.objectContaining({ code: 'unverified_dependencies_would_concentrate' })]) });
    expect(run(request(services, { includeUnverifiedDependencies: true }))).toMatchObject({ decision: 'block', maxExposurePercent: 70 });
  });

  it('cannot establish independence from unverified declarations alone', () => {
    const unverified = disjoint().map((s) => ({ ...s, declaredDependencies: s.declaredDependencies.map((d) => ({ ...d, verified: false })) }));
    const included = run(request(unverified, { includeUnverifiedDependencies: true }));
    expect(included).toMatchObject({ decision: 'insufficient_evidence', independentServices: [], evidence: { unknownIndependence: ['a', 'b', 'c'] } });
    expect(run(request(unverified))).toMatchObject({ decision: 'insufficient_evidence', reasons: [expect.objectContaining({ code: 'nothing_to_measure' })] });
    const noDeclarations = run(request([service('a', 1, [], [seen('x', 0.8)])]));
    expect(noDeclarations.independentServices).toEqual([]);
  });

  it('answers insufficient_evidence with no service or no workload', () => {
    expect(run(request([])).decision).toBe('insufficient_evidence');
    expect(run(request(disjoint().map((s) => ({ ...s, workloadShare: 0 })))).decision).toBe('insufficient_evidence');
  });

  it('matches wallet addresses whatever their case, and keeps type apart: the same id as another type is another dependency', () => {
    const wallet = '0xAbCdEf0000000000000000000000000000000001';
    const services = [service('a', 0.5, [dep(wallet, 0.9, 'wallet')]), service('b', 0.5, [dep(wallet.toLowerCase(), 0.9, 'wallet')])];
    expect(run(request(services, { maximumSingleDependencyExposurePercent: 100, minimumIndependentServices: null }))).toMatchObject({ concentration: [{ serviceCount: 2, exposurePercent: 100 }], independentServices: [] });
    const types = [service('a', 0.5, [dep('shared-name', 0.9, 'model')]), service('b', 0.5, [dep('shared-name', 0.9, 'owner')])];
    expect(run(request(types, { maximumSingleDependencyExposurePercent: 100 }))).toMatchObject({ decision: 'allow', independentServices: ['a', 'b'] });
  });

  it('normalizes workload shares that do not add up to 1', () => {
    const result = run(request(disjoint().map((s) => ({ ...s, workloadShare: s.workloadShare / 2 }))));
    expect(result).toMatchObject({ maxExposurePercent: 40, evidence: { totalWorkloadShare: 0.5 } });
    expect(result.reasons.map((r) => r.code)).toContain('workload_shares_normalized');
  });

  it('analyzes only maximumServices services and maximumDependencies listings of each, each serviceId once', () => {
    const services = [...disjoint(), service('d', 0.1, [dep('cloud-a', 0.9, 'cloud')])];
    services[0]!.declaredDependencies.push(dep('cloud-b', 0.9, 'cloud'));
    const output = analyze(request(services, { maximumServices: 3, maximumDependencies: 2 }));
    expect(output.result).toMatchObject({ decision: 'allow', evidence: { servicesAnalyzed: 3, listingsRead: 6 } });
    expect(output.metadata.limitations.join(' ')).toMatch(/maximumServices 3: 1 services.*maximumDependencies 2/);
    const twice = run(request([...disjoint(), service('a', 0.2, [dep('model-b', 0.9, 'model')])]));
    expect(twice).toMatchObject({ decision: 'review', evidence: { servicesAnalyzed: 3 } });
    expect(twice.reasons.map((r) => r.code)).toContain('duplicate_service_ids');
  });

  it('touches every pair when all services share one dependency, and lists the first 100 of them in service order', () => {
    const services = times(60, (i) => service(`s${String(i).padStart(2, '0')}`, 1 / 60, [dep('everyone', 0.9, 'cloud')]));
    const result = run(request(services, { maximumSingleDependencyExposurePercent: 100 }));
    expect(result.evidence).toMatchObject({ pairsSharingADependency: 1770, pairsOverLimit: 1770, maxPairwiseOverlap: 1 });
    expect(result.overlappingPairs).toHaveLength(100);
    expect(result.overlappingPairs.slice(0, 2).map((p) => p.serviceIds)).toEqual([['s00', 's01'], ['s00', 's02']]);
  });

  it('ranks overlapping pairs by overlap, highest first', () => {
    const services = [service('a', 0.25, [dep('x'), dep('y')]), service('b', 0.25, [dep('x'), dep('y')]), service('c', 0.25, [dep('x'), dep('z')]), service('d', 0.25, [dep('w')])];
    const result = run(request(services, { maximumSingleDependencyExposurePercent: 100, maximumPairwiseOverlap: 0.3 }));
    expect(result.overlappingPairs.map((p) => [p.serviceIds, p.overlap])).toEqual([
      [['a', 'b'], 1],
      [['a', 'c'], 0.3333],
      [['b', 'c'], 0.3333],
    ]);
    expect(result.independentServices).toEqual(['d']);
  });

  it('gives the same answer whatever the order of the dependency listings', () => {
    const input = entry.example as DependencyMapInput;
    const reversed = withValue(input, 'services', input.services.map((s) => ({ ...s, declaredDependencies: [...s.declaredDependencies].reverse() })));
    expect(run(reversed)).toEqual(run(input));
  });
});
