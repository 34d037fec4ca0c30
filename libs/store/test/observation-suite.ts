import { randomUUID } from 'node:crypto';
import { MAX_OBSERVATION_BATCH, type CapabilityObservation, type Store } from '@paysight/contracts';
import { SqlStore } from '../src/store.js';
import { OPEN_TIMEOUT_MS } from './fixtures.js';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** One observation of `agentId`; every field can be overridden. */
function observation(agentId: string, over: Partial<CapabilityObservation> = {}): CapabilityObservation {
  return {
    agentId,
    serviceVersion: '0.1.0',
    network: 'base',
    resourceType: 'wallet',
    payloadSizeClass: 'tiny',
    latencyRequirementMs: null,
    outcome: 'succeeded',
    errorCode: null,
    httpStatus: 200,
    durationMs: 100,
    observedAt: at(0),
    ...over,
  };
}

const failed = (agentId: string, over: Partial<CapabilityObservation> = {}) => observation(agentId, { outcome: 'failed', errorCode: 'chain_unavailable', httpStatus: 503, ...over });
const window = (agentId: string, maxGroups = 100) => ({ agentId, since: at(-60), until: at(60), maxGroups });

/** The capability-observation port on either driver: each test observes an agent of its own. */
export function describeObservationSuite(kind: Store['kind'], open: () => Promise<Store>): void {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, OPEN_TIMEOUT_MS);
  afterAll(() => store?.close());
  const newAgent = () => `svc_test_${randomUUID()}`;

  test(`${kind}: keeps labels and outcomes only: no column for a payer, a body or a payment`, async () => {
    if (!(store instanceof SqlStore)) throw new Error('openStore must return a SqlStore');
    const columns = await store.db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', [store.db.schema, 'capability_observations']);
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'agent_id', 'service_version', 'network', 'resource_type', 'payload_size_class', 'latency_requirement_ms', 'outcome', 'error_code', 'http_status', 'duration_ms', 'observed_at']);
  });

  test(`${kind}: groups by every dimension, version, outcome and error code, with counts, durations and first and last seen`, async () => {
    const agent = newAgent();
    await store.observations.record([
      observation(agent, { durationMs: 100, observedAt: at(-10) }),
      observation(agent, { durationMs: 300, observedAt: at(-5) }),
      failed(agent, { network: 'polygon', durationMs: 40, observedAt: at(-3) }),
      failed(agent, { network: 'polygon', errorCode: 'internal_error', httpStatus: 500, durationMs: 7, observedAt: at(-2) }),
      observation(agent, { network: null, latencyRequirementMs: 250.5, observedAt: at(-1) }),
    ]);
    const { groups, truncated } = await store.observations.summarize(window(agent));
    expect(truncated).toBe(false);
    expect(groups).toEqual([
      { serviceVersion: '0.1.0', network: 'base', resourceType: 'wallet', payloadSizeClass: 'tiny', latencyRequirementMs: null, outcome: 'succeeded', errorCode: null, count: 2, totalDurationMs: 400, maxDurationMs: 300, firstSeen: at(-10), lastSeen: at(-5) },
      // Ties in count: NULLs first, then by the C collation of each column in turn.
      { serviceVersion: '0.1.0', network: null, resourceType: 'wallet', payloadSizeClass: 'tiny', latencyRequirementMs: 250.5, outcome: 'succeeded', errorCode: null, count: 1, totalDurationMs: 100, maxDurationMs: 100, firstSeen: at(-1), lastSeen: at(-1) },
      { serviceVersion: '0.1.0', network: 'polygon', resourceType: 'wallet', payloadSizeClass: 'tiny', latencyRequirementMs: null, outcome: 'failed', errorCode: 'chain_unavailable', count: 1, totalDurationMs: 40, maxDurationMs: 40, firstSeen: at(-3), lastSeen: at(-3) },
      { serviceVersion: '0.1.0', network: 'polygon', resourceType: 'wallet', payloadSizeClass: 'tiny', latencyRequirementMs: null, outcome: 'failed', errorCode: 'internal_error', count: 1, totalDurationMs: 7, maxDurationMs: 7, firstSeen: at(-2), lastSeen: at(-2) },
    ]);
  });

  test(`${kind}: only the agent asked for, within [since, until] inclusive`, async () => {
    const agent = newAgent();
    const other = newAgent();
    await store.observations.record([
      observation(agent, { observedAt: at(-61) }),
      observation(agent, { observedAt: at(-60), durationMs: 1 }),
      observation(agent, { observedAt: at(60), durationMs: 2 }),
      observation(agent, { observedAt: at(61) }),
      observation(other, { observedAt: at(0) }),
    ]);
    const { groups } = await store.observations.summarize(window(agent));
    expect(groups).toEqual([expect.objectContaining({ count: 2, totalDurationMs: 3, firstSeen: at(-60), lastSeen: at(60) })]);
    await expect(store.observations.summarize(window(newAgent()))).resolves.toEqual({ groups: [], truncated: false });
  });

  test(`${kind}: breaks ties the same way on every database (C collation: upper case before lower case)`, async () => {
    const agent = newAgent();
    await store.observations.record(['arbitrum', 'Base', 'base', 'eip155:8453'].map((network) => observation(agent, { network })));
    const { groups } = await store.observations.summarize(window(agent));
    expect(groups.map((g) => g.network)).toEqual(['Base', 'arbitrum', 'base', 'eip155:8453']);
  });

  test(`${kind}: returns at most maxGroups, the most observed first, and says it truncated`, async () => {
    const agent = newAgent();
    await store.observations.record([...Array.from({ length: 3 }, () => observation(agent, { network: 'optimism' })), observation(agent, { network: 'base' }), observation(agent, { network: 'polygon' })]);
    const { groups, truncated } = await store.observations.summarize(window(agent, 2));
    expect(truncated).toBe(true);
    expect(groups.map((g) => [g.network, g.count])).toEqual([
      ['optimism', 3],
      ['base', 1],
    ]);
    await expect(store.observations.summarize(window(agent, 3))).resolves.toMatchObject({ truncated: false });
  });

  test(`${kind}: writes a full batch in one call and refuses a larger one`, async () => {
    const agent = newAgent();
    await store.observations.record(Array.from({ length: MAX_OBSERVATION_BATCH }, (_, i) => observation(agent, { durationMs: i })));
    const { groups } = await store.observations.summarize(window(agent));
    expect(groups).toEqual([expect.objectContaining({ count: MAX_OBSERVATION_BATCH, totalDurationMs: ((MAX_OBSERVATION_BATCH - 1) * MAX_OBSERVATION_BATCH) / 2, maxDurationMs: MAX_OBSERVATION_BATCH - 1 })]);
    await expect(store.observations.record(Array.from({ length: MAX_OBSERVATION_BATCH + 1 }, () => observation(agent)))).rejects.toMatchObject({ code: 'invalid_input' });
  });

  test.each<[string, (agent: string) => CapabilityObservation]>([
    ['a failure without an error code', (agent) => failed(agent, { errorCode: null })],
    ['a success with an error code', (agent) => observation(agent, { errorCode: 'internal_error' })],
    ['a fractional duration', (agent) => observation(agent, { durationMs: 1.5 })],
    ['a negative latency label', (agent) => observation(agent, { latencyRequirementMs: -1 })],
    ['an empty agent id', () => observation('')],
    ['an invalid date', (agent) => observation(agent, { observedAt: new Date(Number.NaN) })],
  ])(`${kind}: refuses %s and stores nothing of its batch`, async (_label, bad) => {
    const agent = newAgent();
    await expect(store.observations.record([observation(agent), bad(agent)])).rejects.toMatchObject({ name: 'StoreError', code: 'invalid_input' });
    await expect(store.observations.summarize(window(agent))).resolves.toEqual({ groups: [], truncated: false });
  });

  test(`${kind}: refuses a bad window or group limit`, async () => {
    for (const query of [{ ...window('x'), since: new Date(Number.NaN) }, { ...window('x'), maxGroups: 0 }, { ...window('x'), maxGroups: 10_001 }, { ...window('x'), agentId: '' }]) {
      await expect(store.observations.summarize(query)).rejects.toMatchObject({ code: 'invalid_input' });
    }
  });

  test(`${kind}: prunes observations older than the cut-off, oldest first, up to the limit; concurrent prunes share the rows`, async () => {
    const agent = newAgent();
    // Far in the past, so no other test's rows are older than the cut-off.
    const old = (i: number) => observation(agent, { observedAt: new Date(Date.UTC(2001, 0, 1, 0, i)) });
    await store.observations.record([...Array.from({ length: 30 }, (_, i) => old(i)), observation(agent, { observedAt: new Date(Date.UTC(2001, 0, 2)) })]);
    const cutOff = new Date(Date.UTC(2001, 0, 1, 12));
    await expect(store.observations.prune(cutOff, 5)).resolves.toBe(5);
    const remaining = async () => (await store.observations.summarize({ agentId: agent, since: new Date(Date.UTC(2000, 0, 1)), until: new Date(Date.UTC(2002, 0, 1)), maxGroups: 10 })).groups[0];
    expect(await remaining()).toMatchObject({ count: 26, firstSeen: new Date(Date.UTC(2001, 0, 1, 0, 5)) });
    const counts = await Promise.all([store.observations.prune(cutOff, 10), store.observations.prune(cutOff, 10), store.observations.prune(cutOff, 10)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(25);
    expect(await remaining()).toMatchObject({ count: 1, firstSeen: new Date(Date.UTC(2001, 0, 2)) });
    await expect(store.observations.prune(cutOff, 10)).resolves.toBe(0);
    await expect(store.observations.prune(cutOff, 0)).rejects.toMatchObject({ code: 'invalid_input' });
  });
}
