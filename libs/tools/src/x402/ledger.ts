import { HASH } from './helpers.js';

/**
 * A caller-carried hash chain (design sheet §D, "Evidence records": #6 and #7). head₀ is the
 * caller's previous head or HASH(seed); each entry's head is HASH({prev, entry}); the last head is
 * the ledger head the caller submits next time. Nothing is stored.
 */
export function chainLedger<E extends object>(seed: string, previousHead: string | undefined, entries: readonly E[]): { entries: (E & { head: string })[]; head: string } {
  let head = previousHead ?? HASH(seed);
  const chained = entries.map((entry) => {
    head = HASH({ prev: head, entry });
    return { ...entry, head };
  });
  return { entries: chained, head };
}
