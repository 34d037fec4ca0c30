import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CATALOG_DRIFT_DECISIONS = ['consistent', 'minor_drift', 'major_drift', 'insufficient_evidence', 'unsafe_target'] as const;
export const CATALOG_DRIFT_SURFACES = ['catalog', 'mcp_tool', 'openapi', 'payment_challenge'] as const;
export type CatalogDriftSurface = (typeof CATALOG_DRIFT_SURFACES)[number];
export const CATALOG_DRIFT_FIELDS = ['endpoint', 'method', 'tool_id', 'mcp_name', 'price', 'currency', 'network', 'receiver'] as const;
export type CatalogDriftField = (typeof CATALOG_DRIFT_FIELDS)[number];

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const catalogDriftMismatch = z.object({
  field: z.string(),
  severity: z.enum(['low', 'medium', 'high']),
  expected: scalar,
  observed: scalar,
  source: z.string().meta({ description: 'JSON pointer into the request to the observed value (or to where it was looked for).' }),
  explanation: z.string().optional(),
});
export type CatalogDriftMismatch = z.infer<typeof catalogDriftMismatch>;

export const catalogDriftMonitorResult = x402Result({
  decision: z.enum(CATALOG_DRIFT_DECISIONS),
  checked_surfaces: z.array(z.enum(CATALOG_DRIFT_SURFACES)).meta({ description: 'The surfaces that were supplied and read, sorted.' }),
  mismatches: z.array(catalogDriftMismatch).meta({ description: 'Sorted by severity (high first), then field, then input order.' }),
});
