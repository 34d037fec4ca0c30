import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SCHEMA_CHANGE_CLASSES, SCHEMA_CHANGE_KINDS } from '../../x402/schema-change.js';

export const OPERATION_LEDGER_DECISIONS = ['stable', 'churning', 'unstable', 'insufficient_history'] as const;
/** Transition kinds of the ledger itself, next to the schema-change kinds of SDIFF. */
export const OPERATION_EVENT_KINDS = ['added', 'removed', 'reappeared', 'metadata_changed', 'annotations_changed', 'annotation_safety_flip', 'price_up', 'price_down', 'meta_changed', ...SCHEMA_CHANGE_KINDS] as const;

export const operationEvent = z.object({
  at: z.string().meta({ description: 'captured_at of the snapshot the change appeared in.' }),
  kind: z.enum(OPERATION_EVENT_KINDS),
  class: z.enum(SCHEMA_CHANGE_CLASSES),
  path: z.string().meta({ description: 'JSON pointer into the tool definition (/inputSchema/properties/chain, /annotations/readOnlyHint, ...); empty for the whole tool.' }),
});
export type OperationEvent = z.infer<typeof operationEvent>;

export const operationLedgerEntry = z.object({
  captured_at: z.string(),
  tools_fingerprint: z.string().meta({ description: 'HASH of the sorted per-tool HASHes of the definitions without title and description.' }),
  events: z.array(operationEvent.extend({ tool: z.string() })),
  head: z.string().meta({ description: 'HASH({prev, entry}) where entry is {captured_at, tools_fingerprint, events}: the chain after this entry.' }),
});

export const mcpOperationStabilityLedgerResult = x402Result({
  decision: z.enum(OPERATION_LEDGER_DECISIONS),
  operations: z
    .array(
      z.object({
        name: z.string(),
        first_seen: z.string(),
        last_seen: z.string(),
        presence_ratio: z.number().min(0).max(1),
        stability_index: z.number().min(0).max(1).meta({ description: 'Unchanged transitions ÷ observed transitions (consecutive snapshot pairs containing the tool).' }),
        events: z.array(operationEvent),
      }),
    )
    .meta({ description: 'Sorted by stability_index ascending, ties by first appearance.' }),
  ledger_entries: z.array(operationLedgerEntry).meta({ description: 'One per snapshot, in captured_at order.' }),
  ledger_head: z.string(),
  version_not_bumped: z.array(z.object({ at: z.string(), server_version: z.string() })).meta({ description: 'Snapshots that brought a breaking event under the same server_version as the one before.' }),
});
