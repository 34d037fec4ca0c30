import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SANDBOX_EXPECTED_DECISIONS, SANDBOX_FIXTURE_KINDS } from '../../x402/sandbox-scenarios.js';

export const SEED_PACK_DECISIONS = ['invalid_selection', 'pack_truncated', 'pack_generated'] as const;

export const agentCommerceSandboxSeedPackResult = x402Result({
  decision: z.enum(SEED_PACK_DECISIONS),
  fixtures: z
    .array(
      z.object({
        fixture_id: z.string().regex(/^fx_[0-9a-f]{12}$/).meta({ examples: ['fx_0123456789ab'] }),
        scenario: z.string(),
        kind: z.enum(SANDBOX_FIXTURE_KINDS),
        payload: z.record(z.string(), z.unknown()),
        expected: z.object({ decision: z.enum(SANDBOX_EXPECTED_DECISIONS), reason: z.string() }),
      }),
    )
    .meta({ description: 'In request order: scenario, then variant, then the scenario\'s fixture order. No signatures and no keys anywhere.' }),
  manifest_hash: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .nullable()
    .meta({ examples: [`sha256:${'0'.repeat(64)}`], description: 'HASH of the sorted fixture ids; null for invalid_selection.' }),
  counts: z.object({
    requested: z.number().int(),
    generated: z.number().int(),
    by_scenario: z.array(z.object({ scenario: z.string(), fixtures: z.number().int() })),
    by_expected_decision: z.object({ accept: z.number().int(), reject: z.number().int(), retry: z.number().int(), wait: z.number().int() }),
  }),
});
