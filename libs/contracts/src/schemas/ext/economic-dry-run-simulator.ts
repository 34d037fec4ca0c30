import { z } from 'zod';
import { nonBlank } from '../ext.js';
import { uniqueIds, usdcAtMost } from './references.js';

/**
 * economic-dry-run-simulator request. Spec document 2 gives the top level (seed, plan with nodes,
 * policy); the shapes of a node and of the policy are ours (docs/tools/ext.md). Every object is
 * closed, so a misspelt field is refused instead of silently simulated with a default.
 */
export const SIMULATOR_LIMITS = {
  nodes: 200,
  dependsOn: 20,
  idLength: 100,
  labelLength: 200,
  maxRetries: 5,
  latencyMs: 3_600_000,
  backoffMs: 600_000,
  deadlineMs: 86_400_000,
  iterations: 10_000,
  /** Per attempt; with 200 nodes of 6 attempts a run costs at most 1.2e15 micro-USDC, an exact integer in a double. */
  price: '1000000',
} as const;

const nodeId = nonBlank.max(SIMULATOR_LIMITS.idLength);
const millis = (max: number) => z.int().min(0).max(max);

const latency = z
  .strictObject({
    minMs: millis(SIMULATOR_LIMITS.latencyMs),
    modeMs: millis(SIMULATOR_LIMITS.latencyMs),
    maxMs: millis(SIMULATOR_LIMITS.latencyMs),
  })
  .refine((l) => l.minMs <= l.modeMs && l.modeMs <= l.maxMs, 'latency must satisfy minMs <= modeMs <= maxMs')
  .meta({ description: 'Latency of one attempt as a triangular distribution: shortest, most likely and longest, in milliseconds. All three equal: a fixed latency.' });

export const simulatorNode = z.strictObject({
  id: nodeId.meta({ description: 'Step id, unique in the plan.' }),
  provider: nonBlank.max(SIMULATOR_LIMITS.labelLength).meta({ description: 'Who would be paid: a label only, never contacted.' }),
  price: usdcAtMost(SIMULATOR_LIMITS.price).meta({ description: 'USDC charged per attempt (decimal string, at most 1,000,000).' }),
  successProbability: z.number().min(0).max(1).meta({ description: 'Probability that one attempt succeeds.' }),
  latencyMs: latency,
  dependsOn: z.array(nodeId).max(SIMULATOR_LIMITS.dependsOn).nullable().optional().meta({ description: 'Steps that must succeed before this one starts.' }),
  retry: z
    .strictObject({
      maxRetries: z.int().min(0).max(SIMULATOR_LIMITS.maxRetries).meta({ description: 'Attempts after the first one fails.' }),
      backoffMs: millis(SIMULATOR_LIMITS.backoffMs).meta({ description: 'Wait before each retry.' }),
    })
    .nullable()
    .optional()
    .meta({ description: 'Retries of a failed attempt; none when left out.' }),
  optional: z.boolean().nullable().optional().meta({ description: 'true: the plan succeeds without this step. Default false.' }),
  chargeFailedAttempts: z.boolean().nullable().optional().meta({ description: 'Whether a failed attempt is paid for too. Default true (the cautious reading of a seller that settles before it answers).' }),
});

export const dryRunSimulatorRequest = z.strictObject({
  seed: z.int().meta({ description: 'Seed of the generator: the same seed and plan always give the same answer.' }),
  plan: z.strictObject({
    nodes: z
      .array(simulatorNode)
      .min(1)
      .max(SIMULATOR_LIMITS.nodes)
      .superRefine(uniqueIds('id', (n: z.output<typeof simulatorNode>) => n.id, { field: 'dependsOn', of: (n) => n.dependsOn }))
      .meta({ description: 'The steps of the plan: paid calls and the steps they wait for.' }),
  }),
  policy: z.strictObject({
    budget: usdcAtMost('1000000000').nullable().optional().meta({ description: 'Most USDC one run of the plan may cost.' }),
    deadlineMs: z.int().min(1).max(SIMULATOR_LIMITS.deadlineMs).nullable().optional().meta({ description: 'Most milliseconds one run may take.' }),
    minSuccessProbability: z.number().min(0).max(1).nullable().optional().meta({ description: 'Least probability that the plan succeeds.' }),
    iterations: z.int().min(1).max(SIMULATOR_LIMITS.iterations).nullable().optional().meta({ description: 'Simulated runs; default 1,000. Fewer are run when the plan is large (docs/tools/ext.md).' }),
    confidencePercent: z.int().min(50).max(99).nullable().optional().meta({ description: 'Percentile of cost and latency compared with budget and deadline; default 90.' }),
  }),
});
