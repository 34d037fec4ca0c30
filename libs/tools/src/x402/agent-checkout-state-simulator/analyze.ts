import {
  CHECKOUT_TERMINAL_STATES,
  CHECKOUT_TRANSITIONS,
  CHECKOUT_VIOLATIONS,
  MINOR_CHECKOUT_VIOLATIONS,
  type CatalogEntryOf,
  type CheckoutEvent,
  type CheckoutState,
  type CheckoutViolation,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { tally } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_agent_checkout_state_simulator'>;
export type CheckoutSimulatorInput = RequestOf<Entry>;
export type CheckoutSimulatorResult = ResultOf<Entry>;
type LoggedEvent = CheckoutSimulatorInput['events'][number];
type Flow = CheckoutSimulatorResult['flows'][number];
type Violation = Flow['violations'][number];
type Decision = CheckoutSimulatorResult['decision'];

/** What a flow has been through so far: what an illegal event is judged against. */
interface History {
  verified: boolean;
  refused: boolean;
  settled: boolean;
  delivered: boolean;
  receipt: boolean;
  /** The first 200 and the state it came in: where a missing receipt is reported. */
  firstDelivery: { seq: number; from: CheckoutState } | null;
}

/** Names what an event outside its legal states did wrong, most specific first. */
function classify(event: CheckoutEvent, h: History): CheckoutViolation {
  if ((event === 'handler_ok' || event === 'handler_error') && !h.verified) return 'unverified_execution';
  if (event.startsWith('settle_') && h.refused) return 'charged_without_service';
  if (event === 'settle_ok' && h.settled) return 'settle_twice';
  if (event === 'response_200' && !h.settled) return 'served_without_charge';
  if (event === 'response_200' && h.delivered) return 'double_delivery';
  return 'illegal_transition';
}

function record(event: CheckoutEvent, seq: number, from: CheckoutState, h: History): void {
  if (event === 'verify_ok') h.verified = true;
  if (event === 'verify_fail' || event === 'handler_error') h.refused = true;
  if (event === 'settle_ok') h.settled = true;
  if (event === 'receipt_header') h.receipt = true;
  if (event === 'response_200') {
    h.delivered = true;
    h.firstDelivery ??= { seq, from };
  }
}

/** A seq gap or a repeated seq, judged against the event before in seq order. */
function orderViolation(previous: LoggedEvent | undefined, current: LoggedEvent): boolean {
  return previous !== undefined && current.seq - previous.seq !== 1;
}

/** Replays one correlation's events, in seq order (ties by input order), through the transition table. */
function replay(correlationId: string, events: readonly LoggedEvent[]): Flow {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const h: History = { verified: false, refused: false, settled: false, delivered: false, receipt: false, firstDelivery: null };
  const violations: Violation[] = [];
  let state: CheckoutState = 'idle';
  ordered.forEach((logged, i) => {
    const rule = CHECKOUT_TRANSITIONS[logged.event];
    const found = (violation: CheckoutViolation) => violations.push({ seq: logged.seq, from_state: state, event: logged.event, violation });
    if (orderViolation(ordered[i - 1], logged)) found('out_of_order');
    if (logged.actor !== rule.actor) found('wrong_actor');
    const legal = Object.hasOwn(rule.legal, state);
    if (!legal) found(classify(logged.event, h));
    record(logged.event, logged.seq, state, h);
    state = (legal ? rule.legal[state] : rule.otherwise) ?? state;
  });
  if (h.settled && h.firstDelivery !== null && !h.receipt) violations.push({ seq: h.firstDelivery.seq, from_state: h.firstDelivery.from, event: 'response_200', violation: 'receipt_missing' });
  violations.sort((a, b) => a.seq - b.seq);
  return { correlation_id: correlationId, final_state: state, violations };
}

/** Events grouped by correlation, in order of first appearance. */
function byCorrelation(events: readonly LoggedEvent[]): Map<string, LoggedEvent[]> {
  const groups = new Map<string, LoggedEvent[]>();
  for (const event of events) {
    const group = groups.get(event.correlation_id);
    if (group) group.push(event);
    else groups.set(event.correlation_id, [event]);
  }
  return groups;
}

const NEXT_ACTION: Record<Decision, string> = {
  invalid_flow: 'Fix the server or client flow behind each major violation first: a charge without service or a service without a charge is a money error, not a log defect.',
  recoverable_deviation: 'The exchanges are sound; fix the logging or the receipt header behind the minor deviations.',
  valid_flow: 'Nothing to fix: every flow follows the x402 exchange.',
};

/** x402-agent-checkout-state-simulator (design §36): logged paid-call events replayed through the reference x402 state machine. */
export function simulateCheckout(input: CheckoutSimulatorInput): ToolOutput<CheckoutSimulatorResult> {
  const flows = [...byCorrelation(input.events)].map(([id, events]) => replay(id, events));
  const byViolation = tally(CHECKOUT_VIOLATIONS, flows.flatMap((f) => f.violations.map((v) => v.violation))).map(({ key, count }) => ({ violation: key, count }));
  const total = byViolation.reduce((sum, v) => sum + v.count, 0);
  const major = byViolation.filter((v) => !MINOR_CHECKOUT_VIOLATIONS.includes(v.violation));
  const decision: Decision = major.length > 0 ? 'invalid_flow' : total > 0 ? 'recoverable_deviation' : 'valid_flow';
  const open = flows.filter((f) => !CHECKOUT_TERMINAL_STATES.includes(f.final_state));

  const flags = new Set<string>(byViolation.map((v) => v.violation));
  const limitations = ['Events are judged as logged: a lost log line and an event that never happened look the same.'];
  if (open.length > 0) {
    flags.add('flow_not_terminal');
    const states = [...new Set(open.map((f) => f.final_state))].join(', ');
    limitations.push(`${open.length} flow(s) end without a terminal state (${states}): how they ended is not in the log.`);
  }
  const summary =
    `${flows.length} flow(s), ${input.events.length} event(s): ${total} violation(s)` +
    (byViolation.length > 0 ? ` (${byViolation.map((v) => `${v.violation} ${v.count}`).join(', ')})` : '') +
    `; ${flows.length - open.length} of ${flows.length} reached a terminal state: ${decision}.`;
  return x402Answer(
    { decision, confidence: open.length === 0 ? 'high' : 'medium', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { flows, counts: { flows: flows.length, events: input.events.length, terminal_flows: flows.length - open.length, violations: total, by_violation: byViolation } },
  );
}
