import {
  BREAKING_CONTINUITY_FINDINGS,
  CONTINUITY_FINDINGS,
  CONTINUITY_TERMINAL_STATES,
  LIFECYCLE_AFTER_TERMINAL,
  LIFECYCLE_GRAMMAR,
  LIFECYCLE_REQUIRED_STAGES,
  PURCHASE_TERMINAL_STATES,
  isPurchaseTerminal,
  type CatalogEntryOf,
  type ContinuityFinding,
  type PurchaseEventType,
  type PurchaseTerminalEvent,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { resolveAsOfSeconds, tally } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_post_purchase_event_continuity_checker'>;
export type ContinuityInput = RequestOf<Entry>;
export type ContinuityResult = ResultOf<Entry>;
type Purchase = ContinuityInput['purchases'][number];
type PurchaseEvent = ContinuityInput['events'][number];
type PurchaseReport = ContinuityResult['purchases'][number];
type Finding = PurchaseReport['findings'][number];
type Decision = ContinuityResult['decision'];

/** An event with its input index and whether its event_id was already used by an earlier event. */
interface Indexed {
  event: PurchaseEvent;
  index: number;
  repeatedId: boolean;
  /** Its position key: sequence when the whole stream has one, else at. */
  key: number;
}

/** What walking one purchase's stream gathers. */
interface Walk {
  findings: Finding[];
  seen: Set<PurchaseEventType>;
  terminal: PurchaseTerminalEvent | null;
  refunded: bigint;
  /** The refund event that took the refunded total past what was paid. */
  refundCrossing: PurchaseEvent | null;
  /** The stream has a payment_settled somewhere: fulfilment must not come before it. */
  settles: boolean;
}

const finding = (code: ContinuityFinding, event_id: string | null, detail: string): Finding => ({ code, event_id, detail });

/** By sequence (then time) when every event has one, else by time; input order breaks ties. */
function ordered(events: Indexed[]): { stream: Indexed[]; sequenced: boolean } {
  const sequenced = events.every((e) => e.event.sequence !== undefined);
  for (const e of events) e.key = sequenced ? e.event.sequence! : e.event.at;
  return { stream: [...events].sort((a, b) => a.key - b.key || a.event.at - b.event.at || a.index - b.index), sequenced };
}

/** Sequence continuity and time order against the previous event of the stream. */
function checkOrder(previous: PurchaseEvent | undefined, current: PurchaseEvent, sequenced: boolean, found: Finding[]): void {
  if (previous === undefined) return;
  if (sequenced) {
    const gap = current.sequence! - previous.sequence!;
    if (gap > 1) found.push(finding('seq_gap', current.event_id, gap === 2 ? `sequence ${previous.sequence! + 1} is missing` : `sequences ${previous.sequence! + 1}–${current.sequence! - 1} are missing`));
    if (gap === 0) found.push(finding('duplicate_event', current.event_id, `sequence ${current.sequence} is used again`));
    if (current.at < previous.at) found.push(finding('out_of_order', current.event_id, `at ${current.at} is before the previous event's ${previous.at} although its sequence is later`));
  }
}

/** The lifecycle grammar, event by event: repeats, events after the end, fulfilment before payment, refunds. */
function checkGrammar(e: PurchaseEvent, purchase: Purchase, paid: bigint | null, walk: Walk): void {
  const rule = LIFECYCLE_GRAMMAR[e.type];
  const found = walk.findings;
  if (!rule.repeatable && walk.seen.has(e.type)) {
    found.push(finding('duplicate_event', e.event_id, `${e.type} occurs more than once`));
    return;
  }
  if (walk.terminal !== null && !LIFECYCLE_AFTER_TERMINAL[walk.terminal].includes(e.type)) {
    found.push(finding('event_after_terminal', e.event_id, `${e.type} after the terminal ${walk.terminal}`));
    return;
  }
  if (rule.fulfillment && ((walk.settles && !walk.seen.has('payment_settled')) || e.at < purchase.paid_at))
    found.push(finding('fulfillment_before_payment', e.event_id, e.at < purchase.paid_at ? `${e.type} at ${e.at}, before paid_at ${purchase.paid_at}` : `${e.type} before payment_settled`));
  walk.seen.add(e.type);
  if (e.type === 'refund_issued' && e.amount_atomic !== undefined) {
    walk.refunded += BigInt(e.amount_atomic);
    if (paid !== null && walk.refunded > paid && walk.refundCrossing === null) {
      walk.refundCrossing = e;
      found.push(finding('refund_exceeds_paid', e.event_id, `refunds reach ${walk.refunded} atomic, more than the ${paid} paid`));
    }
  }
  if (isPurchaseTerminal(e.type)) walk.terminal = e.type;
}

/** What was paid: the purchase's amount, else the settlement event's. */
function paidAmount(purchase: Purchase, events: readonly Indexed[]): bigint | null {
  const amount = purchase.amount_atomic ?? events.find((e) => e.event.type === 'payment_settled' && e.event.amount_atomic !== undefined)?.event.amount_atomic;
  return amount === undefined ? null : BigInt(amount);
}

interface Checked {
  report: PurchaseReport;
  sequenced: boolean;
  refundUnchecked: boolean;
}

function checkPurchase(purchase: Purchase, events: Indexed[], deadlineAt: number, now: number): Checked {
  const { stream, sequenced } = ordered(events);
  const paid = paidAmount(purchase, events);
  const walk: Walk = { findings: [], seen: new Set(), terminal: null, refunded: 0n, refundCrossing: null, settles: events.some((e) => e.event.type === 'payment_settled') };
  let previous: PurchaseEvent | undefined;
  for (const { event, repeatedId } of stream) {
    if (repeatedId) {
      walk.findings.push(finding('duplicate_event', event.event_id, 'its event_id was already used'));
      continue;
    }
    checkOrder(previous, event, sequenced, walk.findings);
    checkGrammar(event, purchase, paid, walk);
    previous = event;
  }
  if (walk.terminal === null && now > deadlineAt) walk.findings.push(finding('missing_terminal', null, `no fulfilment, refund or resolved dispute by ${deadlineAt} (paid_at + deadline); as_of is ${now}`));
  if (walk.terminal !== null) {
    for (const stage of LIFECYCLE_REQUIRED_STAGES) if (!walk.seen.has(stage)) walk.findings.push(finding('missing_stage', null, `the purchase ended without ${stage}`));
  }
  const terminal_state = walk.terminal !== null ? PURCHASE_TERMINAL_STATES[walk.terminal] : now > deadlineAt ? 'overdue' : 'open';
  return { report: { purchase_id: purchase.purchase_id, terminal_state, findings: walk.findings }, sequenced, refundUnchecked: paid === null && walk.refunded > 0n };
}

/** Events by purchase id in input order, each knowing whether its event_id was used before. */
function indexEvents(events: readonly PurchaseEvent[]): Map<string, Indexed[]> {
  const ids = new Set<string>();
  const byPurchase = new Map<string, Indexed[]>();
  events.forEach((event, index) => {
    const entry = { event, index, repeatedId: ids.has(event.event_id), key: 0 };
    ids.add(event.event_id);
    const list = byPurchase.get(event.purchase_id);
    if (list) list.push(entry);
    else byPurchase.set(event.purchase_id, [entry]);
  });
  return byPurchase;
}

function orphanReport(purchaseId: string, events: readonly Indexed[]): PurchaseReport {
  return { purchase_id: purchaseId, terminal_state: 'unknown_purchase', findings: events.map(({ event }) => finding('orphan_event', event.event_id, 'its purchase_id is not among the purchases')) };
}

const NEXT_ACTION: Record<Decision, string> = {
  broken: 'Fix the lifecycle first: events after the end, refunds above the payment or fulfilment before payment mean the records (or the business) contradict themselves.',
  gaps_found: 'Recover the missing, repeated or misordered events from the emitters, and close the purchases past their deadline.',
  continuous: 'Nothing to fix: every purchase\'s events are complete, in order and reach a valid end.',
};

/** x402-post-purchase-event-continuity-checker (design §43): each purchase's events against the post-purchase lifecycle grammar. */
export function checkContinuity(input: ContinuityInput, context: AnalyzeContext): ToolOutput<ContinuityResult> {
  const { seconds: now, as_of } = resolveAsOfSeconds(input.as_of, context.now);
  const byPurchase = indexEvents(input.events);
  const known = new Set(input.purchases.map((p) => p.purchase_id));
  const checked = input.purchases.map((p) => checkPurchase(p, byPurchase.get(p.purchase_id) ?? [], p.paid_at + input.fulfilment_deadline_seconds, now));
  const orphans = [...byPurchase].filter(([id]) => !known.has(id));
  const reports = [...checked.map((c) => c.report), ...orphans.map(([id, events]) => orphanReport(id, events))];

  const all = reports.flatMap((r) => r.findings);
  const byCode = tally(CONTINUITY_FINDINGS, all.map((f) => f.code)).map(({ key, count }) => ({ code: key, count }));
  const decision: Decision = byCode.some((c) => BREAKING_CONTINUITY_FINDINGS.includes(c.code)) ? 'broken' : all.length > 0 ? 'gaps_found' : 'continuous';
  const unsequenced = checked.filter((c) => !c.sequenced).map((c) => c.report.purchase_id);
  const refundUnchecked = checked.filter((c) => c.refundUnchecked).map((c) => c.report.purchase_id);
  const orphanEvents = orphans.reduce((sum, [, events]) => sum + events.length, 0);

  const limitations = ['Events are judged as reported: nothing was read from a chain, a payment processor or the seller.'];
  if (unsequenced.length > 0) limitations.push(`${unsequenced.length} purchase(s) have events without a sequence (${unsequenced.slice(0, 5).join(', ')}${unsequenced.length > 5 ? ', …' : ''}): ordered by time, so gaps and repeats of sequence could not be seen.`);
  if (refundUnchecked.length > 0) limitations.push(`Refunds of ${refundUnchecked.length} purchase(s) could not be checked: no amount paid is known (${refundUnchecked.slice(0, 5).join(', ')}).`);
  const flags = byCode.map((c) => c.code);
  const summary =
    `${input.purchases.length} purchase(s), ${input.events.length} event(s)${orphanEvents > 0 ? ` (${orphanEvents} for unknown purchases)` : ''}: ${all.length} finding(s)` +
    (byCode.length > 0 ? ` (${byCode.map((c) => `${c.code} ${c.count}`).join(', ')})` : '') +
    `: ${decision}.`;
  return x402Answer(
    { decision, confidence: unsequenced.length === 0 ? 'high' : 'medium', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      purchases: reports,
      counts: {
        purchases: input.purchases.length,
        events: input.events.length,
        orphan_events: orphanEvents,
        findings: all.length,
        by_code: byCode,
        by_terminal_state: tally(CONTINUITY_TERMINAL_STATES, reports.map((r) => r.terminal_state)).map(({ key, count }) => ({ terminal_state: key, count })),
      },
    },
    { asOf: as_of },
  );
}
