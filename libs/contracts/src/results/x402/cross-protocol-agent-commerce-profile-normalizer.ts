import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { PROFILE_SOURCES } from '../../schemas/x402/cross-protocol-agent-commerce-profile-normalizer.js';

export const PROFILE_NORMALIZER_DECISIONS = ['sparse', 'conflicting', 'coherent'] as const;
export const PROFILE_CONFLICT_FIELDS = ['price', 'network', 'receiver'] as const;
export type ProfileConflictField = (typeof PROFILE_CONFLICT_FIELDS)[number];
const source = z.enum(PROFILE_SOURCES);

export const profileOperation = z.object({
  op_key: z.string(),
  path: z.string().nullable(),
  method: z.string().nullable(),
  price_decimal: z.string().nullable(),
  currency: z.string().nullable(),
  network: z.string().nullable(),
  mcp_name: z.string().nullable(),
  a2a_skill_id: z.string().nullable(),
  sources: z.array(source).meta({ description: 'The documents that list the operation, in the order of PROFILE_SOURCES.' }),
});

export const crossProtocolAgentCommerceProfileNormalizerResult = x402Result({
  decision: z.enum(PROFILE_NORMALIZER_DECISIONS),
  profile: z.object({
    display_names: z.array(z.string()).meta({ description: 'The service names the documents give, unique case-folded, sorted case-folded.' }),
    protocols: z.array(z.string()).meta({ description: 'Sorted: a2a, mcp, rest, x402.' }),
    networks: z.array(z.string()).meta({ description: 'CAIP-2 (ND), sorted.' }),
    receivers: z.array(z.string()).meta({ description: 'Payees (EVM addresses lowercased), sorted.' }),
    operations: z.array(profileOperation).meta({ description: 'Sorted by op_key, ties by first appearance. A conflicting field shows the most authoritative source\'s value.' }),
  }),
  conflicts: z
    .array(z.object({ op_key: z.string(), field: z.enum(PROFILE_CONFLICT_FIELDS), values: z.array(z.object({ source, value: z.string() })) }))
    .meta({ description: 'Sorted by op_key, then field (price, network, receiver); values in source order.' }),
  coverage: z.object({ operations: z.number().int(), in_all_sources: z.number().int(), single_source: z.number().int() }),
});
