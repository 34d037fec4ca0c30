import type { CatalogEntryOf, PayeeRotationCheck, PayeeRotationRecord, PayeeStatus, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { HASH, LABEL, ND } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_authorized_payee_rotation_notary'>;
export type PayeeRotationInput = RequestOf<Entry>;
export type PayeeRotationResult = ResultOf<Entry>;
type Decision = PayeeRotationResult['decision'];
type Facts = PayeeRotationInput['facts'];

const HOUR_MS = 3_600_000;
const MIN_NOTICE_MS = 24 * HOUR_MS;
const MAX_GRACE_MS = 30 * 24 * HOUR_MS;
const utc = (dateTime: string) => new Date(dateTime).toISOString();
const hours = (ms: number) => `${Math.round((ms / HOUR_MS) * 10) / 10} h`;

/** The canonical record of the facts (design sheet §5); record_id is its HASH. The per-mode rules guarantee the required facts. */
export function rotationRecord(facts: Facts): PayeeRotationRecord {
  return {
    v: 'payee-rotation/v1',
    seller_id_hash: facts.seller_id_hash!,
    previous_payee_hash: facts.previous_payee_hash!,
    new_payee_hash: facts.new_payee_hash!,
    rotation_evidence_hash: facts.rotation_evidence_hash!,
    listing_hash: facts.listing_hash ?? null,
    effective_at: utc(facts.effective_at!),
    chain_id: ND(facts.chain_id!).network,
    currency: facts.currency!,
    rotation_sequence: facts.rotation_sequence!,
    prior_record_id: facts.prior_record_id ?? null,
    announced_at: facts.announced_at === undefined ? null : utc(facts.announced_at),
    grace_until: facts.grace_until === undefined ? null : utc(facts.grace_until),
  };
}

interface Findings {
  checks: PayeeRotationCheck[];
  flags: Set<string>;
}

const push = (f: Findings, check: string, result: PayeeRotationCheck['result'], detail: string, flag?: string) => {
  f.checks.push({ check, result, detail });
  if (flag) f.flags.add(flag);
};

/** The rules a record must pass to be issued, then the create warnings (design sheet §5), in that order. */
function recordChecks(record: PayeeRotationRecord, facts: Facts, f: Findings): { leadMs: number | null } {
  const effective = Date.parse(record.effective_at);
  if (record.previous_payee_hash === record.new_payee_hash) push(f, 'payees_differ', 'fail', 'previous_payee_hash equals new_payee_hash: nothing rotates.', 'payee_unchanged');
  else push(f, 'payees_differ', 'pass', 'The new payee differs from the previous one.');

  const leadMs = record.announced_at === null ? null : effective - Date.parse(record.announced_at);
  if (leadMs !== null && leadMs < 0) push(f, 'announced_before_effective', 'fail', `announced_at ${record.announced_at} is after effective_at ${record.effective_at}.`, 'announced_after_effective');
  else if (leadMs !== null) push(f, 'announced_before_effective', 'pass', `Announced ${hours(leadMs)} before it takes effect.`);

  if (record.grace_until !== null) {
    const graceMs = Date.parse(record.grace_until) - effective;
    if (graceMs < 0) push(f, 'grace_after_effective', 'fail', `grace_until ${record.grace_until} is before effective_at ${record.effective_at}.`, 'grace_before_effective');
    else push(f, 'grace_after_effective', 'pass', `The previous payee stays valid ${hours(graceMs)} after the rotation.`);
  }

  const chained = record.prior_record_id !== null;
  if (chained !== record.rotation_sequence > 1) {
    push(f, 'sequence_matches_prior', 'fail', `rotation_sequence ${record.rotation_sequence} ${chained ? 'is 1 but a prior_record_id is set' : 'is above 1 but no prior_record_id links the previous rotation'}.`, 'broken_rotation_chain');
  } else push(f, 'sequence_matches_prior', 'pass', chained ? `Rotation ${record.rotation_sequence} links ${record.prior_record_id}.` : 'The seller\'s first rotation (no prior record).');

  if (!ND(facts.chain_id!).known) push(f, 'chain_resolves', 'fail', `chain_id ${facts.chain_id} is no network ND knows.`, 'unknown_network');
  else push(f, 'chain_resolves', 'pass', `chain_id resolves to ${record.chain_id}.`);
  if (record.currency !== 'USDC') push(f, 'currency_usdc', 'fail', `currency is ${record.currency}; the family's records are for USDC payees.`, 'unsupported_currency');
  else push(f, 'currency_usdc', 'pass', 'USDC.');

  if (leadMs === null) push(f, 'notice_period', 'warn', 'No announced_at: buyers had no advance notice of the rotation.', 'unannounced_rotation');
  else if (leadMs >= 0 && leadMs < MIN_NOTICE_MS) push(f, 'notice_period', 'warn', `Announced only ${hours(leadMs)} ahead (less than 24 h).`, 'short_notice');
  else if (leadMs >= 0) push(f, 'notice_period', 'pass', 'Announced at least 24 h ahead.');
  if (record.grace_until !== null && Date.parse(record.grace_until) - effective > MAX_GRACE_MS) {
    push(f, 'grace_length', 'warn', 'The grace period exceeds 30 days: the retired payee stays payable for long.', 'long_grace');
  }
  if (facts.service_url_label !== undefined) {
    const label = LABEL(facts.service_url_label);
    if (!label.safe) push(f, 'service_url_label', 'warn', `service_url_label is not a safe public https label (${label.reason}).`, 'unsafe_service_url_label');
  }
  return { leadMs };
}

/** payee_status from the observed payee and time (the table of design sheet §5). */
export function payeeStatusOf(record: PayeeRotationRecord, observedPayee: string, observedAt: string): PayeeStatus {
  const at = Date.parse(observedAt);
  const effective = Date.parse(record.effective_at);
  const graceEnd = Math.max(effective, record.grace_until === null ? effective : Date.parse(record.grace_until));
  if (observedPayee === record.new_payee_hash) return at >= effective ? 'new_payee_active' : 'new_payee_premature';
  if (observedPayee === record.previous_payee_hash) return at < graceEnd ? 'previous_payee_in_grace' : 'previous_payee_expired';
  return 'unrecognized';
}

const STATUS_DETAIL: Record<PayeeStatus, string> = {
  new_payee_active: 'The observed payee is the new one and the rotation is in force.',
  previous_payee_in_grace: 'The observed payee is the previous one, still valid (before the rotation or within its grace period).',
  previous_payee_expired: 'The observed payee is the previous one, but its grace period is over.',
  new_payee_premature: 'The observed payee is the new one, but the rotation is not in force yet.',
  unrecognized: 'The observed payee is neither the previous nor the new payee of this record.',
};

const NEXT_ACTION: Record<Decision, string> = {
  record_issued: 'Publish the record with its record_id in the listing or discovery document; buyers re-present it to verify. For a server timestamp, pass record_id as metadata_hash to x402-response-provenance-notary.',
  record_rejected: 'Fix the failed checks and create the record again; do not publish a rotation that fails them.',
  record_tampered: 'Do not pay: the facts do not hash to the published record_id. Get the record again from the seller\'s own listing.',
  payee_authorized: 'The payee is covered by the seller\'s rotation record: pay it and pin the new payee for later calls.',
  payee_not_authorized: 'Do not pay this payee: the record does not cover it at this time. Ask the seller for a newer rotation record.',
};

const LIMITATIONS = [
  'Nothing is stored: the record certifies only that these facts hash to record_id, not who made them or when; it is as trustworthy as the listing it is published in.',
  'Hashes are compared as given: the tool never sees addresses, so it cannot check that a payee hash follows the convention sha256(ND(chain_id) + ":" + lowercase(address)).',
  'challenge_hash and service_url_label are context only: they are not part of the record.',
];

/** x402-authorized-payee-rotation-notary (design sheet §5): create issues a self-certifying record; verify checks an observed payee against it. */
export function analyzePayeeRotation(input: PayeeRotationInput): ToolOutput<PayeeRotationResult> {
  const { mode, facts } = input;
  const record = rotationRecord(facts);
  const recordId = HASH(record);
  const f: Findings = { checks: [], flags: new Set() };
  let decision: Decision;
  let status: PayeeStatus | null = null;
  let summary: string;

  if (mode === 'verify' && facts.record_id !== recordId) {
    push(f, 'record_id_matches', 'fail', `The facts hash to ${recordId}, not to the record_id sent (${facts.record_id}).`, 'record_tampered');
    decision = 'record_tampered';
    summary = `Record tampered: the facts hash to ${recordId}, not to the published record_id ${facts.record_id}. The payee was not judged.`;
    return answer(decision, confidenceOf(record, null, decision, null), summary, f, { mode, record_id: recordId, record, payee_status: null });
  }
  if (mode === 'verify') push(f, 'record_id_matches', 'pass', 'The facts hash to the record_id sent.');
  const { leadMs } = recordChecks(record, facts, f);
  const failed = f.checks.filter((c) => c.result === 'fail').map((c) => c.check);

  if (mode === 'create') {
    decision = failed.length ? 'record_rejected' : 'record_issued';
    summary = failed.length
      ? `Rotation record rejected: ${failed.join(', ')} failed. Nothing was issued.`
      : `Rotation record ${recordId} issued: sequence ${record.rotation_sequence} on ${record.chain_id}, effective ${record.effective_at}${record.grace_until ? `, grace until ${record.grace_until}` : ''}.`;
  } else {
    status = payeeStatusOf(record, facts.observed_payee_hash!, facts.observed_at!);
    push(f, 'payee_status', status === 'new_payee_active' || status === 'previous_payee_in_grace' ? 'pass' : 'fail', `${STATUS_DETAIL[status]} Observed at ${utc(facts.observed_at!)}.`, status === 'unrecognized' ? 'unrecognized_payee' : status === 'new_payee_active' || status === 'previous_payee_in_grace' ? undefined : status);
    // A record that fails an issuing rule could never have been issued: it authorizes nobody.
    if (failed.length) f.flags.add('record_not_issuable');
    decision = !failed.length && (status === 'new_payee_active' || status === 'previous_payee_in_grace') ? 'payee_authorized' : 'payee_not_authorized';
    summary = `${decision === 'payee_authorized' ? 'Payee authorized' : 'Payee not authorized'} by record ${recordId}: ${status}${failed.length ? `; the record fails ${failed.join(', ')}` : ''}.`;
  }
  return answer(decision, confidenceOf(record, leadMs, decision, status), summary, f, { mode, record_id: recordId, record, payee_status: status });
}

/** low for an unrecognized payee (the record may just be outdated); high with evidence and ≥24 h notice; medium otherwise. */
function confidenceOf(record: PayeeRotationRecord, leadMs: number | null, decision: Decision, status: PayeeStatus | null): 'high' | 'medium' | 'low' {
  if (decision === 'payee_not_authorized' && status === 'unrecognized') return 'low';
  if (record.rotation_evidence_hash && leadMs !== null && leadMs >= MIN_NOTICE_MS) return 'high';
  return 'medium';
}

function answer(decision: Decision, confidence: 'high' | 'medium' | 'low', summary: string, f: Findings, additions: Pick<PayeeRotationResult, 'mode' | 'record_id' | 'record' | 'payee_status'>): ToolOutput<PayeeRotationResult> {
  return x402Answer({ decision, confidence, summary, riskFlags: f.flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { ...additions, checks: f.checks, stored: false as const });
}
