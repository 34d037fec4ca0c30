import { ChainUnavailableError, MAX_OBSERVATION_BATCH, catalogEntry, type CapabilityObservation } from '@paysight/contracts';
import { createObservationRecorder, failureOf, observationOf, type ToolRun } from '../src/index.js';

const run = (over: Partial<ToolRun> = {}): ToolRun => ({
  entry: catalogEntry('wallet_audit'),
  chains: ['polygon'],
  input: { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chain: 'polygon' },
  durationMs: 12.6,
  startedAt: new Date('2026-11-24T12:00:00Z'),
  ...over,
});

/** A body whose canonical JSON is exactly `bytes` long: {"n":"xxx…"} is 8 bytes plus the string. */
const sized = (bytes: number) => ({ n: 'x'.repeat(bytes - 8) });

describe('observationOf', () => {
  it('labels a run with the tool\'s MCP name and family, the chain it read, the size class, and keeps nothing of the body', () => {
    expect(observationOf(run(), '0.1.0')).toEqual({
      agentId: 'svc_wallet_audit',
      serviceVersion: '0.1.0',
      network: 'polygon',
      resourceType: 'wallet',
      payloadSizeClass: 'tiny',
      latencyRequirementMs: null,
      outcome: 'succeeded',
      errorCode: null,
      httpStatus: 200,
      durationMs: 13,
      observedAt: new Date('2026-11-24T12:00:00Z'),
    });
  });

  it('labels a tool that reads no chain with the payment network', () => {
    expect(observationOf(run({ entry: catalogEntry('conflict_of_interest_scanner'), chains: [] }), '0.1.0')).toMatchObject({ agentId: 'ext_conflict_of_interest_scanner', network: 'base', resourceType: 'ext' });
  });

  it.each([
    [1023, 'tiny'],
    [1024, 'small'],
    [16 * 1024, 'medium'],
    [64 * 1024 - 1, 'medium'],
    [64 * 1024, 'large'],
    [256 * 1024, 'huge'],
  ])('a request of %i bytes in canonical JSON is %s', (bytes, label) => {
    expect(observationOf(run({ input: sized(bytes) }), 'v').payloadSizeClass).toBe(label);
  });

  it('records the error code and status the caller got for a run that threw', () => {
    expect(failureOf(new ChainUnavailableError('polygon', 'down'))).toEqual({ errorCode: 'chain_unavailable', httpStatus: 503 });
    expect(failureOf(new TypeError('bug'))).toEqual({ errorCode: 'internal_error', httpStatus: 500 });
    expect(observationOf(run({ failure: new ChainUnavailableError('polygon', 'down') }), 'v')).toMatchObject({ outcome: 'failed', errorCode: 'chain_unavailable', httpStatus: 503 });
  });
});

describe('createObservationRecorder', () => {
  it('writes nothing while the caller is still being answered, then everything in batches', async () => {
    const batches: CapabilityObservation[][] = [];
    const record = (list: readonly CapabilityObservation[]) => {
      batches.push([...list]);
      return Promise.resolve();
    };
    const recorder = createObservationRecorder({ store: { record }, serviceVersion: 'v' });
    for (let i = 0; i < 2 * MAX_OBSERVATION_BATCH + 7; i++) recorder.record(run());
    await Promise.resolve();
    expect(batches).toEqual([]);
    await recorder.flush();
    expect(batches.map((b) => b.length)).toEqual([MAX_OBSERVATION_BATCH, MAX_OBSERVATION_BATCH, 7]);
    recorder.record(run());
    await recorder.flush();
    expect(batches).toHaveLength(4);
  });

  it('reports a failed write, drops its batch and goes on; a full queue drops the newest', async () => {
    const problems: { error: unknown; dropped: number }[] = [];
    let fail = true;
    const written: CapabilityObservation[] = [];
    const recorder = createObservationRecorder({
      store: {
        record: (list) => {
          if (fail) return Promise.reject(new Error('down'));
          written.push(...list);
          return Promise.resolve();
        },
      },
      serviceVersion: 'v',
      maxPending: 3,
      onError: (problem) => problems.push(problem),
    });
    for (let i = 0; i < 4; i++) recorder.record(run());
    await recorder.flush();
    expect(problems).toEqual([
      { error: expect.objectContaining({ message: 'more than 3 observations waiting to be written' }), dropped: 1 },
      { error: expect.objectContaining({ message: 'down' }), dropped: 3 },
    ]);
    fail = false;
    recorder.record(run());
    await recorder.flush();
    expect(written).toHaveLength(1);
  });
});
