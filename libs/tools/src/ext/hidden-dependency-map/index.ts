import { DEPENDENCY_MAP_LIMITS, catalogEntry, type CatalogEntryOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { listed } from '../listing.js';
import { Reasons, defineRequestOnlyTool, requestOnlyMetadata } from '../verdict.js';
import { indexDependencies, type Dependency, type DependencyMapInput } from './dependency-index.js';
import { overlappingPairs } from './overlap.js';

export type { DependencyMapInput } from './dependency-index.js';
export type DependencyMapResult = ResultOf<CatalogEntryOf<'hidden_dependency_map'>>;

/** The policy's defaults where it leaves a field null or out (docs/tools/ext.md). */
export const DEPENDENCY_MAP_DEFAULTS = {
  criticalDependencyThreshold: 0.5,
  maximumSingleDependencyExposurePercent: 50,
  minimumIndependentServices: 1,
  includeUnverifiedDependencies: false,
  maximumPairwiseOverlap: 0.5,
} as const;
const LISTED = { concentration: 50, hidden: 100, pairs: 100, hiddenServices: 20, shared: 10 } as const;

const LIMITATIONS = [
  'Sees only the dependencies declared and observed in the request: a dependency nobody listed or observed is invisible, and dependencies are matched by type and id, never resolved.',
  'Exposure assumes a critical dependency takes down the whole workload share of each service that relies on it; partial degradation and failover are not modelled.',
  'Independence is judged on the listed dependencies only; it is not a proof that the services share nothing.',
];

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Percent of all workload carried by the services for which the dependency is critical. */
const exposureOf = (d: Dependency, shares: readonly number[], total: number) => round4((100 * d.users.reduce((sum, u) => sum + shares[u.service]!, 0)) / total);

export function analyzeHiddenDependencies(input: DependencyMapInput): ToolOutput<DependencyMapResult> {
  const { policy } = input;
  const reasons = new Reasons();
  const limitations = [...LIMITATIONS];
  const threshold = policy.criticalDependencyThreshold ?? DEPENDENCY_MAP_DEFAULTS.criticalDependencyThreshold;
  const maxPercent = policy.maximumSingleDependencyExposurePercent ?? DEPENDENCY_MAP_DEFAULTS.maximumSingleDependencyExposurePercent;
  const minimumIndependent = policy.minimumIndependentServices ?? DEPENDENCY_MAP_DEFAULTS.minimumIndependentServices;
  const includeUnverified = policy.includeUnverifiedDependencies ?? DEPENDENCY_MAP_DEFAULTS.includeUnverifiedDependencies;
  const maxOverlap = policy.maximumPairwiseOverlap ?? DEPENDENCY_MAP_DEFAULTS.maximumPairwiseOverlap;
  const maxServices = policy.maximumServices ?? DEPENDENCY_MAP_LIMITS.services;
  const maxListings = policy.maximumDependencies ?? DEPENDENCY_MAP_LIMITS.dependencies;
  const policyApplied = { criticalDependencyThreshold: threshold, maximumSingleDependencyExposurePercent: maxPercent, minimumIndependentServices: minimumIndependent, includeUnverifiedDependencies: includeUnverified, maximumPairwiseOverlap: maxOverlap, maximumServices: maxServices, maximumDependencies: maxListings };

  // Services: the first maximumServices, each serviceId once (the first listing).
  if (input.services.length > maxServices) limitations.push(`maximumServices ${maxServices}: ${input.services.length - maxServices} services were not analyzed.`);
  const seen = new Set<string>();
  const repeated: string[] = [];
  const services = input.services.slice(0, maxServices).filter((s) => {
    if (!seen.has(s.serviceId)) return seen.add(s.serviceId);
    repeated.push(s.serviceId);
    return false;
  });
  if (repeated.length) reasons.add('duplicate_service_ids', 'warning', `Services listed more than once were analyzed once, as first listed: ${listed([...new Set(repeated)])}.`);
  const cut = services.filter((s) => s.declaredDependencies.length > maxListings || (s.observedDependencies?.length ?? 0) > maxListings).length;
  if (cut) limitations.push(`maximumDependencies ${maxListings}: the declared or observed list of ${cut} services was cut to its first ${maxListings} entries.`);

  const shares = services.map((s) => s.workloadShare);
  const totalShare = shares.reduce((a, b) => a + b, 0);
  const index = indexDependencies(services, { threshold, includeUnverified, maxListings });
  const critical = index.dependencies.filter((d) => d.users.length > 0);
  const countedListings = services.some((_, i) => [...index.perService[i]!.values()].some((e) => e.counted >= 0));
  const evidenceBase = {
    servicesAnalyzed: services.length,
    listingsRead: index.listings,
    distinctDependencies: index.dependencies.length,
    criticalDependencies: critical.length,
    totalWorkloadShare: round4(totalShare),
    policyApplied,
  };

  const missing = [
    ...(services.length ? [] : ['no service was given']),
    ...(services.length && totalShare === 0 ? ['every workloadShare is 0, so exposure has no base'] : []),
    ...(services.length && !countedListings ? [`no dependency listing counts (${includeUnverified ? 'none given' : 'none is verified and includeUnverifiedDependencies is off'})`] : []),
  ];
  if (missing.length) {
    reasons.add('nothing_to_measure', 'warning', `Cannot measure dependencies: ${missing.join('; ')}.`);
    return {
      result: { ...reasons.verdict('insufficient_evidence', 'Cannot map dependencies: nothing measurable was supplied.'), evidence: evidenceBase, maxExposurePercent: 0, concentration: [], hiddenDependencies: [], overlappingPairs: [], independentServices: [] },
      metadata: requestOnlyMetadata(limitations),
    };
  }
  if (Math.abs(totalShare - 1) > 1e-6) reasons.add('workload_shares_normalized', 'info', `The workload shares add up to ${round4(totalShare)}; exposure is taken relative to that total.`);

  const id = (service: number) => services[service]!.serviceId;

  // Concentration.
  const concentration = critical
    .map((d) => ({ d, exposure: exposureOf(d, shares, totalShare) }))
    .sort((x, y) => y.exposure - x.exposure || byId(x.d.label, y.d.label));
  const over = concentration.filter((c) => c.exposure > maxPercent);
  if (over.length) {
    reasons.add('dependency_concentration_exceeded', 'critical', `Critical dependencies that each carry more than ${maxPercent}% of the workload (${over.length}): ${listed(over, 5, (c) => `${c.d.label} (${c.exposure}%, ${c.d.users.length} services${c.d.hiddenIn.length ? `, undeclared in ${c.d.hiddenIn.length}` : ''})`)}.`);
  }
  // What the unverified listings would add, when they are left out and nothing blocks yet: the
  // exposure of each dependency over every listing, verified or not (anyShare, from the same pass).
  let unverifiedWouldConcentrate = false;
  if (!includeUnverified && !over.length) {
    const widenedMax = index.dependencies.reduce((max, d) => Math.max(max, round4((100 * d.anyShare) / totalShare)), 0);
    if (widenedMax > maxPercent) {
      unverifiedWouldConcentrate = true;
      reasons.add('unverified_dependencies_would_concentrate', 'warning', `Counting the unverified listings, one critical dependency would carry ${widenedMax}% of the workload, above ${maxPercent}%; verify them to decide.`);
    }
  }

  // Observed but not declared.
  const hidden = critical
    .filter((d) => d.hiddenIn.length > 0)
    .map((d) => ({ d, exposure: exposureOf(d, shares, totalShare), commonMode: d.users.length >= 2 }))
    .sort((x, y) => Number(y.commonMode) - Number(x.commonMode) || y.exposure - x.exposure || byId(x.d.label, y.d.label));
  const commonMode = hidden.filter((h) => h.commonMode);
  if (commonMode.length) {
    reasons.add('undeclared_common_mode_dependency', 'warning', `Critical dependencies of two or more services, observed where they were not declared (${commonMode.length}): ${listed(commonMode, 5, (h) => `${h.d.label} (${h.d.users.length} services, undeclared in ${listed(h.d.hiddenIn, 3, id)})`)}.`);
  }
  const single = hidden.filter((h) => !h.commonMode);
  if (single.length) reasons.add('undeclared_dependency', 'info', `Critical dependencies of a single service, observed but not declared (${single.length}): ${listed(single, 5, (h) => `${h.d.label} (${id(h.d.hiddenIn[0]!)})`)}.`);

  // Pairwise overlap over the inverted index.
  const overlaps = overlappingPairs(services.length, critical, index.criticalTotal, maxOverlap, LISTED.pairs);
  if (overlaps.flagged) {
    reasons.add('pairwise_overlap_exceeded', 'warning', `Pairs of services whose critical dependencies overlap above ${maxOverlap} (${overlaps.flagged}): ${overlaps.top.slice(0, 5).map((p) => `${id(p.a)} & ${id(p.b)} (${p.overlap})`).join(', ')}${overlaps.flagged > 5 ? ', ...' : ''}.`);
  }
  const sharedBetween = (a: number, b: number) => {
    const [small, large] = index.perService[a]!.size <= index.perService[b]!.size ? [a, b] : [b, a];
    const ids: string[] = [];
    for (const [n, entry] of index.perService[small]!) {
      const other = index.perService[large]!.get(n);
      if (entry.counted >= threshold && other && other.counted >= threshold) ids.push(index.dependencies[n]!.dependencyId);
    }
    return ids.sort().slice(0, LISTED.shared);
  };

  // Independence: verified positive declarations, and no critical dependency (on any listing) shared.
  const isolated = services.map((_, s) => {
    for (const [n, entry] of index.perService[s]!) if (entry.any >= threshold && index.dependencies[n]!.anyUsers > 1) return false;
    return true;
  });
  const independent = services.flatMap((s, i) => (s.workloadShare > 0 && index.verifiedPositive[i] && isolated[i] ? [s.serviceId] : []));
  const unknown = services.flatMap((s, i) => (s.workloadShare > 0 && !index.verifiedPositive[i] && isolated[i] ? [s.serviceId] : []));
  let independenceUnknown = false;
  if (independent.length < minimumIndependent) {
    if (independent.length + unknown.length >= minimumIndependent) {
      independenceUnknown = true;
      reasons.add('independence_not_established', 'warning', `Services shown independent: ${independent.length}; required: ${minimumIndependent}. Services that share nothing listed but have no verified declaration of positive criticality, which cannot establish independence (${unknown.length}): ${listed(unknown, 5)}.`);
    } else {
      reasons.add('too_few_independent_services', 'critical', `Services shown independent of all the others: ${independent.length} of ${services.length}; required: ${minimumIndependent}.`);
    }
  } else {
    reasons.add('independent_services', 'info', `Services that share no critical dependency with any other (${independent.length}): ${listed(independent, 5)}.`);
  }

  const decision = reasons.has('critical') ? 'block' : unverifiedWouldConcentrate || independenceUnknown ? 'insufficient_evidence' : reasons.decide();
  if (decision === 'allow') reasons.add('no_hidden_concentration', 'info', 'No dependency concentration, undeclared common-mode dependency or overlap past the policy.');
  const summaries = {
    block: 'Block: the workload depends on too few independent paths under the policy.',
    insufficient_evidence: 'Cannot decide: the verified declarations do not settle concentration or independence.',
    review: 'Review: services share dependencies they did not declare, or overlap past the policy.',
    allow: 'The services meet the dependency policy.',
  } as const;

  return {
    result: {
      ...reasons.verdict(decision, summaries[decision]),
      evidence: { ...evidenceBase, pairsSharingADependency: overlaps.touched, pairsOverLimit: overlaps.flagged, maxPairwiseOverlap: overlaps.maxOverlap, unknownIndependence: unknown.slice(0, LISTED.hiddenServices) },
      maxExposurePercent: concentration[0]?.exposure ?? 0,
      concentration: concentration.slice(0, LISTED.concentration).map(({ d, exposure }) => ({
        dependencyId: d.dependencyId,
        type: d.type,
        exposurePercent: exposure,
        serviceCount: d.users.length,
        declaredBy: d.declaredBy,
        observedUndeclaredBy: d.hiddenIn.length,
      })),
      hiddenDependencies: hidden.slice(0, LISTED.hidden).map(({ d, exposure, commonMode: common }) => ({ dependencyId: d.dependencyId, type: d.type, serviceIds: d.hiddenIn.slice(0, LISTED.hiddenServices).map(id), commonMode: common, exposurePercent: exposure })),
      overlappingPairs: overlaps.top.map((p) => ({ serviceIds: [id(p.a), id(p.b)] as [string, string], overlap: p.overlap, sharedDependencyIds: sharedBetween(p.a, p.b) })),
      independentServices: independent,
    },
    metadata: requestOnlyMetadata(limitations),
  };
}

export const hiddenDependencyMap = defineRequestOnlyTool(catalogEntry('hidden_dependency_map'), analyzeHiddenDependencies);
