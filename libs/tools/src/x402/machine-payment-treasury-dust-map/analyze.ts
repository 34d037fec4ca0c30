import { X402_CCTP_DOMAINS, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { addExact, compareExact, multiplyExact, parseExact, type ExactDecimal } from '../exact-decimal.js';
import { AMT, ASSET, ND, isUsdcOf, pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_machine_payment_treasury_dust_map'>;
export type DustMapInput = RequestOf<Entry>;
export type DustMapResult = ResultOf<Entry>;
type Decision = DustMapResult['decision'];
type HoldingClass = DustMapResult['map'][number]['class'];
type Route = DustMapResult['sweep_plan'][number]['route'];
type HoldingIn = DustMapInput['holdings'][number];

/** A lookalike: a USDC name on a token that is not the network's canonical USDC. */
const USDC_NAME = /usdc|usd coin/i;
const ZERO: ExactDecimal = { n: 0n, scale: 0 };

interface Valued {
  network: string;
  usdc: boolean;
  value: ExactDecimal | null;
  class: HoldingClass;
  reason: string;
}

/** USD with at most 6 decimals, rounded half-even (comparisons use the exact values). */
const usd = (x: ExactDecimal) => AMT.canonical(AMT.ratio(x.n, 10n ** BigInt(x.scale), 6))!;
const exact = (decimal: string) => parseExact(decimal)!;

/** Steps 1–4: the holding's price (canonical USDC = 1), lookalikes and unpriced tokens set aside, then its value. */
function priced(h: HoldingIn, network: string, flags: Set<string>): Omit<Valued, 'class'> & { class: HoldingClass | null } {
  const usdc = isUsdcOf(network, h.asset);
  const base = { network, usdc, value: null };
  if (!usdc && USDC_NAME.test(h.symbol ?? '')) {
    if (ASSET(network) === null) {
      flags.add('asset_unverifiable');
      return { ...base, class: 'unpriced', reason: `"${h.symbol}" on ${network}, which has no verified USDC row: not valued` };
    }
    return { ...base, class: 'suspicious_token', reason: `"${h.symbol}" is not ${network}'s USDC (${ASSET(network)!.address}): a lookalike, never valued` };
  }
  if (usdc && h.decimals !== undefined && h.decimals !== 6) flags.add('decimals_mismatch');
  const decimals = usdc ? 6 : h.decimals;
  const price = usdc ? '1' : h.price_usd;
  if (decimals === undefined || price === undefined) return { ...base, class: 'unpriced', reason: `no ${price === undefined ? 'price_usd' : 'decimals'}: not valued` };
  return { ...base, value: multiplyExact({ n: BigInt(h.balance_atomic), scale: decimals }, exact(price)), class: null, reason: usdc ? 'canonical USDC at 1 USD' : `at ${price} USD` };
}

function routeOf(network: string, home: string, holdings: readonly Valued[]): Route {
  if (!holdings.every((v) => v.usdc)) return 'swap_out_of_scope';
  return network in X402_CCTP_DOMAINS && home in X402_CCTP_DOMAINS ? 'cctp_to_home' : 'no_cctp_route';
}

const NEXT_ACTION: Record<Decision, string> = {
  suspicious_assets_present: 'Do not sell, bridge or approve the lookalike tokens: treat them as unsolicited and hide them; then sweep the recommended networks.',
  sweep_recommended: 'Sweep the recommended networks to the home network (CCTP for USDC); leave dust in place until more collects.',
  dust_only: 'Only dust off the home network: leave it until it grows past the sweep threshold.',
  tidy: 'Nothing worth moving: the treasury is on its home network or below any sweep worth paying for.',
};

export function analyzeTreasuryDust(input: DustMapInput): ToolOutput<DustMapResult> {
  const flags = new Set<string>();
  const nd = (raw: string) => {
    const n = ND(raw);
    if (!n.known) flags.add('unknown_network');
    return n.network;
  };
  const home = nd(input.policy.home_network);
  const multiple = exact(String(input.policy.dust_multiple));
  const minBatch = exact(input.policy.min_batch_value_usd);
  const costs = new Map<string, ExactDecimal>();
  for (const c of input.sweep_costs) {
    const network = nd(c.network);
    if (costs.has(network)) flags.add('duplicate_sweep_cost');
    else costs.set(network, exact(c.cost_usd));
  }

  const valued: Valued[] = input.holdings.map((h) => {
    const p = priced(h, nd(h.network), flags);
    if (p.class !== null) return { ...p, class: p.class };
    const cost = costs.get(p.network);
    if (p.network === home) return { ...p, class: 'home' };
    if (cost === undefined) flags.add('sweep_cost_missing');
    const dustLine = multiplyExact(multiple, cost ?? ZERO);
    const dust = compareExact(p.value!, dustLine) < 0;
    return { ...p, class: dust ? 'dust' : 'sweepable', reason: `${p.reason}; ${dust ? `below ${usd(dustLine)} (${input.policy.dust_multiple} × sweep cost)` : cost === undefined ? 'no sweep cost known' : `at least ${usd(dustLine)}`}` };
  });

  const byNetwork = new Map<string, { holdings: Valued[]; assets: string[] }>();
  valued.forEach((v, i) => {
    if (v.class !== 'sweepable') return;
    const group = byNetwork.get(v.network) ?? { holdings: [], assets: [] };
    group.holdings.push(v);
    group.assets.push(input.holdings[i]!.asset);
    byNetwork.set(v.network, group);
  });
  const sweepPlan = [...byNetwork].map(([network, group]) => {
    const value = group.holdings.reduce((sum, v) => addExact(sum, v.value!), ZERO);
    const cost = costs.get(network);
    const costLine = multiplyExact(multiple, cost ?? ZERO);
    const threshold = compareExact(minBatch, costLine) >= 0 ? minBatch : costLine;
    const recommended = cost !== undefined && compareExact(value, threshold) >= 0;
    return { network, assets: group.assets, value_usd: usd(value), cost_usd: cost ? usd(cost) : null, threshold_usd: usd(threshold), route: routeOf(network, home, group.holdings), recommended };
  });

  const sumOf = (cls: HoldingClass) => valued.filter((v) => v.class === cls).reduce((sum, v) => addExact(sum, v.value!), ZERO);
  const count = (cls: HoldingClass) => valued.filter((v) => v.class === cls).length;
  const suspicious = count('suspicious_token');
  const decision: Decision = suspicious > 0 ? 'suspicious_assets_present' : sweepPlan.some((s) => s.recommended) ? 'sweep_recommended' : count('dust') > 0 ? 'dust_only' : 'tidy';
  for (const cls of ['dust', 'suspicious_token', 'unpriced'] as const) if (count(cls) > 0) flags.add(cls);
  if (sweepPlan.some((s) => s.recommended && s.route === 'swap_out_of_scope')) flags.add('swap_needed');

  const limitations = [
    'Balances, prices and sweep costs are the caller\'s; nothing is read on chain or from a price feed.',
    'A lookalike is judged by its symbol against the reference USDC address; a token with another name is not checked for impersonation.',
  ];
  if (flags.has('sweep_cost_missing')) limitations.push('Some networks have no sweep cost: their holdings cannot be dust and their sweep is not recommended.');
  const totals = { dust_usd: usd(sumOf('dust')), sweepable_usd: usd(sumOf('sweepable')), suspicious_count: suspicious };
  return x402Answer(
    {
      decision,
      confidence: count('unpriced') === 0 ? 'high' : 'medium',
      summary: `${input.holdings.length} holding(s), home ${home}: ${count('home')} home, ${totals.sweepable_usd} USD sweepable on ${sweepPlan.length} network(s) (${sweepPlan.filter((s) => s.recommended).length} recommended), ${totals.dust_usd} USD dust, ${suspicious} suspicious, ${count('unpriced')} unpriced (${decision}).`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    {
      map: valued.map((v, i) => ({ holding: pointer('holdings', i), network: v.network, asset: input.holdings[i]!.asset, symbol: input.holdings[i]!.symbol ?? null, value_usd: v.value ? usd(v.value) : null, class: v.class, reason: v.reason })),
      sweep_plan: sweepPlan,
      totals,
    },
  );
}
