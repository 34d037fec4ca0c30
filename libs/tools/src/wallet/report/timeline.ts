import type { AddressHistory } from '@paysight/contracts';
import type { Address } from 'viem';
import { toMicroUsd } from '../../shared/micro-usd.js';

const DAY_SECONDS = 86_400n;

export interface TimelineDay {
  date: string;
  transactions: number;
  nativeIn: bigint;
  nativeOut: bigint;
  /** Native balance at the end of the day. */
  nativeBalance: bigint;
  stablecoinInMicroUsd: bigint;
  stablecoinOutMicroUsd: bigint;
}

export interface TimelineInput {
  wallet: Address;
  history: AddressHistory;
  /** The native balance now (at `nowSeconds`). */
  currentNativeBalance: bigint;
  nowSeconds: bigint;
  /** Stablecoin contracts valued at 1 USD, with their decimals. */
  stablecoins: ReadonlyMap<string, number>;
}

function dayOf(seconds: bigint): string {
  return new Date(Number((seconds / DAY_SECONDS) * DAY_SECONDS) * 1000).toISOString().slice(0, 10);
}

/**
 * One point per UTC day from the first day in the history to today (days without activity included),
 * with native flows, the native balance at the end of each day reconstructed backwards from the current
 * balance (fees of the wallet's own transactions included), and stablecoin flows at 1 USD per token.
 */
export function buildTimeline(input: TimelineInput): TimelineDay[] {
  const wallet = input.wallet.toLowerCase();
  const days = new Map<string, Omit<TimelineDay, 'date' | 'nativeBalance'> & { netNative: bigint }>();
  const day = (seconds: bigint) => {
    const key = dayOf(seconds);
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = { transactions: 0, nativeIn: 0n, nativeOut: 0n, netNative: 0n, stablecoinInMicroUsd: 0n, stablecoinOutMicroUsd: 0n }));
    return entry;
  };
  const moveNative = (seconds: bigint, from: string, to: string | null, value: bigint) => {
    const entry = day(seconds);
    if (to?.toLowerCase() === wallet && from.toLowerCase() !== wallet) {
      entry.nativeIn += value;
      entry.netNative += value;
    } else if (from.toLowerCase() === wallet && to?.toLowerCase() !== wallet) {
      entry.nativeOut += value;
      entry.netNative -= value;
    }
  };

  for (const tx of input.history.transactions) {
    const entry = day(tx.timestamp);
    entry.transactions += 1;
    if (tx.status === 'success') moveNative(tx.timestamp, tx.from, tx.to, tx.value);
    if (tx.from.toLowerCase() === wallet) entry.netNative -= tx.gasUsed * tx.gasPrice;
  }
  for (const internal of input.history.internalTransfers) {
    if (!internal.reverted) moveNative(internal.timestamp, internal.from, internal.to, internal.value);
  }
  for (const transfer of input.history.tokenTransfers) {
    const decimals = input.stablecoins.get(transfer.token.toLowerCase());
    if (decimals === undefined) continue;
    const entry = day(transfer.timestamp);
    const usd = toMicroUsd(transfer.value, decimals);
    if (transfer.to.toLowerCase() === wallet && transfer.from.toLowerCase() !== wallet) entry.stablecoinInMicroUsd += usd;
    else if (transfer.from.toLowerCase() === wallet && transfer.to.toLowerCase() !== wallet) entry.stablecoinOutMicroUsd += usd;
  }
  if (days.size === 0) return [];

  const first = [...days.keys()].sort()[0]!;
  const today = dayOf(input.nowSeconds);
  const dates: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${today}T00:00:00Z`); t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));

  // Walk back from today's balance: the balance at the end of a day is the next day's end balance minus that day's net flow.
  let balance = input.currentNativeBalance;
  const points: TimelineDay[] = [];
  for (const date of dates.reverse()) {
    const entry = days.get(date);
    points.push({
      date,
      transactions: entry?.transactions ?? 0,
      nativeIn: entry?.nativeIn ?? 0n,
      nativeOut: entry?.nativeOut ?? 0n,
      nativeBalance: balance,
      stablecoinInMicroUsd: entry?.stablecoinInMicroUsd ?? 0n,
      stablecoinOutMicroUsd: entry?.stablecoinOutMicroUsd ?? 0n,
    });
    balance -= entry?.netNative ?? 0n;
  }
  return points.reverse();
}
