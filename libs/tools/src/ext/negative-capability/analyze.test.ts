import { toolById, type ObservationGroup, type ObservationReader, type ObservationSummaryQuery, isStoreUnavailable } from '@paysight/contracts';
import { boundCase } from '../bounds.test-support.js';
import { limitations, wilsonInterval } from './aggregate.js';
import { NEGATIVE_CAPABILITY_RULES, analyzeNegativeCapability, negativeCapability, type CapabilityData, type NegativeCapabilityInput } from './index.js';

const entry = toolById('negative_capability')!;
const NOW = new Date('2026-11-24T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

/** `count` runs of one label set, succeeded or failed with `errorCode`. */
function group(count: number, over: Partial<ObservationGroup> = {}): ObservationGroup {
  return {
    serviceVersion: '0.1.0',
    network: 'base',
    resourceType: 'wallet',
    payloadSizeClass: 'tiny',
    latencyRequirementMs: null,
    outcome: over.errorCode ? 'failed' : 'succeeded',
    errorCode: null,
    count,
    totalDurationMs: count * 100,
    maxDurationMs: 150,
    firstSeen: minutesAgo(600),
    lastSeen: minutesAgo(5),
    ...over,
  };
}
const down = (count: number, over: Partial<ObservationGroup> = {}) => group(count, { errorCode: 'chain_unavailable', ...over });
const data = (groups: ObservationGroup[], over: Partial<CapabilityData> = {}): CapabilityData => ({ groups, truncated: false, since: minutesAgo(30 * 1440), until: NOW, retentionDays: 90, ...over });
const query = (over: Partial<NegativeCapabilityInput> = {}): NegativeCapabilityInput => ({ agentId: 'svc_wallet_snapshot', operation: 'query', ...over });
const run = (input: NegativeCapabilityInput, groups: ObservationGroup[], over: Partial<CapabilityData> = {}) => analyzeNegativeCapability(entry.request.parse(input) as NegativeCapabilityInput, data(groups, over)).result;

/** svc_wallet_snapshot over a month: reliable on base, polygon's node down for a while. */
const month = () => [group(180), down(2), group(30, { payloadSizeClass: 'small' }), group(10, { network: 'polygon' }), down(12, { network: 'polygon' }), down(4, { network: 'polygon', payloadSizeClass: 'small' }), group(6, { serviceVersion: '0.0.9' })];

describe('negative-capability request', () => {
  const accepts = boundCase(entry.request, query({ serviceVersion: null, taskContext: { network: 'base', resourceType: 'wallet', payloadSizeClass: 'tiny', latencyRequirementMs: 250 }, minimumSampleSize: 20, lookbackDays: 30 }));
  it.each([
    ['agentId', ' ', false],
    ['agentId', undefined, false],
    ['operation', undefined, true],
    ['operation', 'list', false],
    ['serviceVersion', '0.1.0', true],
    ['serviceVersion', 1, false],
    ['taskContext', undefined, true],
    ['taskContext', {}, true],
    ['taskContext.network', '', false],
    ['taskContext.resourceType', '\n', false],
    ['taskContext.payloadSizeClass', undefined, true],
    ['taskContext.latencyRequirementMs', 0, true],
    ['taskContext.latencyRequirementMs', 250.5, true],
    ['taskContext.latencyRequirementMs', 3_600_000, true],
    ['taskContext.latencyRequirementMs', 3_600_000.5, false],
    ['taskContext.latencyRequirementMs', -1, false],
    ['taskContext.region', 'eu', false],
    ['minimumSampleSize', 0, false],
    ['minimumSampleSize', 1, true],
    ['minimumSampleSize', 1000, true],
    ['minimumSampleSize', 1001, false],
    ['minimumSampleSize', 2.5, false],
    ['minimumSampleSize', null, true],
    ['lookbackDays', 0, false],
    ['lookbackDays', 3650, true],
    ['lookbackDays', 3651, false],
    ['lookbackDays', null, true],
    ['traceId', 'additional properties are allowed', true],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('negative-capability analysis', () => {
  it('matches every supplied dimension exactly and skips observations without it', () => {
    const groups = [group(20), group(20, { network: null }), group(20, { network: 'Base' }), group(20, { latencyRequirementMs: 250 }), group(20, { latencyRequirementMs: 250.5 })];
    expect(run(query({ taskContext: { network: 'base' } }), groups)).toMatchObject({ samples: 60 });
    expect(run(query({ taskContext: { latencyRequirementMs: 250 } }), groups)).toMatchObject({ samples: 20 });
    // A label, not a latency budget: 300 is not "within" anything.
    expect(run(query({ taskContext: { latencyRequirementMs: 300 } }), groups)).toMatchObject({ samples: 0, decision: 'insufficient_evidence' });
    expect(run(query({ taskContext: {} }), groups)).toMatchObject({ samples: 100, evidence: { query: { aggregate: true } } });
    expect(run(query({ serviceVersion: '0.0.9' }), [...groups, group(25, { serviceVersion: '0.0.9' })])).toMatchObject({ samples: 25 });
    expect(run(query({ serviceVersion: null }), groups)).toMatchObject({ samples: 100 });
  });

  it('blocks a context that fails at least half the time', () => {
    const result = run(query({ taskContext: { network: 'polygon' }, minimumSampleSize: 20 }), month());
    expect(result).toMatchObject({ decision: 'block', riskScore: 70, samples: 26, successes: 10, failures: 16, failureRate: 0.6154, failuresByCode: { chain_unavailable: 16 } });
    expect(result.reasons.map((r) => [r.code, r.severity])).toEqual([
      ['high_failure_rate', 'critical'],
      ['failures_by_code', 'info'],
    ]);
  });

  it('reviews the aggregate over every context when one context is a limitation, naming the most general one', () => {
    const result = run(query({ minimumSampleSize: 20 }), month());
    // 18 failures in 244 runs overall (7.4%): under the review rate, but polygon fails 16 of 26.
    expect(result).toMatchObject({ decision: 'review', riskScore: 15, samples: 244, failures: 18, failureRate: 0.0738 });
    expect(result.limitationsFound).toEqual([{ dimensions: { network: 'polygon' }, samples: 26, failures: 16, failureRate: 0.6154, failuresByCode: { chain_unavailable: 16 } }]);
    expect(result.reasons.map((r) => r.code)).toEqual(['limitation_found', 'failures_by_code']);
    expect(result.evidence).toMatchObject({ byServiceVersion: { '0.0.9': { samples: 6, failures: 0 }, '0.1.0': { samples: 238, failures: 18 } }, meanDurationMs: 100, maxDurationMs: 150 });
  });

  it('reviews an elevated failure rate and allows a reliable context, with the rate\'s 95% interval', () => {
    expect(run(query({ taskContext: { network: 'base' } }), [group(18), down(2)])).toMatchObject({ decision: 'review', failureRate: 0.1, reasons: [{ code: 'elevated_failure_rate' }, { code: 'failures_by_code' }] });
    const reliable = run(query({ taskContext: { network: 'base' } }), [group(20)]);
    expect(reliable).toMatchObject({ decision: 'allow', riskScore: 0, failureRate: 0, limitationsFound: [], reasons: [{ code: 'reliable' }], firstSeen: minutesAgo(600).toISOString(), lastSeen: minutesAgo(5).toISOString() });
    expect(reliable.evidence.failureRateInterval95).toEqual([0, 0.1611]);
  });

  it('answers insufficient_evidence below minimumSampleSize (default 20) and for agents this service does not run', () => {
    expect(run(query(), [group(19)])).toMatchObject({ decision: 'insufficient_evidence', samples: 19, reasons: [{ code: 'below_minimum_sample_size' }] });
    expect(run(query({ minimumSampleSize: 5 }), [down(5)])).toMatchObject({ decision: 'block' });
    const stranger = run(query({ agentId: 'agent:somebody-else' }), []);
    expect(stranger).toMatchObject({ decision: 'insufficient_evidence', samples: 0, failureRate: null, firstSeen: null, evidence: { observedByThisService: false } });
    expect(stranger.reasons[0]!.message).toContain('not a tool of this service');
    const elsewhere = run(query({ taskContext: { network: 'arbitrum', latencyRequirementMs: 100 } }), month());
    expect(elsewhere.reasons.map((r) => r.code)).toEqual(['no_matching_observations', 'latency_label_not_recorded']);
    expect(elsewhere.evidence.otherContexts).toMatchObject({ network: { base: 218, polygon: 26 } });
  });

  it('notes a truncated read and a lookback beyond the retention', () => {
    const result = run(query({ lookbackDays: 365 }), [group(40)], { truncated: true });
    expect(result).toMatchObject({ decision: 'review' });
    expect(result.reasons.map((r) => r.code)).toEqual(['observations_truncated', 'lookback_exceeds_retention']);
  });

  it('gives the same answer whatever the order of the groups', () => {
    const groups = month();
    expect(run(query(), [...groups].reverse())).toEqual(run(query(), groups));
  });

  it('reads the lookback window ending at the run\'s clock', async () => {
    const asked: ObservationSummaryQuery[] = [];
    const observations: ObservationReader = {
      retentionDays: 90,
      summarize: (q) => {
        asked.push(q);
        return Promise.resolve({ groups: [group(30)], truncated: false });
      },
    };
    const output = await negativeCapability.run(query({ lookbackDays: 7 }), { observations } as never, { now: NOW });
    expect(asked).toEqual([{ agentId: 'svc_wallet_snapshot', since: new Date(NOW.getTime() - 7 * 86_400_000), until: NOW, maxGroups: NEGATIVE_CAPABILITY_RULES.maxGroups }]);
    expect(output.result).toMatchObject({ decision: 'allow', samples: 30, evidence: { window: { since: '2026-11-17T12:00:00.000Z', until: '2026-11-24T12:00:00.000Z', lookbackDays: 7 } } });
  });
});

describe('negative-capability when the observations cannot be read', () => {
  it('fails with StoreUnavailableError (the paywall answers 503 and charges nothing), naming the cause', async () => {
    const cause = new Error('connection refused');
    const observations: ObservationReader = { retentionDays: 90, summarize: () => Promise.reject(cause) };
    const failure = await negativeCapability.run(query(), { observations } as never, { now: NOW }).catch((error: unknown) => error);
    expect(isStoreUnavailable(failure)).toBe(true);
    expect((failure as Error).cause).toBe(cause);
  });
});

describe('negative-capability limitation lattice', () => {
  const free = ['network', 'payloadSizeClass'] as const;
  it('lists a narrower combination only when it fails more often than the broader ones containing it', () => {
    const groups = [group(30, { network: 'polygon' }), down(10, { network: 'polygon' }), down(20, { network: 'polygon', payloadSizeClass: 'large' }), group(40, { network: 'base', payloadSizeClass: 'large' })];
    // polygon: 30 of 60 failed; large: 20 of 60; polygon x large: 20 of 20, worse than both; polygon x tiny: 10 of 40, not above 25%.
    expect(limitations(groups, free, 20, 0.25).map((l) => [l.dimensions, l.samples, l.failures])).toEqual([
      [{ network: 'polygon', payloadSizeClass: 'large' }, 20, 20],
      [{ network: 'polygon' }, 60, 30],
      [{ payloadSizeClass: 'large' }, 60, 20],
    ]);
    // polygon x tiny and polygon x large at 50% are no worse than polygon at 50%: not listed.
    const even = [group(10, { network: 'polygon' }), down(10, { network: 'polygon' }), group(10, { network: 'polygon', payloadSizeClass: 'large' }), down(10, { network: 'polygon', payloadSizeClass: 'large' }), group(20), group(20, { payloadSizeClass: 'large' })];
    expect(limitations(even, free, 20, 0.25).map((l) => l.dimensions)).toEqual([{ network: 'polygon' }]);
  });

  it('lists nothing that all the matched runs already show', () => {
    expect(limitations([down(30), group(10)], free, 20, 0.25)).toEqual([]);
    expect(limitations([down(30), group(10), down(20, { network: 'polygon' })], free, 20, 0.25).map((l) => l.dimensions)).toEqual([{ network: 'polygon' }]);
  });

  it('needs a rate strictly above the threshold and at least the minimum samples', () => {
    const elsewhere = group(20, { network: 'optimism' });
    expect(limitations([group(3), down(1), elsewhere], ['network'], 4, 0.25)).toEqual([]);
    expect(limitations([group(2), down(1), elsewhere], ['network'], 4, 0.25)).toEqual([]);
    expect(limitations([group(2), down(2), elsewhere], ['network'], 4, 0.25).map((l) => l.dimensions)).toEqual([{ network: 'base' }]);
  });

  it('counts an observation without a label for no combination naming that dimension', () => {
    expect(limitations([down(30, { network: null }), group(100, { payloadSizeClass: 'large' })], free, 20, 0.25).map((l) => l.dimensions)).toEqual([{ payloadSizeClass: 'tiny' }]);
  });

  it('has the 95% Wilson interval of a rate', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    const [low, high] = wilsonInterval(5, 10)!;
    expect([Math.round(low * 1e4) / 1e4, Math.round(high * 1e4) / 1e4]).toEqual([0.2366, 0.7634]);
  });
});
