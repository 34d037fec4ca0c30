/**
 * Text lists the x402-* family authors itself (design sheet §R "Our authored lists": stopwords and
 * suffix stemmer, CC0), versioned with X402_REFERENCE_DATA_VERSION. Shared by the tools that compare
 * prose as word sets (#28 description lookalikes, #51). English only.
 */

/** Function words that say nothing about what a tool does (lowercase, apostrophes removed). */
export const X402_STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at',
  'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by',
  'can', 'cannot', 'could', 'did', 'do', 'does', 'doing', 'done', 'down', 'during',
  'each', 'either', 'else', 'etc', 'ever', 'every', 'few', 'for', 'from', 'further',
  'get', 'gets', 'given', 'gives', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'herself', 'him', 'himself', 'his', 'how', 'however',
  'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'least', 'less', 'let', 'like',
  'may', 'me', 'might', 'more', 'most', 'much', 'must', 'my', 'myself',
  'no', 'nor', 'not', 'now', 'of', 'off', 'often', 'on', 'once', 'one', 'only', 'onto', 'or', 'other', 'others', 'otherwise', 'our', 'ours', 'ourselves', 'out', 'over', 'own',
  'per', 'please', 'quite', 'rather', 'really', 'same', 'shall', 'she', 'should', 'since', 'so', 'some', 'such',
  'than', 'that', 'the', 'their', 'theirs', 'them', 'themselves', 'then', 'there', 'therefore', 'these', 'they', 'this', 'those', 'though', 'through', 'thus', 'to', 'too',
  'under', 'until', 'up', 'upon', 'us', 'use', 'used', 'uses', 'using', 'very', 'via',
  'was', 'we', 'were', 'what', 'whatever', 'when', 'where', 'whether', 'which', 'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within', 'without', 'would',
  'yet', 'you', 'your', 'yours', 'yourself', 'yourselves',
  'dont', 'doesnt', 'isnt', 'arent', 'cant', 'wont', 'thats', 'theres', 'youre', 'weve', 'theyre',
]);

/**
 * The suffix stemmer's rules, tried in order; the first whose suffix ends the word and leaves a stem
 * of at least `minStem` characters applies, once. Deliberately light (no Porter steps): it only folds
 * the plural, past, gerund and adverb forms that make two phrasings of one description differ.
 */
export interface StemRule {
  suffix: string;
  replacement: string;
  minStem: number;
}

export const X402_STEM_RULES: readonly StemRule[] = [
  { suffix: 'sses', replacement: 'ss', minStem: 2 },
  { suffix: 'ies', replacement: 'y', minStem: 2 },
  { suffix: 'ing', replacement: '', minStem: 3 },
  { suffix: 'edly', replacement: '', minStem: 3 },
  { suffix: 'ed', replacement: '', minStem: 3 },
  { suffix: 'ly', replacement: '', minStem: 4 },
  // Keeps "class", "address" whole: a rule that changes nothing but stops the plural rule below.
  { suffix: 'ss', replacement: 'ss', minStem: 2 },
  { suffix: 's', replacement: '', minStem: 3 },
];

/**
 * The skill matchmaker's stemmer, as design §51 fixes it: strip the first of "ing", "ed", "es", "s"
 * that leaves at least four letters.
 */
export const SKILL_MATCH_STEM_RULES: readonly StemRule[] = ['ing', 'ed', 'es', 's'].map((suffix) => ({ suffix, replacement: '', minStem: 4 }));

/** The stem of one lowercase word by a rule list (X402_STEM_RULES unless given; unchanged when no rule applies). */
export function x402Stem(word: string, rules: readonly StemRule[] = X402_STEM_RULES): string {
  for (const { suffix, replacement, minStem } of rules) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) return word.slice(0, word.length - suffix.length) + replacement;
  }
  return word;
}

/** The set of stemmed content words of a text: lowercased, split on anything but letters and digits, stopwords dropped. */
export function x402ContentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().replaceAll("'", '').split(/[^\p{L}\p{N}]+/u)) {
    if (raw !== '' && !X402_STOPWORDS.has(raw)) words.add(x402Stem(raw));
  }
  return words;
}
