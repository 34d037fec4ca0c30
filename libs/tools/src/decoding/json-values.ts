import type { DecodedArgument } from '@paysight/contracts';
import { getAddress, type AbiParameter } from 'viem';
import { canonicalType } from './signature.js';

/** `uint256[2][]` -> element type `uint256[2]`; null when the type is not an array. */
function arrayElement(parameter: AbiParameter): AbiParameter | null {
  const match = /^(.*)\[\d*\]$/.exec(parameter.type);
  return match ? ({ ...parameter, type: match[1]! } as AbiParameter) : null;
}

/**
 * A decoded ABI value as JSON-friendly data: integers as decimal strings, addresses checksummed,
 * bytes as lower-case hex, tuples as objects keyed by component name (position when unnamed).
 */
export function toJsonValue(parameter: AbiParameter, value: unknown): unknown {
  const element = arrayElement(parameter);
  if (element) return (value as readonly unknown[]).map((item) => toJsonValue(element, item));
  const components = 'components' in parameter ? parameter.components : undefined;
  if (components) {
    return Object.fromEntries(
      components.map((component, i) => {
        const field = Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[component.name ?? String(i)];
        return [component.name || String(i), toJsonValue(component, field)];
      }),
    );
  }
  if (parameter.type === 'address') return getAddress(value as string);
  if (/^u?int\d*$/.test(parameter.type)) return String(value);
  if (parameter.type.startsWith('bytes')) return (value as string).toLowerCase();
  return value;
}

/** Named, typed, JSON-friendly arguments for the result. */
export function toDecodedArguments(parameters: readonly AbiParameter[], values: readonly unknown[]): DecodedArgument[] {
  return parameters.map((parameter, i) => ({ name: parameter.name || null, type: canonicalType(parameter), value: toJsonValue(parameter, values[i]) }));
}
