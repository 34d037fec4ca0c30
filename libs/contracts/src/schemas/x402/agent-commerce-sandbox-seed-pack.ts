import { z } from 'zod';
import { x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-agent-commerce-sandbox-seed-pack's request (design sheet §45). */
export const SEED_PACK_LIMITS = { scenarios: 20, scenario: 64, perScenario: 10, network: 64, fixtures: 200 } as const;

export const agentCommerceSandboxSeedPackRequest = z.strictObject({
  seed: z.int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Any integer from 0 to 2^53−1; the same seed and request give the same pack.' }),
  scenarios: z
    .array(z.string().min(1).max(SEED_PACK_LIMITS.scenario))
    .min(1)
    .max(SEED_PACK_LIMITS.scenarios)
    .meta({ description: 'Scenario ids of the catalog (happy_path_v2, wrong_network, facilitator_503, ...), 1 to 20. An unknown id makes the decision invalid_selection.' }),
  per_scenario: z.int().min(1).max(SEED_PACK_LIMITS.perScenario).default(1).meta({ description: 'Variants per scenario, 1 to 10 (default 1).' }),
  network: z.string().min(1).max(SEED_PACK_LIMITS.network).default('eip155:84532').meta({ description: 'CAIP-2 id or x402 v1 alias of an EVM network with a USDC row (default Base Sepolia).' }),
  allow_mainnet_shapes: z.boolean().default(false).meta({ description: 'Must be true for a mainnet network; its fixtures then pay 0x…dEaD.' }),
  price: x402Decimal.default('0.01').meta({ description: 'The offer price in USDC (default 0.01).' }),
  x402_versions: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .min(1)
    .max(2)
    .default([1, 2])
    .meta({ description: 'Protocol versions the variants alternate between, in this order (default [1, 2]); the happy paths keep their own.' }),
});
