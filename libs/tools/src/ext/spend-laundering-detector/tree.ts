import type { RequestOf, CatalogEntryOf } from '@paysight/contracts';
import { buildTaskGraph, loopingComponents } from '../recursive-commerce-loop-breaker/graph.js';

export type Delegation = RequestOf<CatalogEntryOf<'spend_laundering_detector'>>['delegations'][number];

/** A grant with its instants parsed once: the authority search reads them for every payment. */
export interface Grant {
  delegation: Delegation;
  from: string;
  to: string;
  validFrom: number;
  /** +Infinity when open-ended. */
  validUntil: number;
  /** From when it is revoked: -Infinity when revoked without a time, +Infinity when not revoked. */
  revokedFrom: number;
}

function parseGrant(delegation: Delegation): Grant {
  return {
    delegation,
    from: delegation.from,
    to: delegation.to,
    validFrom: Date.parse(delegation.validFrom),
    validUntil: delegation.validUntil === null ? Number.POSITIVE_INFINITY : Date.parse(delegation.validUntil),
    revokedFrom: !delegation.revoked ? Number.POSITIVE_INFINITY : delegation.revokedAt == null ? Number.NEGATIVE_INFINITY : Date.parse(delegation.revokedAt),
  };
}

export interface Member {
  id: string;
  /** Fewest grants between the principal and this member (0 for the principal). */
  depth: number;
  /** The grant by which the breadth-first search first reached it: its chain up to the principal. */
  parent: Grant | null;
  /** Every grant in the tree that names it as the delegate. */
  grants: Grant[];
}

export interface DelegationTree {
  principalId: string;
  members: Map<string, Member>;
  /** Grants from someone the principal's authority never reaches. */
  outside: Delegation[];
  /** Grants of the tree that loop back (A to B to A, or to the principal), as sorted member ids. */
  cycles: string[][];
}

const byId = (a: Delegation, b: Delegation) => (a.delegationId < b.delegationId ? -1 : 1);

/**
 * Breadth-first from the principal over every grant, whatever its validity (a revoked grant still
 * explains who spent): depth is the fewest grants, and each member is visited once, so a circular
 * grant cannot loop the search. Grants are taken in id order, so the tree does not depend on the
 * order of the request. O(M + D) after the O(D log D) sort; cycles by Tarjan, O(M + D).
 */
export function delegationTree(principalId: string, delegations: readonly Delegation[]): DelegationTree {
  const byGrantor = new Map<string, Grant[]>();
  for (const grant of [...delegations].sort(byId).map(parseGrant)) {
    const list = byGrantor.get(grant.from);
    if (list) list.push(grant);
    else byGrantor.set(grant.from, [grant]);
  }
  const members = new Map<string, Member>([[principalId, { id: principalId, depth: 0, parent: null, grants: [] }]]);
  const queue = [principalId];
  for (let head = 0; head < queue.length; head++) {
    const grantor = members.get(queue[head]!)!;
    for (const grant of byGrantor.get(grantor.id) ?? []) {
      const known = members.get(grant.to);
      if (known) {
        known.grants.push(grant);
        continue;
      }
      members.set(grant.to, { id: grant.to, depth: grantor.depth + 1, parent: grant, grants: [grant] });
      queue.push(grant.to);
    }
  }
  const inTree = delegations.filter((d) => members.has(d.from));
  const graph = buildTaskGraph(
    inTree.map((d) => ({ fromAgentId: d.from, toAgentId: d.to, amount: 0n, callCount: 1n })),
    [],
  );
  return {
    principalId,
    members,
    outside: delegations.filter((d) => !members.has(d.from)).sort(byId),
    cycles: loopingComponents(graph).map((component) => component.map((node) => graph.ids[node]!)),
  };
}

export type GrantStatus = 'in_force' | 'revoked' | 'expired' | 'not_yet_valid';

/** A grant at instant t: revoked from revokedAt (from the start when revoked without a time), else valid in [validFrom, validUntil). */
export function grantStatus(grant: Grant, t: number): GrantStatus {
  if (t >= grant.revokedFrom) return 'revoked';
  if (t < grant.validFrom) return 'not_yet_valid';
  if (t >= grant.validUntil) return 'expired';
  return 'in_force';
}

/**
 * Who holds authority at instant t: breadth-first from the principal over the grants in force at t.
 * Memoised per instant. O(M + D) per distinct instant.
 */
export function authorityAt(tree: DelegationTree): (t: number) => ReadonlySet<string> {
  const memo = new Map<number, Set<string>>();
  const byGrantor = new Map<string, Grant[]>();
  for (const member of tree.members.values()) {
    for (const grant of member.grants) {
      const list = byGrantor.get(grant.from);
      if (list) list.push(grant);
      else byGrantor.set(grant.from, [grant]);
    }
  }
  return (t) => {
    const known = memo.get(t);
    if (known) return known;
    const holders = new Set([tree.principalId]);
    const queue = [tree.principalId];
    for (let head = 0; head < queue.length; head++) {
      for (const grant of byGrantor.get(queue[head]!) ?? []) {
        if (holders.has(grant.to) || grantStatus(grant, t) !== 'in_force') continue;
        holders.add(grant.to);
        queue.push(grant.to);
      }
    }
    memo.set(t, holders);
    return holders;
  };
}

/**
 * Why a member had no authority at t: the lapsed grant nearest the principal on its chain (the
 * breadth-first parents), since that lapse cut off everyone below it.
 */
export function lapseOf(tree: DelegationTree, memberId: string, t: number): { grant: Grant; status: Exclude<GrantStatus, 'in_force'> } | null {
  let found: { grant: Grant; status: Exclude<GrantStatus, 'in_force'> } | null = null;
  for (let member = tree.members.get(memberId); member?.parent; member = tree.members.get(member.parent.from)) {
    const status = grantStatus(member.parent, t);
    if (status !== 'in_force') found = { grant: member.parent, status };
  }
  return found;
}
