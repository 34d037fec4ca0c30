import type { WalletReport } from '@paysight/contracts';
import { balanceLineChart, type DayValue } from './charts/balance-line.js';
import { flowBarsChart, type FlowDay } from './charts/flow-bars.js';
import { horizontalBarsChart, type BarRow } from './charts/horizontal-bars.js';
import { formatUsd, groupDigits, shortDay, shortHex, toNumber, wholeUnits } from '../page/format.js';
import { html, type SafeHtml } from '../page/html.js';

/** How many counterparties the chart shows. */
export const TOP_COUNTERPARTIES = 8;

type Timeline = WalletReport['timeline'];
type Counterparty = WalletReport['counterparties'][number];
type Exposure = WalletReport['exposure'];

/**
 * The four charts: balance over time, exposure, daily flows, top counterparties (paired so that
 * cards of similar height share a row).
 */
export function chartsSection(report: WalletReport): SafeHtml {
  const { timeline } = report;
  const period = timeline.points.length ? `${shortDay(timeline.points[0]!.date)} – ${shortDay(timeline.points[timeline.points.length - 1]!.date)}` : 'no activity recorded';
  const stablecoinDays = stablecoinFlowDays(timeline);
  const hasStablecoinFlows = stablecoinDays.some((d) => toNumber(d.inflow) > 0 || toNumber(d.outflow) > 0);
  return html`<section aria-labelledby="charts-title">
  <h2 id="charts-title" class="section-title">Activity and exposure</h2>
  <div class="charts">
    <figure class="card chart-card" data-figure="balance">
      <figcaption><h3>${timeline.nativeSymbol} balance</h3><p class="muted small">End of each day, ${period}</p></figcaption>
      ${balanceLineChart(balancePoints(timeline), timeline.nativeSymbol)}
    </figure>
    <figure class="card chart-card" data-figure="exposure">
      <figcaption><h3>Exposure</h3><p class="muted small">Stablecoins ${formatUsd(report.exposure.stablecoinBalanceUsd)} in total, drawn to scale; other assets by amount (not priced)${nftNote(report.exposure)}</p></figcaption>
      ${horizontalBarsChart('exposure', 'Token and stablecoin exposure', exposureRows(report.exposure), 'No token holdings')}
    </figure>
    <figure class="card chart-card" data-figure="flows">
      <figcaption><h3>Daily inflow and outflow</h3><p class="muted small"><span class="key key-in"></span>In <span class="key key-out"></span>Out · ${period}</p></figcaption>
      <p class="chart-unit">${timeline.nativeSymbol}</p>
      ${flowBarsChart(nativeFlowDays(timeline), timeline.nativeSymbol)}
      ${
        hasStablecoinFlows
          ? html`<p class="chart-unit">USD stablecoins</p>${flowBarsChart(stablecoinDays, 'USD')}`
          : html`<p class="muted small">No USD stablecoin flows in this period.</p>`
      }
    </figure>
    <figure class="card chart-card" data-figure="counterparties">
      <figcaption><h3>Top counterparties</h3><p class="muted small">By number of interactions${report.counterparties.length > TOP_COUNTERPARTIES ? `, ${TOP_COUNTERPARTIES} of ${report.counterparties.length}` : ''}; red: involved in a risk flag</p></figcaption>
      ${horizontalBarsChart('counterparties', 'Top counterparties by interactions', counterpartyRows(report.counterparties, timeline), 'No counterparties in this period')}
    </figure>
  </div>
</section>`;
}

function balancePoints(timeline: Timeline): DayValue[] {
  return timeline.points.map((p) => ({ date: p.date, value: wholeUnits(p.nativeBalance, timeline.nativeDecimals) ?? '0' }));
}

function nativeFlowDays(timeline: Timeline): FlowDay[] {
  return timeline.points.map((p) => ({
    date: p.date,
    inflow: wholeUnits(p.nativeIn, timeline.nativeDecimals) ?? '0',
    outflow: wholeUnits(p.nativeOut, timeline.nativeDecimals) ?? '0',
  }));
}

function stablecoinFlowDays(timeline: Timeline): FlowDay[] {
  return timeline.points.map((p) => ({ date: p.date, inflow: p.stablecoinInUsd, outflow: p.stablecoinOutUsd }));
}

function counterpartyRows(counterparties: readonly Counterparty[], timeline: Timeline): BarRow[] {
  const native = (wei: string) => `${groupDigits(wholeUnits(wei, timeline.nativeDecimals) ?? wei)} ${timeline.nativeSymbol}`;
  return [...counterparties]
    .sort((a, b) => b.interactions - a.interactions)
    .slice(0, TOP_COUNTERPARTIES)
    .map((c) => ({
      label: c.label ?? shortHex(c.address),
      display: `${c.interactions} interaction${c.interactions === 1 ? '' : 's'}`,
      value: String(c.interactions),
      detail: [
        c.address,
        c.label,
        `${c.kind}; first seen ${c.firstSeen ?? 'unknown'}, last seen ${c.lastSeen ?? 'unknown'}`,
        `in ${native(c.nativeIn)}, out ${native(c.nativeOut)}; stablecoins in ${formatUsd(c.stablecoinInUsd)}, out ${formatUsd(c.stablecoinOutUsd)}`,
        c.flags.length ? `flags: ${c.flags.join(', ')}` : null,
      ]
        .filter((line) => line !== null)
        .join('\n'),
      tone: c.flags.length ? 'alert' : 'accent',
    }));
}

/** Stablecoins first, largest first, on one USD scale; then the native coin and other tokens by amount. */
function exposureRows(exposure: Exposure): BarRow[] {
  const amount = (t: Exposure['tokens'][number]) => t.formatted ?? (t.decimals === null ? null : wholeUnits(t.balance, t.decimals));
  const name = (t: Exposure['tokens'][number]) => t.symbol ?? t.name ?? shortHex(t.address);
  const stablecoins: BarRow[] = exposure.tokens
    .filter((t) => t.isStablecoin)
    .map((t) => ({ token: t, usd: amount(t) ?? '0' }))
    .sort((a, b) => toNumber(b.usd) - toNumber(a.usd))
    .map(({ token, usd }) => ({ label: name(token), display: formatUsd(usd), value: usd, detail: `${token.name ?? name(token)} (${token.address}): ${groupDigits(usd)}`, tone: 'accent' }));
  const native: BarRow = {
    label: `${exposure.native.symbol} (native)`,
    display: `${groupDigits(exposure.native.formatted)} ${exposure.native.symbol}`,
    value: null,
    detail: `${exposure.native.wei} wei`,
    tone: 'muted',
  };
  const others: BarRow[] = exposure.tokens
    .filter((t) => !t.isStablecoin)
    .map((t) => {
      const whole = amount(t);
      return {
        label: name(t),
        display: whole === null ? `${t.balance} units` : `${groupDigits(whole)} ${t.symbol ?? ''}`.trim(),
        value: null,
        detail: `${t.name ?? name(t)} (${t.address}): raw balance ${t.balance}`,
        tone: 'muted',
      };
    });
  return [...stablecoins, native, ...others];
}

function nftNote(exposure: Exposure): string {
  if (exposure.nfts.length === 0) return '';
  const items = exposure.nfts.reduce((sum, n) => sum + n.count, 0);
  return `; also ${items} NFT${items === 1 ? '' : 's'} in ${exposure.nfts.length} collection${exposure.nfts.length === 1 ? '' : 's'}`;
}
