import { getAddress, type Address, type Hex } from 'viem';

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
