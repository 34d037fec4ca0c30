import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ASSET, ND, isUsdcOf } from '../helpers.js';
import { compareExact, formatExact, integerPart, parseExact, shift, subtractExact, type ExactDecimal } from '../exact-decimal.js';
import { readDisplay, type Display } from '../money-text.js';

type Entry = CatalogEntryOf<'x402_price_display_unit_sanity_checker'>;
export type PriceDisplayInput = RequestOf<Entry>;
export type PriceDisplayResult = ResultOf<Entry>;
type Decision = PriceDisplayResult['decision'];
type Item = PriceDisplayInput['items'][number];
type ItemResult = PriceDisplayResult['items'][number];
type Status = ItemResult['status'];

/** Most serious first: an item reports the first status that applies (the result schema's order). */
const PRECEDENCE: readonly Status[] = ['decimals_wrong', 'decimal_field_mismatch', 'decimal_shift', 'mismatch', 'unknown_asset', 'ambiguous', 'rounding_hides_difference', 'ok'];
const UNIT_ERRORS: ReadonlySet<Status> = new Set(['decimals_wrong', 'decimal_field_mismatch', 'decimal_shift', 'mismatch']);

const isPowerOfTen = (q: bigint) => /^10*$/.test(q.toString());

/** k when implied = display · 10^k exactly (k ≠ 0 possible), else null. Both positive. */
function powerOfTenShift(implied: ExactDecimal, display: ExactDecimal): number | null {
  const a = implied.n * 10n ** BigInt(display.scale);
  const b = display.n * 10n ** BigInt(implied.scale);
  if (a % b === 0n && isPowerOfTen(a / b)) return (a / b).toString().length - 1;
  if (b % a === 0n && isPowerOfTen(b / a)) return -((b / a).toString().length - 1);
  return null;
}

/** implied rounded half-up to the display's precision equals the display. */
function roundsTo(implied: ExactDecimal, display: Display): boolean {
  const scaled = shift(implied, -display.ulp);
  const { whole } = integerPart(scaled);
  const unit = 10n ** BigInt(scaled.scale);
  const rounded = (scaled.n % unit) * 2n >= unit ? whole + 1n : whole;
  return compareExact({ n: rounded, scale: 0 }, shift(display.value, -display.ulp)) === 0;
}

interface Finding {
  statuses: Set<Status>;
  notes: string[];
  decimals: number | null;
  implied: ExactDecimal | null;
  display: Display | null;
  shift: number | null;
  inAsset: boolean;
}

function decimalsOf(item: Item, network: string, finding: Finding): number | null {
  const usdc = ASSET(network);
  const known = usdc !== null && (item.asset.trim().toUpperCase() === 'USDC' || isUsdcOf(network, item.asset)) ? usdc.decimals : null;
  finding.inAsset = known !== null;
  if (known !== null && item.declared_decimals !== undefined && item.declared_decimals !== known) {
    finding.statuses.add('decimals_wrong');
    finding.notes.push(`declared_decimals ${item.declared_decimals} but the asset has ${known}`);
  }
  return known ?? item.declared_decimals ?? null;
}

function impliedOf(item: Item, decimals: number | null, finding: Finding): ExactDecimal | null {
  const given = item.amount_decimal === undefined ? null : parseExact(item.amount_decimal);
  if (item.amount_atomic === undefined) {
    if (given && decimals !== null && integerPart(shift(given, decimals)).fractional) {
      finding.statuses.add('decimal_field_mismatch');
      finding.notes.push(`amount_decimal has more fraction digits than the asset's ${decimals} decimals`);
    }
    return given;
  }
  if (decimals === null) {
    finding.statuses.add('unknown_asset');
    finding.notes.push('the asset is not in the reference data and declares no decimals');
    return null;
  }
  const implied = shift({ n: BigInt(item.amount_atomic), scale: 0 }, -decimals);
  if (given && compareExact(given, implied) !== 0) {
    finding.statuses.add('decimal_field_mismatch');
    finding.notes.push(`amount_decimal ${formatExact(given)} but amount_atomic means ${formatExact(implied)}`);
  }
  return implied;
}

function compareToDisplay(implied: ExactDecimal, display: Display, finding: Finding): void {
  const zeroImplied = implied.n === 0n;
  const zeroDisplay = display.value.n === 0n;
  if (zeroImplied || zeroDisplay) {
    if (zeroImplied !== zeroDisplay) {
      finding.statuses.add('mismatch');
      finding.notes.push(zeroImplied ? 'the amount is zero but the display is not' : 'the display is zero but the amount is not');
    }
    return;
  }
  if (compareExact(implied, display.value) === 0) return;
  if (roundsTo(implied, display)) {
    const diff = subtractExact(implied, display.value);
    const absolute = { n: diff.n < 0n ? -diff.n : diff.n, scale: diff.scale };
    // More than 0.5% of implied: |diff| · 200 > implied.
    if (compareExact({ n: absolute.n * 200n, scale: absolute.scale }, implied) > 0) {
      finding.statuses.add('rounding_hides_difference');
      finding.notes.push(`the display rounds ${formatExact(implied)} to ${formatExact(display.value)}, more than 0.5% apart`);
    }
    return;
  }
  const k = powerOfTenShift(implied, display.value);
  if (k !== null) {
    finding.shift = k;
    finding.statuses.add('decimal_shift');
    finding.notes.push(`the amount is the display × 10^${k}${k === 12 ? ' (an 18-decimal amount on a 6-decimal asset)' : Math.abs(k) === 2 ? ' (cents vs dollars)' : Math.abs(k) === 6 ? ' (atomic and decimal swapped)' : ''}`);
    return;
  }
  finding.statuses.add('mismatch');
  finding.notes.push(`the amount means ${formatExact(implied)}, the display ${formatExact(display.value)}`);
}

function check(item: Item, flags: Set<string>): { result: ItemResult; inAsset: boolean; declared: boolean } {
  const nd = ND(item.network);
  if (!nd.known) flags.add('unknown_network');
  const finding: Finding = { statuses: new Set(), notes: [], decimals: null, implied: null, display: null, shift: null, inAsset: false };
  finding.decimals = decimalsOf(item, nd.network, finding);
  finding.implied = impliedOf(item, finding.decimals, finding);
  const read = readDisplay(item.display_text);
  if ('ambiguous' in read) {
    finding.statuses.add('ambiguous');
    finding.notes.push(`display "${item.display_text}": ${read.ambiguous}`);
  } else {
    finding.display = read;
    if (finding.implied) compareToDisplay(finding.implied, read, finding);
  }
  const status = PRECEDENCE.find((s) => finding.statuses.has(s)) ?? 'ok';
  for (const s of finding.statuses) flags.add(s);
  return {
    result: {
      item_id: item.item_id,
      display_value: finding.display ? formatExact(finding.display.value) : null,
      implied_value: finding.implied ? formatExact(finding.implied) : null,
      decimals: finding.decimals,
      status,
      shift_k: finding.shift,
      note: finding.notes.length > 0 ? finding.notes.join('; ') : 'the display and the amount describe the same money',
    },
    inAsset: finding.inAsset,
    declared: item.declared_decimals !== undefined,
  };
}

const NEXT_ACTION: Record<Decision, string> = {
  unit_error: 'Fix the items marked as unit errors before publishing: recompute amount_atomic as the displayed price × 10^decimals of the asset (shift_k tells how far off it is).',
  unknown_asset: 'Declare the decimals of the assets the reference data does not know (declared_decimals), then check again.',
  ambiguous_display: 'Rewrite the marked display texts so they state the amount unambiguously: a point as decimal separator, the currency, and enough digits to show the exact price.',
  consistent: 'The displays and amounts agree; keep this check in CI for every price change.',
};

const LIMITATIONS = [
  'Only USD-denominated displays ($, US$, USD, USDC, cents) are read; other currencies are reported as ambiguous.',
  'Decimals come from the versioned USDC reference data or the caller\'s declaration; other tokens\' decimals were not read on chain.',
];

/** x402-price-display-unit-sanity-checker (design sheet §19). */
export function analyzePriceDisplay(input: PriceDisplayInput): ToolOutput<PriceDisplayResult> {
  const flags = new Set<string>();
  const checked = input.items.map((item) => check(item, flags));
  flags.delete('ok');
  const items = checked.map((c) => c.result);
  const has = (statuses: Status[]) => items.some((i) => statuses.includes(i.status));
  const decision: Decision = items.some((i) => UNIT_ERRORS.has(i.status))
    ? 'unit_error'
    : has(['unknown_asset'])
      ? 'unknown_asset'
      : has(['ambiguous', 'rounding_hides_difference'])
        ? 'ambiguous_display'
        : 'consistent';
  const confidence = checked.every((c) => c.inAsset) ? 'high' : checked.every((c) => c.inAsset || c.declared) ? 'medium' : 'low';
  const counts = PRECEDENCE.map((s) => [s, items.filter((i) => i.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  const summary = `${decision.replaceAll('_', ' ')}: ${items.length} item${items.length === 1 ? '' : 's'} checked (${counts}).`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { items });
}
