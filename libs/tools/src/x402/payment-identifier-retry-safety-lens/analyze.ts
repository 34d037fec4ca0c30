import { PAYMENT_IDENTIFIER_PATTERN, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';

type Entry = CatalogEntryOf<'x402_payment_identifier_retry_safety_lens'>;
export type RetryLensInput = RequestOf<Entry>;
export type RetryLensResult = ResultOf<Entry>;
type Attempt = RetryLensInput['attempts'][number];
type Decision = RetryLensResult['decision'];
type State = RetryLensResult['state'];
type Action = RetryLensResult['allowed_actions'][number];
type Violation = RetryLensResult['plan_violations'][number];

interface Ruling {
  state: State;
  decision: Exclude<Decision, 'unsafe_plan'>;
  actions: Action[];
  deciding: Attempt[];
  /** The id and payload a same-id retry must repeat; null outside a same-id state. */
  reuse: { id: string; payloadHash: string } | null;
  earliest: number | null;
}

/**
 * A same-id retry is safe only when the server supports the extension and the deciding attempts all
 * carried one identifier with one payload: the server's cache replays that pair and nothing else.
 */
function reusable(supported: boolean, deciding: Attempt[]): Ruling['reuse'] {
  if (!supported) return null;
  const ids = new Set(deciding.map((a) => a.payment_identifier));
  const hashes = new Set(deciding.map((a) => a.payload_hash));
  const [id] = ids;
  return ids.size === 1 && id !== undefined && hashes.size === 1 ? { id, payloadHash: deciding[0]!.payload_hash } : null;
}

/** Steps 1–4 of design §22: the state of the attempt history, first matching step wins. */
function rule(input: RetryLensInput): Ruling {
  const attempts = [...input.attempts].sort((a, b) => a.attempt_no - b.attempt_no);
  const supported = input.server_supports_payment_identifier;
  const served = attempts.filter((a) => a.settle_status === 'settled' && a.response_received);
  if (served.length > 0) return { state: 'already_served', decision: 'do_not_retry', actions: ['use_delivered_response'], deciding: served, reuse: null, earliest: null };
  const paid = attempts.filter((a) => a.settle_status === 'settled');
  if (paid.length > 0) {
    const reuse = reusable(supported, paid);
    return reuse
      ? { state: 'paid_undelivered', decision: 'safe_to_retry_same_id', actions: ['retry_same_identifier', 'request_delivery'], deciding: paid, reuse, earliest: null }
      : { state: 'paid_undelivered', decision: 'do_not_retry', actions: ['request_delivery'], deciding: paid, reuse: null, earliest: null };
  }
  const unknown = attempts.filter((a) => a.settle_status === 'unknown');
  if (unknown.length > 0) {
    // An unsettled EIP-3009 authorization can still settle until its validBefore, never after.
    const earliest = Math.max(...unknown.map((a) => a.valid_before)) + input.clock_skew_seconds;
    const reuse = reusable(supported, unknown);
    return reuse
      ? { state: 'settlement_unknown', decision: 'safe_to_retry_same_id', actions: ['retry_same_identifier', 'wait_for_settlement', 'new_payment_after_expiry'], deciding: unknown, reuse, earliest }
      : { state: 'settlement_unknown', decision: 'wait_until_expiry', actions: ['wait_for_settlement', 'new_payment_after_expiry'], deciding: unknown, reuse: null, earliest };
  }
  return { state: 'not_paid', decision: 'safe_to_retry_new_payment', actions: ['new_payment'], deciding: attempts, reuse: null, earliest: null };
}

/** Step 5: how planned_next breaks the ruling, pushed in the order of RETRY_PLAN_RULES. */
function violations(input: RetryLensInput, ruling: Ruling): Violation[] {
  const plan = input.planned_next;
  if (!plan) return [];
  const found: Violation[] = [];
  const { reuse } = ruling;
  if (reuse && plan.payment_identifier !== undefined && plan.payment_identifier !== reuse.id) found.push({ rule: 'different_identifier', detail: `The retry must reuse payment-identifier ${reuse.id}; a different id is a new payment.` });
  if (reuse && (plan.new_authorization === true || (plan.payload_hash !== undefined && plan.payload_hash !== reuse.payloadHash)))
    found.push({ rule: 'different_payload', detail: `The same id must carry the same payload (${reuse.payloadHash}); the extension answers 409 to a different one.` });
  if (plan.new_authorization === true && ruling.earliest !== null && plan.at !== undefined && plan.at < ruling.earliest)
    found.push({ rule: 'new_authorization_too_early', detail: `A new authorization at ${plan.at} is before ${ruling.earliest} (the latest unsettled validBefore plus ${input.clock_skew_seconds}s skew): both could settle.` });
  if (plan.new_authorization === true && ruling.decision === 'do_not_retry')
    found.push({ rule: 'pays_twice', detail: `Attempt ${ruling.deciding.map((a) => a.attempt_no).join(', ')} already settled: a new authorization pays again.` });
  if (plan.payment_identifier !== undefined && !PAYMENT_IDENTIFIER_PATTERN.test(plan.payment_identifier))
    found.push({ rule: 'identifier_charset', detail: 'A payment-identifier is 16 to 128 characters of A-Z, a-z, 0-9, _ and -.' });
  if (plan.payment_identifier !== undefined && plan.payment_identifier !== reuse?.id) {
    const hashes = new Set(input.attempts.filter((a) => a.payment_identifier === plan.payment_identifier).map((a) => a.payload_hash));
    if (plan.payload_hash !== undefined) hashes.add(plan.payload_hash);
    if (hashes.size > 1) found.push({ rule: 'identifier_payload_conflict', detail: `payment-identifier ${plan.payment_identifier} would be used with ${hashes.size} different payloads.` });
  }
  return found;
}

/** Identifiers that the history already used with more than one payload. */
function conflictingIds(attempts: readonly Attempt[]): string[] {
  const byId = new Map<string, Set<string>>();
  for (const a of attempts) if (a.payment_identifier !== undefined) byId.set(a.payment_identifier, (byId.get(a.payment_identifier) ?? new Set()).add(a.payload_hash));
  return [...byId].filter(([, hashes]) => hashes.size > 1).map(([id]) => id).sort();
}

const NEXT_ACTION: Record<Decision, string> = {
  unsafe_plan: 'Do not send the planned retry: fix what plan_violations lists, or follow allowed_actions.',
  do_not_retry: 'Do not pay again. Use the delivered response, or ask the seller for delivery citing the settled attempt.',
  wait_until_expiry: 'Wait: do not sign a new authorization before earliest_new_payment_at; check settlement meanwhile.',
  safe_to_retry_same_id: 'Retry with the same payment-identifier and the identical payload: the server replays or completes that payment.',
  safe_to_retry_new_payment: 'No attempt settled or can still settle: retry with a new authorization.',
};

/** x402-payment-identifier-retry-safety-lens (design §22): may this buyer retry now without paying twice? */
export function judgeRetrySafety(input: RetryLensInput): ToolOutput<RetryLensResult> {
  const ruling = rule(input);
  const planViolations = violations(input, ruling);
  const decision: Decision = planViolations.length > 0 ? 'unsafe_plan' : ruling.decision;
  const unknownCount = input.attempts.filter((a) => a.settle_status === 'unknown').length;
  const confidence = unknownCount === 0 ? 'high' : 'medium';

  const flags = new Set<string>(planViolations.map((v) => v.rule));
  if (ruling.state !== 'not_paid') flags.add(ruling.state);
  const conflicts = conflictingIds(input.attempts);
  if (conflicts.length > 0) flags.add('identifier_reused_with_different_payload');
  const idNotSent = input.server_supports_payment_identifier && ruling.reuse === null && (ruling.state === 'paid_undelivered' || ruling.state === 'settlement_unknown');
  if (idNotSent) flags.add('identifier_not_reusable');

  const limitations = ['Settlement states are taken as reported: no chain, facilitator or seller was asked.'];
  if (unknownCount > 0) limitations.push(`${unknownCount} attempt(s) have an unknown settlement: checking the payer's nonce on chain would settle the question.`);
  if (idNotSent) limitations.push('The server supports payment-identifier, but the deciding attempts did not all carry one identifier with one payload, so a same-id replay cannot be relied on.');
  if (conflicts.length > 0) limitations.push(`The history already used ${conflicts.join(', ')} with different payloads; the server answers 409 to one of them.`);
  if (input.planned_next?.new_authorization === true && input.planned_next.at === undefined && ruling.earliest !== null) limitations.push('planned_next has no `at`: whether the new authorization comes too early was not judged.');

  const deciding = ruling.deciding.map((a) => a.attempt_no);
  const summary =
    `State ${ruling.state} from attempt(s) ${deciding.join(', ')} of ${input.attempts.length}: ${ruling.decision}` +
    (ruling.earliest === null ? '' : `, new payment from ${ruling.earliest}`) +
    (planViolations.length > 0 ? `; the planned retry breaks ${planViolations.length} rule(s): ${planViolations.map((v) => v.rule).join(', ')}.` : '.');
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { state: ruling.state, allowed_actions: ruling.actions, earliest_new_payment_at: ruling.earliest, reuse_identifier: ruling.reuse?.id ?? null, deciding_attempts: [...new Set(deciding)].sort((a, b) => a - b), plan_violations: planViolations },
  );
}
