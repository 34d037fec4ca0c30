import { payloadV2, requirements } from '../test/support/fixtures.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import { type FacilitatorClient, FacilitatorUnavailableError, isFacilitatorUnavailable } from './facilitator-client.js';
import { withCircuitBreaker } from './guarded-facilitator.js';
import type { VerifyResponse } from './wire.js';

describe('facilitator behind a circuit breaker', () => {
  let time = 0;
  let answer: () => Promise<VerifyResponse>;
  const calls: string[] = [];
  const client: FacilitatorClient = {
    verify: () => (calls.push('verify'), answer()),
    settle: () => Promise.reject(new Error('unused')),
    supported: () => (calls.push('supported'), Promise.resolve({ kinds: [], extensions: [], signers: {} })),
  };
  const guarded = () => withCircuitBreaker(client, createCircuitBreaker({ failureThreshold: 2, cooldownMs: 5_000, now: () => time }));
  const unavailable = new FacilitatorUnavailableError('verify', 'server_error', 'facilitator verify answered HTTP 502', 502);

  it('a definite refusal (isValid false) is an answer, not a failure', async () => {
    const facilitator = guarded();
    answer = () => Promise.resolve({ isValid: false, invalidReason: 'insufficient_funds', invalidMessage: undefined, payer: undefined });
    for (let i = 0; i < 5; i++) await facilitator.verify(payloadV2(), requirements());
    expect(facilitator.breakerState()).toBe('closed');
  });

  it('opens on consecutive "no answer" errors, then refuses as circuit_open with the time left', async () => {
    const facilitator = guarded();
    answer = () => Promise.reject(unavailable);
    for (let i = 0; i < 2; i++) await expect(facilitator.verify(payloadV2(), requirements())).rejects.toBe(unavailable);
    calls.length = 0;
    time += 2_000;
    const refused = await facilitator.supported().catch((e: unknown) => e);
    expect(isFacilitatorUnavailable(refused) && refused).toMatchObject({ operation: 'supported', kind: 'circuit_open', retryAfterMs: 3_000 });
    expect(calls).toEqual([]);
    time += 3_000;
    expect(facilitator.breakerState()).toBe('half_open');
    await facilitator.supported();
    expect(facilitator.breakerState()).toBe('closed');
  });
});
