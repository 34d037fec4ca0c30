/**
 * Authored text lists of the x402-* family (design sheet §R, "Our authored lists", CC0): the English
 * stopwords dropped before lexical matching, and the one-step suffix stemmer. Versioned with
 * X402_REFERENCE_DATA_VERSION.
 */

/** Function words and filler that carry no topic: articles, pronouns, auxiliaries, prepositions, conjunctions, quantifiers. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'done', 'down', 'during',
  'each', 'either', 'else', 'etc', 'ever', 'every', 'few', 'for', 'from', 'further',
  'get', 'gets', 'got', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'herself', 'him', 'himself', 'his', 'how',
  'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'let', 'like', 'made', 'make', 'many', 'may', 'me', 'might',
  'more', 'most', 'much', 'must', 'my', 'myself', 'neither', 'no', 'nor', 'not', 'now',
  'of', 'off', 'often', 'on', 'once', 'one', 'only', 'or', 'other', 'others', 'our', 'ours', 'ourselves', 'out', 'over', 'own',
  'per', 'please', 'quite', 'rather', 'really', 'same', 'shall', 'she', 'should', 'since', 'so', 'some', 'such',
  'than', 'that', 'the', 'their', 'theirs', 'them', 'themselves', 'then', 'there', 'these', 'they', 'this', 'those', 'though', 'through', 'thus', 'to', 'too',
  'under', 'until', 'up', 'upon', 'us', 'use', 'used', 'using', 'very', 'via',
  'was', 'we', 'were', 'what', 'when', 'where', 'whether', 'which', 'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'without', 'would',
  'yet', 'you', 'your', 'yours', 'yourself', 'yourselves',
]);

/** Suffixes the stemmer strips, tried in this order; only the first that applies is removed. */
export const STEM_SUFFIXES = ['ing', 'ed', 'es', 's'] as const;
/** Letters that must remain after a suffix is stripped. */
export const STEM_MIN_REMAINING = 4;

/** The first of STEM_SUFFIXES the word ends with that leaves at least STEM_MIN_REMAINING letters, stripped ("transfers" → "transfer", "uses" stays). */
export function stem(word: string): string {
  for (const suffix of STEM_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= STEM_MIN_REMAINING) return word.slice(0, -suffix.length);
  }
  return word;
}
