import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const COMPLETENESS_LEDGER_DECISIONS = ['stable', 'degrading', 'degraded', 'insufficient_history'] as const;
const share = z.number().min(0).max(1);

export const paidAgentResponseCompletenessDriftLedgerResult = x402Result({
  decision: z.enum(COMPLETENESS_LEDGER_DECISIONS),
  ledger_entries: z
    .array(z.object({ sample_id: z.string(), observed_at: z.string(), completeness: share, missing_pointers: z.array(z.string()), head: z.string() }))
    .meta({ description: 'One per scored sample (paid, 2xx), in (observed_at, sample_id) order; head = HASH({prev, entry}) without head.' }),
  ledger_head: z.string(),
  baseline_completeness: share.nullable().meta({ description: 'Median completeness of the first k scored samples, k = min(10, ceil(n/3)); null without scored samples.' }),
  recent_completeness: share.nullable(),
  drift: z.number().min(-1).max(1).nullable().meta({ description: 'baseline − recent.' }),
  paid_incomplete_rate: share.nullable().meta({ description: 'Share of scored samples below completeness_floor.' }),
  path_trends: z.array(z.object({ pointer: z.string(), baseline_presence: share, recent_presence: share, drop: z.number().min(-1).max(1) })).meta({ description: 'Sorted by drop descending, ties by input order.' }),
});
