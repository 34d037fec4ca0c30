import { SKILL_MATCH_STEM_RULES, X402_STOPWORDS as STOPWORDS, x402Stem } from '@paysight/contracts';

/** The stemmer design §51 fixes for skill matching. */
export const stem = (word: string): string => x402Stem(word, SKILL_MATCH_STEM_RULES);

/**
 * Lexical matching for the x402-* tools that compare text (design sheet §R authored lists): content
 * tokens and BM25. Deterministic and local; no language model.
 */

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const words = (text: string): string[] => text.toLowerCase().split(SEPARATORS);
/** The content token of one lowercased word: null for the empty string and stopwords, else stemmed. */
const tokenOf = (word: string): string | null => (word === '' || STOPWORDS.has(word) ? null : stem(word));

/** Content tokens of a text, in order: lowercased, every non-letter, non-digit a separator, stopwords dropped, then stemmed. */
export function contentTokens(text: string): string[] {
  return words(text)
    .map(tokenOf)
    .filter((token) => token !== null);
}

/** One document as BM25 sees it: its length in content tokens and how often each query term occurs. */
export interface TermCounts {
  length: number;
  /** Per query term, in the counter's term order. */
  counts: number[];
}

/**
 * Counts the query's terms in documents without keeping their tokens: each distinct word is
 * tokenized once per counter (a corpus repeats its vocabulary), then every word costs one lookup.
 */
export function termCounter(queryTerms: readonly string[]): { terms: string[]; count: (texts: readonly string[]) => TermCounts } {
  const terms = [...new Set(queryTerms)];
  const slotOfTerm = new Map(terms.map((term, i) => [term, i]));
  /** Per word: -1 not a content token, -2 a content token outside the query, else the query slot. */
  const slots = new Map<string, number>();
  const slotOf = (word: string): number => {
    let slot = slots.get(word);
    if (slot === undefined) {
      const token = tokenOf(word);
      slot = token === null ? -1 : (slotOfTerm.get(token) ?? -2);
      slots.set(word, slot);
    }
    return slot;
  };
  const count = (texts: readonly string[]): TermCounts => {
    const counts = new Array<number>(terms.length).fill(0);
    let length = 0;
    for (const text of texts) {
      for (const word of words(text)) {
        const slot = slotOf(word);
        if (slot === -1) continue;
        length += 1;
        if (slot >= 0) counts[slot]! += 1;
      }
    }
    return { length, counts };
  };
  return { terms, count };
}

export const BM25_DEFAULTS = { k1: 1.2, b: 0.75 } as const;

export interface Bm25Match {
  score: number;
  /** The distinct query terms the document contains, in query order. */
  matched: string[];
}

/**
 * Okapi BM25 of one query (the counter's terms, each counted once) against every document of a
 * corpus, with the non-negative IDF ln(1 + (N − n + 0.5) / (n + 0.5)). Cost O(documents · query terms).
 */
export function bm25(terms: readonly string[], documents: readonly TermCounts[], params: { k1: number; b: number } = BM25_DEFAULTS): Bm25Match[] {
  const n = documents.length;
  const avgLength = n === 0 ? 0 : documents.reduce((sum, doc) => sum + doc.length, 0) / n;
  const idf = terms.map((_, i) => {
    const containing = documents.filter((doc) => doc.counts[i]! > 0).length;
    return Math.log(1 + (n - containing + 0.5) / (containing + 0.5));
  });
  return documents.map((doc) => {
    const norm = params.k1 * (1 - params.b + (params.b * doc.length) / (avgLength || 1));
    let score = 0;
    const matched: string[] = [];
    doc.counts.forEach((f, i) => {
      if (f === 0) return;
      score += (idf[i]! * f * (params.k1 + 1)) / (f + norm);
      matched.push(terms[i]!);
    });
    return { score, matched };
  });
}
