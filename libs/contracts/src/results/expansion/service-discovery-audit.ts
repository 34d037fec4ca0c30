import { z } from 'zod';
import { expansionResult } from '../../envelopes/expansion.js';

export const DISCOVERY_DOCUMENT_KINDS = ['x402', 'agent_manifest', 'ai', 'mcp', 'llms_text'] as const;
export type DiscoveryDocumentKind = (typeof DISCOVERY_DOCUMENT_KINDS)[number];
export const DISCOVERY_AUDIT_DECISIONS = ['consistent', 'minor_drift', 'major_drift', 'insufficient_evidence'] as const;
/** high: a buyer would pay the wrong amount, token, network or payee, or miss the resource; medium: the documents disagree without misdirecting money; low: informational. */
export const DRIFT_SEVERITIES = ['high', 'medium', 'low'] as const;

export const discoveryFinding = z.object({
  code: z.string().meta({ description: 'Stable machine-readable finding code (snake_case).' }),
  severity: z.enum(DRIFT_SEVERITIES),
  path: z.string().nullable().meta({ description: 'The normalized resource path the finding is about (the first one, when it holds for several); null for a document-wide finding.' }),
  affected_paths: z.int().min(0).meta({ description: 'How many paths the same disagreement was found on; 0 for a document-wide finding.' }),
  documents: z.array(z.enum(DISCOVERY_DOCUMENT_KINDS)).meta({ description: 'The documents whose declarations the finding rests on.' }),
  expected: z.string().nullable(),
  observed: z.string().nullable(),
  explanation: z.string(),
});
export type DiscoveryFinding = z.infer<typeof discoveryFinding>;

export const serviceDiscoveryAuditResult = expansionResult({
  decision: z.enum(DISCOVERY_AUDIT_DECISIONS),
  checked_documents: z.array(z.enum(DISCOVERY_DOCUMENT_KINDS)).meta({ description: 'The submitted documents that declared at least one paid resource.' }),
  findings: z.array(discoveryFinding).meta({ description: 'Every disagreement found, most severe first.' }),
});
