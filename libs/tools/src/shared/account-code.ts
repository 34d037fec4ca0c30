import { getAddress, type Address, type Hex } from 'viem';
import { EIP1967_SLOTS } from '../wallet/evidence/events.js';

export type AccountKind = 'eoa' | 'contract' | 'delegated_eoa';

export interface AccountCode {
  kind: AccountKind;
  /** Bytes of code at the address. */
  size: number;
  /** EIP-7702 delegation target when kind is delegated_eoa. */
  delegatedTo: Address | null;
}

/** EIP-7702: an EOA with a delegation carries exactly 0xef0100 followed by the 20-byte target. */
const DELEGATION_PREFIX = '0xef0100';

export function classifyAccountCode(code: Hex | undefined): AccountCode {
  const hex = (code ?? '0x').toLowerCase();
  const size = (hex.length - 2) / 2;
  if (size === 0) return { kind: 'eoa', size, delegatedTo: null };
  if (hex.startsWith(DELEGATION_PREFIX) && size === 23) {
    return { kind: 'delegated_eoa', size, delegatedTo: getAddress(`0x${hex.slice(DELEGATION_PREFIX.length)}`) };
  }
  return { kind: 'contract', size, delegatedTo: null };
}

/** EIP-1167 minimal proxy runtime code around the 20-byte implementation address; the second form is the PUSH0 variant (ERC-7511). */
const MINIMAL_PROXY_FORMS: readonly (readonly [string, string])[] = [
  ['363d3d373d3d3d363d73', '5af43d82803e903d91602b57fd5bf3'],
  ['365f5f375f5f365f73', '5af43d5f5f3e5f3d91602a57fd5bf3'],
];

/** The implementation an EIP-1167 minimal proxy (a clone) forwards every call to; null for any other code. */
export function minimalProxyTarget(code: Hex): Address | null {
  const body = code.toLowerCase().slice(2);
  for (const [prefix, suffix] of MINIMAL_PROXY_FORMS) {
    if (body.length === prefix.length + 40 + suffix.length && body.startsWith(prefix) && body.endsWith(suffix)) return getAddress(`0x${body.slice(prefix.length, prefix.length + 40)}`);
  }
  return null;
}

/** The address in a storage word, when the word holds one (upper 12 bytes zero, not all zero); null otherwise. */
export function addressInWord(word: Hex): Address | null {
  const body = word.toLowerCase().slice(2).padStart(64, '0');
  if (!/^0{24}/.test(body) || /^0{64}$/.test(body)) return null;
  return getAddress(`0x${body.slice(24)}`);
}

export type ProxyShape = 'eip1967' | 'eip1167';

/**
 * The proxy pattern a contract's runtime code shows: an EIP-1167 clone, or an EIP-1967 proxy (its code
 * embeds the implementation or beacon slot as a PUSH32 constant). null when neither shows.
 */
export function proxyShape(code: Hex | undefined): ProxyShape | null {
  const hex = (code ?? '0x').toLowerCase() as Hex;
  if (minimalProxyTarget(hex)) return 'eip1167';
  if (hex.includes(EIP1967_SLOTS.implementation) || hex.includes(EIP1967_SLOTS.beacon)) return 'eip1967';
  return null;
}
