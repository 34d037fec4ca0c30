import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CONTINUITY_DECISIONS = ['broken', 'gaps_found', 'continuous'] as const;
/** Findings, the three that break a purchase first. */
export const CONTINUITY_FINDINGS = [
  'event_after_terminal',
  'refund_exceeds_paid',
  'fulfillment_before_payment',
  'seq_gap',
  'duplicate_event',
  'out_of_order',
  'orphan_event',
  'missing_terminal',
  'missing_stage',
] as const;
export type ContinuityFinding = (typeof CONTINUITY_FINDINGS)[number];
export const BREAKING_CONTINUITY_FINDINGS: readonly ContinuityFinding[] = ['event_after_terminal', 'refund_exceeds_paid', 'fulfillment_before_payment'];
/** How a purchase stands: its terminal state, open (before the deadline), overdue, or an unknown purchase. */
export const CONTINUITY_TERMINAL_STATES = ['fulfilled', 'refunded', 'dispute_resolved', 'open', 'overdue', 'unknown_purchase'] as const;

export const continuityFinding = z.object({
  code: z.enum(CONTINUITY_FINDINGS),
  event_id: z.string().nullable().meta({ description: 'The event the finding is about; null for what the whole purchase lacks.' }),
  detail: z.string(),
});

export const postPurchaseEventContinuityCheckerResult = x402Result({
  decision: z.enum(CONTINUITY_DECISIONS),
  purchases: z
    .array(z.object({ purchase_id: z.string(), terminal_state: z.enum(CONTINUITY_TERMINAL_STATES), findings: z.array(continuityFinding).meta({ description: 'In stream order; what the whole purchase lacks last.' }) }))
    .meta({ description: 'The purchases in input order, then unknown purchase ids in order of first appearance.' }),
  counts: z.object({
    purchases: z.int().min(0),
    events: z.int().min(0),
    orphan_events: z.int().min(0),
    findings: z.int().min(0),
    by_code: z.array(z.object({ code: z.enum(CONTINUITY_FINDINGS), count: z.int().min(1) })).meta({ description: 'In the order of the finding list.' }),
    by_terminal_state: z.array(z.object({ terminal_state: z.enum(CONTINUITY_TERMINAL_STATES), count: z.int().min(1) })).meta({ description: 'In the order of the state list.' }),
  }),
});
