import { type AbiFunction, type AbiParameter, type Hex, toFunctionSelector } from 'viem';
import { ARTIFACTS } from '../artifacts/index.js';

/** Etherscan's `functionName`, e.g. "transfer(address to, uint256 value)", for every function the devnet's contracts have. */
const NAMES = new Map<Hex, string>();
for (const artifact of Object.values(ARTIFACTS)) {
  for (const fn of artifact.abi.filter((item): item is AbiFunction => item.type === 'function')) {
    const selector = toFunctionSelector(fn);
    if (!NAMES.has(selector)) NAMES.set(selector, `${fn.name}(${fn.inputs.map(describe).join(', ')})`);
  }
}

function typeOf(parameter: AbiParameter): string {
  if (!parameter.type.startsWith('tuple')) return parameter.type;
  const components = 'components' in parameter ? parameter.components : [];
  return `(${components.map(typeOf).join(',')})${parameter.type.slice('tuple'.length)}`;
}

function describe(parameter: AbiParameter): string {
  return parameter.name ? `${typeOf(parameter)} ${parameter.name}` : typeOf(parameter);
}

/** The first four bytes of a transaction's input, "0x" when it has none. */
export function methodIdOf(input: Hex): Hex {
  return input.length >= 10 ? (input.slice(0, 10).toLowerCase() as Hex) : '0x';
}

/** The called function's signature with argument names; "" for a plain transfer or an unknown selector. */
export function functionNameOf(input: Hex): string {
  return NAMES.get(methodIdOf(input)) ?? '';
}
