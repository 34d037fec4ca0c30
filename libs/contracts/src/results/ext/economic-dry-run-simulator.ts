import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

export const SIMULATION_MODES = ['deterministic', 'monte_carlo', 'not_simulated'] as const;

const usdcStat = z.string().nullable().meta({ description: 'USDC as a decimal string; null when the plan was not simulated.' });
const msStat = z.int().nullable().meta({ description: 'Milliseconds, rounded; null when the plan was not simulated.' });
const share = z.number().min(0).max(1).nullable();

export const dryRunSimulatorResult = extendedResult('first', {
  simulationMode: z.enum(SIMULATION_MODES).meta({ description: 'deterministic: no step has any chance or spread, one run is exact; monte_carlo: seeded runs; not_simulated: the plan has a dependency cycle.' }),
  cost: z
    .object({
      currency: z.literal('USDC'),
      mean: usdcStat,
      p50: usdcStat,
      p90: usdcStat,
      p99: usdcStat,
      max: usdcStat,
      worstCase: z.string().meta({ description: 'Every step run with every retry paid: no run can cost more.' }),
      budget: z.string().nullable(),
      overrunProbability: share.meta({ description: 'Share of runs that cost more than the budget; null without a budget.' }),
    })
    .meta({ description: 'What one run of the plan costs: only attempts that were made are paid.' }),
  latencyMs: z
    .object({
      mean: msStat,
      p50: msStat,
      p90: msStat,
      p99: msStat,
      max: msStat,
      deadline: z.int().nullable(),
      overrunProbability: share.meta({ description: 'Share of runs that take longer than the deadline; null without a deadline.' }),
    })
    .meta({ description: 'How long one run takes: the latest finish of the steps that ran (the critical path of the run).' }),
  successProbability: z.number().min(0).max(1).meta({ description: 'Share of runs in which every step that is not optional succeeded.' }),
});
