import { formatUnitsCompact, type ChainName } from '@paysight/contracts';
import { knownToken } from '@paysight/datasets';
import { toMicroUsd } from '../../shared/micro-usd.js';
import type { ActivityView } from '../evidence/activity-view.js';
import type { Movement } from '../evidence/movements.js';

/** A movement's value in millionths of a USD when it is a canonical USD stablecoin with known decimals; else null. */
export function stablecoinMicroUsd(chain: ChainName, activity: ActivityView, m: Movement): bigint | null {
  if (m.kind !== 'erc20' || m.asset === null || !knownToken(chain, m.asset)?.usdStablecoin) return null;
  const decimals = activity.token(m.asset).decimals;
  return decimals === null ? null : toMicroUsd(m.amount, decimals);
}

/** Canonical USD stablecoins the wallet holds now, in millionths of a USD. */
export function stablecoinHoldingsMicroUsd(activity: ActivityView): bigint {
  const { chain, snapshot } = activity.evidence;
  return snapshot.tokens.reduce((sum, t) => (t.balance && t.decimals !== null && knownToken(chain, t.address)?.usdStablecoin ? sum + toMicroUsd(t.balance, t.decimals) : sum), 0n);
}

export const isNative = (m: Movement) => m.kind === 'native' || m.kind === 'internal';

export const usd = (micro: bigint) => formatUnitsCompact(micro, 6, 2);

export function percent(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0%';
  return `${Number((part * 1000n) / whole) / 10}%`;
}

export function isoTime(seconds: bigint | null): string | null {
  return seconds === null ? null : new Date(Number(seconds) * 1000).toISOString();
}
