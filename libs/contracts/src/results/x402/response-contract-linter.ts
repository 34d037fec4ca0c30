import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { RESPONSE_CONTRACT_PROFILES } from '../../schemas/x402/response-contract-linter.js';

export const RESPONSE_CONTRACT_DECISIONS = ['pass', 'warn', 'fail', 'insufficient_context'] as const;
export const RESPONSE_CONTRACT_SEVERITIES = ['error', 'warning', 'info'] as const;

export const responseContractFinding = z.object({
  rule_id: z.string().meta({ description: 'SCHEMA-*, MONEY-FLOAT, TIME-FORMAT, KEY-CASE, DEPTH, MCP-*, X402-* or API-* (docs/tools/x402/response-contract-linter.md).' }),
  severity: z.enum(RESPONSE_CONTRACT_SEVERITIES),
  path: z.string().meta({ description: 'JSON pointer into response_sample.' }),
  message: z.string(),
  expected: z.string().optional(),
  observed: z.string().optional(),
});
export type ResponseContractFinding = z.infer<typeof responseContractFinding>;

export const responseContractLinterResult = x402Result({
  decision: z.enum(RESPONSE_CONTRACT_DECISIONS),
  lint_profile: z.enum(RESPONSE_CONTRACT_PROFILES).meta({ description: 'The profile the rules were applied with (auto resolved).' }),
  score: z.number().int().min(0).max(100).meta({ description: 'max(0, 100 − 25·errors − 8·warnings − 2·infos), over all findings.' }),
  findings: z.array(responseContractFinding).meta({ description: 'Sorted by severity (error, warning, info), then path, then discovery order; at most 500 listed.' }),
});
