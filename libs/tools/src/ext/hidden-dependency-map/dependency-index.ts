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
  /** type:dependencyId, for messages. */
  label: string;
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
  /** Per service, its dependencies by their index in `dependencies`. */
  perService: Map<number, ServiceDependency>[];
  /** Per service, the sum of criticality over its critical dependencies that count (the weighted-Jaccard size). */
  criticalTotal: number[];
  /** Per service: it declares at least one verified dependency of criticality above 0. */
  verifiedPositive: boolean[];
  /** Every dependency listed, in order of first listing. */
  dependencies: Dependency[];
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
  const dependencies: Dependency[] = [];
  // Each key is hashed once per listing, here; the per-service maps are keyed by small integers.
  const numbers = new Map<string, number>();
  let listings = 0;
  const perService = services.map((service) => {
    const own = new Map<number, ServiceDependency>();
    const read = (listing: Listing, declared: boolean) => {
      listings++;
      const key = dependencyKey(listing);
      let n = numbers.get(key);
      if (n === undefined) {
        numbers.set(key, (n = dependencies.length));
        dependencies.push({ dependencyId: listing.dependencyId, type: listing.type, label: `${listing.type}:${listing.dependencyId}`, users: [], declaredBy: 0, hiddenIn: [], anyUsers: 0, anyShare: 0 });
      }
      let entry = own.get(n);
      if (!entry) own.set(n, (entry = { counted: -1, any: -1, declared: false, declaredCounted: false }));
      const counts = listing.verified || includeUnverified;
      if (listing.criticality > entry.any) entry.any = listing.criticality;
      if (counts && listing.criticality > entry.counted) entry.counted = listing.criticality;
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
    for (const [n, entry] of own) {
      const dependency = dependencies[n]!;
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
