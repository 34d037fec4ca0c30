import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, ND, isUsdcOf, pointer } from '../helpers.js';
import { parseExact } from '../exact-decimal.js';

type Entry = CatalogEntryOf<'x402_final_total_delta_guard'>;
export type FinalTotalInput = RequestOf<Entry>;
export type FinalTotalResult = ResultOf<Entry>;
type Decision = FinalTotalResult['decision'];
type ItemChange = FinalTotalResult['item_changes'][number];
type LineItems = FinalTotalInput['approved']['line_items'];

/** Signed atomic (6 decimals) to a signed decimal string. */
const signedDecimal = (atomic: bigint) => (atomic < 0n ? `-${AMT.toDecimal(-atomic)}` : AMT.toDecimal(atomic));

interface Total {
  atomic: bigint;
  currency: string;
}

/** The final total in 6-decimal atomic units, or why it cannot be compared (an asset other than the network's USDC). */
function finalTotal(final: FinalTotalInput['final'], flags: Set<string>): Total | { incomparable: string } {
  const currency = final.currency.toUpperCase();
  if (final.amount !== undefined) return { atomic: AMT.toAtomic(final.amount)!, currency };
  const nd = ND(final.network!);
  if (!nd.known) flags.add('unknown_network');
  const usdc = ASSET(nd.network);
  if (!usdc || !(final.asset!.toUpperCase() === 'USDC' || isUsdcOf(nd.network, final.asset!))) {
    flags.add('unknown_asset');
    return { incomparable: `the final asset ${final.asset} on ${nd.network} is not a USDC in the reference data, so its unit and decimals are unknown` };
  }
  if (currency !== 'USDC' && currency !== 'USD') return { incomparable: `the final total is paid in USDC but stated in ${final.currency}` };
  return { atomic: BigInt(final.amount_atomic!), currency: 'USDC' };
}

/** Whether the two currencies compare, and the assumption that made them (USD/USDC parity). */
function comparable(approved: string, final: string, parity: boolean, assumptions: string[]): string | null {
  if (approved === final) return null;
  const dollars = new Set([approved, final]);
  if (dollars.has('USD') && dollars.has('USDC') && dollars.size === 2) {
    if (!parity) return `the approved total is in ${approved} and the final one in ${final}, and usd_usdc_parity is false`;
    assumptions.push('1 USDC = 1 USD (usd_usdc_parity): the USD and USDC totals were compared at par.');
    return null;
  }
  return `the approved total is in ${approved} and the final one in ${final}`;
}

/** max(abs, floor(approved · pct / 100)), exact: pct is read from its shortest decimal text. */
function tolerance(approved: bigint, tol: FinalTotalInput['tolerance']): bigint {
  const abs = AMT.toAtomic(tol.abs)!;
  const pct = parseExact(String(tol.pct))!;
  const share = (approved * pct.n) / (100n * 10n ** BigInt(pct.scale));
  return abs > share ? abs : share;
}

interface Side {
  amount: bigint;
  pointer: string;
  label: string;
}

/** Line items by case-folded label (whitespace collapsed); items sharing a label are summed and flagged. */
function byLabel(items: NonNullable<LineItems>, side: 'approved' | 'final', flags: Set<string>): Map<string, Side> {
  const map = new Map<string, Side>();
  items.forEach((item, i) => {
    const key = item.label.replace(/\s+/g, ' ').toLowerCase();
    const amount = AMT.toAtomic(item.amount)!;
    const seen = map.get(key);
    if (seen) {
      flags.add('duplicate_line_label');
      seen.amount += amount;
    } else map.set(key, { amount, pointer: pointer(side, 'line_items', i), label: item.label });
  });
  return map;
}

function itemChanges(approved: NonNullable<LineItems>, final: NonNullable<LineItems>, flags: Set<string>): ItemChange[] {
  const before = byLabel(approved, 'approved', flags);
  const after = byLabel(final, 'final', flags);
  const changes: ItemChange[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (!now) changes.push({ label: was.label, change: 'removed', before: AMT.toDecimal(was.amount), after: null, pointer: was.pointer });
    else if (now.amount !== was.amount) changes.push({ label: was.label, change: 'changed', before: AMT.toDecimal(was.amount), after: AMT.toDecimal(now.amount), pointer: now.pointer });
  }
  for (const [key, now] of after) if (!before.has(key)) changes.push({ label: now.label, change: 'added', before: null, after: AMT.toDecimal(now.amount), pointer: now.pointer });
  return changes;
}

/** A side whose items do not add up to its total hides part of the price outside the items. */
function checkItemSum(items: LineItems, total: bigint | null, flag: string, flags: Set<string>): void {
  if (!items || items.length === 0 || total === null) return;
  if (items.reduce((sum, item) => sum + AMT.toAtomic(item.amount)!, 0n) !== total) flags.add(flag);
}

const NEXT_ACTION: Record<Decision, string> = {
  block: 'Do not sign. The final total is far outside what was approved (or in another currency): go back to the merchant or the human with the item changes before paying.',
  requires_reconfirmation: 'Do not sign yet: show the human (or the policy) the new total and the item changes, and sign only after a fresh approval of the final amount.',
  within_tolerance: 'The final total is within the approved tolerance: sign it, and keep the delta with the receipt.',
};

const LIMITATIONS = [
  'Totals are compared as stated; the tool cannot see whether the merchant will charge more after signing.',
  'Only USD and USDC (on networks with a USDC row in the reference data) can be compared; USD and USDC are at par only under usd_usdc_parity.',
  'Line items are matched by their case-folded label only; a renamed item shows as removed plus added.',
];

/** x402-final-total-delta-guard (design sheet §37). */
export function analyzeFinalTotal(input: FinalTotalInput): ToolOutput<FinalTotalResult> {
  const flags = new Set<string>();
  const assumptions: string[] = [];
  const approved = AMT.toAtomic(input.approved.amount)!;
  const final = finalTotal(input.final, flags);
  const mismatch = 'incomparable' in final ? final.incomparable : comparable(input.approved.currency, final.currency, input.usd_usdc_parity, assumptions);
  const tol = tolerance(approved, input.tolerance);
  const delta = mismatch === null && !('incomparable' in final) ? final.atomic - approved : null;
  if (mismatch !== null) flags.add('currency_mismatch');
  if (delta !== null && delta < 0n) flags.add('final_below_approved');

  const [approvedItems, finalItems] = [input.approved.line_items ?? [], input.final.line_items ?? []];
  const changes = approvedItems.length > 0 || finalItems.length > 0 ? itemChanges(approvedItems, finalItems, flags) : [];
  for (const change of changes) flags.add(`item_${change.change}`);
  checkItemSum(input.approved.line_items, approved, 'approved_items_do_not_sum', flags);
  checkItemSum(input.final.line_items, 'incomparable' in final ? null : final.atomic, 'final_items_do_not_sum', flags);

  const decision: Decision = mismatch !== null || delta! > 2n * tol ? 'block' : delta! > tol ? 'requires_reconfirmation' : 'within_tolerance';
  if (decision !== 'within_tolerance' && delta !== null) flags.add(decision === 'block' ? 'delta_above_twice_tolerance' : 'delta_above_tolerance');
  const confidence = approvedItems.length > 0 && finalItems.length > 0 ? 'high' : 'medium';
  const deltaPct = delta === null || approved === 0n ? null : `${delta < 0n ? '-' : ''}${AMT.ratio((delta < 0n ? -delta : delta) * 100n, approved)}`;

  const when = input.approved.approved_at === undefined ? '' : ` (approved ${input.approved.approved_at})`;
  const measured = mismatch !== null ? `currencies cannot be compared: ${mismatch}` : `final ${signedDecimal(approved + delta!)} vs approved ${input.approved.amount}${when}, delta ${signedDecimal(delta!)} (${deltaPct ?? 'n/a'}%) against a tolerance of ${AMT.toDecimal(tol)}`;
  const counted = changes.length === 0 ? 'no line item changes' : `${changes.length} line item change${changes.length === 1 ? '' : 's'} (${changes.map((c) => `${c.label} ${c.change}`).join(', ')})`;
  const summary = `${decision.replaceAll('_', ' ')}: ${measured}; ${counted}.`;
  const limitations = [...LIMITATIONS];
  if (confidence === 'medium') limitations.push('Line items are missing on at least one side, so the reason for the delta could not be itemized.');
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      delta_atomic: delta === null ? null : delta.toString(),
      delta_decimal: delta === null ? null : signedDecimal(delta),
      delta_pct: deltaPct,
      tolerance_atomic: tol.toString(),
      item_changes: changes,
      assumptions,
    },
  );
}
