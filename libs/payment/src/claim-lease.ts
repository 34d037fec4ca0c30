/**
 * A claimed payment is leased to the request running its tool: the claimant renews the lease (touches
 * the row) every third of it while the tool runs. A claim untouched longer than the lease was left by
 * a process that died, and the same payment presented again takes it over (CLAIM_LEASE_MS).
 */
export const DEFAULT_CLAIM_LEASE_MS = 15_000;

/** `work`, with `renew` called every `leaseMs / 3` until it ends; a failed renewal is left to the next one. */
export async function renewingLease<T>(work: () => Promise<T>, renew: () => Promise<unknown>, leaseMs: number): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => undefined), Math.max(1, Math.floor(leaseMs / 3)));
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
