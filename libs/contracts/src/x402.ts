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
  /**
   * The lifetime the official client gives an authorization (validBefore = now + this): the window in
   * which a signed payment is a bearer instrument. Long enough for the slowest tool and a settlement
   * mined on Base before validBefore; no longer (docs/paying.md, "How long a signed payment lives").
   */
  maxTimeoutSeconds: 120,
  mimeType: 'application/json',
} as const;
