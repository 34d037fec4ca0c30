import type { CatalogEntryOf, DependencyType, RequestOf } from '@paysight/contracts';
import { identifierKey } from '../union-find.js';

export type DependencyMapInput = RequestOf<CatalogEntryOf<'hidden_dependency_map'>>;
type Service = DependencyMapInput['services'][number];
type Listing = Service['declaredDependencies'][number];

/** What one service says and shows about one dependency (all its listings of it merged). */
export interface ServiceDependency {
  /** Highest criticality over the listings that count (verified, or any with includeUnverified); -1 when none counts. */
  counted: number;
  /** Highest criticality over every listing, verified or not. */
  any: number;
  /** Declared at all, whatever its verification. */
  declared: boolean;
  /** Declared by a listing that counts. */
  declaredCounted: boolean;
}

/** One dependency across services. */
export interface Dependency {
  dependencyId: string;
  type: DependencyType;
  /** Services for which it is critical on the listings that count, with that criticality. */
  users: { service: number; criticality: number }[];
  /** Of those, the services that declare it (on a listing that counts). */
  declaredBy: number;
  /** Of those, the services where it was observed and not declared at all. */
  hiddenIn: number[];
  /** Services for which it is critical on any listing, verified or not, and their workload share. */
  anyUsers: number;
  anyShare: number;
}

export interface DependencyIndex {
  /** Per service, its dependencies by key. */
  perService: Map<string, ServiceDependency>[];
  /** Per service, the sum of criticality over its critical dependencies that count (the weighted-Jaccard size). */
  criticalTotal: number[];
  /** Per service: it declares at least one verified dependency of criticality above 0. */
  verifiedPositive: boolean[];
  dependencies: Map<string, Dependency>;
  listings: number;
}

/** Dependencies are one when type and id agree; hex addresses compare case-insensitively. */
export const dependencyKey = (d: Pick<Listing, 'type' | 'dependencyId'>): string => `${d.type}:${identifierKey(d.dependencyId)}`;

/**
 * One pass over every listing (declared and observed, each list cut to `maxListings`): each
 * service's dependencies, then the inverted index dependency -> services for which it is critical.
 * O(E) for E listings.
 */
export function indexDependencies(services: readonly Service[], options: { threshold: number; includeUnverified: boolean; maxListings: number }): DependencyIndex {
  const { threshold, includeUnverified, maxListings } = options;
  const dependencies = new Map<string, Dependency>();
  let listings = 0;
  const perService = services.map((service) => {
    const own = new Map<string, ServiceDependency>();
    const read = (listing: Listing, declared: boolean) => {
      listings++;
      const key = dependencyKey(listing);
      let entry = own.get(key);
      if (!entry) own.set(key, (entry = { counted: -1, any: -1, declared: false, declaredCounted: false }));
      if (!dependencies.has(key)) dependencies.set(key, { dependencyId: listing.dependencyId, type: listing.type, users: [], declaredBy: 0, hiddenIn: [], anyUsers: 0, anyShare: 0 });
      const counts = listing.verified || includeUnverified;
      entry.any = Math.max(entry.any, listing.criticality);
      if (counts) entry.counted = Math.max(entry.counted, listing.criticality);
      if (declared) {
        entry.declared = true;
        entry.declaredCounted ||= counts;
      }
    };
    for (const listing of service.declaredDependencies.slice(0, maxListings)) read(listing, true);
    for (const listing of (service.observedDependencies ?? []).slice(0, maxListings)) read(listing, false);
    return own;
  });

  const criticalTotal = perService.map(() => 0);
  const verifiedPositive = services.map((s) => s.declaredDependencies.slice(0, maxListings).some((d) => d.verified && d.criticality > 0));
  perService.forEach((own, service) => {
    for (const [key, entry] of own) {
      const dependency = dependencies.get(key)!;
      if (entry.any >= threshold) {
        dependency.anyUsers++;
        dependency.anyShare += services[service]!.workloadShare;
      }
      if (entry.counted < 0 || entry.counted < threshold) continue;
      dependency.users.push({ service, criticality: entry.counted });
      criticalTotal[service]! += entry.counted;
      if (entry.declaredCounted) dependency.declaredBy++;
      if (!entry.declared) dependency.hiddenIn.push(service);
    }
  });
  return { perService, criticalTotal, verifiedPositive, dependencies, listings };
}
