import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CACHE_GUARD_DECISIONS = ['leaking', 'at_risk', 'sealed'] as const;
/** Finding codes in the sheet's order, with their severities (design sheet §35). */
export const CACHE_GUARD_FINDINGS = {
  PAID_SHARED_CACHEABLE: 'critical',
  RECEIPT_CACHEABLE: 'critical',
  VARY_MISSING: 'high',
  OBSERVED_LEAK: 'critical',
  CHALLENGE_CACHEABLE: 'medium',
  SETCOOKIE_CACHEABLE: 'medium',
} as const;
export type CacheGuardFindingCode = keyof typeof CACHE_GUARD_FINDINGS;
const codes = Object.keys(CACHE_GUARD_FINDINGS) as [CacheGuardFindingCode, ...CacheGuardFindingCode[]];

export const cacheLeakageGuardResult = x402Result({
  decision: z.enum(CACHE_GUARD_DECISIONS),
  findings: z
    .array(
      z.object({
        code: z.enum(codes),
        severity: z.enum(['critical', 'high', 'medium']),
        path_label: z.string(),
        exchange_ids: z.array(z.string()),
        header_evidence: z.string().meta({ description: 'The captured header values behind the finding, from its first exchange.' }),
      }),
    )
    .meta({ description: 'One per code and path, by severity (critical first), then the sheet\'s code order, then first exchange in input order.' }),
  per_path: z.array(z.object({ path_label: z.string(), paid: z.boolean(), shared_cacheable: z.boolean(), leak_observed: z.boolean() })).meta({ description: 'In order of first appearance.' }),
  fix_headers: z
    .array(z.object({ applies_to: z.string(), header: z.string(), value: z.string(), fixes: z.array(z.enum(codes)) }))
    .meta({ description: 'Response headers that close the findings, in a fixed order.' }),
});
