import type { Address } from 'viem';
import { CHAINS } from './chains.js';

/** The one way Paysight is paid: exact USDC payments on Base through x402. */
export const PAYMENT = {
  scheme: 'exact',
  network: 'eip155:8453',
  networkName: 'base',
  currency: 'USDC',
  displayCurrency: 'USD',
  asset: CHAINS.base.usdc as Address,
  decimals: 6,
  /** EIP-712 domain of USDC, needed by the payer to sign EIP-3009 authorizations. */
  eip712: { name: 'USD Coin', version: '2' },
  maxTimeoutSeconds: 300,
  mimeType: 'application/json',
} as const;
