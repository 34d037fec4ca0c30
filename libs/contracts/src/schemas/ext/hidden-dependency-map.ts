import { z } from 'zod';
import { hashString } from '../common.js';
import { nonBlank, optionalNullable } from '../ext.js';

/** hidden-dependency-map request, as spec document 2 gives it. */

export const DEPENDENCY_TYPES = ['model', 'api', 'data_source', 'cloud', 'region', 'wallet', 'codebase', 'owner', 'other'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];
export const DEPENDENCY_MAP_LIMITS = { services: 500, dependencies: 5000 } as const;

const dependency = {
  dependencyId: nonBlank,
  type: z.enum(DEPENDENCY_TYPES),
  criticality: z.number().min(0).max(1).meta({ description: 'How much of the service fails when the dependency fails, 0 to 1.' }),
  evidenceHash: hashString,
  verified: z.boolean(),
};

export const hiddenDependencyMapRequest = z.looseObject({
  services: z
    .array(
      z.strictObject({
        serviceId: nonBlank,
        workloadShare: z.number().min(0).max(1).meta({ description: 'Share of the workload this service carries, 0 to 1.' }),
        declaredDependencies: z.array(z.strictObject(dependency)).max(DEPENDENCY_MAP_LIMITS.dependencies),
        observedDependencies: optionalNullable(
          z.array(z.strictObject({ ...dependency, observationSourceHash: hashString })).max(DEPENDENCY_MAP_LIMITS.dependencies),
        ).meta({ description: 'Dependencies seen in operation (traces, bills, configuration), declared or not.' }),
      }),
    )
    .max(DEPENDENCY_MAP_LIMITS.services),
  policy: z.strictObject({
    criticalDependencyThreshold: optionalNullable(z.number().min(0).max(1)),
    maximumSingleDependencyExposurePercent: optionalNullable(z.number().min(0).max(100)),
    minimumIndependentServices: optionalNullable(z.int().min(1).max(DEPENDENCY_MAP_LIMITS.services)),
    includeUnverifiedDependencies: optionalNullable(z.boolean()),
    maximumPairwiseOverlap: optionalNullable(z.number().min(0).max(1)),
    maximumServices: optionalNullable(z.int().min(1).max(DEPENDENCY_MAP_LIMITS.services)),
    maximumDependencies: optionalNullable(z.int().min(1).max(DEPENDENCY_MAP_LIMITS.dependencies)),
  }),
});
