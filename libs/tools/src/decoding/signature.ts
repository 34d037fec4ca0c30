import { keccak256, parseAbiItem, slice, toBytes, type Abi, type AbiFunction, type AbiParameter, type Hex } from 'viem';

export type AbiError = Extract<Abi[number], { type: 'error' }>;

/** A function or custom error, the two things a 4-byte selector names. */
export type SelectorItem = AbiFunction | AbiError;
export type SelectorKind = SelectorItem['type'];

/**
 * Parses one human-readable signature, `function transfer(address to, uint256 value)` or
 * `error CounterUnderflow(address caller)` (viem's human-readable ABI syntax; inline tuples allowed).
 */
export function parseSignature(text: string): SelectorItem {
  const item = parseAbiItem(text.trim());
  if (item.type !== 'function' && item.type !== 'error') throw new Error(`not a function or error signature: ${text}`);
  return item;
}

function componentsOf(parameter: AbiParameter): readonly AbiParameter[] | undefined {
  return 'components' in parameter ? parameter.components : undefined;
}

/** Canonical type with tuples written out: `(address,uint256)[]`. */
export function canonicalType(parameter: AbiParameter): string {
  const components = componentsOf(parameter);
  return components ? `(${components.map(canonicalType).join(',')})${parameter.type.slice('tuple'.length)}` : parameter.type;
}

/** The canonical type-only form the selector is hashed from: `transfer(address,uint256)`. */
export function canonicalSignature(item: SelectorItem): string {
  return `${item.name}(${item.inputs.map(canonicalType).join(',')})`;
}

/** First four bytes of keccak256 of the canonical signature; the same rule for functions and errors. */
export function selectorOf(item: SelectorItem): Hex {
  return slice(keccak256(toBytes(canonicalSignature(item))), 0, 4);
}

function formatParameter(parameter: AbiParameter): string {
  const components = componentsOf(parameter);
  const type = components ? `(${components.map(formatParameter).join(', ')})${parameter.type.slice('tuple'.length)}` : parameter.type;
  return parameter.name ? `${type} ${parameter.name}` : type;
}

/** One normalized human-readable line with parameter names, without mutability or return values. */
export function formatSignature(item: SelectorItem): string {
  return `${item.type} ${item.name}(${item.inputs.map(formatParameter).join(', ')})`;
}
