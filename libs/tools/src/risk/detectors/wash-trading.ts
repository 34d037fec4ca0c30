import type { RiskEvidence } from '@paysight/contracts';
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

/** Pairs each transfer with the earliest unmatched opposite transfer of the same amount within the window, per counterparty and asset. */
export function roundTrips(movements: readonly Movement[]): Map<string, RoundTrip[]> {
  const groups = new Map<string, Movement[]>();
  for (const m of movements) {
    if (m.direction === 'self' || m.amount === 0n || m.timestamp === null) continue;
    const key = `${m.counterparty.toLowerCase()}|${assetKey(m)}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const trips = new Map<string, RoundTrip[]>();
  for (const [key, list] of groups) {
    const open: Movement[] = [];
    const found: RoundTrip[] = [];
    for (const m of [...list].sort((a, b) => (a.blockNumber === b.blockNumber ? (a.logIndex ?? -1) - (b.logIndex ?? -1) : a.blockNumber < b.blockNumber ? -1 : 1))) {
      const i = open.findIndex((o) => o.direction !== m.direction && m.timestamp! - o.timestamp! <= WASH_ROUND_TRIP_WINDOW_SECONDS && sameAmount(o.amount, m.amount));
      if (i >= 0) found.push({ first: open.splice(i, 1)[0]!, back: m });
      else open.push(m);
    }
    if (found.length) trips.set(key, found);
  }
  return trips;
}

export const detectWashTrading: Detector = ({ activity }) => {
  const repeated = [...roundTrips(activity.movements).values()].filter((trips) => trips.length >= WASH_MIN_ROUND_TRIPS);
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
        'Deposits to and withdrawals from a protocol (lending, staking) of equal amounts can look the same.',
        'Transfers without a known time are not paired.',
      ],
    ),
  ];
};
