import type { DecodedArgument } from '@paysight/contracts';
import { decodeFunctionData, encodeFunctionData, slice, type Abi, type AbiFunction, type Hex } from 'viem';
import { toDecodedArguments } from './json-values.js';
import { datasetCandidates } from './selector-dataset.js';
import { canonicalSignature, selectorOf } from './signature.js';

export type MethodSource = 'contract_abi' | 'verified_abi' | 'selector_dataset' | 'none';

export interface DecodedMethod {
  selector: Hex | null;
  name: string | null;
  /** Canonical: transfer(address,uint256). */
  signature: string | null;
  source: MethodSource;
  arguments: DecodedArgument[];
  /** Other data set signatures with the same selector that also decode the input. */
  alternatives: string[];
  /** False when a signature was found but the input does not fit it. */
  argumentsDecoded: boolean;
}

interface Fit {
  item: AbiFunction;
  args: readonly unknown[];
  /** Re-encoding the decoded arguments gives back the input byte for byte. */
  exact: boolean;
}

function fit(item: AbiFunction, input: Hex): Fit | null {
  try {
    const { args = [] } = decodeFunctionData({ abi: [item], data: input });
    const exact = encodeFunctionData({ abi: [item], functionName: item.name, args }).toLowerCase() === input.toLowerCase();
    return { item, args, exact };
  } catch {
    return null;
  }
}

function described(found: Fit, source: MethodSource, selector: Hex, alternatives: string[] = []): DecodedMethod {
  return {
    selector,
    name: found.item.name,
    signature: canonicalSignature(found.item),
    source,
    arguments: toDecodedArguments(found.item.inputs, found.args),
    alternatives,
    argumentsDecoded: true,
  };
}

/** The functions of a recognised contract's ABI that carry this selector. */
function abiFunctions(abi: Abi, selector: Hex): AbiFunction[] {
  return abi.filter((item): item is AbiFunction => item.type === 'function' && selectorOf(item) === selector);
}

/**
 * Names and decodes the call in `input`: with the recognised contract's ABI when it has the
 * selector, otherwise with the data set (`candidates`, the shipped one by default), preferring a
 * signature that re-encodes to the exact input. Returns null for empty input (a plain transfer).
 */
export function decodeMethod(input: Hex, knownAbi: Abi | null, candidates: typeof datasetCandidates = datasetCandidates): DecodedMethod | null {
  if (input === '0x' || input.length <= 2) return null;
  const none = { selector: null, name: null, signature: null, source: 'none' as const, arguments: [], alternatives: [], argumentsDecoded: false };
  if (input.length < 10) return none;
  const selector = slice(input, 0, 4).toLowerCase() as Hex;

  for (const item of knownAbi ? abiFunctions(knownAbi, selector) : []) {
    const found = fit(item, input);
    if (found) return described(found, 'contract_abi', selector);
  }

  const signatures = candidates('function', selector).filter((item): item is AbiFunction => item.type === 'function');
  const fits = signatures.flatMap((item) => fit(item, input) ?? []);
  const preferred = fits.some((f) => f.exact) ? fits.filter((f) => f.exact) : fits;
  const [best, ...others] = preferred;
  if (best) return described(best, 'selector_dataset', selector, others.map((f) => canonicalSignature(f.item)));
  const [named] = signatures;
  if (named) return { ...none, selector, name: named.name, signature: canonicalSignature(named), source: 'selector_dataset' };
  return { ...none, selector };
}
