import type { AddressHistoryResult, CatalogEntryOf, ChainName, RequestOf, SourceCoverage } from '@paysight/contracts';
import type { Address, Hex } from 'viem';

export type AgentWalletProfileRequest = RequestOf<CatalogEntryOf<'agent_wallet_profile'>>;

/** Newest indexed entries read to look for sweeps; a sweeper shows itself in recent deposits. */
export const HISTORY_LIMIT = 100;

/** Storage slots a proxy keeps its target in; each word is read at the head block. */
export const PROXY_SLOTS = {
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1). */
  eip1967_implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  eip1967_beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  eip1967_admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  /** EIP-1822 (UUPS, before EIP-1967): keccak256('PROXIABLE'). */
  eip1822_proxiable: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
  /** Safe's proxy keeps its singleton (master copy) in slot 0. */
  slot0: '0x0000000000000000000000000000000000000000000000000000000000000000',
} as const satisfies Record<string, Hex>;

export type ProxySlot = keyof typeof PROXY_SLOTS;

/** What a Safe proxy answered to Safe's own getters; null for a getter that failed. */
export interface SafeReading {
  masterCopy: Address | null;
  owners: readonly Address[] | null;
  threshold: bigint | null;
  version: string | null;
}

export interface AgentWalletProfileData {
  chain: ChainName;
  address: Address;
  coverage: SourceCoverage;
  head: bigint;
  code: Hex;
  nonce: number;
  /** Proxy slots of a contract; null for an EOA or a delegated account (their storage is the EOA's). */
  slots: Record<ProxySlot, Hex> | null;
  /** implementation() of the beacon in the EIP-1967 beacon slot; null without one or when it failed. */
  beaconImplementation: Address | null;
  /** Safe's getters, asked when slot 0 holds an address; null otherwise. */
  safe: SafeReading | null;
  /** Code of every address the wallet forwards to (implementation, beacon, singleton, EIP-7702 delegate), by lower-case address. */
  targetCode: Readonly<Record<string, Hex>>;
  /** The account's indexed history, read for a delegated account whose delegate is not a known smart account; null when not read. */
  history: AddressHistoryResult | null;
}
