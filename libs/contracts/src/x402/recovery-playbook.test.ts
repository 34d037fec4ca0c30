import { FAILURE_CAUSES } from '../results/x402/failure-fact-classifier.js';
import { CANONICAL_ERRORS, type CanonicalErrorCode } from './error-taxonomy.js';
import { RECOVERY_ACTION_SPEND, RECOVERY_CAUSE_CODES, RECOVERY_FAMILIES, RECOVERY_FAMILY_BY_ERROR_FAMILY, RECOVERY_FAMILY_OVERRIDES, RECOVERY_PLAYBOOK } from './recovery-playbook.js';

const familyOf = (code: CanonicalErrorCode) => RECOVERY_FAMILY_OVERRIDES[code] ?? RECOVERY_FAMILY_BY_ERROR_FAMILY[CANONICAL_ERRORS[code].family];

describe('x402 recovery playbook (reference data)', () => {
  it('the cause rule table names a canonical code of the error taxonomy for every cause of #3', () => {
    expect(Object.keys(RECOVERY_CAUSE_CODES).sort()).toEqual([...FAILURE_CAUSES].sort());
    for (const code of Object.values(RECOVERY_CAUSE_CODES)) expect(CANONICAL_ERRORS).toHaveProperty(code);
  });

  it('routes the causes that need their own recovery away from their taxonomy family', () => {
    expect(familyOf(RECOVERY_CAUSE_CODES.authorization_expired)).toBe('expired');
    expect(familyOf(RECOVERY_CAUSE_CODES.receiver_mismatch)).toBe('payee');
    expect(familyOf(RECOVERY_CAUSE_CODES.settlement_pending)).toBe('availability');
    expect(familyOf(RECOVERY_CAUSE_CODES.insufficient_funds)).toBe('funds');
    expect(familyOf('CONSENT_USER_REJECTED')).toBe('consent');
    expect(familyOf('SETTLEMENT_TRANSACTION_FAILED')).toBe('consumed_check');
  });

  it('every family has steps; only re-signing spends a new payment, only a resend spends the same one', () => {
    for (const family of RECOVERY_FAMILIES) expect(RECOVERY_PLAYBOOK[family].length).toBeGreaterThan(0);
    const spending = Object.entries(RECOVERY_ACTION_SPEND).filter(([, impact]) => impact !== 'none');
    expect(spending).toEqual([
      ['retry_same_payload', 'same_payment'],
      ['re_sign_new_authorization', 'new_payment'],
    ]);
  });

  it('the payee family never re-signs: it escalates and stops', () => {
    expect(RECOVERY_PLAYBOOK.payee.map((s) => s.action)).toEqual(['escalate_to_human', 'stop']);
  });

  it('steps that depend on an alternative come in pairs: with it, or without it', () => {
    expect(RECOVERY_PLAYBOOK.funds.filter((s) => s.only_if === 'other_network_funded').map((s) => s.action)).toEqual(['switch_offer']);
    expect(RECOVERY_PLAYBOOK.funds.filter((s) => s.only_if === 'no_other_network_funded').map((s) => s.action)).toEqual(['escalate_to_human', 'top_up_balance']);
    expect(RECOVERY_PLAYBOOK.refused.filter((s) => s.only_if === 'no_other_offer').map((s) => s.action)).toEqual(['contact_seller', 'stop']);
  });
});
