import { PURCHASE_EXCEPTION_KINDS, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ND, addressKey } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_autonomous_purchase_intent_to_receipt_reconciler'>;
export type PurchaseReconcilerInput = RequestOf<Entry>;
export type PurchaseReconcilerResult = ResultOf<Entry>;
type Decision = PurchaseReconcilerResult['decision'];
type Exception = PurchaseReconcilerResult['exceptions'][number];
type Chain = PurchaseReconcilerResult['chains'][number];
type IntentIn = PurchaseReconcilerInput['intents'][number];
type PaymentIn = PurchaseReconcilerInput['payments'][number];

/** More than this share of null settlements leaves too little to reconcile (the sheet's 20%). */
const NULL_SETTLEMENT_SHARE = { numerator: 1, denominator: 5 };
const KIND_RANK: ReadonlyMap<string, number> = new Map(PURCHASE_EXCEPTION_KINDS.map((k, i) => [k, i]));

interface Intent {
  input: IntentIn;
  index: number;
  createdMs: number;
  expiresMs: number;
  max: bigint;
  payees: ReadonlySet<string> | null;
  network: string | null;
  matched: Payment[];
  /** Payments that fitted this intent in every way but its remaining uses. */
  overUse: Payment[];
}

interface Payment {
  input: PaymentIn;
  index: number;
  authorizedMs: number;
  value: bigint;
  network: string;
  settled: boolean;
  delivered: boolean;
}

const byTimeThenIndex = <T extends { index: number }>(ms: (item: T) => number) => (a: T, b: T) => ms(a) - ms(b) || a.index - b.index;

function settledOf(payment: PaymentIn, network: string, flags: Set<string>): boolean {
  const s = payment.settlement;
  if (!s || !s.success) return false;
  if (ND(s.network).network !== network) {
    flags.add('settlement_network_mismatch');
    return false;
  }
  if (s.payer === undefined || payment.from === undefined) {
    flags.add('payer_not_compared');
    return true;
  }
  if (addressKey(s.payer) !== addressKey(payment.from)) {
    flags.add('settlement_payer_mismatch');
    return false;
  }
  return true;
}

/** Why an intent does not take the payment, or null when it would (uses aside). */
function misfit(intent: Intent, payment: Payment): string | null {
  if (payment.authorizedMs < intent.createdMs || payment.authorizedMs > intent.expiresMs) return 'authorized outside its validity window';
  if (intent.payees && !intent.payees.has(addressKey(payment.input.to))) return 'payee not allowed';
  if (payment.value > intent.max) return `value above max_amount ${intent.input.max_amount}`;
  if (intent.network !== null && intent.network !== payment.network) return `network ${payment.network} is not ${intent.network}`;
  return null;
}

function chainStatus(intent: Intent, deliveriesGiven: boolean): Chain['status'] {
  if (intent.matched.length === 0) return 'unfulfilled';
  if (intent.overUse.length > 0) return 'over_used';
  if (intent.matched.some((p) => !p.settled)) return 'unsettled';
  if (!deliveriesGiven || intent.matched.some((p) => !p.delivered)) return 'undelivered';
  return 'fulfilled';
}

const NEXT_ACTION: Record<Decision, string> = {
  incomplete_evidence: 'Supply the deliveries and the settle responses for the payments, then reconcile again before booking these purchases.',
  discrepancy: 'Resolve each exception: claim refunds or deliveries for paid_not_delivered, investigate orphan and duplicate payments, and expire unfulfilled intents.',
  reconciled: 'Every payment belongs to an intent, settled and was delivered; book the purchases.',
};

export function analyzePurchaseReconciliation(input: PurchaseReconcilerInput): ToolOutput<PurchaseReconcilerResult> {
  const flags = new Set<string>();
  const nd = (network: string) => {
    const normalized = ND(network);
    if (!normalized.known) flags.add('unknown_network');
    return normalized.network;
  };
  const intents: Intent[] = input.intents.map((intent, index) => ({
    input: intent,
    index,
    createdMs: Date.parse(intent.created_at),
    expiresMs: Date.parse(intent.expires_at),
    max: AMT.toAtomic(intent.max_amount)!,
    payees: intent.allowed_payees && intent.allowed_payees.length > 0 ? new Set(intent.allowed_payees.map(addressKey)) : null,
    network: intent.network === undefined ? null : nd(intent.network),
    matched: [],
    overUse: [],
  }));
  const byPath = new Map<string, Intent[]>();
  for (const intent of intents) {
    const list = byPath.get(intent.input.resource_path);
    if (list) list.push(intent);
    else byPath.set(intent.input.resource_path, [intent]);
  }
  for (const list of byPath.values()) list.sort(byTimeThenIndex((i) => i.createdMs));

  const delivered2xx = new Set<string>();
  const paymentIds = new Set(input.payments.map((p) => p.payment_id));
  for (const delivery of input.deliveries ?? []) {
    if (!paymentIds.has(delivery.payment_id)) flags.add('delivery_for_unknown_payment');
    if (delivery.http_status >= 200 && delivery.http_status < 300) delivered2xx.add(delivery.payment_id);
  }
  const payments: Payment[] = input.payments.map((payment, index) => {
    const network = nd(payment.network);
    return { input: payment, index, authorizedMs: Date.parse(payment.authorized_at), value: BigInt(payment.value_atomic), network, settled: settledOf(payment, network, flags), delivered: delivered2xx.has(payment.payment_id) };
  });

  const exceptions: (Exception & { order: number })[] = [];
  const orphans: Payment[] = [];
  for (const payment of [...payments].sort(byTimeThenIndex((p) => p.authorizedMs))) {
    const candidates = byPath.get(payment.input.resource_path) ?? [];
    const fitting = candidates.filter((intent) => misfit(intent, payment) === null);
    const open = fitting.find((intent) => intent.matched.length < intent.input.max_uses);
    if (open) {
      open.matched.push(payment);
      continue;
    }
    orphans.push(payment);
    if (fitting[0]) fitting[0].overUse.push(payment);
    const why = candidates.length === 0 ? 'no intent for its resource_path' : fitting.length > 0 ? `intent ${fitting[0]!.input.intent_id} has no uses left` : [...new Set(candidates.map((intent) => `${intent.input.intent_id}: ${misfit(intent, payment)}`))].join('; ');
    exceptions.push({ kind: 'orphan_payment', ref: payment.input.payment_id, detail: `${payment.input.value_atomic} to ${payment.input.to}: ${why}`, order: payment.index });
  }

  for (const payment of payments) {
    if (input.deliveries && payment.settled && !payment.delivered) exceptions.push({ kind: 'paid_not_delivered', ref: payment.input.payment_id, detail: `settled${payment.input.settlement?.transaction ? ` in ${payment.input.settlement.transaction}` : ''} with no 2xx delivery`, order: payment.index });
    if (payment.delivered && !payment.settled) exceptions.push({ kind: 'delivered_unsettled', ref: payment.input.payment_id, detail: payment.input.settlement ? 'a 2xx delivery, but the settlement failed or does not match the payment' : 'a 2xx delivery, but no settle response', order: payment.index });
  }
  for (const intent of intents) {
    if (intent.overUse.length > 0) exceptions.push({ kind: 'duplicate_purchase', ref: intent.input.intent_id, detail: `max_uses ${intent.input.max_uses} exceeded by ${intent.overUse.map((p) => p.input.payment_id).join(', ')}`, order: intent.index });
    if (intent.matched.length === 0) exceptions.push({ kind: 'unfulfilled_intent', ref: intent.input.intent_id, detail: `no payment for ${intent.input.resource_path}`, order: intent.index });
  }
  exceptions.sort((a, b) => KIND_RANK.get(a.kind)! - KIND_RANK.get(b.kind)! || a.order - b.order);

  const sum = (list: Payment[]) => list.reduce((total, p) => total + p.value, 0n).toString();
  const settled = payments.filter((p) => p.settled);
  const nullSettlements = input.payments.filter((p) => !p.settlement).length;
  const tooManyNull = nullSettlements * NULL_SETTLEMENT_SHARE.denominator > input.payments.length * NULL_SETTLEMENT_SHARE.numerator;
  const decision: Decision = !input.deliveries || tooManyNull ? 'incomplete_evidence' : exceptions.length > 0 ? 'discrepancy' : 'reconciled';
  if (!input.deliveries) flags.add('deliveries_missing');
  if (tooManyNull) flags.add('settlements_missing');
  for (const e of exceptions) flags.add(e.kind);
  const traceable = settled.every((p) => p.input.nonce_hash !== undefined && (p.input.settlement?.transaction ?? '') !== '');

  const limitations = [
    'Amounts are compared as USDC with 6 decimals (max_amount against value_atomic); other assets are not converted.',
    'Settlements are the caller\'s facilitator responses; nothing is checked on chain.',
    'A delivery counts when its status is 2xx; the response body and response_hash are not judged.',
  ];
  if (!input.deliveries) limitations.push('No deliveries were supplied: paid_not_delivered cannot be judged.');
  const totals = { authorized_atomic: sum(payments), settled_atomic: sum(settled), delivered_value_atomic: sum(settled.filter((p) => p.delivered)), orphan_value_atomic: sum(orphans) };
  const counts = PURCHASE_EXCEPTION_KINDS.map((kind) => [kind, exceptions.filter((e) => e.kind === kind).length] as const).filter(([, n]) => n > 0);
  return x402Answer(
    {
      decision,
      confidence: traceable ? 'high' : 'medium',
      summary: `${input.intents.length} intent(s), ${input.payments.length} payment(s), ${settled.length} settled (${totals.settled_atomic} atomic), orphan value ${totals.orphan_value_atomic}: ${counts.map(([k, n]) => `${n} ${k}`).join(', ') || 'no exception'} (${decision}).`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    {
      chains: intents.map((intent) => ({ intent_id: intent.input.intent_id, payment_ids: intent.matched.map((p) => p.input.payment_id), status: chainStatus(intent, input.deliveries !== undefined) })),
      exceptions: exceptions.map(({ kind, ref, detail }) => ({ kind, ref, detail })),
      totals,
    },
  );
}
