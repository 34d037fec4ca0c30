import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

const count = z.int().min(0);
const rate = z.number().min(0).max(1);

export const capabilityLimitation = z.object({
  dimensions: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).meta({ description: 'The dimension values (and serviceVersion) the limitation holds for; dimensions not named vary.' }),
  samples: count,
  failures: count,
  failureRate: rate,
  failuresByCode: z.record(z.string(), count),
});

export const negativeCapabilityResult = extendedResult('newer', {
  agentId: z.string(),
  samples: count.meta({ description: 'Observations that match the query in the lookback window.' }),
  successes: count,
  failures: count,
  failureRate: rate.nullable().meta({ description: 'failures / samples; null without samples.' }),
  failuresByCode: z.record(z.string(), count).meta({ description: 'Failed runs by the error code their callers got.' }),
  limitationsFound: z.array(capabilityLimitation).meta({ description: 'The most general dimension combinations among the matching observations whose failure rate is above the limitation threshold, with at least minimumSampleSize samples.' }),
  firstSeen: z.iso.datetime().nullable(),
  lastSeen: z.iso.datetime().nullable(),
});
