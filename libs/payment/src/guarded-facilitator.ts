import { type BreakerState, type CircuitBreaker, CircuitOpenError } from './circuit-breaker.js';
import { type FacilitatorClient, type FacilitatorOperation, FacilitatorUnavailableError } from './facilitator-client.js';

/** A facilitator behind a circuit breaker, which health reports show. */
export interface GuardedFacilitator extends FacilitatorClient {
  breakerState(): BreakerState;
}

/**
 * Puts `breaker` in front of every facilitator call. A call that throws (no answer: unreachable,
 * timed out, 5xx, malformed) is a failure; a definite answer, a refusal (isValid false, success
 * false) included, is a success. Failures count per operation: a settle that keeps failing opens
 * the breaker although the verify before each of them answers. While the breaker is open a call
 * throws FacilitatorUnavailableError `circuit_open` at once, with the time after which a retry may
 * pass; the facilitator is not called.
 */
export function withCircuitBreaker(client: FacilitatorClient, breaker: CircuitBreaker): GuardedFacilitator {
  function guarded<T>(operation: FacilitatorOperation, call: () => Promise<T>): Promise<T> {
    return breaker.run(call, operation).catch((error: unknown) => {
      if (!(error instanceof CircuitOpenError)) throw error;
      throw new FacilitatorUnavailableError(operation, 'circuit_open', `facilitator ${operation} not attempted: the circuit breaker is open`, undefined, {
        retryAfterMs: error.retryAfterMs,
      });
    });
  }
  return {
    verify: (payload, requirements) => guarded('verify', () => client.verify(payload, requirements)),
    settle: (payload, requirements) => guarded('settle', () => client.settle(payload, requirements)),
    supported: () => guarded('supported', () => client.supported()),
    breakerState: () => breaker.state(),
  };
}
