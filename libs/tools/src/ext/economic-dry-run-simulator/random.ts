/**
 * The simulator's seeded generator: xoshiro128** (Blackman and Vigna, 2018), 128 bits of state, 32-bit
 * outputs, period 2^128 - 1. Its four state words come from the two 32-bit halves of the seed through
 * the SplitMix32 finalizer, so every safe-integer seed (negative ones too) starts its own state.
 * Only 32-bit integer operations (Math.imul, shifts, xor): the same seed gives the same numbers on
 * every platform.
 */
export interface Random {
  /** Next output, an integer in [0, 2^32). */
  next(): number;
}

const TWO_32 = 2 ** 32;

function splitMix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export function seededRandom(seed: number): Random {
  const high = Math.floor(seed / TWO_32);
  const low = seed - high * TWO_32;
  // Chained so that every word after the first depends on both halves; the finalizer is a bijection,
  // so (s0, s1) gives back (low, high): two seeds never share a state.
  const s0 = splitMix32(low);
  const s1 = splitMix32(high ^ s0);
  const s2 = splitMix32(low ^ s1);
  const s3 = splitMix32(high ^ s2);
  return xoshiro128StarStar([s0, s1, s2, s3]);
}

/** xoshiro128** from a given state (exported for the reference-vector test). */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): Random {
  let [s0, s1, s2, s3] = state;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1; // the one state xoshiro cannot leave
  return {
    next() {
      const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
      return result;
    },
  };
}

/** Probability p as the threshold an output must stay below: exactly never for 0 and always for 1. */
export const threshold = (p: number) => p * TWO_32;

/** An output as a number in [0, 1). */
export const unit = (output: number) => output / TWO_32;
