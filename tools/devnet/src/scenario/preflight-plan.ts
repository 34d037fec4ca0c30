import type { Address } from 'viem';
import { devnetAccount } from '../accounts.js';
import { lookalikeAddress } from './lookalike.js';
import type { Step } from './types.js';
import { usdc } from './step-builders.js';

/**
 * Payees for the payment preflight: an established seller paid over x402 by several buyers, and a payee
 * that has never been used. The risk storylines supply the sanctioned (lazarus) and mixer payees.
 */
export const PREFLIGHT_BUYERS = ['sellerBuyer1', 'sellerBuyer2', 'sellerBuyer3', 'sellerBuyer4', 'sellerBuyer5'] as const;
export const PREFLIGHT_WALLETS = ['establishedSeller', 'freshPayee', ...PREFLIGHT_BUYERS] as const;

/** Nobody holds its key and it never transacts: the address a poisoner would hand out instead of the seller's. */
export function preflightImpersonated(): Record<'sellerLookalike', Address> {
  return { sellerLookalike: lookalikeAddress(devnetAccount('establishedSeller').address, 'establishedSeller') };
}


/** Each buyer gets USDC and pays the seller twice for calls over x402 (EIP-3009, settled by the facilitator), weeks apart. */
export function preflightSteps(): Step[] {
  const pay = (round: number, daysAgo: number) =>
    PREFLIGHT_BUYERS.map((buyer, i): Step => ({
      name: `${buyer}-pays-established-seller-${round}`,
      kind: 'usdc-authorization',
      from: 'facilitator',
      payer: buyer,
      to: 'establishedSeller',
      amount: usdc('0.25'),
      daysAgo: daysAgo - i / 4,
    }));
  return [
    ...PREFLIGHT_BUYERS.map((buyer): Step => ({ name: `mint-usdc-${buyer}`, kind: 'token-mint', from: 'faucet', token: 'usdc', to: buyer, amount: usdc('20'), daysAgo: 27 })),
    ...pay(1, 25),
    ...pay(2, 6),
  ];
}
