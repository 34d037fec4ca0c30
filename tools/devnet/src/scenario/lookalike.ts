import { type Address, getAddress, keccak256, toBytes } from 'viem';

/** Hex digits of an address that wallets show (and people compare) at each end. */
export const LOOKALIKE_VISIBLE_DIGITS = 4;

/**
 * An address poisoner's look-alike of `target`: the same first and last four hex digits, a middle
 * derived from `seed`. Nobody holds its key; the devnet sends from it by impersonation.
 */
export function lookalikeAddress(target: Address, seed: string): Address {
  const hex = target.slice(2).toLowerCase();
  const keep = LOOKALIKE_VISIBLE_DIGITS;
  const middle = keccak256(toBytes(`paysight-devnet:lookalike:${seed}`)).slice(2, 2 + 40 - 2 * keep);
  if (middle === hex.slice(keep, 40 - keep)) throw new Error(`the look-alike of ${target} came out identical to it`);
  return getAddress(`0x${hex.slice(0, keep)}${middle}${hex.slice(40 - keep)}`);
}

/** True when two different addresses share their first and last four hex digits. */
export function looksAlike(a: Address, b: Address): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  const keep = LOOKALIKE_VISIBLE_DIGITS;
  return x !== y && x.slice(2, 2 + keep) === y.slice(2, 2 + keep) && x.slice(-keep) === y.slice(-keep);
}
