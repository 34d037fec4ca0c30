import { Router } from 'express';
import type { ChainName, ChainSource, HealthReport, Store } from '@paysight/contracts';
import type { BreakerState } from '@paysight/payment';

export interface HealthDeps {
  chainSource: ChainSource;
  store: Store;
  /** True when the facilitator answers. */
  facilitatorReachable: () => Promise<boolean>;
  /** The facilitator's circuit breaker; while it is open the probe does not call the facilitator. */
  facilitatorBreaker: () => BreakerState;
  version: string;
}

const PROBE_TIMEOUT_MS = 3_000;

async function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: whether each dependency answers, without URLs or secrets. */
export function healthRouter(deps: HealthDeps): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const chainNames = deps.chainSource.chains();
    const [storeOk, facilitatorOk, heads] = await Promise.all([
      within(deps.store.ping(), false),
      within(deps.facilitatorReachable(), false),
      Promise.all(chainNames.map((c) => within(deps.chainSource.getBlockNumber(c).then((n): bigint | null => n), null))),
    ]);
    const chains = Object.fromEntries(
      chainNames.map((name: ChainName, i) => [
        name,
        { reachable: heads[i] !== null, blockNumber: heads[i]?.toString() ?? null, dataSourceStatus: deps.chainSource.coverage(name).dataSourceStatus },
      ]),
    );
    const healthy = storeOk && facilitatorOk && Object.values(chains).every((c) => c.reachable);
    // Only the store is this instance's own: without it no payment can be recorded, so a load
    // balancer should stop sending traffic here. Shared upstreams being down is reported, not a 503.
    const report: HealthReport = {
      ok: storeOk,
      status: healthy ? 'ok' : 'degraded',
      version: deps.version,
      store: { kind: deps.store.kind, reachable: storeOk },
      facilitator: { reachable: facilitatorOk, breaker: deps.facilitatorBreaker() },
      chains,
    };
    // A probe's answer is for now: no cache may replay it.
    res.status(storeOk ? 200 : 503).set('Cache-Control', 'no-store').json(report);
  });
  return router;
}
