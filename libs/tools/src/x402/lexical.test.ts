import { X402_STOPWORDS as STOPWORDS } from '@paysight/contracts';
import { bm25, contentTokens, stem, termCounter } from './lexical.js';

describe('lexical matching', () => {
  it('content tokens: lowercase, punctuation splits, stopwords dropped, one suffix stemmed', () => {
    expect(contentTokens('Decode a Base transaction, and explain token-transfers!')).toEqual(['decode', 'base', 'transaction', 'explain', 'token', 'transfer']);
    expect(contentTokens('the of and')).toEqual([]);
    expect(contentTokens('')).toEqual([]);
  });

  it('the stemmer strips the first suffix that leaves four letters, once', () => {
    expect(['decoding', 'signed', 'matches', 'tokens', 'uses', 'bus', 'used', 'processes'].map(stem)).toEqual(['decod', 'sign', 'match', 'token', 'uses', 'bus', 'used', 'process']);
    expect(STOPWORDS.size).toBeGreaterThanOrEqual(160);
    expect(STOPWORDS.has('the')).toBe(true);
    expect(STOPWORDS.has('token')).toBe(false);
  });

  it('term counts: document length in content tokens, query terms counted through the same tokenizing', () => {
    const counter = termCounter(['token', 'decode', 'token']);
    expect(counter.terms).toEqual(['token', 'decode']);
    expect(counter.count(['Tokens, tokens and the decoder', 'decode'])).toEqual({ length: 4, counts: [2, 1] });
    expect(counter.count([''])).toEqual({ length: 0, counts: [0, 0] });
  });

  it('BM25: a document with the rare query term ranks first; a document without any term scores 0', () => {
    const score = (query: string[], docs: string[]) => {
      const counter = termCounter(query);
      return bm25(counter.terms, docs.map((d) => counter.count([d])));
    };
    const [a, b, c] = score(['decode', 'token'], ['token transfer decode', 'image generation', 'token price']);
    expect(b).toEqual({ score: 0, matched: [] });
    expect(a!.score).toBeGreaterThan(c!.score);
    expect(c!.score).toBeGreaterThan(0);
    expect(a!.matched).toEqual(['decode', 'token']);
    // one document: idf = ln(1 + 0.5 / 1.5); f = 1, |d| = avgdl, so the term weight is idf · 2.2 / 2.2
    expect(score(['x'], ['x'])[0]!.score).toBeCloseTo(Math.log(1 + 0.5 / 1.5), 10);
    // term frequency saturates and longer documents weigh less
    const [once, twice, long] = score(['x'], ['x y', 'x x', 'x y y y y y']);
    expect(twice!.score).toBeGreaterThan(once!.score);
    expect(once!.score).toBeGreaterThan(long!.score);
  });
});
