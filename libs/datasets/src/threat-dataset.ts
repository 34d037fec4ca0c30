import { CHAIN_NAMES, type ChainName } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { RawDataset } from './address-dataset.js';
import type { ThreatCategory, ThreatListing } from './risk-datasets.js';

/** One DeFiHackLabs PoC that names an address as its attacker or attack contract. */
export interface ExploitIncident {
  /** The PoC's file name without `_exp.sol`. */
  incident: string;
  /** YYYY-MM, the PoC's directory; null for a PoC outside a month directory. */
  month: string | null;
  role: 'attacker' | 'attack contract';
  /** The chains the PoC links the address on. */
  chains: ChainName[];
  /** The PoC's path in the repository. */
  path: string;
  /** The PoC's "Total Lost" text as written. */
  lost: string | null;
  /** Attack transactions the PoC links on those chains. */
  attackTxs: Hex[];
}

export interface ThreatEntry {
  address: Address;
  label: string;
  category: ThreatCategory;
  /** Where the entry comes from: "ethereum-lists darklist", DeFiHackLabs file links at a commit, or both. */
  source: string;
  chains: ChainName[];
  /** DeFiHackLabs entries: each PoC naming the address. */
  incidents?: ExploitIncident[];
}

/** Most specific first: an address both phishing and exploit is reported as exploit. */
const RANK: Record<ThreatCategory, number> = { exploit: 0, drainer: 1, phishing: 2, scam: 3 };

export function mostSpecificCategory(categories: readonly ThreatCategory[]): ThreatCategory | undefined {
  return [...categories].sort((a, b) => RANK[a] - RANK[b])[0];
}

/** The chains in the registry's order. */
export function chainUnion(...lists: readonly (readonly ChainName[])[]): ChainName[] {
  return CHAIN_NAMES.filter((c) => lists.some((l) => l.includes(c)));
}

/**
 * Entries of several sources as one list, one entry per address, in the order first seen: an address
 * listed by more than one keeps every source, label and incident, the chains of all, and the most
 * specific category.
 */
export function mergeThreatEntries(...sources: readonly (readonly ThreatEntry[])[]): ThreatEntry[] {
  const merged = new Map<string, ThreatEntry>();
  for (const entry of sources.flat()) {
    const key = entry.address.toLowerCase();
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...entry, chains: [...entry.chains], ...(entry.incidents ? { incidents: [...entry.incidents] } : {}) });
      continue;
    }
    const incidents = [...(seen.incidents ?? []), ...(entry.incidents ?? [])];
    merged.set(key, {
      address: seen.address,
      label: `${seen.label}; ${entry.label}`,
      category: mostSpecificCategory([seen.category, entry.category])!,
      source: `${seen.source}; ${entry.source}`,
      chains: chainUnion(seen.chains, entry.chains),
      ...(incidents.length ? { incidents } : {}),
    });
  }
  return [...merged.values()];
}

/** The shipped dataset file for entries read on a given date from the darklist and DeFiHackLabs at a commit. */
export function threatDataset(entries: ThreatEntry[], read: { snapshotDate: string; defiHackLabsCommit: string; notes: string[] }): RawDataset<ThreatListing> {
  return {
    id: 'threat-addresses',
    description: 'Addresses labelled by open sources as wallet drainers, phishing or scam operators, and exploiters of protocols.',
    source: `MyEtherWallet ethereum-lists, src/addresses/addresses-darklist.json (https://github.com/MyEtherWallet/ethereum-lists); SunWeb3Sec DeFiHackLabs, the comment headers of the proofs of concept in src/test at commit ${read.defiHackLabsCommit} (https://github.com/SunWeb3Sec/DeFiHackLabs).`,
    licence: 'MIT (ethereum-lists) and Apache-2.0 (DeFiHackLabs); each entry names its source.',
    snapshotDate: read.snapshotDate,
    complete: false,
    notes: read.notes,
    entries,
  };
}
