/** Look-alikes share this many hex characters after 0x... */
export const LOOKALIKE_PREFIX_CHARS = 4;
/** ...and this many at the end (what wallets show when they shorten addresses). */
export const LOOKALIKE_SUFFIX_CHARS = 4;

/** What a shortened address shows: the first and last hex characters. */
export function lookalikeKey(address: string): string {
  const hex = address.toLowerCase().slice(2);
  return `${hex.slice(0, LOOKALIKE_PREFIX_CHARS)}…${hex.slice(-LOOKALIKE_SUFFIX_CHARS)}`;
}

/** Two different addresses that read the same once shortened. */
export function looksAlike(a: string, b: string): boolean {
  return a.toLowerCase() !== b.toLowerCase() && lookalikeKey(a) === lookalikeKey(b);
}
