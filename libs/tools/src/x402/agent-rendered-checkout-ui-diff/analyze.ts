import { RECURRENCE_WORDS, X402_NETWORKS, consentText, phraseMatcher, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ASSET, LABEL, ND, isUsdcOf, pointer } from '../helpers.js';
import { compareExact, formatExact, shift, type ExactDecimal } from '../exact-decimal.js';
import { findMoney, readDisplay } from '../money-text.js';

type Entry = CatalogEntryOf<'x402_agent_rendered_checkout_ui_diff'>;
export type CheckoutUiInput = RequestOf<Entry>;
export type CheckoutUiResult = ResultOf<Entry>;
type Decision = CheckoutUiResult['decision'];
type Row = CheckoutUiResult['diff'][number];
type Element = Row['element'];
type Actual = CheckoutUiInput['actual'];

/** What a rendered field's label says it shows, first match wins ("Pay to" is a payee, not an amount). */
const ROLES: readonly { role: Element; label: RegExp }[] = [
  { role: 'payee', label: /pay(?:s|ing)? to|payee|recipient|merchant|seller|vendor|beneficiary/i },
  { role: 'network', label: /network|chain/i },
  { role: 'asset', label: /asset|token|currency/i },
  { role: 'recurrence', label: /recurr|billing|frequency|subscription|renew/i },
  { role: 'amount', label: /amount|price|total|cost|charge|fee|pay/i },
];

interface Segment {
  pointer: string;
  text: string;
  role: Element | null;
}

function segmentsOf(rendered: CheckoutUiInput['rendered']): Segment[] {
  const fields = (rendered.fields ?? []).map((field, i) => ({ pointer: pointer('rendered', 'fields', i, 'value'), text: field.value, role: ROLES.find((r) => r.label.test(field.label))?.role ?? null }));
  return rendered.text === undefined ? fields : [...fields, { pointer: '/rendered/text', text: rendered.text, role: null }];
}

/** The segments an element is judged on: its labelled fields when the checkout has any, else everything shown. */
function scope(segments: Segment[], role: Element): Segment[] {
  const labelled = segments.filter((s) => s.role === role);
  return labelled.length > 0 ? labelled : segments;
}

interface Mention {
  shown: string;
  pointer: string;
  status: Row['status'];
}

/** The row of an element from its mentions: any mismatch decides, then a match, then a truncation, else missing. */
function rowOf(element: Element, actual: string, mentions: Mention[]): Row {
  const pick = mentions.find((m) => m.status === 'mismatch') ?? mentions.find((m) => m.status === 'match') ?? mentions.find((m) => m.status === 'truncated');
  return pick ? { element, shown: pick.shown, actual, status: pick.status, pointer: pick.pointer } : { element, shown: null, actual, status: 'missing', pointer: null };
}

/** The actual amount in currency units, when the asset is the network's USDC (the only decimals the tool knows). */
function actualAmount(actual: Actual, network: string): ExactDecimal | null {
  const usdc = ASSET(network);
  const isUsdc = usdc !== null && (actual.asset.toUpperCase() === 'USDC' || isUsdcOf(network, actual.asset));
  return isUsdc ? shift({ n: BigInt(actual.amount_atomic), scale: 0 }, -usdc.decimals) : null;
}

function amountRow(segments: Segment[], amount: ExactDecimal | null, actual: Actual, flags: Set<string>): Row {
  const mentions: Mention[] = [];
  for (const segment of scope(segments, 'amount')) {
    const found = findMoney(segment.text).map((m) => ({ text: m.text, value: m.value }));
    if (found.length === 0 && segment.role === 'amount') {
      const read = readDisplay(segment.text);
      found.push({ text: segment.text.trim(), value: 'ambiguous' in read ? null : read.value });
    }
    for (const money of found) {
      if (money.value === null) flags.add('ambiguous_amount_shown');
      else mentions.push({ shown: money.text, pointer: segment.pointer, status: amount !== null && compareExact(money.value, amount) === 0 ? 'match' : 'mismatch' });
    }
  }
  if (amount === null && mentions.length > 0) flags.add('amount_not_comparable');
  return rowOf('amount', amount === null ? `${actual.amount_atomic} atomic units of ${actual.asset}` : formatExact(amount), mentions);
}

/** USDC named, a dollar amount shown, or the asset's address: the asset shown, and whether it is the one paid. */
function assetRow(segments: Segment[], isUsdc: boolean, actual: Actual): Row {
  const mentions: Mention[] = [];
  const address = actual.asset.toLowerCase();
  for (const segment of scope(segments, 'asset')) {
    const lower = segment.text.toLowerCase();
    if (lower.includes(address)) mentions.push({ shown: actual.asset, pointer: segment.pointer, status: 'match' });
    const dollar = /usdc(?!\p{L})/iu.exec(segment.text)?.[0] ?? findMoney(segment.text)[0]?.text;
    if (dollar !== undefined) mentions.push({ shown: dollar, pointer: segment.pointer, status: isUsdc ? 'match' : 'mismatch' });
  }
  return rowOf('asset', isUsdc ? `USDC (${actual.asset})` : actual.asset, mentions);
}

const EVM_FULL = /(?<![0-9a-f])0x[0-9a-f]{40}(?![0-9a-f])/giu;
const EVM_SHORT = /(?<![0-9a-z])(0x[0-9a-f]{1,38})(?:…|\.{2,3})([0-9a-f]{1,38})(?![0-9a-z])/giu;
const B58_FULL = /(?<![0-9A-Za-z])[1-9A-HJ-NP-Za-km-z]{32,44}(?![0-9A-Za-z])/gu;
const B58_SHORT = /(?<![0-9A-Za-z])([1-9A-HJ-NP-Za-km-z]{2,40})(?:…|\.{2,3})([1-9A-HJ-NP-Za-km-z]{2,40})(?![0-9A-Za-z])/gu;

/** Every address shown: full ones equal or not, shortened ones "truncated" when prefix and suffix fit the payee. */
function addressMentions(segment: Segment, actual: Actual): Mention[] {
  const evm = actual.pay_to.startsWith('0x');
  const same = (a: string, b: string) => (evm ? a.toLowerCase() === b.toLowerCase() : a === b);
  const mentions: Mention[] = [];
  for (const match of segment.text.matchAll(evm ? EVM_FULL : B58_FULL)) {
    if (same(match[0], actual.asset)) continue;
    mentions.push({ shown: match[0], pointer: segment.pointer, status: same(match[0], actual.pay_to) ? 'match' : 'mismatch' });
  }
  for (const match of segment.text.matchAll(evm ? EVM_SHORT : B58_SHORT)) {
    const payee = evm ? actual.pay_to.toLowerCase() : actual.pay_to;
    const [prefix, suffix] = evm ? [match[1]!.toLowerCase(), match[2]!.toLowerCase()] : [match[1]!, match[2]!];
    const fits = payee.startsWith(prefix) && payee.endsWith(suffix) && prefix.length + suffix.length < payee.length;
    mentions.push({ shown: match[0], pointer: segment.pointer, status: fits ? 'truncated' : 'mismatch' });
  }
  return mentions;
}

/** A payee shown by name counts as disclosed; a truncated address beside it is still flagged (lookalike poisoning). */
function payeeRow(segments: Segment[], actual: Actual, flags: Set<string>): Row {
  const scoped = scope(segments, 'payee');
  const mentions = scoped.flatMap((segment) => addressMentions(segment, actual));
  if (mentions.some((m) => m.status === 'truncated')) flags.add('payee_truncated');
  const name = actual.merchant_name === undefined ? null : phraseMatcher(consentText(actual.merchant_name));
  const named = name === null ? undefined : scoped.find((s) => name.test(consentText(s.text)));
  if (named) mentions.push({ shown: actual.merchant_name!, pointer: named.pointer, status: 'match' });
  return rowOf('payee', actual.merchant_name === undefined ? actual.pay_to : `${actual.merchant_name} (${actual.pay_to})`, mentions);
}

/** Network names as written: CAIP-2 ids and v1 aliases, with a space for the hyphen ("Base Sepolia"), longest first. */
const NETWORK_NAMES = X402_NETWORKS.flatMap((n) => [n.caip2, n.alias, n.alias.replaceAll('-', ' ')]).sort((a, b) => b.length - a.length);
const NETWORK_MENTION = new RegExp(`(?<![\\p{L}\\p{N}:])(?:${NETWORK_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}:])`, 'giu');

function networkRow(segments: Segment[], network: string): Row {
  const mentions: Mention[] = [];
  for (const segment of scope(segments, 'network')) {
    const whole = segment.role === 'network' ? ND(segment.text) : null;
    const names = whole?.known ? [segment.text.trim()] : [...segment.text.matchAll(NETWORK_MENTION)].map((m) => m[0]);
    for (const name of names) mentions.push({ shown: name, pointer: segment.pointer, status: ND(name.replace(/ /g, '-')).network === network ? 'match' : 'mismatch' });
  }
  return rowOf('network', network, mentions);
}

const RECURRENCE = RECURRENCE_WORDS.map(phraseMatcher);

function recurrenceMention(segments: Segment[]): Mention[] {
  const segment = scope(segments, 'recurrence').find((s) => RECURRENCE.some((word) => word.test(consentText(s.text))));
  return segment ? [{ shown: segment.text.slice(0, 80), pointer: segment.pointer, status: 'match' }] : [];
}

const MISLEADING: ReadonlySet<Element> = new Set(['amount', 'asset', 'payee', 'network']);

const NEXT_ACTION: Record<Decision, string> = {
  misleading: 'Do not let the person confirm this checkout: what it shows differs from what will be paid. Render the amount, asset, payee and network from the offer being signed, then show it again.',
  incomplete: 'Add what the checkout leaves out (see the missing and truncated rows) before asking for confirmation; show the payee in full or by its verified name.',
  faithful: 'The checkout shows what will be paid; keep rendering it from the offer being signed.',
};

const LIMITATIONS = [
  'Amounts are read as US dollars or USDC; the amount of another token cannot be compared with what was shown.',
  'Free text is matched literally: an address that is not the payee (the payer\'s own, say) or an ordinary word such as "base" may be read as a payee or network.',
  'Only what was passed as rendered fields and text is seen: not the layout, fonts, or what was visible without scrolling.',
];

/** x402-agent-rendered-checkout-ui-diff (design sheet §38). */
export function analyzeCheckoutUi(input: CheckoutUiInput): ToolOutput<CheckoutUiResult> {
  const flags = new Set<string>();
  const { actual } = input;
  const nd = ND(actual.network);
  if (!nd.known) flags.add('unknown_network');
  if (actual.resource_label !== undefined && !LABEL(actual.resource_label).safe) flags.add('unsafe_resource_label');
  const segments = segmentsOf(input.rendered);
  const amount = actualAmount(actual, nd.network);
  const diff = [amountRow(segments, amount, actual, flags), assetRow(segments, amount !== null, actual), payeeRow(segments, actual, flags), networkRow(segments, nd.network)];
  const recurrence = recurrenceMention(segments);
  if (actual.recurring) diff.push(rowOf('recurrence', 'recurring', recurrence));
  else if (recurrence.length > 0) flags.add('recurrence_shown_for_one_off_payment');
  for (const row of diff) if (row.status !== 'match') flags.add(`${row.element}_${row.status}`);

  const decision: Decision = diff.some((r) => r.status === 'mismatch' && MISLEADING.has(r.element)) ? 'misleading' : diff.some((r) => r.status === 'missing' || r.status === 'truncated') ? 'incomplete' : 'faithful';
  const structured = diff.every((r) => r.status !== 'missing' && r.pointer !== null && r.pointer.startsWith('/rendered/fields/'));
  const counts = diff.filter((r) => r.status !== 'match').map((r) => `${r.element} ${r.status}`);
  const summary = `${decision}: ${diff.length} elements compared with the offer (${diff[0]!.actual} on ${nd.network} to ${actual.pay_to}); ${counts.length === 0 ? 'all match' : counts.join(', ')}.`;
  const limitations = [...LIMITATIONS];
  if (!structured) limitations.push('Some elements were matched in free text or not shown at all, so their reading is less certain than a labelled field\'s.');
  return x402Answer({ decision, confidence: structured ? 'high' : 'medium', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { diff });
}
