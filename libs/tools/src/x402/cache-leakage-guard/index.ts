import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeCacheLeakage } from './analyze.js';

export { analyzeCacheLeakage, type CacheGuardInput, type CacheGuardResult } from './analyze.js';

/** x402-cache-leakage-guard: a pure function of its request (docs/tools/x402/cache-leakage-guard.md). */
export const cacheLeakageGuard = defineRequestOnlyTool(catalogEntry('x402_cache_leakage_guard'), (input) => analyzeCacheLeakage(input));
