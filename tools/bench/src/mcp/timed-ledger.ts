import type { PaymentLedger } from '@paysight/contracts';
import type { ServerTimings } from './server-timings.js';

/** The ledger with every call timed as a `ledger` wait of its request, while timing is on. */
export function timedLedger(ledger: PaymentLedger, timings: () => ServerTimings | null): PaymentLedger {
  const time = <T>(name: string, call: () => Promise<T>) => timings()?.time('ledger', name, call) ?? call();
  return {
    claim: (claim) => time('claim', () => ledger.claim(claim)),
    transition: (...args) => time('transition', () => ledger.transition(...args)),
    get: (x402RequestId) => time('get', () => ledger.get(x402RequestId)),
    list: (options) => time('list', () => ledger.list(options)),
    pruneResults: (before, limit) => time('pruneResults', () => ledger.pruneResults(before, limit)),
  };
}
