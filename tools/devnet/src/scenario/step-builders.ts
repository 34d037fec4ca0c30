import { PAYMENT } from '@paysight/contracts';
import { parseUnits } from 'viem';
import type { Step } from './types.js';

/** A USDC amount in atomic units. */
export const usdc = (amount: string) => parseUnits(amount, PAYMENT.decimals);

/** A plain USDC transfer between two scenario wallets, `daysAgo` before the scenario's end when given. */
export function usdcTransfer(name: string, from: string, to: string, amount: string, daysAgo?: number): Step {
  return { name, kind: 'token-transfer', from, token: 'usdc', to, amount: usdc(amount), ...(daysAgo !== undefined && { daysAgo }) };
}
