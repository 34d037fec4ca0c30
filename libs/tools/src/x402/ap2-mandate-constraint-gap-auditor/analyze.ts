import {
  AP2_AUDIT_DIMENSIONS,
  AP2_CEILING_OPERATORS,
  ap2CartMandate,
  ap2IntentMandate,
  ap2PaymentMandate,
  ap2PaymentMandateContents,
  ap2SpendingRule,
  ap2SpendingRuleSet,
  type Ap2AuditDimension,
  type Ap2AuditRating,
  type Ap2CartMandate,
  type Ap2CurrencyAmount,
  type Ap2PaymentMandateContents,
  type Ap2SpendingRule,
  type CatalogEntryOf,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import { z } from 'zod';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { pointer, resolveAsOf } from '../helpers.js';
import { readAp2Amount } from '../ap2-amount.js';

type Entry = CatalogEntryOf<'x402_ap2_mandate_constraint_gap_auditor'>;
export type Ap2AuditInput = RequestOf<Entry>;
export type Ap2AuditResult = ResultOf<Entry>;
type Decision = Ap2AuditResult['decision'];
type Gap = Ap2AuditResult['gaps'][number];
type CrossCheck = Ap2AuditResult['cross_checks'][number];
type Severity = Gap['severity'];
type Failure = Ap2AuditResult['validity_failures'][number];

/** A description shorter than this reads as too vague to be informed consent. */
const VAGUE_INTENT_CHARS = 15;
const DAY_MS = 86_400_000;
const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Severity of a dimension's gap by its rating (ours; the sheet gives only the worked example's). */
const SEVERITY: Record<Ap2AuditDimension, Record<Exclude<Ap2AuditRating, 'bounded'>, Severity>> = {
  merchant: { unbounded: 'high', loose: 'medium' },
  item: { unbounded: 'medium', loose: 'low' },
  amount: { unbounded: 'high', loose: 'medium' },
  currency: { unbounded: 'medium', loose: 'low' },
  time: { unbounded: 'high', loose: 'medium' },
  refundability: { unbounded: 'low', loose: 'low' },
  human_confirmation: { unbounded: 'high', loose: 'low' },
};
/** Dimensions whose gap matters less when the user confirms the cart before purchase: one level lower. */
const SOFTENED_BY_CONFIRMATION: ReadonlySet<Ap2AuditDimension> = new Set(['merchant', 'item', 'amount']);
const LOWER: Record<Severity, Severity> = { high: 'medium', medium: 'low', low: 'low' };

const CROSS_CHECK_FLAG: Record<CrossCheck['check'], string> = {
  cart_merchant_allowed: 'cart_merchant_not_allowed',
  cart_items_in_skus: 'cart_item_not_in_skus',
  cart_expiry_within_intent: 'cart_outlives_intent',
  cart_total_within_bound: 'cart_total_over_bound',
  payment_total_equals_cart: 'payment_total_mismatch',
  payment_details_id_equals_cart: 'payment_details_id_mismatch',
};

type Json = Record<string, unknown>;
const fold = (s: string) => s.trim().toLowerCase();

/** An amount read exactly (6 fraction digits at most), with where it came from. */
interface Money {
  atomic: bigint;
  currency: string;
  decimal: string;
  path: string;
  /** true for an `lt` rule: the bound itself is not allowed. */
  strict?: boolean;
}

interface Context {
  flags: Set<string>;
  failures: Failure[];
  currencies: Set<string>;
}

function schemaFailures(ctx: Context, base: string, error: z.ZodError): void {
  for (const issue of error.issues) ctx.failures.push({ path: pointer(...base.split('/').slice(1), ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))), problem: issue.message });
}

/** One field of the AP2 intent read with AP2's own field schema: its value when it fits, else undefined. */
function intentField<K extends keyof typeof ap2IntentMandate.shape>(raw: Json, key: K): z.infer<(typeof ap2IntentMandate.shape)[K]> | undefined {
  const parsed = ap2IntentMandate.shape[key].safeParse(raw[key]);
  return parsed.success ? (parsed.data as z.infer<(typeof ap2IntentMandate.shape)[K]>) : undefined;
}

const currencyOf = (amount: Ap2CurrencyAmount) => amount.currency.trim().toUpperCase();

function money(ctx: Context, amount: Ap2CurrencyAmount, path: string, strict?: boolean): Money | null {
  const currency = currencyOf(amount);
  ctx.currencies.add(currency);
  const read = readAp2Amount(amount.value);
  if (!read) {
    ctx.flags.add('amount_unreadable');
    return null;
  }
  return { ...read, currency, path, ...(strict ? { strict } : {}) };
}

function parseTime(ctx: Context, value: string | undefined, path: string): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) {
    ctx.failures.push({ path, problem: 'not an ISO 8601 date-time' });
    return null;
  }
  return ms;
}

function spendingRules(ctx: Context, raw: unknown): { rules: Ap2SpendingRule[]; base: string } {
  const base = '/intent_mandate/spending_rules';
  if (raw === undefined || raw === null) return { rules: [], base };
  const asList = Array.isArray(raw);
  const parsed = asList ? z.array(ap2SpendingRule).safeParse(raw) : ap2SpendingRuleSet.safeParse(raw);
  if (!parsed.success) {
    schemaFailures(ctx, base, parsed.error);
    return { rules: [], base };
  }
  return asList ? { rules: parsed.data as Ap2SpendingRule[], base } : { rules: (parsed.data as { rules: Ap2SpendingRule[] }).rules, base: `${base}/rules` };
}

function paymentContents(ctx: Context, raw: Json | undefined): { contents: Ap2PaymentMandateContents; base: string } | null {
  if (!raw) return null;
  const wrapped = 'payment_mandate_contents' in raw;
  const parsed = wrapped ? ap2PaymentMandate.safeParse(raw) : ap2PaymentMandateContents.safeParse(raw);
  if (!parsed.success) {
    schemaFailures(ctx, '/payment_mandate', parsed.error);
    return null;
  }
  const contents = wrapped ? (parsed.data as { payment_mandate_contents: Ap2PaymentMandateContents }).payment_mandate_contents : (parsed.data as Ap2PaymentMandateContents);
  return { contents, base: wrapped ? '/payment_mandate/payment_mandate_contents' : '/payment_mandate' };
}

function cartOf(ctx: Context, raw: Json | undefined): Ap2CartMandate | null {
  if (!raw) return null;
  const parsed = ap2CartMandate.safeParse(raw);
  if (!parsed.success) {
    schemaFailures(ctx, '/cart_mandate', parsed.error);
    return null;
  }
  return parsed.data;
}

interface Rated {
  rating: Ap2AuditRating;
  path: string;
  explanation: string;
  suggested: string;
}

const bounded = (path: string, explanation: string): Rated => ({ rating: 'bounded', path, explanation, suggested: '' });

/** Everything the audit reads, once. */
interface Facts {
  confirmation: boolean;
  signed: boolean;
  merchants: string[];
  skus: string[];
  rules: Ap2SpendingRule[];
  rulesBase: string;
  cart: Ap2CartMandate | null;
  cartTotal: Money | null;
  payment: { contents: Ap2PaymentMandateContents; base: string } | null;
  paymentTotal: Money | null;
  ceilings: Money[];
  amountSource: 'spending_rule' | 'intent_budget' | 'request_budget' | 'cart_total' | null;
  expiryMs: number | null;
  cartExpiryMs: number | null;
  refundabilityStated: boolean;
}

function rateMerchant(f: Facts): Rated {
  if (f.merchants.length > 0) return bounded('/intent_mandate/merchants', `${f.merchants.length} merchant(s) allowed`);
  const allow = f.rules.find((r) => r.rule_type === 'merchant_constraint' && r.enabled !== false && r.constraint_type === 'allow' && (r.match_type ?? 'exact') === 'exact');
  if (allow) return bounded(f.rulesBase, `an exact merchant allow list in rule ${allow.rule_id}`);
  const suggested = f.cart ? `merchants: ["${f.cart.contents.merchant_name}"]` : 'merchants: the merchants the user named';
  const partial = f.rules.find((r) => r.rule_type === 'merchant_constraint' && r.enabled !== false);
  if (partial) return { rating: 'loose', path: f.rulesBase, explanation: `only a deny list or a prefix/regex match limits merchants (rule ${partial.rule_id})`, suggested };
  return { rating: 'unbounded', path: '/intent_mandate/merchants', explanation: 'no merchants are named: any merchant may fulfil the intent', suggested };
}

function rateItem(f: Facts): Rated {
  if (f.skus.length > 0) return bounded('/intent_mandate/skus', `${f.skus.length} SKU(s) allowed`);
  const labels = f.cart?.contents.payment_request.details.display_items.map((i) => JSON.stringify(i.label)).slice(0, 5) ?? [];
  const suggested = labels.length > 0 ? `skus: [${labels.join(', ')}]` : 'skus: the product SKUs the user means';
  const category = f.rules.find((r) => r.rule_type === 'category_constraint' && r.enabled !== false && r.constraint_type === 'allow');
  if (category) return { rating: 'loose', path: f.rulesBase, explanation: `only product categories are limited (rule ${category.rule_id}), not SKUs`, suggested };
  return { rating: 'unbounded', path: '/intent_mandate/skus', explanation: 'no SKUs are named: any product may be bought', suggested };
}

function rateAmount(f: Facts): Rated {
  const suggested = f.cartTotal ? `an amount_constraint rule (operator lte) with limit_amount ${f.cartTotal.decimal} ${f.cartTotal.currency}` : 'an amount_constraint rule (operator lte) with the most the user will pay';
  const ceiling = f.ceilings[0];
  if (f.amountSource === 'cart_total') return bounded(f.cartTotal!.path, `the user confirms the cart total ${f.cartTotal!.decimal} ${f.cartTotal!.currency} before purchase`);
  if (ceiling) return bounded(ceiling.path, `at most ${ceiling.decimal} ${ceiling.currency} (${f.amountSource!.replace('_', ' ')})`);
  const loose = f.rules.find((r) => r.rule_type === 'amount_constraint');
  if (loose) return { rating: 'loose', path: f.rulesBase, explanation: `amount rule ${loose.rule_id} sets no ceiling (disabled, or its operator is not lt, lte or eq)`, suggested };
  if (f.cartTotal) return { rating: 'loose', path: f.cartTotal.path, explanation: 'only the merchant\'s cart total states an amount, and the user does not confirm it', suggested };
  return { rating: 'unbounded', path: '/intent_mandate/spending_rules', explanation: 'no spending rule, budget or confirmed cart limits the amount', suggested };
}

function rateCurrency(currencies: Set<string>): Rated {
  const codes = [...currencies].sort();
  const path = '/intent_mandate';
  if (codes.length <= 1) return bounded(path, codes.length === 0 ? 'no amount is stated' : `every amount is in ${codes[0]}`);
  const suggested = `state every amount in one currency (${codes[0]})`;
  if (codes.every((c) => c === 'USD' || c === 'USDC')) return { rating: 'loose', path, explanation: 'amounts mix USD and USDC: comparable only if USDC is taken at par', suggested };
  return { rating: 'unbounded', path, explanation: `amounts are in ${codes.join(', ')}: they cannot be compared`, suggested };
}

function rateTime(f: Facts, asOfMs: number, maxDays: number): Rated {
  const path = '/intent_mandate/intent_expiry';
  const suggested = `intent_expiry no later than ${new Date(asOfMs + maxDays * DAY_MS).toISOString()}`;
  if (f.expiryMs === null || f.expiryMs <= asOfMs) return { rating: 'unbounded', path, explanation: 'the intent has no usable expiry after as_of', suggested };
  const days = (f.expiryMs - asOfMs) / DAY_MS;
  if (days <= maxDays) return bounded(path, `expires within ${maxDays} days`);
  return { rating: 'loose', path, explanation: `expires ${Math.ceil(days)} days after as_of, beyond max_expiry_days ${maxDays}`, suggested };
}

function rateRefundability(f: Facts): Rated {
  const path = '/intent_mandate/requires_refundability';
  if (f.refundabilityStated) return bounded(path, 'refundability is stated');
  return { rating: 'unbounded', path, explanation: 'refundability is not stated: AP2 defaults to not requiring refundable items', suggested: 'requires_refundability: true (or false, stated)' };
}

function rateConfirmation(f: Facts): Rated {
  const path = '/intent_mandate/user_cart_confirmation_required';
  if (f.confirmation) return bounded(path, 'the user confirms the cart before purchase');
  const suggested = 'user_cart_confirmation_required: true';
  if (f.signed) return { rating: 'loose', path, explanation: 'the agent buys without the user confirming the cart (human not present, signed intent)', suggested };
  return { rating: 'unbounded', path, explanation: 'the agent buys without confirmation on an intent the user did not sign', suggested };
}

function crossChecks(f: Facts): CrossCheck[] {
  const skip = (check: CrossCheck['check'], detail: string): CrossCheck => ({ check, result: 'skipped', detail });
  const judge = (check: CrossCheck['check'], ok: boolean, detail: string): CrossCheck => ({ check, result: ok ? 'pass' : 'fail', detail });
  const checks: CrossCheck[] = [];
  const cart = f.cart?.contents;
  if (!cart) {
    checks.push(...(['cart_merchant_allowed', 'cart_items_in_skus', 'cart_expiry_within_intent', 'cart_total_within_bound'] as const).map((c) => skip(c, 'no readable cart_mandate')));
  } else {
    const merchants = new Set(f.merchants.map(fold));
    checks.push(merchants.size === 0 ? skip('cart_merchant_allowed', 'the intent names no merchants') : judge('cart_merchant_allowed', merchants.has(fold(cart.merchant_name)), `cart merchant "${cart.merchant_name}"`));
    const skus = new Set(f.skus.map(fold));
    const outside = cart.payment_request.details.display_items.map((i) => i.label).filter((label) => !skus.has(fold(label)));
    checks.push(skus.size === 0 ? skip('cart_items_in_skus', 'the intent names no SKUs') : judge('cart_items_in_skus', outside.length === 0, outside.length === 0 ? 'every display item is an allowed SKU' : `not in skus: ${outside.slice(0, 5).map((l) => JSON.stringify(l)).join(', ')}`));
    checks.push(f.cartExpiryMs === null || f.expiryMs === null ? skip('cart_expiry_within_intent', 'an expiry is not readable') : judge('cart_expiry_within_intent', f.cartExpiryMs <= f.expiryMs, `cart expires ${cart.cart_expiry}, intent ${new Date(f.expiryMs).toISOString()}`));
    checks.push(totalWithinBound(f));
  }
  const payment = f.payment?.contents;
  if (!payment || !cart) {
    checks.push(skip('payment_total_equals_cart', 'needs a readable cart_mandate and payment_mandate'), skip('payment_details_id_equals_cart', 'needs a readable cart_mandate and payment_mandate'));
    return checks;
  }
  if (!f.paymentTotal || !f.cartTotal) checks.push(skip('payment_total_equals_cart', 'an amount is not readable exactly'));
  else {
    const same = f.paymentTotal.atomic === f.cartTotal.atomic && f.paymentTotal.currency === f.cartTotal.currency;
    checks.push(judge('payment_total_equals_cart', same, `payment ${f.paymentTotal.decimal} ${f.paymentTotal.currency}, cart ${f.cartTotal.decimal} ${f.cartTotal.currency}`));
  }
  const ids = [cart.id, cart.payment_request.details.id];
  const matched = ids.includes(payment.payment_details_id);
  checks.push(judge('payment_details_id_equals_cart', matched, matched ? `payment_details_id "${payment.payment_details_id}" names the cart` : `payment_details_id "${payment.payment_details_id}" is neither contents.id "${cart.id}" nor the payment request id "${cart.payment_request.details.id}"`));
  return checks;
}

const comparable = (a: string, b: string) => a === b || (['USD', 'USDC'].includes(a) && ['USD', 'USDC'].includes(b));

function totalWithinBound(f: Facts): CrossCheck {
  const check = 'cart_total_within_bound';
  if (!f.cartTotal) return { check, result: 'skipped', detail: 'the cart total is not readable exactly' };
  const total = f.cartTotal;
  const bound = f.ceilings.find((c) => comparable(c.currency, total.currency));
  if (!bound) return { check, result: 'skipped', detail: f.ceilings.length === 0 ? 'no amount bound besides the cart itself' : 'no amount bound in the cart\'s currency' };
  const ok = bound.strict ? total.atomic < bound.atomic : total.atomic <= bound.atomic;
  return { check, result: ok ? 'pass' : 'fail', detail: `cart total ${total.decimal} ${total.currency} against ${bound.strict ? 'less than ' : 'at most '}${bound.decimal} ${bound.currency} (${bound.path})` };
}

function gather(input: Ap2AuditInput, ctx: Context): Facts & { description: string | undefined } {
  const raw = input.intent_mandate;
  const parsed = ap2IntentMandate.safeParse(raw);
  if (!parsed.success) schemaFailures(ctx, '/intent_mandate', parsed.error);
  const { rules, base: rulesBase } = spendingRules(ctx, raw.spending_rules);
  const cart = cartOf(ctx, input.cart_mandate);
  const payment = paymentContents(ctx, input.payment_mandate);
  const confirmation = intentField(raw, 'user_cart_confirmation_required') ?? true;

  const ceilings: Money[] = [];
  let amountSource: Facts['amountSource'] = null;
  rules.forEach((rule, i) => {
    if (rule.rule_type !== 'amount_constraint') return;
    const limit = money(ctx, rule.limit_amount, pointer(...rulesBase.split('/').slice(1), i, 'limit_amount'), rule.operator === 'lt');
    if (limit && rule.enabled !== false && AP2_CEILING_OPERATORS.includes(rule.operator ?? 'lte')) ceilings.push(limit);
  });
  if (ceilings.length > 0) amountSource = 'spending_rule';
  const intentBudget = intentField(raw, 'budget');
  const intentCeiling = intentBudget ? money(ctx, intentBudget, '/intent_mandate/budget') : null;
  if (intentCeiling) {
    ceilings.push(intentCeiling);
    amountSource ??= 'intent_budget';
  }
  const items = cart?.contents.payment_request.details;
  // Display items count for the currency dimension only: the cart total is what is compared.
  for (const item of items?.display_items ?? []) ctx.currencies.add(currencyOf(item.amount));
  const cartTotal = items ? money(ctx, items.total.amount, '/cart_mandate/contents/payment_request/details/total/amount') : null;
  const paymentTotal = payment ? money(ctx, payment.contents.payment_details_total.amount, `${payment.base}/payment_details_total/amount`) : null;
  if (input.budget && amountSource === null) {
    const requestCeiling = money(ctx, input.budget, '/budget');
    if (requestCeiling) {
      ceilings.push(requestCeiling);
      amountSource = 'request_budget';
    }
  } else if (input.budget) ctx.currencies.add(input.budget.currency);
  if (amountSource === null && cartTotal && confirmation) amountSource = 'cart_total';
  ceilings.sort((a, b) => (a.atomic < b.atomic ? -1 : a.atomic > b.atomic ? 1 : 0));

  const expiryText = intentField(raw, 'intent_expiry');
  return {
    description: intentField(raw, 'natural_language_description'),
    confirmation,
    signed: input.intent_signed_by_user,
    merchants: intentField(raw, 'merchants') ?? [],
    skus: intentField(raw, 'skus') ?? [],
    rules,
    rulesBase,
    cart,
    cartTotal,
    payment,
    paymentTotal,
    ceilings,
    amountSource,
    expiryMs: parseTime(ctx, expiryText, '/intent_mandate/intent_expiry'),
    cartExpiryMs: cart ? parseTime(ctx, cart.contents.cart_expiry, '/cart_mandate/contents/cart_expiry') : null,
    refundabilityStated: typeof raw.requires_refundability === 'boolean',
  };
}

function validity(ctx: Context, facts: Facts & { description: string | undefined }, asOfMs: number): void {
  if (facts.description !== undefined && facts.description.trim() === '') ctx.failures.push({ path: '/intent_mandate/natural_language_description', problem: 'is empty' });
  if (facts.expiryMs !== null && facts.expiryMs <= asOfMs) {
    ctx.failures.push({ path: '/intent_mandate/intent_expiry', problem: 'is not after as_of: the intent has expired' });
    ctx.flags.add('intent_expired');
  }
  if (!facts.signed && !facts.confirmation) {
    ctx.failures.push({ path: '/intent_mandate/user_cart_confirmation_required', problem: 'must be true when the user did not sign the intent (AP2)' });
    ctx.flags.add('unsigned_intent_without_confirmation');
  }
}

function decide(failures: Failure[], facts: Facts, coverage: Record<Ap2AuditDimension, Rated>, checks: CrossCheck[]): Decision {
  if (failures.length > 0) return 'invalid_mandate';
  if (!facts.confirmation && (['merchant', 'item', 'amount'] as const).every((d) => coverage[d].rating === 'unbounded')) return 'unbounded';
  if (AP2_AUDIT_DIMENSIONS.some((d) => coverage[d].rating !== 'bounded') || checks.some((c) => c.result === 'fail')) return 'gaps_found';
  return 'bounded';
}

function gapsOf(coverage: Record<Ap2AuditDimension, Rated>, confirmation: boolean): Gap[] {
  const gaps: Gap[] = [];
  for (const dimension of AP2_AUDIT_DIMENSIONS) {
    const rated = coverage[dimension];
    if (rated.rating === 'bounded') continue;
    const base = SEVERITY[dimension][rated.rating];
    const severity = confirmation && SOFTENED_BY_CONFIRMATION.has(dimension) ? LOWER[base] : base;
    gaps.push({ dimension, severity, path: rated.path, explanation: rated.explanation, suggested_bound: rated.suggested });
  }
  // Stable sort: equal severities keep the dimension order.
  return gaps.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

const NEXT_ACTION: Record<Decision, string> = {
  invalid_mandate: 'Do not act on these mandates: fix the fields listed in validity_failures and have the user re-confirm or re-sign the intent.',
  unbounded: 'Do not buy human-not-present on this intent: ask the user for merchants, SKUs or an amount limit, or require cart confirmation.',
  gaps_found: 'Close the gaps (suggested_bound) or confirm them with the user before buying; a failed cross-check means the cart or payment does not match the intent.',
  bounded: 'The mandates bound merchant, item, amount, currency, time, refundability and confirmation; proceed within them.',
};

export function analyzeAp2MandateGaps(input: Ap2AuditInput, context: AnalyzeContext): ToolOutput<Ap2AuditResult> {
  const { at, as_of } = resolveAsOf(input.as_of, context.now);
  const asOfMs = at.getTime();
  const ctx: Context = { flags: new Set(), failures: [], currencies: new Set() };
  const facts = gather(input, ctx);
  validity(ctx, facts, asOfMs);

  const coverage: Record<Ap2AuditDimension, Rated> = {
    merchant: rateMerchant(facts),
    item: rateItem(facts),
    amount: rateAmount(facts),
    currency: rateCurrency(ctx.currencies),
    time: rateTime(facts, asOfMs, input.max_expiry_days),
    refundability: rateRefundability(facts),
    human_confirmation: rateConfirmation(facts),
  };
  const checks = crossChecks(facts);
  const decision = decide(ctx.failures, facts, coverage, checks);
  const gaps = gapsOf(coverage, facts.confirmation);

  if ((facts.description?.trim().length ?? 0) < VAGUE_INTENT_CHARS) ctx.flags.add('vague_intent');
  if (coverage.currency.rating !== 'bounded') ctx.flags.add('currency_mix');
  for (const gap of gaps) ctx.flags.add(`${gap.dimension}_${coverage[gap.dimension].rating}`);
  for (const check of checks) if (check.result === 'fail') ctx.flags.add(CROSS_CHECK_FLAG[check.check]);
  if (ctx.failures.length > 0) ctx.flags.add('mandate_invalid');

  const hasMandateAmounts = facts.cart !== null || facts.payment !== null;
  const confidence = facts.amountSource === 'request_budget' && !hasMandateAmounts ? 'low' : hasMandateAmounts ? 'high' : 'medium';
  const open = gaps.map((g) => `${g.dimension} (${g.severity})`).join(', ') || 'none';
  const failed = checks.filter((c) => c.result === 'fail').map((c) => c.check);
  const summary =
    decision === 'invalid_mandate'
      ? `The mandates are invalid: ${ctx.failures.length} problem(s), first ${ctx.failures[0]!.path} ${ctx.failures[0]!.problem}.`
      : `Decision ${decision}: gaps ${open}; cross-checks failed: ${failed.join(', ') || 'none'}.`;
  const limitations = [
    'Signatures are not checked: intent_signed_by_user is the caller\'s statement, and the merchant\'s and user\'s authorizations are not verified.',
    'Merchant names and SKUs are compared as text, case-folded; aliases of one merchant are different names here.',
    'AP2 amounts are read as decimals with at most 6 fraction digits; others are not compared (flag amount_unreadable).',
    'Time, frequency and category spending rules are not evaluated against a transaction; only whether they bound a dimension.',
  ];
  if (!input.cart_mandate) limitations.push('No cart_mandate: the cart cross-checks are skipped.');
  return x402Answer(
    { decision, confidence, summary, riskFlags: ctx.flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      constraint_coverage: Object.fromEntries(AP2_AUDIT_DIMENSIONS.map((d) => [d, coverage[d].rating])) as Ap2AuditResult['constraint_coverage'],
      gaps,
      cross_checks: checks,
      validity_failures: ctx.failures,
    },
    { asOf: as_of },
  );
}
