import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SCHEMA_CHANGE_CLASSES, SCHEMA_CHANGE_KINDS } from '../../x402/schema-change.js';

export const BLAST_RADIUS_DECISIONS = ['breaking_for_all', 'wide', 'contained', 'safe_change'] as const;
/** Tool-level change kinds, next to the schema-change kinds of SDIFF. */
export const BLAST_CHANGE_KINDS = ['tool_removed', 'tool_renamed', 'tool_added', 'price_up', 'price_down', 'annotation_safety_flip', ...SCHEMA_CHANGE_KINDS] as const;
/** Why a consumer breaks, in the order the sheet lists the rules. */
export const BLAST_REASONS = ['tool_removed', 'tool_renamed', 'missing_required_argument', 'removed_argument_sent', 'value_out_of_range', 'output_path_removed', 'price_above_pin', 'safety_flip'] as const;

export const mcpToolChangeBlastRadiusAnalyzerResult = x402Result({
  decision: z.enum(BLAST_RADIUS_DECISIONS),
  changes: z
    .array(
      z.object({
        tool: z.string().meta({ description: 'The tool\'s before name (after name for an added tool).' }),
        path: z.string().meta({ description: 'JSON pointer into the definition (/inputSchema/properties/chain/enum, /_meta/price, ...); empty for the whole tool.' }),
        kind: z.enum(BLAST_CHANGE_KINDS),
        class: z.enum(SCHEMA_CHANGE_CLASSES),
        detail: z.string().meta({ description: 'What changed, briefly: the values removed, the new name, the old and new price.' }),
      }),
    )
    .meta({ description: 'Breaking first, then risky, nonbreaking, cosmetic; ties in tool order then schema walk order.' }),
  affected_consumers: z
    .array(
      z.object({
        consumer_id: z.string(),
        tool: z.string(),
        reasons: z.array(z.object({ reason: z.enum(BLAST_REASONS), evidence: z.string().meta({ description: 'The argument, value, output path or price that breaks, with the change behind it.' }) })),
        migration_hint: z.string(),
      }),
    )
    .meta({ description: 'In input order.' }),
  affected_share: z.number().min(0).max(1).meta({ description: 'Affected calls ÷ all calls (or affected consumers ÷ consumers, see share_basis), 4 decimals half-even.' }),
  share_basis: z.enum(['calls_per_day', 'consumers']),
});
