import {
  CANONICAL_ERRORS,
  IF_AUTHORIZATION_UNUSED,
  IF_AUTHORIZATION_USED,
  RECOVERY_ACTION_SPEND,
  RECOVERY_CAUSE_CODES,
  RECOVERY_EXPIRY_MARGIN_SECONDS,
  RECOVERY_FAMILY_BY_ERROR_FAMILY,
  RECOVERY_FAMILY_OVERRIDES,
  RECOVERY_PLAYBOOK,
  lookupError,
  type CanonicalErrorCode,
  type CatalogEntryOf,
  type RecoveryAction,
  type RecoveryCondition,
  type RecoveryFamily,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { resolveAsOfSeconds } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_agent_payment_recovery_playbook'>;
export type RecoveryInput = RequestOf<Entry>;
export type RecoveryResult = ResultOf<Entry>;
type Decision = RecoveryResult['decision'];
type Resolution = RecoveryResult['cause_resolution'];
type Settlement = RecoveryInput['settlement_status'];

interface Draft {
  action: RecoveryAction;
  precondition: string | null;
  wait_until: number | null;
}

/** What the plan is built from: the cause resolved, the effective settlement, the clock, and what was noticed on the way. */
interface Situation {
  input: RecoveryInput;
  resolution: Resolution;
  backoff: number;
  settlement: Settlement;
  now: number;
  flags: Set<string>;
  limitations: string[];
}

const draft = (action: RecoveryAction, precondition: string | null = null, wait_until: number | null = null): Draft => ({ action, precondition, wait_until });
const has = (table: object, key: string) => Object.hasOwn(table, key);

/** A #3 cause, a canonical code, or a raw code of the error taxonomy (lookupError), in that order. */
function resolveCause(cause: string): { code: CanonicalErrorCode | null; matched_by: Resolution['matched_by'] } {
  if (has(RECOVERY_CAUSE_CODES, cause)) return { code: RECOVERY_CAUSE_CODES[cause as keyof typeof RECOVERY_CAUSE_CODES], matched_by: 'failure_cause' };
  if (has(CANONICAL_ERRORS, cause)) return { code: cause as CanonicalErrorCode, matched_by: 'canonical_code' };
  const found = lookupError(/^[+-]?\d+$/.test(cause) ? 'http' : 'x402_facilitator', cause);
  if (!found) return { code: null, matched_by: 'none' };
  return { code: found.canonical_code, matched_by: found.match === 'table' ? 'error_table' : 'error_pattern' };
}

function familyOf(code: CanonicalErrorCode | null): RecoveryFamily {
  if (code === null) return 'unknown';
  return RECOVERY_FAMILY_OVERRIDES[code] ?? RECOVERY_FAMILY_BY_ERROR_FAMILY[CANONICAL_ERRORS[code].family];
}

function holds(condition: RecoveryCondition | undefined, input: RecoveryInput): boolean {
  const alt = input.alternatives;
  switch (condition) {
    case undefined:
      return true;
    case 'other_offer_available':
      return alt?.other_offer_available === true;
    case 'no_other_offer':
      return alt?.other_offer_available !== true;
    case 'other_network_funded':
      return alt?.other_network_funded === true;
    case 'no_other_network_funded':
      return alt?.other_network_funded !== true;
  }
}

/** The family's playbook steps that the buyer's alternatives admit. */
function familySteps(s: Situation): Draft[] {
  return RECOVERY_PLAYBOOK[s.resolution.recovery_family].filter((step) => holds(step.only_if, s.input)).map((step) => draft(step.action, step.precondition));
}

const freshPayment = (why: string): Draft[] => [draft('re_request_challenge', why), draft('re_sign_new_authorization')];

/** Nothing settled: the playbook, with its waits timed by the code's backoff and a resend the validBefore would overtake replaced by a fresh payment. */
function notSettledPlan(s: Situation): Draft[] {
  const resendAt = s.now + s.backoff;
  const validBefore = s.input.valid_before;
  return familySteps(s).flatMap((step) => {
    if (step.action === 'wait_until') return s.backoff > 0 ? [{ ...step, wait_until: resendAt }] : [];
    if (step.action !== 'retry_same_payload') return [step];
    if (validBefore === undefined) {
      s.limitations.push('valid_before was not given: the plan resends the same payload without knowing whether the authorization is still valid.');
      return [step];
    }
    if (resendAt < validBefore) return [{ ...step, precondition: `before validBefore ${validBefore}` }];
    s.flags.add('retry_payload_expired');
    return freshPayment(`the authorization expires at ${validBefore}, before the resend at ${resendAt}`);
  });
}

/**
 * Settlement unknown: find out first; a new authorization only once the old one can no longer settle
 * (validBefore + 30 s), unless the server's payment-identifier cache makes resending the same payload safe.
 */
function unknownPlan(s: Situation): Draft[] {
  const plan = [draft('check_authorization_state'), draft('request_receipt', IF_AUTHORIZATION_USED)];
  const rest = familySteps(s).filter((step) => step.action !== 'check_authorization_state' && step.action !== 'request_receipt');
  const resendAt = rest.findIndex((step) => step.action === 'retry_same_payload');
  if (s.input.payment_identifier_supported === true && resendAt >= 0) {
    return [...plan, draft('retry_same_payload', `${IF_AUTHORIZATION_UNUSED}: the same payment-identifier and payload, which the server replays or completes`), ...rest.slice(resendAt + 1)];
  }
  const validBefore = s.input.valid_before;
  if (validBefore === undefined) {
    s.flags.add('valid_before_unknown');
    s.limitations.push('valid_before was not given: the wait before a new authorization has no time; it lasts until the old authorization has expired.');
    plan.push(draft('wait_until', `${IF_AUTHORIZATION_UNUSED}: until the old authorization's validBefore + ${RECOVERY_EXPIRY_MARGIN_SECONDS}s`));
  } else if (s.now < validBefore + RECOVERY_EXPIRY_MARGIN_SECONDS) {
    plan.push(draft('wait_until', `${IF_AUTHORIZATION_UNUSED}: the old authorization can settle until its validBefore`, Math.min(validBefore + RECOVERY_EXPIRY_MARGIN_SECONDS, Number.MAX_SAFE_INTEGER)));
  }
  // after that wait the old payload is dead: a resend becomes a fresh payment
  return [...plan, ...rest.flatMap((step) => (step.action === 'wait_until' ? [] : step.action === 'retry_same_payload' ? freshPayment('the old authorization has expired') : [step]))];
}

function settledPlan(s: Situation): Draft[] {
  s.flags.add('paid_undelivered');
  if (s.input.payment_identifier_supported === true) return [draft('retry_same_payload', 'the same payment-identifier and payload: the server replays the answer it was paid for')];
  return [draft('contact_seller', 'cite the settlement transaction; do not pay again')];
}

/** The fixed rules that reshape any plan: no human means stop, the attempt limit stops before the next spend, nothing follows a stop. */
function applyLimits(plan: Draft[], s: Situation): Draft[] {
  let steps = plan;
  if (s.input.human_available === false && steps.some((step) => step.action === 'escalate_to_human')) {
    s.flags.add('human_unavailable');
    steps = steps.map((step) => (step.action === 'escalate_to_human' ? draft('stop', `no human is available: ${step.precondition ?? 'escalation needed'}`) : step));
  }
  if (s.input.attempts_so_far >= s.input.max_attempts) {
    s.flags.add('attempt_limit_reached');
    const spend = steps.findIndex((step) => RECOVERY_ACTION_SPEND[step.action] !== 'none');
    steps = [...(spend < 0 ? steps : steps.slice(0, spend)), draft('stop', `${s.input.attempts_so_far} attempts of at most ${s.input.max_attempts} made`)];
  }
  const stop = steps.findIndex((step) => step.action === 'stop');
  steps = stop < 0 ? steps : steps.slice(0, stop + 1);
  return steps.filter((step, i) => i === 0 || step.action !== steps[i - 1]!.action || step.action === 'wait_until');
}

function buildPlan(s: Situation): Draft[] {
  if (s.resolution.recovery_family === 'payee') {
    s.flags.add('possible_hijack');
    return familySteps(s);
  }
  if (s.settlement === 'settled') return settledPlan(s);
  return s.settlement === 'unknown' ? unknownPlan(s) : notSettledPlan(s);
}

/** Before anything was sent (challenge, sign) nothing can have settled. */
function effectiveSettlement(input: RecoveryInput, flags: Set<string>, limitations: string[]): Settlement {
  const unsent = input.stage === 'challenge' || input.stage === 'sign';
  if (!unsent) return input.settlement_status;
  if (input.settlement_status === 'settled') {
    flags.add('stage_settlement_inconsistent');
    limitations.push(`A settlement was reported at stage ${input.stage}, before any payment was sent: the plan follows the reported status.`);
    return 'settled';
  }
  if (input.settlement_status === 'unknown') limitations.push(`Settlement was unknown at stage ${input.stage}: nothing was sent yet, so it is taken as not settled.`);
  return 'not_settled';
}

function decide(steps: readonly Draft[], complete: boolean): Decision {
  if (complete) return 'already_complete';
  if (steps.some((step) => step.action === 'stop')) return 'do_not_retry';
  const escalation = steps.findIndex((step) => step.action === 'escalate_to_human');
  const automatic = steps.findIndex((step) => RECOVERY_ACTION_SPEND[step.action] !== 'none');
  if (escalation >= 0 && (automatic < 0 || escalation < automatic)) return 'needs_human';
  return 'self_recoverable';
}

const NEXT_ACTION: Record<Decision, string> = {
  already_complete: 'Nothing to recover: the payment settled and its receipt arrived. Do not pay again.',
  do_not_retry: 'Do not pay again: follow the steps up to the stop and hand over what they found.',
  needs_human: 'Ask a human before any new payment: follow the steps, the escalation comes before any spend.',
  self_recoverable: 'Follow the steps in order; never sign a new authorization before a wait_until has passed.',
};

/** x402-agent-payment-recovery-playbook (design §32): an ordered recovery plan from a diagnosed payment failure. */
export function planRecovery(input: RecoveryInput, context: AnalyzeContext): ToolOutput<RecoveryResult> {
  const { seconds: now, as_of } = resolveAsOfSeconds(input.as_of, context.now);
  const flags = new Set<string>();
  const limitations = ['The plan follows the stated cause and statuses: nothing was checked on chain, with the facilitator or with the seller.'];
  const { code, matched_by } = resolveCause(input.cause);
  const resolution: Resolution = { cause: input.cause, canonical_code: code, recovery_family: familyOf(code), matched_by };
  if (code === null) {
    flags.add('cause_not_recognized');
    limitations.push(`"${input.cause}" is neither a failure-fact-classifier cause, a canonical code nor a code of the error taxonomy: the generic plan applies.`);
  }
  const settlement = effectiveSettlement(input, flags, limitations);
  const s: Situation = { input, resolution, backoff: code === null ? 0 : CANONICAL_ERRORS[code].backoff_seconds, settlement, now, flags, limitations };
  if (settlement === 'unknown') {
    flags.add('settlement_unknown');
    if (input.valid_before === undefined || now < input.valid_before) flags.add('authorization_may_still_settle');
  }

  const complete = settlement === 'settled' && input.receipt_present === true;
  const steps = complete ? [] : applyLimits(buildPlan(s), s);
  const decision = decide(steps, complete);
  if (input.human_available === undefined && decision === 'needs_human') limitations.push('human_available was not given: the plan assumes a human can be reached.');
  const attemptsLeft = Math.max(0, input.max_attempts - input.attempts_so_far);
  const maxSpend = Math.min(attemptsLeft, steps.filter((step) => RECOVERY_ACTION_SPEND[step.action] === 'new_payment').length);

  const summary =
    `Cause ${input.cause} (${code ?? 'unrecognized'}, ${resolution.recovery_family}), settlement ${settlement} at stage ${input.stage}: ${decision}` +
    (steps.length > 0 ? `, ${steps.length} step(s): ${steps.map((step) => step.action).join(' → ')}; at most ${maxSpend} new payment(s).` : '.');
  return x402Answer(
    { decision, confidence: settlement === 'unknown' ? 'medium' : 'high', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    {
      steps: steps.map((step, i) => ({ order: i + 1, action: step.action, precondition: step.precondition, wait_until: step.wait_until, spend_impact: RECOVERY_ACTION_SPEND[step.action] })),
      max_additional_spend_payments: maxSpend,
      cause_resolution: resolution,
    },
    { asOf: as_of },
  );
}
