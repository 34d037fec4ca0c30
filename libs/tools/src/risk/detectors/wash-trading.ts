import type { ChainName, RiskEvidence } from '@paysight/contracts';
import { KNOWN_SPENDERS, wrappedNativeToken } from '@paysight/datasets';
import { zeroAddress } from 'viem';
import type { Movement } from '../../wallet/evidence/movements.js';
import type { Detector } from '../context.js';
import { buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';

/** At least this many round trips with one counterparty in one asset... */
export const WASH_MIN_ROUND_TRIPS = 3;
/** ...each a transfer and its return within this many seconds... */
export const WASH_ROUND_TRIP_WINDOW_SECONDS = 86_400n;
/** ...of the same amount, within this percentage. */
export const WASH_AMOUNT_TOLERANCE_PERCENT = 2n;

export interface RoundTrip {
  first: Movement;
  back: Movement;
}

function assetKey(m: Movement): string {
  if (m.kind === 'native' || m.kind === 'internal') return 'native';
  return m.tokenId === null || m.kind === 'erc20' ? m.asset!.toLowerCase() : `${m.asset!.toLowerCase()}#${m.tokenId}`;
}

const sameAmount = (a: bigint, b: bigint) => (a > b ? a - b : b - a) * 100n <= WASH_AMOUNT_TOLERANCE_PERCENT * (a > b ? a : b);

/** Amounts fall in buckets 2% wide on a log scale; a match within the tolerance lies at most two buckets away. */
const BUCKET_WIDTH = Math.log(1 + Number(WASH_AMOUNT_TOLERANCE_PERCENT) / 100);
const NEIGHBOUR_BUCKETS = [0, -1, 1, -2, 2];
const amountBucket = (amount: bigint) => Math.floor(Math.log(Number(amount)) / BUCKET_WIDTH);

/**
 * Movements that are not trades with a counterparty: mints and burns (the zero address), wrapping and
 * unwrapping the chain's wrapped native coin (value to WETH and back), transfers with a known router or
 * allowance manager, and the legs of a swap (a transaction in which the wallet also moved another asset
 * the other way, as a pool or aggregator swap does).
 */
export function tradeLegs(chain: ChainName, movements: readonly Movement[]): Movement[] {
  const wrapped = wrappedNativeToken(chain).address.toLowerCase();
  const assetsByDirection = new Map<string, Set<string>>();
  for (const m of movements) {
    const key = `${m.transactionHash.toLowerCase()}|${m.direction}`;
    const assets = assetsByDirection.get(key) ?? new Set<string>();
    assets.add(assetKey(m));
    assetsByDirection.set(key, assets);
  }
  const swapLeg = (m: Movement) => {
    const other = assetsByDirection.get(`${m.transactionHash.toLowerCase()}|${m.direction === 'in' ? 'out' : 'in'}`);
    return other !== undefined && [...other].some((asset) => asset !== assetKey(m));
  };
  return movements.filter((m) => {
    if (m.direction === 'self' || m.amount === 0n || m.timestamp === null) return false;
    const counterparty = m.counterparty.toLowerCase();
    return counterparty !== zeroAddress && counterparty !== wrapped && !KNOWN_SPENDERS.find(chain, m.counterparty) && !swapLeg(m);
  });
}

/**
 * Pairs each transfer with the earliest unmatched opposite transfer of about the same amount within the
 * window, per counterparty and asset: a hash join on (counterparty, asset, amount bucket), so the cost
 * grows with the number of movements, not its square.
 */
export function roundTrips(movements: readonly Movement[]): Map<string, RoundTrip[]> {
  const oldestFirst = [...movements].sort((a, b) => (a.blockNumber === b.blockNumber ? (a.logIndex ?? -1) - (b.logIndex ?? -1) : a.blockNumber < b.blockNumber ? -1 : 1));
  /** Unmatched legs by counterparty|asset|direction|bucket, oldest first. */
  const open = new Map<string, Movement[]>();
  const trips = new Map<string, RoundTrip[]>();
  for (const m of oldestFirst) {
    const pair = `${m.counterparty.toLowerCase()}|${assetKey(m)}`;
    const bucket = amountBucket(m.amount);
    let match: { list: Movement[]; index: number } | null = null;
    for (const offset of NEIGHBOUR_BUCKETS) {
      const list = open.get(`${pair}|${m.direction === 'in' ? 'out' : 'in'}|${bucket + offset}`);
      if (!list) continue;
      // Legs older than the window can never pair again.
      while (list.length && m.timestamp! - list[0]!.timestamp! > WASH_ROUND_TRIP_WINDOW_SECONDS) list.shift();
      const index = list.findIndex((o) => sameAmount(o.amount, m.amount));
      if (index >= 0 && (!match || earlier(list[index]!, match.list[match.index]!))) match = { list, index };
    }
    if (match) {
      const [first] = match.list.splice(match.index, 1);
      const found = trips.get(pair) ?? [];
      found.push({ first: first!, back: m });
      trips.set(pair, found);
    } else {
      const key = `${pair}|${m.direction}|${bucket}`;
      const list = open.get(key);
      if (list) list.push(m);
      else open.set(key, [m]);
    }
  }
  return trips;
}

const earlier = (a: Movement, b: Movement) => (a.blockNumber === b.blockNumber ? (a.logIndex ?? -1) < (b.logIndex ?? -1) : a.blockNumber < b.blockNumber);

export const detectWashTrading: Detector = ({ evidence, activity }) => {
  const repeated = [...roundTrips(tradeLegs(evidence.chain, activity.movements)).values()].filter((trips) => trips.length >= WASH_MIN_ROUND_TRIPS);
  if (!repeated.length) return [];
  const items: RiskEvidence[] = repeated.flatMap((trips) =>
    trips.flatMap(({ first, back }) => [
      movementEvidence(first, `Round trip, leg 1: ${describeMovement(first, activity.formatAmount(first))}.`),
      movementEvidence(back, `Round trip, leg 2 (${Math.round(Number(back.timestamp! - first.timestamp!) / 60)} minutes later): ${describeMovement(back, activity.formatAmount(back))}.`),
    ]),
  );
  const summary = repeated.map((trips) => {
    const { first } = trips[0]!;
    return `${trips.length} with ${first.counterparty} in ${activity.assetSymbol(first.asset)}${first.asset ? ` (${first.asset})` : ''}`;
  });
  return [
    buildFlag(
      'wash_trading',
      `The same amounts went to and came back from the same counterparty again and again: ${summary.join('; ')}. Round trips like these inflate volume and activity without any change of ownership.`,
      items,
      [
        `Thresholds: at least ${WASH_MIN_ROUND_TRIPS} round trips per counterparty and asset, each leg within ${Number(WASH_ROUND_TRIP_WINDOW_SECONDS) / 3600} hours and ${WASH_AMOUNT_TOLERANCE_PERCENT}% of the other.`,
        'Not counted: mints and burns, wrapping and unwrapping the wrapped native coin, transfers with known routers and allowance managers, and the legs of swaps (the same transaction moved another asset the other way).',
        'Deposits to and withdrawals from a protocol (lending, staking) of equal amounts can look the same.',
        'Transfers without a known time are not paired.',
      ],
    ),
  ];
};
