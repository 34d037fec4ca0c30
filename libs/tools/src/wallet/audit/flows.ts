import { CHAINS, formatUnitsCompact, type Counterparty, type Flow, type RiskFlag } from '@paysight/contracts';
import { zeroAddress, type Address } from 'viem';
import { EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS, KNOWN_TOKENS, MIXERS, SANCTIONS_ORACLES, SDN_ADDRESSES, THREAT_ADDRESSES } from '@paysight/datasets';
import type { ActivityView } from '../evidence/activity-view.js';
import type { Movement } from '../evidence/movements.js';
import { isNative, isoTime, stablecoinMicroUsd, usd } from './money.js';

/** Ids of the flags whose evidence cites this movement (its transaction, and its log when the evidence names one). */
function flagsOf(m: Movement, flags: readonly RiskFlag[]): string[] {
  return flags
    .filter((f) => f.evidence.some((e) => e.transactionHash?.toLowerCase() === m.transactionHash.toLowerCase() && (e.logIndex === undefined || e.logIndex === m.logIndex)))
    .map((f) => f.id);
}

export function toFlow(activity: ActivityView, m: Movement, flags: readonly RiskFlag[]): Flow {
  const decimals = m.asset === null ? CHAINS[activity.evidence.chain].nativeDecimals : activity.token(m.asset).decimals;
  return {
    transactionHash: m.transactionHash,
    blockNumber: m.blockNumber.toString(),
    timestamp: isoTime(m.timestamp),
    logIndex: m.logIndex,
    direction: m.direction,
    kind: m.kind,
    asset: { address: m.asset, symbol: m.asset === null ? CHAINS[activity.evidence.chain].nativeSymbol : activity.token(m.asset).symbol },
    amount: m.amount.toString(),
    tokenId: m.tokenId?.toString() ?? null,
    formatted: m.kind === 'erc721' || m.kind === 'erc1155' ? m.amount.toString() : decimals === null ? null : formatUnitsCompact(m.amount, decimals),
    counterparty: m.counterparty,
    flags: flagsOf(m, flags),
  };
}

/** What an address is known as: an entry of a shipped dataset, or a canonical token. */
export function addressLabel(activity: ActivityView, address: Address): string | null {
  if (address === zeroAddress) return 'zero address (mint or burn)';
  const chain = activity.evidence.chain;
  const listed = SDN_ADDRESSES.find(chain, address);
  if (listed) return `OFAC SDN: ${listed.label}`;
  const threat = THREAT_ADDRESSES.find(chain, address);
  if (threat) return `${threat.category}: ${threat.label}`;
  const entry = MIXERS.find(chain, address) ?? KNOWN_SPENDERS.find(chain, address) ?? EIP7702_SMART_ACCOUNTS.find(chain, address) ?? SANCTIONS_ORACLES.find(chain, address);
  if (entry) return entry.label;
  const token = KNOWN_TOKENS[chain].find((t) => t.address.toLowerCase() === address.toLowerCase());
  return token ? `${token.symbol} token contract` : null;
}

export interface Tally {
  address: Address;
  interactions: number;
  first: bigint | null;
  last: bigint | null;
  firstBlock: bigint;
  lastBlock: bigint;
  nativeIn: bigint;
  nativeOut: bigint;
  stableIn: bigint;
  stableOut: bigint;
  hashes: Set<string>;
}

/** Every counterparty with its interactions and value both ways, the most active first (then the most value). */
export function tallyCounterparties(activity: ActivityView): Tally[] {
  const chain = activity.evidence.chain;
  const tallies = new Map<string, Tally>();
  const touch = (address: Address, block: bigint, time: bigint | null, hash: string) => {
    const key = address.toLowerCase();
    const t = tallies.get(key) ?? { address, interactions: 0, first: null, last: null, firstBlock: block, lastBlock: block, nativeIn: 0n, nativeOut: 0n, stableIn: 0n, stableOut: 0n, hashes: new Set<string>() };
    if (!t.hashes.has(hash)) {
      t.hashes.add(hash);
      t.interactions += 1;
    }
    if (block <= t.firstBlock) [t.firstBlock, t.first] = [block, time ?? t.first];
    if (block >= t.lastBlock) [t.lastBlock, t.last] = [block, time ?? t.last];
    tallies.set(key, t);
    return t;
  };
  for (const m of activity.movements) {
    if (m.direction === 'self') continue;
    const t = touch(m.counterparty, m.blockNumber, m.timestamp, m.transactionHash.toLowerCase());
    const stable = stablecoinMicroUsd(chain, activity, m);
    const inbound = m.direction === 'in';
    if (isNative(m)) {
      if (inbound) t.nativeIn += m.amount;
      else t.nativeOut += m.amount;
    } else if (stable !== null) {
      if (inbound) t.stableIn += stable;
      else t.stableOut += stable;
    }
  }
  for (const tx of activity.transactions()) {
    const other = tx.from.toLowerCase() === activity.wallet.toLowerCase() ? tx.to : tx.from;
    if (other && other.toLowerCase() !== activity.wallet.toLowerCase()) touch(other, tx.blockNumber, tx.timestamp, tx.hash.toLowerCase());
  }
  const value = (t: Tally) => t.nativeIn + t.nativeOut;
  return [...tallies.values()].sort((a, b) => b.interactions - a.interactions || (value(b) > value(a) ? 1 : value(b) < value(a) ? -1 : 0));
}

export function toCounterparty(activity: ActivityView, t: Tally, flags: readonly RiskFlag[]): Counterparty {
  return {
    address: t.address,
    label: addressLabel(activity, t.address),
    kind: activity.accountKind(t.address),
    interactions: t.interactions,
    firstSeen: isoTime(t.first),
    lastSeen: isoTime(t.last),
    nativeIn: t.nativeIn.toString(),
    nativeOut: t.nativeOut.toString(),
    stablecoinInUsd: usd(t.stableIn),
    stablecoinOutUsd: usd(t.stableOut),
    flags: flags.filter((f) => f.evidence.some((e) => e.address?.toLowerCase() === t.address.toLowerCase())).map((f) => f.id),
  };
}
