import { X402_STEM_RULES, X402_STOPWORDS, x402ContentWords, x402Stem } from './text-lists.js';

describe('x402 text lists (stopwords and suffix stemmer)', () => {
  it('the stopword list is lowercase words without apostrophes, about 170 of them', () => {
    expect(X402_STOPWORDS.size).toBeGreaterThanOrEqual(160);
    for (const word of X402_STOPWORDS) expect(word).toMatch(/^[a-z]+$/);
    expect(X402_STOPWORDS.has('the')).toBe(true);
    expect(X402_STOPWORDS.has('wallet')).toBe(false);
  });

  it('stems plurals, past, gerund and adverb forms, once, keeping short stems whole', () => {
    expect(['addresses', 'queries', 'returns', 'returned', 'returning', 'quickly', 'class', 'address', 'status', 'gas', 'bus', 'red', 'ring', 'fees'].map((word) => x402Stem(word))).toEqual([
      'address',
      'query',
      'return',
      'return',
      'return',
      'quick',
      'class',
      'address',
      'statu',
      'gas',
      'bus',
      'red',
      'ring',
      'fee',
    ]);
    expect(X402_STEM_RULES.every((rule) => rule.suffix.length > 0 && rule.minStem >= 2)).toBe(true);
  });

  it('content words: lowercased, split on punctuation, stopwords dropped, stemmed', () => {
    expect([...x402ContentWords("Returns the wallet's balances (USDC) for an address, on Base.")]).toEqual(['return', 'wallet', 'balance', 'usdc', 'address', 'base']);
    expect([...x402ContentWords('Returned balances for the wallet address in USDC on base')].sort()).toEqual(['address', 'balance', 'base', 'return', 'usdc', 'wallet']);
    expect(x402ContentWords('the of and').size).toBe(0);
  });
});
