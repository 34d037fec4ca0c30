import { STEM_MIN_REMAINING, STEM_SUFFIXES, STOPWORDS, stem } from './text-lists.js';

describe('authored text lists', () => {
  it('about 170 lowercase stopwords, none of them a topic word the tools match on', () => {
    expect(STOPWORDS.size).toBeGreaterThanOrEqual(160);
    expect(STOPWORDS.size).toBeLessThanOrEqual(180);
    expect([...STOPWORDS].every((w) => /^[a-z]+$/.test(w))).toBe(true);
    for (const word of ['token', 'transaction', 'payment', 'decode', 'base', 'price']) expect(STOPWORDS.has(word)).toBe(false);
  });

  it('stem strips only the first applicable suffix, keeping at least four letters', () => {
    expect(STEM_SUFFIXES).toEqual(['ing', 'ed', 'es', 's']);
    expect(STEM_MIN_REMAINING).toBe(4);
    expect(stem('transfers')).toBe('transfer');
    expect(stem('signing')).toBe('sign');
    expect(stem('boxes')).toBe('boxe'); // "es" would leave three letters, so "s" applies
    expect(stem('fees')).toBe('fees');
    expect(stem('wishes')).toBe('wish');
    expect(stem('token')).toBe('token');
  });
});
