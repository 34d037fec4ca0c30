import type { ReportSection } from '@paysight/contracts';
import { imitatedToken } from '../../../risk/detectors/fake-token.js';
import { isoTime, percent, stablecoinHoldingsMicroUsd, stablecoinMicroUsd, usd } from '../money.js';
import { finding, type SectionBuilder } from './section.js';

const DAY = 86_400n;

/** Stablecoin receipts read as a business: who pays, how often, how much, and where the money goes next. */
export const stablecoinBusinessSection: SectionBuilder = ({ context: { activity, evidence } }): ReportSection => {
  const priced = activity.movements
    .filter((m) => m.direction !== 'self')
    .flatMap((m) => {
      const micro = stablecoinMicroUsd(evidence.chain, activity, m);
      return micro === null ? [] : [{ m, micro }];
    });
  const receipts = priced.filter((p) => p.m.direction === 'in');
  const payouts = priced.filter((p) => p.m.direction === 'out');
  const received = receipts.reduce((s, p) => s + p.micro, 0n);
  const paidOut = payouts.reduce((s, p) => s + p.micro, 0n);

  const byPayer = new Map<string, { address: string; count: number; micro: bigint }>();
  for (const { m, micro } of receipts) {
    const entry = byPayer.get(m.counterparty.toLowerCase()) ?? { address: m.counterparty, count: 0, micro: 0n };
    entry.count += 1;
    entry.micro += micro;
    byPayer.set(m.counterparty.toLowerCase(), entry);
  }
  const payers = [...byPayer.values()].sort((a, b) => (b.micro > a.micro ? 1 : b.micro < a.micro ? -1 : 0));
  const repeat = payers.filter((p) => p.count >= 2);
  const tickets = receipts.map((p) => p.micro).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const destinations = new Map<string, bigint>();
  for (const { m, micro } of payouts) destinations.set(m.counterparty, (destinations.get(m.counterparty) ?? 0n) + micro);
  const mainDestination = [...destinations].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))[0];
  const times = receipts.flatMap((p) => (p.m.timestamp === null ? [] : [p.m.timestamp])).sort((a, b) => (a < b ? -1 : 1));
  const counterfeit = activity.movements.filter((m) => m.direction === 'in' && m.asset !== null && imitatedToken(evidence.chain, m.asset, activity.token(m.asset)));

  const findings = [
    finding('Stablecoin receipts', `${receipts.length} payment(s), ${usd(received)} USD`, 'Canonical USD stablecoins only (USDC, USDT, DAI and the like at their official addresses), at 1 USD per token.'),
    finding('Distinct payers', String(payers.length), payers.length ? `Largest: ${payers[0]!.address}, ${usd(payers[0]!.micro)} USD in ${payers[0]!.count} payment(s).` : null),
    finding(
      'Repeat payers',
      `${repeat.length} of ${payers.length}`,
      repeat.length ? `${percent(repeat.reduce((s, p) => s + p.micro, 0n), received)} of receipts come from payers who paid at least twice.` : null,
    ),
    finding(
      'Ticket size (USD)',
      tickets.length ? `min ${usd(tickets[0]!)}, median ${usd(tickets[Math.floor(tickets.length / 2)]!)}, max ${usd(tickets.at(-1)!)}` : 'no receipts',
      tickets.length ? `Average ${usd(received / BigInt(tickets.length))}.` : null,
    ),
    finding(
      'Payer concentration',
      payers.length ? `top payer ${percent(payers[0]!.micro, received)}, top 3 ${percent(payers.slice(0, 3).reduce((s, p) => s + p.micro, 0n), received)}` : 'no payers',
      payers.length === 1 ? 'A single payer: revenue depends on one customer.' : null,
    ),
    finding(
      'Payout pattern',
      `${payouts.length} payout(s), ${usd(paidOut)} USD to ${destinations.size} destination(s)`,
      payouts.length ? `${percent(paidOut, received)} of receipts paid out; main destination ${mainDestination![0]} (${usd(mainDestination![1])} USD).` : null,
    ),
    finding(
      'Cadence',
      times.length ? `${isoTime(times[0]!)!.slice(0, 10)} to ${isoTime(times.at(-1)!)!.slice(0, 10)}` : 'no dated receipts',
      times.length > 1 ? `One receipt every ${Number(((times.at(-1)! - times[0]!) * 10n) / BigInt(times.length - 1) / DAY) / 10} day(s) on average.` : null,
    ),
    finding('Stablecoins held now', `${usd(stablecoinHoldingsMicroUsd(activity))} USD`, null),
    finding('Counterfeit stablecoin receipts (not counted)', String(counterfeit.length), counterfeit.length ? `Transfers of impostor tokens: ${[...new Set(counterfeit.map((m) => m.asset))].join(', ')}.` : null),
  ];
  return { reportType: 'stablecoin_creator_business_setup', title: 'Stablecoin receipts as a business', findings };
};
