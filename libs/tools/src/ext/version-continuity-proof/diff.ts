import { hashKey, networkKey } from '../identifiers.js';
import { identifierKey } from '../union-find.js';
import { isActive, type AgentVersion } from './signature.js';

/** What one list of a version became in the next: a hash join of the two, O(p + c). */
export interface SetDiff {
  previous: number;
  current: number;
  kept: number;
  added: string[];
  removed: string[];
}

export function setDiff(previous: Iterable<string>, current: Iterable<string>): SetDiff {
  const before = new Set(previous);
  const after = new Set(current);
  const added = [...after].filter((k) => !before.has(k));
  const removed = [...before].filter((k) => !after.has(k));
  return { previous: before.size, current: after.size, kept: after.size - added.length, added, removed };
}

/** Comparison keys of each list of a version (duplicates within a list count once). */
function keysOf(version: AgentVersion) {
  return {
    // Key material, not keyId: the same key under a new id is the same owner.
    ownerKeys: version.ownerKeys.filter(isActive).map((k) => identifierKey(k.publicKeyOrAddress.trim())),
    paymentWallets: version.paymentWallets.map((w) => `${networkKey(w.network)} ${identifierKey(w.address)}`),
    routes: version.routes.map((r) => `${r.method.trim().toUpperCase()} ${r.path}`),
    requestSchemas: version.requestSchemaHashes.map(hashKey),
    responseSchemas: version.responseSchemaHashes.map(hashKey),
    permissionScopes: version.permissionScopes,
    dependencies: version.dependencyHashes.map(hashKey),
  };
}

export type VersionDiff = Record<keyof ReturnType<typeof keysOf>, SetDiff>;

export function versionDiff(previous: AgentVersion, current: AgentVersion): VersionDiff {
  const before = keysOf(previous);
  const after = keysOf(current);
  return Object.fromEntries(Object.entries(before).map(([name, keys]) => [name, setDiff(keys, after[name as keyof typeof after])])) as VersionDiff;
}

/** Share of the previous list that is gone, in percent (0 when the previous list was empty). */
export const removedPercent = (d: SetDiff) => (d.previous === 0 ? 0 : (d.removed.length / d.previous) * 100);
