import { z } from 'zod';
import { x402Decimal } from '../../x402/request-rules.js';
import { mcpToolEntry } from './mcp-paid-tool-permission-scope-auditor.js';

/** Bounds of x402-mcp-tool-change-blast-radius-analyzer's request (design sheet §29). */
export const BLAST_RADIUS_LIMITS = { tools: 200, consumers: 500, arguments: 50, valuesSeen: 20, outputPaths: 50, consumerId: 200, toolName: 256, argumentName: 256, value: 1024, outputPath: 1024 } as const;

const definitions = z
  .union([mcpToolEntry, z.array(mcpToolEntry).max(BLAST_RADIUS_LIMITS.tools)])
  .meta({ description: 'One MCP tool definition or a list of at most 200, as tools/list returns them (name, inputSchema, outputSchema, annotations, _meta.price).' });

const seenValue = z.union([z.string().max(BLAST_RADIUS_LIMITS.value), z.number(), z.boolean(), z.null()]);

export const mcpToolChangeBlastRadiusAnalyzerRequest = z.strictObject({
  before: definitions.meta({ description: 'The definitions in production now.' }),
  after: definitions.meta({ description: 'The definitions about to ship.' }),
  consumers: z
    .array(
      z.strictObject({
        consumer_id: z.string().min(1).max(BLAST_RADIUS_LIMITS.consumerId),
        tool_name: z.string().min(1).max(BLAST_RADIUS_LIMITS.toolName).meta({ description: 'The tool (by its before name) the consumer calls.' }),
        arguments_used: z
          .array(
            z.strictObject({
              name: z.string().min(1).max(BLAST_RADIUS_LIMITS.argumentName),
              values_seen: z.array(seenValue).max(BLAST_RADIUS_LIMITS.valuesSeen).optional().meta({ description: 'Scalar values the consumer was seen sending (at most 20).' }),
            }),
          )
          .max(BLAST_RADIUS_LIMITS.arguments)
          .optional()
          .meta({ description: 'The top-level arguments the consumer sends (at most 50). Absent: unknown, so argument rules cannot apply and confidence drops.' }),
        output_paths_read: z
          .array(z.string().min(1).max(BLAST_RADIUS_LIMITS.outputPath))
          .max(BLAST_RADIUS_LIMITS.outputPaths)
          .optional()
          .meta({ description: 'What the consumer reads from structuredContent: JSON pointers ("/result/status") or dotted paths ("result.status"), at most 50.' }),
        pinned_max_price: x402Decimal.optional().meta({ description: 'The most the consumer pays per call, a USDC decimal.' }),
        calls_per_day: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional().meta({ description: 'The consumer\'s call volume; when any consumer lacks it, consumers are counted instead.' }),
      }),
    )
    .min(1)
    .max(BLAST_RADIUS_LIMITS.consumers)
    .meta({ description: 'The known consumers of the tools (1 to 500).' }),
});
