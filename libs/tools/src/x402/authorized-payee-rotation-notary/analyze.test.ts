import { X402_REFERENCE_DATA_VERSION, authorizedPayeeRotationNotaryRequest, authorizedPayeeRotationNotaryResult, catalogEntry } from '@paysight/contracts';
import { createHash } from 'node:crypto';
import { HASH } from '../helpers.js';
import { analyzePayeeRotation, rotationRecord } from './analyze.js';

const h = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const EXAMPLE = catalogEntry('x402_authorized_payee_rotation_notary').example;

/** The record of the sheet's example (the catalog example's facts): effective 2026-02-01, grace until 2026-02-08, announced 12 days ahead. */
const { record_id: _recordId, observed_payee_hash: _observed, observed_at: _observedAt, ...FACTS } = EXAMPLE.facts;
const PREVIOUS = FACTS.previous_payee_hash!;
const NEW = FACTS.new_payee_hash!;
const STRANGER = h('eip155:8453:0x3333333333333333333333333333333333333333');

const parse = (body: unknown) => authorizedPayeeRotationNotaryRequest.parse(body);
function run(body: unknown) {
  const output = analyzePayeeRotation(parse(body));
  expect(authorizedPayeeRotationNotaryResult.safeParse(output.result).error).toBeUndefined();
  return output;
}
const create = (facts: Record<string, unknown> = {}) => run({ mode: 'create', facts: { ...FACTS, ...facts } });
const recordIdOf = (facts: Record<string, unknown>) => create(facts).result.record_id;
function verify(observed: { payee: string; at: string }, facts: Record<string, unknown> = {}, recordId?: string) {
  const all = { ...FACTS, ...facts };
  return run({ mode: 'verify', facts: { ...all, record_id: recordId ?? recordIdOf(all), observed_payee_hash: observed.payee, observed_at: observed.at } });
}
const check = (checks: { check: string; result: string }[], name: string) => checks.find((c) => c.check === name)?.result;

describe('x402-authorized-payee-rotation-notary', () => {
  describe('the worked example of design §5', () => {
    it('previous payee observed 2026-02-05, inside the grace period: payee_authorized', () => {
      const { result, metadata } = verify({ payee: PREVIOUS, at: '2026-02-05T00:00:00Z' });
      expect(result.payee_status).toBe('previous_payee_in_grace');
      expect(result.decision).toBe('payee_authorized');
      expect(result.confidence).toBe('high');
      expect(result.stored).toBe(false);
      expect(metadata.reference_data_version).toBe(X402_REFERENCE_DATA_VERSION);
    });
    it('previous payee observed 2026-02-10, after the grace period: payee_not_authorized', () => {
      const { result } = verify({ payee: PREVIOUS, at: '2026-02-10T00:00:00Z' });
      expect(result.payee_status).toBe('previous_payee_expired');
      expect(result.decision).toBe('payee_not_authorized');
      expect(result.risk_flags).toEqual(['previous_payee_expired']);
    });
    it('a changed fact with the old record_id: record_tampered', () => {
      const recordId = recordIdOf(FACTS);
      const { result } = verify({ payee: STRANGER, at: '2026-02-05T00:00:00Z' }, { new_payee_hash: STRANGER }, recordId);
      expect(result.decision).toBe('record_tampered');
      expect(result.payee_status).toBeNull();
      expect(result.record_id).not.toBe(recordId);
      expect(result.risk_flags).toEqual(['record_tampered']);
      expect(check(result.checks, 'record_id_matches')).toBe('fail');
    });
  });

  it('record_issued: record_id is HASH of the canonical record (ND network, UTC times, nulls for absent facts)', () => {
    const { result } = create({ effective_at: '2026-02-01T02:00:00+02:00' });
    expect(result.decision).toBe('record_issued');
    expect(result.record).toEqual({
      v: 'payee-rotation/v1',
      ...FACTS,
      listing_hash: null,
      effective_at: '2026-02-01T00:00:00.000Z',
      chain_id: 'eip155:8453',
      prior_record_id: null,
      announced_at: '2026-01-20T00:00:00.000Z',
      grace_until: '2026-02-08T00:00:00.000Z',
    });
    expect(result.record_id).toBe(HASH(result.record));
    expect(result.record_id).toBe(recordIdOf({ chain_id: 'eip155:8453' }));
    expect(result.payee_status).toBeNull();
    expect(result.confidence).toBe('high');
    expect(result.checks.every((c) => c.result === 'pass')).toBe(true);
  });

  it('context facts (challenge_hash, service_url_label) are not part of the record', () => {
    expect(recordIdOf({ challenge_hash: h('402'), service_url_label: 'https://api.example.com' })).toBe(recordIdOf({}));
    expect(recordIdOf({ listing_hash: h('listing') })).not.toBe(recordIdOf({}));
  });

  it.each([
    ['payees_differ', { new_payee_hash: PREVIOUS }, 'payee_unchanged'],
    ['announced_before_effective', { announced_at: '2026-02-02T00:00:00Z' }, 'announced_after_effective'],
    ['grace_after_effective', { grace_until: '2026-01-31T00:00:00Z' }, 'grace_before_effective'],
    ['sequence_matches_prior', { rotation_sequence: 2 }, 'broken_rotation_chain'],
    ['sequence_matches_prior', { prior_record_id: h('prior') }, 'broken_rotation_chain'],
    ['chain_resolves', { chain_id: 'eip155:999999' }, 'unknown_network'],
    ['currency_usdc', { currency: 'EURC' }, 'unsupported_currency'],
  ])('record_rejected when %s fails (%j)', (name, facts, flag) => {
    const { result } = create(facts);
    expect(result.decision).toBe('record_rejected');
    expect(check(result.checks, name)).toBe('fail');
    expect(result.risk_flags).toContain(flag);
  });

  it('a second rotation linking its prior record is issued', () => {
    expect(create({ rotation_sequence: 2, prior_record_id: recordIdOf({}) }).result.decision).toBe('record_issued');
  });

  it('warnings do not reject: short notice, no announcement, long grace; confidence medium without 24 h notice', () => {
    const short = create({ announced_at: '2026-01-31T12:00:00Z' }).result;
    expect([short.decision, short.confidence, short.risk_flags]).toEqual(['record_issued', 'medium', ['short_notice']]);
    const unannounced = create({ announced_at: undefined }).result;
    expect([unannounced.decision, unannounced.confidence, unannounced.risk_flags]).toEqual(['record_issued', 'medium', ['unannounced_rotation']]);
    const long = create({ grace_until: '2026-03-05T00:00:00Z' }).result;
    expect([long.decision, long.confidence, long.risk_flags]).toEqual(['record_issued', 'high', ['long_grace']]);
    expect(check(long.checks, 'grace_length')).toBe('warn');
  });

  it('payee_authorized: the new payee once the rotation is in force', () => {
    const { result } = verify({ payee: NEW, at: '2026-02-01T00:00:00Z' });
    expect([result.decision, result.payee_status]).toEqual(['payee_authorized', 'new_payee_active']);
  });

  it('payee_authorized: the previous payee before the rotation, even without a grace period', () => {
    const { result } = verify({ payee: PREVIOUS, at: '2026-01-25T00:00:00Z' }, { grace_until: undefined });
    expect([result.decision, result.payee_status]).toEqual(['payee_authorized', 'previous_payee_in_grace']);
    expect(verify({ payee: PREVIOUS, at: '2026-02-01T00:00:00Z' }, { grace_until: undefined }).result.payee_status).toBe('previous_payee_expired');
  });

  it('payee_not_authorized: the new payee before the rotation is premature', () => {
    const { result } = verify({ payee: NEW, at: '2026-01-31T23:59:59Z' });
    expect([result.decision, result.payee_status, result.confidence]).toEqual(['payee_not_authorized', 'new_payee_premature', 'high']);
  });

  it('payee_not_authorized: an unrecognized payee (possible hijack) has low confidence and asks for a newer record', () => {
    const { result } = verify({ payee: STRANGER, at: '2026-02-05T00:00:00Z' });
    expect([result.decision, result.payee_status, result.confidence]).toEqual(['payee_not_authorized', 'unrecognized', 'low']);
    expect(result.risk_flags).toEqual(['unrecognized_payee']);
    expect(result.recommended_next_action).toMatch(/newer rotation record/);
  });

  it('payee_not_authorized: a record that could never be issued authorizes nobody, even with a matching record_id', () => {
    const { result } = verify({ payee: NEW, at: '2026-02-05T00:00:00Z' }, { currency: 'EURC' });
    expect(result.decision).toBe('payee_not_authorized');
    expect(result.payee_status).toBe('new_payee_active');
    expect(result.risk_flags).toEqual(expect.arrayContaining(['record_not_issuable', 'unsupported_currency']));
  });

  it('an unsafe service_url_label is a warning', () => {
    const { result } = create({ service_url_label: 'http://127.0.0.1/admin' });
    expect(result.decision).toBe('record_issued');
    expect(result.risk_flags).toEqual(['unsafe_service_url_label']);
  });

  describe('request schema', () => {
    const ok = (body: unknown) => authorizedPayeeRotationNotaryRequest.safeParse(body).success;
    const verifyFacts = { ...FACTS, record_id: h('r'), observed_payee_hash: NEW, observed_at: '2026-02-05T00:00:00Z' };
    it('per-mode required facts', () => {
      expect(ok({ mode: 'create', facts: FACTS })).toBe(true);
      for (const field of ['seller_id_hash', 'previous_payee_hash', 'new_payee_hash', 'rotation_evidence_hash', 'effective_at', 'chain_id', 'currency', 'rotation_sequence']) {
        expect(ok({ mode: 'create', facts: { ...FACTS, [field]: undefined } })).toBe(false);
      }
      expect(ok({ mode: 'verify', facts: verifyFacts })).toBe(true);
      for (const field of ['record_id', 'observed_payee_hash', 'observed_at']) expect(ok({ mode: 'verify', facts: { ...verifyFacts, [field]: undefined } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, observed_at: '2026-02-05T00:00:00Z' } })).toBe(false);
    });
    it('a verify-only fact in create names field_not_allowed_in_mode (the 400 the service answers); a missing fact does not', () => {
      const codes = (body: unknown) => authorizedPayeeRotationNotaryRequest.safeParse(body).error!.issues.map((i) => [i.path.join('.'), (i as { params?: { errorCode?: string } }).params?.errorCode ?? null]);
      expect(codes({ mode: 'create', facts: { ...FACTS, record_id: h('r') } })).toEqual([['facts.record_id', 'field_not_allowed_in_mode']]);
      expect(codes({ mode: 'verify', facts: { ...verifyFacts, observed_at: undefined } })).toEqual([['facts.observed_at', null]]);
    });
    it('bounds: rotation_sequence 1..10000, strings at most 500, hashes sha256-prefixed, date-times parse', () => {
      expect(ok({ mode: 'create', facts: { ...FACTS, rotation_sequence: 10_000, prior_record_id: h('p') } })).toBe(true);
      expect(ok({ mode: 'create', facts: { ...FACTS, rotation_sequence: 10_001, prior_record_id: h('p') } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, rotation_sequence: 0 } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, rotation_sequence: 1.5 } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, service_url_label: 'x'.repeat(500) } })).toBe(true);
      expect(ok({ mode: 'create', facts: { ...FACTS, service_url_label: 'x'.repeat(501) } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, chain_id: 'c'.repeat(501) } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, seller_id_hash: 'sha256:ABC' } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, effective_at: 'next monday' } })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, currency: 6 } })).toBe(false);
    });
    it('no extra properties, on the body or in facts; mode is closed', () => {
      expect(ok({ mode: 'create', facts: FACTS, note: 1 })).toBe(false);
      expect(ok({ mode: 'create', facts: { ...FACTS, payee: '0x1' } })).toBe(false);
      expect(ok({ mode: 'update', facts: FACTS })).toBe(false);
      expect(ok({ mode: 'create' })).toBe(false);
    });
  });

  it('a maximal request (every fact at its longest) does not crash', () => {
    const { result } = create({ service_url_label: `https://${'a'.repeat(480)}.example`, chain_id: 'x'.repeat(500), currency: 'U'.repeat(500), rotation_sequence: 10_000, prior_record_id: h('p'), listing_hash: h('l'), challenge_hash: h('c') });
    expect(result.decision).toBe('record_rejected');
    expect(result.summary.length).toBeLessThanOrEqual(500);
  });

  it('the catalog example verifies as the worked example says', () => {
    const { result } = run(EXAMPLE);
    expect([result.decision, result.payee_status]).toEqual(['payee_authorized', 'previous_payee_in_grace']);
    expect(result.record_id).toBe(EXAMPLE.facts.record_id);
    expect(rotationRecord(parse(EXAMPLE).facts).chain_id).toBe('eip155:8453');
  });
});
