import { CHAINS } from '../chains.js';

/**
 * Shared reference data of the x402-* family (design sheet §R), shipped as versioned data: every
 * answer names the version in `metadata.reference_data_version`, so a changed table is visible.
 *
 * Sources, each fact checked against one of them (nothing here is from memory):
 * - CAIP-2 ids and x402 v1 network aliases: design sheet §0 (ND) and @x402/evm's
 *   EVM_NETWORK_CHAIN_ID_MAP (Apache-2.0).
 * - USDC addresses, decimals and EIP-712 name/version: @x402/evm's DEFAULT_ASSETS (Apache-2.0); the
 *   addresses on Ethereum, Base, Polygon, Arbitrum and Optimism are the chain registry's (chains.ts).
 *   Optimism's EIP-712 domain is not in either source, so it is null.
 * - Solana mainnet's USDC mint EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: the sheet's "EPjF…Dt1v",
 *   checked in full against several public codebases that name it the USDC mint (token tables of
 *   Solana wallets and DEX tools); EIP-712, EIP-3009 and EIP-2612 are EVM standards, so null/false.
 * - Avalanche Fuji and Solana devnet have no USDC row: their addresses are only abbreviated in the
 *   design sheet and appear in no source in this repository, so they are not invented.
 *
 * The version names everything in libs/contracts/src/x402/ that an answer depends on. .2 added the
 * data of tools #27–#51: MCP registry and elicitation rules, HTTP caching rules, PII detectors,
 * text lists, the recovery playbook, checkout flow, lifecycle grammar, consent language,
 * merchant-of-record roles, the A2A security and signature fields, the SpendPermissionManager.
 */
export const X402_REFERENCE_DATA_VERSION = 'x402-ref-2026-11-28.2';

export interface X402Network {
  caip2: string;
  /** The x402 v1 / core chain name that ND maps to this id. */
  alias: string;
  namespace: 'eip155' | 'solana';
  testnet: boolean;
}

export const X402_NETWORKS: readonly X402Network[] = [
  { caip2: 'eip155:8453', alias: 'base', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:84532', alias: 'base-sepolia', namespace: 'eip155', testnet: true },
  { caip2: 'eip155:1', alias: 'ethereum', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:11155111', alias: 'sepolia', namespace: 'eip155', testnet: true },
  { caip2: 'eip155:137', alias: 'polygon', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:80002', alias: 'polygon-amoy', namespace: 'eip155', testnet: true },
  { caip2: 'eip155:42161', alias: 'arbitrum', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:10', alias: 'optimism', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:43114', alias: 'avalanche', namespace: 'eip155', testnet: false },
  { caip2: 'eip155:43113', alias: 'avalanche-fuji', namespace: 'eip155', testnet: true },
  { caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', alias: 'solana', namespace: 'solana', testnet: false },
  { caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', alias: 'solana-devnet', namespace: 'solana', testnet: true },
];

export interface X402UsdcAsset {
  /** Contract address (EVM, checksummed) or mint (Solana). */
  address: string;
  decimals: 6;
  /** EIP-712 domain of the token, null where no source in the repository states it. */
  eip712: { name: string; version: string } | null;
  eip3009: boolean;
  eip2612: boolean;
}

/** USDC per CAIP-2 network (the ASSET helper's table). */
export const X402_USDC: Readonly<Record<string, X402UsdcAsset>> = {
  'eip155:8453': { address: CHAINS.base.usdc, decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true, eip2612: true },
  'eip155:84532': { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', decimals: 6, eip712: { name: 'USDC', version: '2' }, eip3009: true, eip2612: true },
  'eip155:1': { address: CHAINS.ethereum.usdc, decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true, eip2612: true },
  'eip155:137': { address: CHAINS.polygon.usdc, decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true, eip2612: true },
  'eip155:42161': { address: CHAINS.arbitrum.usdc, decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true, eip2612: true },
  'eip155:10': { address: CHAINS.optimism.usdc, decimals: 6, eip712: null, eip3009: true, eip2612: true },
  'eip155:43114': { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6, eip712: { name: 'USD Coin', version: '2' }, eip3009: true, eip2612: true },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, eip712: null, eip3009: false, eip2612: false },
};

/**
 * Circle CCTP domain ids of the mainnets that have one (design sheet §R, from Circle's public
 * documentation): the networks between which USDC can be bridged by burn and mint.
 */
export const X402_CCTP_DOMAINS: Readonly<Record<string, number>> = {
  'eip155:1': 0,
  'eip155:43114': 1,
  'eip155:10': 2,
  'eip155:42161': 3,
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 5,
  'eip155:8453': 6,
  'eip155:137': 7,
};
