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

export type ProxyShape = 'eip1967' | 'eip1167';

/** EIP-1167 minimal proxy runtime: this prefix, the 20-byte implementation, then EIP1167_SUFFIX. */
const EIP1167_PREFIX = '0x363d3d373d3d3d363d73';
const EIP1167_SUFFIX = '5af43d82803e903d91602b57fd5bf3';

/**
 * The proxy pattern a contract's runtime code shows: an EIP-1167 clone, or an EIP-1967 proxy (its code
 * embeds the implementation or beacon slot as a PUSH32 constant). null when neither shows.
 */
export function proxyShape(code: Hex | undefined): ProxyShape | null {
  const hex = (code ?? '0x').toLowerCase();
  if (hex.startsWith(EIP1167_PREFIX) && hex.endsWith(EIP1167_SUFFIX) && hex.length === EIP1167_PREFIX.length + 40 + EIP1167_SUFFIX.length) return 'eip1167';
  if (hex.includes(EIP1967_SLOTS.implementation) || hex.includes(EIP1967_SLOTS.beacon)) return 'eip1967';
  return null;
}
