import { type Address, type Hex, keccak256, toBytes } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';

export interface DevnetAccount {
  label: string;
  address: Address;
  privateKey: Hex;
}

const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The account for a label: its key is keccak256("paysight-devnet:<label>"), the same on every run. */
export function devnetAccount(label: string): DevnetAccount {
  if (label.trim() === '') throw new Error('a devnet account needs a non-empty label');
  const privateKey = keccak256(toBytes(`paysight-devnet:${label}`));
  const scalar = BigInt(privateKey);
  // Practically unreachable, but a hash outside the curve order is not a usable key.
  if (scalar === 0n || scalar >= SECP256K1_ORDER) throw new Error(`label "${label}" does not give a valid key`);
  return { label, address: privateKeyToAddress(privateKey), privateKey };
}

/** A new random account, for tests that want a wallet nobody else touches. */
export function freshAccount(): DevnetAccount {
  const privateKey = generatePrivateKey();
  return { label: 'fresh', address: privateKeyToAddress(privateKey), privateKey };
}

/** The accounts every consumer of the devnet knows by name. */
export const NAMED_ACCOUNTS = {
  /** Pays for x402 calls in the embedded default: holds USDC and native coin on every chain. */
  demoBuyer: devnetAccount('demoBuyer'),
  /** Receives x402 payments. */
  payee: devnetAccount('payee'),
  /** Submits x402 settlements (EIP-3009 transfers) and pays their gas. */
  facilitator: devnetAccount('facilitator'),
  /** Holds the genesis coin, deploys the scenario's contracts, mints USDC, and serves /fund. */
  faucet: devnetAccount('faucet'),
} as const;

export type NamedAccount = keyof typeof NAMED_ACCOUNTS;
