import { CHAINS, formatUnitsCompact, type ReportSection } from '@paysight/contracts';
import { imitatedToken } from '../../../risk/detectors/fake-token.js';
import type { ActivityView } from '../../evidence/activity-view.js';
import type { Movement } from '../../evidence/movements.js';
import { addressLabel, tallyCounterparties, type Tally } from '../flows.js';
import { isNative, isoTime, percent, stablecoinMicroUsd, usd } from '../money.js';
import { finding, type Finding, type SectionBuilder } from './section.js';

const TOP_PARTIES = 3;

/** Where the money comes from and where it goes: native and stablecoin totals, main sources and destinations, first funding, flagged flows. */
export const moneyMapSection: SectionBuilder = ({ context: { activity, evidence }, flags }): ReportSection => {
  const chain = CHAINS[evidence.chain];
  const native = (wei: bigint) => `${formatUnitsCompact(wei, chain.nativeDecimals)} ${chain.nativeSymbol}`;
  const moves = activity.movements.filter((m) => m.direction !== 'self');
  const sum = (list: Movement[], pick: (m: Movement) => bigint | null) => list.reduce((s, m) => s + (pick(m) ?? 0n), 0n);
  const nativeOf = (m: Movement) => (isNative(m) ? m.amount : null);
  const stableOf = (m: Movement) => stablecoinMicroUsd(evidence.chain, activity, m);
  const inbound = moves.filter((m) => m.direction === 'in');
  const outbound = moves.filter((m) => m.direction === 'out');
  const [nativeIn, nativeOut, stableIn, stableOut] = [sum(inbound, nativeOf), sum(outbound, nativeOf), sum(inbound, stableOf), sum(outbound, stableOf)];
  const tallies = tallyCounterparties(activity);

  const findings: Finding[] = [
    finding('Native coin in', native(nativeIn), `${inbound.filter(isNative).length} transfer(s) from ${new Set(inbound.filter(isNative).map((m) => m.counterparty)).size} source(s).`),
    finding('Native coin out', native(nativeOut), `${outbound.filter(isNative).length} transfer(s) to ${new Set(outbound.filter(isNative).map((m) => m.counterparty)).size} destination(s).`),
    finding('Stablecoins in / out', `${usd(stableIn)} / ${usd(stableOut)} USD`, 'Canonical USD stablecoins only, at 1 USD per token.'),
    finding('Main sources', parties(activity, tallies, 'in', nativeIn, stableIn, native), null),
    finding('Main destinations', parties(activity, tallies, 'out', nativeOut, stableOut, native), null),
    firstFunding(activity, inbound, native),
    flaggedFlows(moves, flags.filter((f) => f.weight > 0)),
    otherAssets(activity, moves),
  ];
  return { reportType: 'wallet_money_map', title: 'Money map: where the money comes from and where it goes', findings };
};

function parties(activity: ActivityView, tallies: Tally[], direction: 'in' | 'out', nativeTotal: bigint, stableTotal: bigint, native: (wei: bigint) => string): string {
  const pick = (t: Tally) => (direction === 'in' ? [t.nativeIn, t.stableIn] : [t.nativeOut, t.stableOut]) as [bigint, bigint];
  const ranked = tallies
    .filter((t) => pick(t)[0] > 0n || pick(t)[1] > 0n)
    .sort((a, b) => {
      const [an, as] = pick(a);
      const [bn, bs] = pick(b);
      return bn !== an ? (bn > an ? 1 : -1) : bs > as ? 1 : bs < as ? -1 : 0;
    })
    .slice(0, TOP_PARTIES);
  if (!ranked.length) return 'none seen';
  return ranked
    .map((t) => {
      const [n, s] = pick(t);
      const label = addressLabel(activity, t.address);
      const shares = [n > 0n ? `${native(n)} (${percent(n, nativeTotal)})` : null, s > 0n ? `${usd(s)} USD (${percent(s, stableTotal)})` : null].filter(Boolean).join(', ');
      return `${t.address}${label ? ` [${label}]` : ''}: ${shares}`;
    })
    .join('; ');
}

function firstFunding(activity: ActivityView, inbound: Movement[], native: (wei: bigint) => string): Finding {
  const first = inbound.filter(isNative).at(-1);
  if (!first) return finding('First funding', 'not seen', activity.indexed ? 'No native coin was received in the history read.' : 'Native transfers need the indexed history, which was unavailable.');
  return finding('First funding', `${native(first.amount)} from ${first.counterparty}`, `Transaction ${first.transactionHash}${first.timestamp === null ? '' : ` at ${isoTime(first.timestamp)}`}.`);
}

function flaggedFlows(moves: Movement[], flags: { id: string; evidence: { transactionHash?: string }[] }[]): Finding {
  const hashes = new Map<string, Set<string>>();
  for (const f of flags) for (const e of f.evidence) if (e.transactionHash) hashes.set(e.transactionHash.toLowerCase(), (hashes.get(e.transactionHash.toLowerCase()) ?? new Set()).add(f.id));
  const touched = moves.filter((m) => hashes.has(m.transactionHash.toLowerCase()));
  if (!touched.length) return finding('Flows behind risk flags', 'none', null);
  const ids = [...new Set(touched.flatMap((m) => [...hashes.get(m.transactionHash.toLowerCase())!]))];
  return finding('Flows behind risk flags', `${touched.length} of ${moves.length} flow(s)`, `Cited by: ${ids.join(', ')}.`);
}

function otherAssets(activity: ActivityView, moves: Movement[]): Finding {
  const tokens = moves.filter((m) => !isNative(m) && stablecoinMicroUsd(activity.evidence.chain, activity, m) === null);
  const assets = [...new Set(tokens.map((m) => m.asset!))];
  const named = assets.map((a) => `${activity.assetSymbol(a)} (${a}${imitatedToken(activity.evidence.chain, a, activity.token(a)) ? ', counterfeit' : ''})`);
  return finding('Other tokens and NFTs moved', tokens.length ? `${tokens.length} transfer(s) of ${assets.length} asset(s)` : 'none', named.length ? named.slice(0, 10).join(', ') : null);
}
