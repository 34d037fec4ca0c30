import type { Address } from 'viem';
import type { TokenTransfer } from './transfers.js';

/** What one payer paid a payee. */
export interface PayerStats {
  payer: Address;
  payments: number;
  volume: bigint;
}

/** `part / whole` as a number with six decimals; 0 when there is no whole. */
export const share = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 1_000_000);

/** The payers of some payments, the largest by volume first (ties by address). O(n log n). */
export function payerStats(payments: readonly TokenTransfer[]): PayerStats[] {
  const byPayer = new Map<Address, PayerStats>();
  for (const p of payments) {
    const s = byPayer.get(p.from) ?? { payer: p.from, payments: 0, volume: 0n };
    s.payments += 1;
    s.volume += p.amount;
    byPayer.set(p.from, s);
  }
  return [...byPayer.values()].sort((a, b) => (a.volume === b.volume ? a.payer.localeCompare(b.payer) : a.volume > b.volume ? -1 : 1));
}

/** Herfindahl-Hirschman index of the payers' shares of volume: 1/k for k equal payers, 1 for one. */
export function volumeHhi(payers: readonly PayerStats[], volume: bigint): number {
  return payers.reduce((sum, p) => sum + share(p.volume, volume) ** 2, 0);
}

/** The amounts paid, the most frequent first (ties: the smaller amount first). */
export function pricePoints(payments: readonly TokenTransfer[]): { amount: bigint; payments: number }[] {
  const counts = new Map<bigint, number>();
  for (const p of payments) counts.set(p.amount, (counts.get(p.amount) ?? 0) + 1);
  return [...counts.entries()].map(([amount, count]) => ({ amount, payments: count })).sort((a, b) => b.payments - a.payments || (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
}

/** The most frequent amount, or null without payments. */
export const modalAmount = (payments: readonly TokenTransfer[]): bigint | null => pricePoints(payments)[0]?.amount ?? null;
