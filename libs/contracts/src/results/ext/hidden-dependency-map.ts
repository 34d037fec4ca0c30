import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';
import { DEPENDENCY_TYPES } from '../../schemas/ext/hidden-dependency-map.js';

const percent = z.number().min(0).max(100);

export const hiddenDependencyMapResult = extendedResult('newer', {
  maxExposurePercent: percent.meta({ description: 'Largest share of the workload (percent) behind one critical dependency.' }),
  concentration: z
    .array(
      z.object({
        dependencyId: z.string(),
        type: z.enum(DEPENDENCY_TYPES),
        exposurePercent: percent.meta({ description: 'Workload share of the services with this critical dependency, in percent of all workload.' }),
        serviceCount: z.int(),
        declaredBy: z.int().meta({ description: 'Services that declare it (counted declarations).' }),
        observedUndeclaredBy: z.int().meta({ description: 'Services where it was observed but not declared.' }),
      }),
    )
    .meta({ description: 'Critical dependencies by exposure, highest first (at most 50).' }),
  hiddenDependencies: z
    .array(
      z.object({
        dependencyId: z.string(),
        type: z.enum(DEPENDENCY_TYPES),
        serviceIds: z.array(z.string()).meta({ description: 'Services where it was observed but not declared (at most 20).' }),
        commonMode: z.boolean().meta({ description: 'Two or more services depend on it critically.' }),
        exposurePercent: percent,
      }),
    )
    .meta({ description: 'Critical dependencies observed but not declared, common-mode ones first (at most 100).' }),
  overlappingPairs: z
    .array(
      z.object({
        serviceIds: z.tuple([z.string(), z.string()]),
        overlap: z.number().min(0).max(1).meta({ description: 'Weighted Jaccard similarity of the two critical dependency sets (criticality as weight).' }),
        sharedDependencyIds: z.array(z.string()).meta({ description: 'At most 10.' }),
      }),
    )
    .meta({ description: 'Pairs above maximumPairwiseOverlap, highest first (at most 100).' }),
  independentServices: z.array(z.string()).meta({ description: 'Services shown to share no critical dependency with any other, on verified declarations.' }),
});
