import { CONTINUITY_SIGNAL_TYPES, type CatalogEntryOf, type ContinuitySignalType, type RequestOf } from '@paysight/contracts';
import { hashKey } from '../union-find.js';

export type ReincarnationInput = RequestOf<CatalogEntryOf<'reputation_reincarnation_detector'>>;
export type Signal = ReincarnationInput['candidate']['signals'][number];

/** Match quality of a signal's strength, in thousandths; any other word counts as weak. */
export const STRENGTH: Readonly<Record<string, number>> = { strong: 1000, medium: 600, weak: 300 };
/** A pair with an unverified side counts at half its quality. */
const UNVERIFIED_FACTOR = 0.5;

export const strengthOf = (s: Signal): number => STRENGTH[s.strength.trim().toLowerCase()] ?? STRENGTH.weak!;
export const isKnownStrength = (s: Signal): boolean => s.strength.trim().toLowerCase() in STRENGTH;

/** Signals count when observed at or before evaluatedAt and not yet expired then. */
export function countedAt(at: number): (s: Signal) => 'counted' | 'expired' | 'future' {
  return (s) => (Date.parse(s.observedAt) > at ? 'future' : s.expiresAt !== null && Date.parse(s.expiresAt) <= at ? 'expired' : 'counted');
}

/** The join key: a signal matches another of the same type with the same value hash. */
export const signalKey = (s: Signal): string => `${s.type}:${hashKey(s.valueHash)}`;

/** The candidate's counted signals by join key: the best strength among them, verified and in all. */
export interface CandidateKey {
  type: ContinuitySignalType;
  signalIds: string[];
  bestVerified: number;
  bestAny: number;
}

export function indexCandidate(signals: readonly Signal[]): Map<string, CandidateKey> {
  const index = new Map<string, CandidateKey>();
  for (const s of signals) {
    const key = signalKey(s);
    const strength = strengthOf(s);
    let entry = index.get(key);
    if (!entry) index.set(key, (entry = { type: s.type, signalIds: [], bestVerified: 0, bestAny: 0 }));
    entry.signalIds.push(s.signalId);
    entry.bestAny = Math.max(entry.bestAny, strength);
    if (s.verified) entry.bestVerified = Math.max(entry.bestVerified, strength);
  }
  return index;
}

/**
 * The quality of the best pair a reference signal forms with the candidate's signals of its key:
 * min(strength of the two sides), halved unless both are verified. `verified` is that quality over
 * pairs verified on both sides only (0 when there is none). `strong`: such a pair is strong on both
 * sides and verified on both.
 */
export function pairQuality(candidate: CandidateKey, reference: Signal): { any: number; verified: number; strong: boolean } {
  const strength = strengthOf(reference);
  const verified = reference.verified ? Math.min(candidate.bestVerified, strength) : 0;
  const unverified = Math.min(candidate.bestAny, strength) * UNVERIFIED_FACTOR;
  return { any: Math.max(verified, unverified), verified, strong: verified >= STRENGTH.strong! };
}

export const TYPE_INDEX: ReadonlyMap<ContinuitySignalType, number> = new Map(CONTINUITY_SIGNAL_TYPES.map((t, i) => [t, i]));
