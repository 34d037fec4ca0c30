import { ap2CartMandate, ap2IntentMandate, ap2PaymentMandate, ap2PaymentReceipt, type Ap2CurrencyAmount, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { z } from 'zod';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { readAp2Amount } from '../ap2-amount.js';
import { AMT, ND, addressKey, isUsdcOf, textOf } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_agent_commerce_mandate_receipt_fit_card'>;
export type MandateReceiptFitInput = RequestOf<Entry>;
export type MandateReceiptFitResult = ResultOf<Entry>;
type Decision = MandateReceiptFitResult['decision'];
type Row = MandateReceiptFitResult['card'][number];
type Status = Row['status'];
type Ap2Mandates = Extract<MandateReceiptFitInput['mandate'], { ap2: unknown }>['ap2'];
type X402Budget = Extract<MandateReceiptFitInput['mandate'], { x402_budget: unknown }>['x402_budget'];
type X402Receipt = Extract<MandateReceiptFitInput['receipt'], { x402: unknown }>['x402'];

/** An amount read exactly in 6 decimals, its currency (upper case) and where it was read. */
interface Money {
  atomic: bigint;
  currency: string | null;
  pointer: string;
}
interface Stamp {
  ms: number;
  text: string;
  pointer: string;
}

/** What the mandate authorizes, read once from either form. */
interface Authorized {
  bound: Money | null;
  currency: { code: string; pointer: string } | null;
  payee: string | null;
  merchants: string[];
  skus: string[];
  cartItems: string[] | null;
  expiries: Stamp[];
  paymentMandateId: string | null;
  presence: Pick<Row, 'status' | 'mandate_value' | 'note' | 'pointers'>;
  purpose: string | null;
}

/** What the receipt shows was paid. */
interface Paid {
  amount: Money | null;
  payTo: { value: string; pointer: string } | null;
  at: Stamp | null;
  paymentMandateId: string | null;
  payer: string | null;
}

const COMPARABLE_AT_PAR: ReadonlySet<string> = new Set(['USD', 'USDC']);
const fold = (s: string) => s.trim().toLowerCase();
const row = (dimension: Row['dimension'], status: Status, mandate_value: string | null, receipt_value: string | null, note: string, pointers: string[]): Row => ({ dimension, status, mandate_value, receipt_value, note, pointers });
const money = (m: Money) => `${AMT.toDecimal(m.atomic)}${m.currency ? ` ${m.currency}` : ''}`;

/** Parses one AP2 document with its reference schema; a document that does not fit is flagged and not read. */
function ap2Doc<S extends z.ZodType>(schema: S, doc: unknown, at: string, flags: Set<string>, limitations: string[]): z.infer<S> | null {
  if (doc === undefined) return null;
  const parsed = schema.safeParse(doc);
  if (parsed.success) return parsed.data;
  flags.add('ap2_document_invalid');
  limitations.push(`${at} does not fit the AP2 shape (${parsed.error.issues[0]?.message ?? 'invalid'} at ${parsed.error.issues[0]?.path.join('.') || 'the root'}): it was not read.`);
  return null;
}

function ap2Money(amount: Ap2CurrencyAmount, pointer: string, flags: Set<string>): Money | null {
  const read = readAp2Amount(amount.value);
  if (!read) {
    flags.add('amount_unreadable');
    return null;
  }
  return { atomic: read.atomic, currency: amount.currency.trim().toUpperCase(), pointer };
}

function stamp(text: string | null | undefined, pointer: string): Stamp | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : { ms, text, pointer };
}

function fromAp2(m: Ap2Mandates, flags: Set<string>, limitations: string[]): Authorized {
  const intent = ap2Doc(ap2IntentMandate, m.intent_mandate, '/mandate/ap2/intent_mandate', flags, limitations);
  const cart = ap2Doc(ap2CartMandate, m.cart_mandate, '/mandate/ap2/cart_mandate', flags, limitations)?.contents ?? null;
  const payment = ap2Doc(ap2PaymentMandate, m.payment_mandate, '/mandate/ap2/payment_mandate', flags, limitations);
  const candidates = [
    intent?.budget ? ap2Money(intent.budget, '/mandate/ap2/intent_mandate/budget', flags) : null,
    cart ? ap2Money(cart.payment_request.details.total.amount, '/mandate/ap2/cart_mandate/contents/payment_request/details/total/amount', flags) : null,
    payment ? ap2Money(payment.payment_mandate_contents.payment_details_total.amount, '/mandate/ap2/payment_mandate/payment_mandate_contents/payment_details_total/amount', flags) : null,
  ].filter((c): c is Money => c !== null);
  // The tightest stated amount is the bound the purchase had to respect.
  const bound = candidates.reduce<Money | null>((min, c) => (min === null || c.atomic < min.atomic ? c : min), null);
  const expiries = [stamp(intent?.intent_expiry, '/mandate/ap2/intent_mandate/intent_expiry'), stamp(cart?.cart_expiry, '/mandate/ap2/cart_mandate/contents/cart_expiry')].filter((s): s is Stamp => s !== null);
  return {
    bound,
    currency: bound?.currency ? { code: bound.currency, pointer: bound.pointer } : null,
    payee: null,
    merchants: intent?.merchants ?? [],
    skus: intent?.skus ?? [],
    cartItems: cart ? cart.payment_request.details.display_items.map((item) => item.label) : null,
    expiries,
    paymentMandateId: payment?.payment_mandate_contents.payment_mandate_id ?? null,
    presence: intent ? ap2Presence(m, intent.user_cart_confirmation_required ?? true, textOf(payment?.user_authorization) !== null) : { status: 'not_evidenced', mandate_value: null, note: 'the intent mandate is not readable', pointers: ['/mandate/ap2/intent_mandate'] },
    purpose: intent?.natural_language_description ?? null,
  };
}

/** AP2: without cart confirmation the human is not present, which needs a signed intent; with it, the user's authorization of the payment evidences presence. */
function ap2Presence(m: Ap2Mandates, confirmation: boolean, userAuthorized: boolean): Authorized['presence'] {
  const at = '/mandate/ap2/intent_mandate/user_cart_confirmation_required';
  if (!confirmation) {
    const value = 'human not present (user_cart_confirmation_required false)';
    if (m.intent_signed_by_user === true) return { status: 'fits', mandate_value: value, note: 'the user signed the intent that lets the agent buy without confirmation', pointers: [at, '/mandate/ap2/intent_signed_by_user'] };
    if (m.intent_signed_by_user === false) return { status: 'mismatch', mandate_value: value, note: 'AP2 requires cart confirmation when the user did not sign the intent', pointers: [at, '/mandate/ap2/intent_signed_by_user'] };
    return { status: 'not_evidenced', mandate_value: value, note: 'no evidence that the user signed the intent (intent_signed_by_user absent)', pointers: [at] };
  }
  const value = 'human present (cart confirmation required)';
  if (userAuthorized) return { status: 'fits', mandate_value: value, note: 'the payment mandate carries the user\'s authorization', pointers: [at, '/mandate/ap2/payment_mandate/user_authorization'] };
  return { status: 'not_evidenced', mandate_value: value, note: 'no user_authorization on a payment mandate shows the user confirmed', pointers: [at] };
}

function fromBudget(b: X402Budget): Authorized {
  const at = '/mandate/x402_budget';
  const currency = b.currency.toUpperCase();
  return {
    bound: { atomic: AMT.toAtomic(b.authorized_max_amount)!, currency, pointer: `${at}/authorized_max_amount` },
    currency: { code: currency, pointer: `${at}/currency` },
    payee: b.expected_payee,
    merchants: [],
    skus: [],
    cartItems: null,
    expiries: [stamp(b.expires_at, `${at}/expires_at`)].filter((s): s is Stamp => s !== null),
    paymentMandateId: null,
    presence: {
      status: 'not_evidenced',
      mandate_value: b.human_present ? 'human present' : 'human not present',
      note: b.human_present ? 'an x402 budget is a claim: nothing signed shows a human was present' : 'human not present needs a signed intent with confirmation off; an x402 budget carries none',
      pointers: [`${at}/human_present`],
    },
    purpose: b.purpose,
  };
}

function fromX402Receipt(r: X402Receipt, network: string | undefined, flags: Set<string>): Paid {
  const at = '/receipt/x402';
  if (r.settlement.success === false) flags.add('settlement_failed');
  const caip2 = ND(textOf(r.settlement.network) ?? network ?? '').network;
  const usdc = isUsdcOf(caip2, r.asset);
  if (!usdc) flags.add('asset_not_known_usdc');
  return {
    amount: usdc ? { atomic: BigInt(r.amount_atomic), currency: 'USDC', pointer: `${at}/amount_atomic` } : null,
    payTo: { value: r.pay_to, pointer: `${at}/pay_to` },
    at: stamp(r.settled_at, `${at}/settled_at`),
    paymentMandateId: null,
    payer: textOf(r.settlement.payer),
  };
}

function fromAp2Receipt(doc: Record<string, unknown>, flags: Set<string>, limitations: string[]): Paid {
  const receipt = ap2Doc(ap2PaymentReceipt, doc, '/receipt/ap2', flags, limitations);
  if (receipt && !('merchant_confirmation_id' in receipt.payment_status)) flags.add('payment_failed');
  return {
    amount: receipt ? ap2Money(receipt.amount, '/receipt/ap2/amount', flags) : null,
    payTo: null,
    at: stamp(receipt?.timestamp, '/receipt/ap2/timestamp'),
    paymentMandateId: receipt?.payment_mandate_id ?? null,
    payer: null,
  };
}

function currencyRow(a: Authorized, p: Paid): Row {
  const mine = a.currency?.code ?? null;
  const theirs = p.amount?.currency ?? null;
  const pointers = [a.currency?.pointer, p.amount?.pointer].filter((x): x is string => x !== undefined);
  if (mine === null) return row('currency', 'not_stated', null, theirs, 'the mandate states no currency', pointers);
  if (theirs === null) return row('currency', 'not_evidenced', mine, null, 'the receipt\'s currency is not readable (an asset that is not a known USDC, or an unreadable receipt)', pointers);
  if (mine === theirs) return row('currency', 'fits', mine, theirs, 'same currency', pointers);
  if (COMPARABLE_AT_PAR.has(mine) && COMPARABLE_AT_PAR.has(theirs)) return row('currency', 'fits', mine, theirs, 'USDC taken at par with USD (declared on both sides)', pointers);
  return row('currency', 'mismatch', mine, theirs, 'different currencies', pointers);
}

function amountRow(a: Authorized, p: Paid, currency: Row): Row {
  const bound = a.bound;
  const paid = p.amount;
  const pointers = [bound?.pointer, paid?.pointer].filter((x): x is string => x !== undefined);
  if (!bound) return row('amount', 'not_stated', null, paid ? money(paid) : null, 'the mandate states no amount bound', pointers);
  if (!paid) return row('amount', 'not_evidenced', money(bound), null, 'the paid amount is not readable exactly', pointers);
  if (currency.status !== 'fits') return row('amount', 'not_evidenced', money(bound), money(paid), 'the amounts are in currencies that cannot be compared', pointers);
  const fits = paid.atomic <= bound.atomic;
  return row('amount', fits ? 'fits' : 'exceeds', money(bound), money(paid), fits ? 'paid within the bound' : `paid ${AMT.toDecimal(paid.atomic - bound.atomic)} over the bound`, pointers);
}

function payeeRow(a: Authorized, p: Paid, merchantLabel: string | undefined): Row {
  if (a.payee !== null) {
    const pointers = ['/mandate/x402_budget/expected_payee', ...(p.payTo ? [p.payTo.pointer] : [])];
    if (!p.payTo) return row('payee', 'not_evidenced', a.payee, null, 'the receipt names no payee', pointers);
    const same = addressKey(a.payee) === addressKey(p.payTo.value);
    return row('payee', same ? 'fits' : 'mismatch', a.payee, p.payTo.value, same ? 'paid to the expected payee' : 'paid to another address than the expected payee', pointers);
  }
  if (a.merchants.length === 0) return row('payee', 'not_stated', null, merchantLabel ?? p.payTo?.value ?? null, 'the intent names no merchants', []);
  const allowed = new Set(a.merchants.map((m) => fold(addressKey(m))));
  const seen = [merchantLabel === undefined ? null : { value: merchantLabel, pointer: '/merchant_label' }, p.payTo].filter((x): x is { value: string; pointer: string } => x !== null);
  const pointers = ['/mandate/ap2/intent_mandate/merchants', ...seen.map((s) => s.pointer)];
  const shown = `${a.merchants.length} merchant(s): ${a.merchants.slice(0, 3).join(', ')}${a.merchants.length > 3 ? ', …' : ''}`;
  if (seen.length === 0) return row('payee', 'not_evidenced', shown, null, 'no merchant_label or payee to match against the merchants', pointers);
  const match = seen.find((s) => allowed.has(fold(addressKey(s.value))));
  if (match) return row('payee', 'fits', shown, match.value, 'the merchant is one the intent names', pointers);
  return row('payee', 'mismatch', shown, seen.map((s) => s.value).join(', '), 'the merchant is not one the intent names', pointers);
}

function itemRow(a: Authorized): Row {
  if (a.skus.length === 0) return row('item', 'not_stated', a.purpose, null, a.payee !== null ? 'an x402 budget states a purpose, not items' : 'the intent names no SKUs', []);
  const shown = `${a.skus.length} SKU(s)`;
  const pointers = ['/mandate/ap2/intent_mandate/skus'];
  if (a.cartItems === null) return row('item', 'not_evidenced', shown, null, 'no readable cart shows what was bought', pointers);
  const allowed = new Set(a.skus.map(fold));
  const outside = a.cartItems.filter((label) => !allowed.has(fold(label)));
  const itemsAt = [...pointers, '/mandate/ap2/cart_mandate/contents/payment_request/details/display_items'];
  if (outside.length === 0) return row('item', 'fits', shown, `${a.cartItems.length} cart item(s)`, 'every cart item is an allowed SKU', itemsAt);
  return row('item', 'mismatch', shown, outside.slice(0, 5).join(', '), `${outside.length} cart item(s) not among the SKUs`, itemsAt);
}

function timeRow(a: Authorized, p: Paid): Row {
  const earliest = a.expiries.reduce<Stamp | null>((min, s) => (min === null || s.ms < min.ms ? s : min), null);
  const pointers = [...a.expiries.map((s) => s.pointer), ...(p.at ? [p.at.pointer] : [])];
  if (!earliest) return row('time', 'not_stated', null, p.at?.text ?? null, 'the mandate states no expiry', pointers);
  if (!p.at) return row('time', 'not_evidenced', earliest.text, null, 'the receipt has no readable time', pointers);
  const fits = p.at.ms <= earliest.ms;
  return row('time', fits ? 'fits' : 'exceeds', earliest.text, p.at.text, fits ? 'paid before the earliest expiry' : 'paid after the mandate expired', pointers);
}

function linkageRow(a: Authorized, p: Paid, receiptIsAp2: boolean): Row {
  if (receiptIsAp2) {
    const pointers = ['/receipt/ap2/payment_mandate_id', ...(a.paymentMandateId ? ['/mandate/ap2/payment_mandate/payment_mandate_contents/payment_mandate_id'] : [])];
    if (p.paymentMandateId === null) return row('linkage', 'not_evidenced', a.paymentMandateId, null, 'the receipt is not readable', pointers);
    if (a.paymentMandateId === null) return row('linkage', 'not_evidenced', null, p.paymentMandateId, 'no payment mandate to match the receipt\'s payment_mandate_id', pointers);
    const same = a.paymentMandateId === p.paymentMandateId;
    return row('linkage', same ? 'fits' : 'mismatch', a.paymentMandateId, p.paymentMandateId, same ? 'the receipt names the payment mandate' : 'the receipt names another payment mandate', pointers);
  }
  const pointers = ['/receipt/x402/settlement/payer'];
  if (p.payer === null) return row('linkage', 'not_evidenced', null, null, 'the settlement names no payer', pointers);
  return row('linkage', 'fits', null, p.payer, 'the settlement names the payer', pointers);
}

const COMPARED: ReadonlySet<Status> = new Set(['fits', 'exceeds', 'mismatch']);

function decide(card: Row[]): Decision {
  if (card.filter((r) => COMPARED.has(r.status)).length < 2) return 'unverifiable';
  if (card.some((r) => r.status === 'exceeds' || r.status === 'mismatch')) return 'misfit';
  if (card.some((r) => r.status === 'not_evidenced')) return 'partial_fit';
  return 'fits';
}

function headlineOf(decision: Decision, card: Row[]): string {
  const off = card.filter((r) => r.status === 'exceeds' || r.status === 'mismatch');
  const open = card.filter((r) => r.status === 'not_evidenced');
  const focus = decision === 'misfit' ? off : decision === 'partial_fit' ? open : [];
  const text = focus.length === 0 ? `${decision}: ${card.filter((r) => COMPARED.has(r.status)).length} of 7 rows compared` : `${decision}: ${focus.map((r) => `${r.dimension} ${r.status.replace('_', ' ')}`).join(', ')}`;
  return text.length <= 120 ? text : `${text.slice(0, 119)}…`;
}

const NEXT_ACTION: Record<Decision, string> = {
  unverifiable: 'Too little to compare: send the mandate\'s bound, payee and expiry and a receipt with amount, payee and time (or the AP2 payment mandate the receipt names).',
  misfit: 'The payment does not fit what was authorized: raise it with the merchant or issuer (refund or dispute) and check the agent\'s spend policy before it pays again.',
  partial_fit: 'What could be compared fits; collect the missing evidence (not_evidenced rows) before treating the purchase as authorized.',
  fits: 'The payment fits the mandate on every row that could be compared; keep the card with the receipt.',
};

export function analyzeMandateReceiptFit(input: MandateReceiptFitInput): ToolOutput<MandateReceiptFitResult> {
  const flags = new Set<string>();
  const limitations = [
    'Signatures are not verified: the mandates and the receipt are taken as given (intent_signed_by_user is the caller\'s statement).',
    'Compares one mandate with one receipt; bulk reconciliation is #10.',
  ];
  const authorized = 'ap2' in input.mandate ? fromAp2(input.mandate.ap2, flags, limitations) : fromBudget(input.mandate.x402_budget);
  const network = 'x402_budget' in input.mandate ? input.mandate.x402_budget.network : undefined;
  const paid = 'x402' in input.receipt ? fromX402Receipt(input.receipt.x402, network, flags) : fromAp2Receipt(input.receipt.ap2, flags, limitations);
  const currency = currencyRow(authorized, paid);
  const card = [
    amountRow(authorized, paid, currency),
    currency,
    payeeRow(authorized, paid, input.merchant_label),
    itemRow(authorized),
    timeRow(authorized, paid),
    row('presence', authorized.presence.status, authorized.presence.mandate_value, null, authorized.presence.note, authorized.presence.pointers),
    linkageRow(authorized, paid, 'ap2' in input.receipt),
  ];
  for (const r of card) if (r.status !== 'fits' && r.status !== 'not_stated') flags.add(`${r.dimension}_${r.status}`);
  const decision = decide(card);
  const linked = card[6]!.status === 'fits';
  if (!linked) limitations.push('The receipt is not linked to the mandate (linkage row): it may belong to another purchase.');
  return x402Answer(
    {
      decision,
      confidence: linked ? 'high' : 'medium',
      summary: `Mandate vs receipt (${decision}): ${card.map((r) => `${r.dimension} ${r.status}`).join(', ')}.`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    { card, headline: headlineOf(decision, card) },
  );
}
