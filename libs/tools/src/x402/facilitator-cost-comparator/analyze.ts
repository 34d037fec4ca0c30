import { X402_BPS_DENOMINATOR, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, ND, isUsdcOf, resolveAsOf } from '../helpers.js';
import { supportedKinds, supportsKind } from '../supported.js';

type Entry = CatalogEntryOf<'x402_facilitator_cost_comparator'>;
export type FacilitatorCostInput = RequestOf<Entry>;
export type FacilitatorCostResult = ResultOf<Entry>;
type Decision = FacilitatorCostResult['decision'];
type Facilitator = FacilitatorCostInput['facilitators'][number];
type Quote = NonNullable<Facilitator['quote']>;
type Exclusion = FacilitatorCostResult['excluded'][number]['reason'];
type Ranked = FacilitatorCostResult['ranking'][number];

/** The facilitatorFees bps rule: max(minFee, min(maxFee, floor(amount · bps / 10000))), absent bounds not applied. */
export function bpsFee(amount: bigint, quote: Pick<Quote, 'bps' | 'minFee' | 'maxFee'>): bigint {
  let fee = (amount * BigInt(quote.bps ?? 0)) / X402_BPS_DENOMINATOR;
  if (quote.maxFee !== undefined && BigInt(quote.maxFee) < fee) fee = BigInt(quote.maxFee);
  if (quote.minFee !== undefined && BigInt(quote.minFee) > fee) fee = BigInt(quote.minFee);
  return fee;
}

interface Costed {
  index: number;
  facilitator: Facilitator;
  quote: Quote;
  fee: bigint;
  monthly: bigint;
  flags: string[];
}

type Costing = { costed: Costed } | { excluded: Exclusion };

interface PaymentView {
  network: string;
  amount: bigint;
  /** The payment asset as given, or null for the network's default USDC. */
  asset: string | null;
  usdc: boolean;
}

function isUsdc(network: string, asset: string): boolean {
  return asset.trim().toUpperCase() === 'USDC' || isUsdcOf(network, asset);
}

function sameAsset(payment: PaymentView, feeAsset: string): boolean {
  if (payment.usdc && isUsdc(payment.network, feeAsset)) return true;
  if (payment.asset === null) return false;
  const hex = /^0x/i.test(feeAsset) && /^0x/i.test(payment.asset);
  return hex ? feeAsset.toLowerCase() === payment.asset.toLowerCase() : feeAsset === payment.asset;
}

/** The quoted fee of one payment, or why the quote cannot price it. */
function quotedFee(amount: bigint, quote: Quote, flags: string[]): bigint | Exclusion {
  switch (quote.model) {
    case 'flat':
      return quote.flatFee === undefined ? 'quote_incomplete' : BigInt(quote.flatFee);
    case 'bps':
      if (quote.bps === undefined) return 'quote_incomplete';
      if (quote.maxFee === undefined) flags.push('uncapped');
      return bpsFee(amount, quote);
    default:
      if (quote.maxFee === undefined) return 'no_fee_bound';
      flags.push('fee_upper_bound');
      return BigInt(quote.maxFee);
  }
}

function cost(input: FacilitatorCostInput, payment: PaymentView, facilitator: Facilitator, index: number, asOfSeconds: number): Costing {
  const flags: string[] = [];
  if (facilitator.supported === undefined) flags.push('supported_assumed');
  else {
    const kinds = supportedKinds(facilitator.supported);
    if (kinds === null) return { excluded: 'supported_unreadable' };
    if (!supportsKind(kinds, input.payment.x402_version, input.payment.scheme, payment.network)) return { excluded: 'incompatible' };
  }
  const quote = facilitator.quote;
  if (quote === undefined) return { excluded: 'no_fee_quote' };
  if (quote.asset === undefined) flags.push('fee_asset_assumed');
  else if (!sameAsset(payment, quote.asset)) return { excluded: 'fee_asset_differs' };
  const fee = quotedFee(payment.amount, quote, flags);
  if (typeof fee === 'string') return { excluded: fee };
  const total = fee + BigInt(facilitator.extra_fixed_atomic);
  if (quote.expiry !== undefined && quote.expiry <= asOfSeconds) flags.push('quote_expired');
  if (total >= payment.amount) flags.push('fee_exceeds_price');
  const billable = BigInt(Math.max(0, input.payment.monthly_count - facilitator.free_per_month));
  return { costed: { index, facilitator, quote, fee: total, monthly: billable * total, flags: flags.sort() } };
}

/**
 * The smallest payment amount at which bps facilitator b costs at least as much per payment as flat
 * facilitator a (b's fee is non-decreasing in the amount); null when b's maxFee keeps it below.
 * With no bounds and no extras this is the sheet's a* = ceil(F · 10000 / bps).
 */
function breakEven(a: Costed, b: Costed): string | null {
  const target = a.fee - BigInt(b.facilitator.extra_fixed_atomic);
  const min = BigInt(b.quote.minFee ?? '0');
  if (target <= 0n || min >= target) return '0';
  if (b.quote.maxFee !== undefined && BigInt(b.quote.maxFee) < target) return null;
  const bps = BigInt(b.quote.bps!);
  if (bps === 0n) return null;
  return ((target * X402_BPS_DENOMINATOR + bps - 1n) / bps).toString();
}

const NEXT_ACTION: Record<Decision, string> = {
  no_compatible_facilitator: 'No facilitator can both settle this payment kind and price it: get a /supported answer listing the network, scheme and version, and a fee quote in the payment asset, then compare again.',
  tie: 'The two cheapest facilitators cost the same per month: choose on readiness and failure domains (facilitator readiness passport, failover planner), and use the other as fallback.',
  cheapest_found: 'Route this payment size to the first facilitator of the ranking; check break_even before changing the price, since flat and percentage fees swap places there.',
};

const LIMITATIONS = [
  'Quotes and /supported answers are taken as submitted: nothing was fetched and quote signatures were not verified.',
  'Tiered and hybrid quotes are costed at their maxFee, an upper bound (flag fee_upper_bound).',
  'Gas, settlement failures and currency conversion are not modeled; extra_fixed_atomic is the caller\'s estimate of other per-payment costs.',
];

/** x402-facilitator-cost-comparator (design sheet §13): cost per payment and per month, ranking, break-even amounts. */
export function analyzeFacilitatorCost(input: FacilitatorCostInput, context: AnalyzeContext): ToolOutput<FacilitatorCostResult> {
  const { at, as_of } = resolveAsOf(input.as_of, context.now);
  const asOfSeconds = Math.floor(at.getTime() / 1000);
  const nd = ND(input.payment.network);
  const riskFlags = new Set<string>(nd.known ? [] : ['unknown_network']);
  const given = input.payment.asset ?? null;
  const payment: PaymentView = { network: nd.network, amount: BigInt(input.payment.amount_atomic), asset: given, usdc: given === null || isUsdc(nd.network, given) };
  const decimals = payment.usdc ? (ASSET(nd.network)?.decimals ?? 6) : null;

  const costed: Costed[] = [];
  const excluded: FacilitatorCostResult['excluded'] = [];
  input.facilitators.forEach((facilitator, index) => {
    const outcome = cost(input, payment, facilitator, index, asOfSeconds);
    if ('excluded' in outcome) excluded.push({ label: facilitator.label, reason: outcome.excluded });
    else costed.push(outcome.costed);
  });
  costed.sort((x, y) => (x.monthly < y.monthly ? -1 : x.monthly > y.monthly ? 1 : x.index - y.index));

  const ranking: Ranked[] = costed.map((c) => ({
    label: c.facilitator.label,
    fee_per_payment_atomic: c.fee.toString(),
    monthly_cost_atomic: c.monthly.toString(),
    monthly_cost_decimal: decimals === null ? null : AMT.toDecimal(c.monthly, decimals),
    take_rate: AMT.ratio(c.fee, payment.amount),
    flags: c.flags,
  }));
  for (const c of costed) for (const flag of c.flags) riskFlags.add(flag);
  for (const e of excluded) riskFlags.add(`excluded_${e.reason}`);

  const inInputOrder = [...costed].sort((x, y) => x.index - y.index);
  const break_even = inInputOrder
    .filter((a) => a.quote.model === 'flat')
    .flatMap((a) => inInputOrder.filter((b) => b.quote.model === 'bps').map((b) => ({ a: a.facilitator.label, b: b.facilitator.label, amount_atomic: breakEven(a, b) })));

  const decision: Decision = ranking.length === 0 ? 'no_compatible_facilitator' : ranking.length > 1 && costed[0]!.monthly === costed[1]!.monthly ? 'tie' : 'cheapest_found';
  const firm = costed.every((c) => (c.quote.model === 'flat' || (c.quote.model === 'bps' && c.quote.maxFee !== undefined)) && !c.flags.includes('quote_expired'));
  const money = (c: Ranked) => (c.monthly_cost_decimal === null ? `${c.monthly_cost_atomic} atomic units` : `${c.monthly_cost_decimal}`);
  const what = `${input.payment.monthly_count} payments of ${input.payment.amount_atomic} atomic units a month on ${nd.network}`;
  const summary =
    decision === 'no_compatible_facilitator'
      ? `No compatible, priceable facilitator for ${what}: ${excluded.length} excluded (${excluded.map((e) => `${e.label}: ${e.reason}`).join('; ')}).`
      : `${decision === 'tie' ? `Tie between ${ranking[0]!.label} and ${ranking[1]!.label}` : `Cheapest: ${ranking[0]!.label}`} at ${money(ranking[0]!)} a month (take rate ${ranking[0]!.take_rate}) for ${what}; ${ranking.length} ranked, ${excluded.length} excluded.`;
  return x402Answer(
    { decision, confidence: firm ? 'high' : 'medium', summary, riskFlags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] },
    { ranking, break_even, excluded },
    { asOf: as_of },
  );
}
