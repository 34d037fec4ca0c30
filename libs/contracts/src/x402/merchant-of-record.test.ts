import { MOR_ISSUE_CODES, MOR_PARTY_KINDS, MOR_PROCESSOR_KINDS, MOR_ROLES, MOR_ROLE_RULES } from './merchant-of-record.js';

describe('merchant-of-record role rules', () => {
  it('one rule per role other than funds_recipient, in the role order', () => {
    expect(MOR_ROLE_RULES.map((r) => r.role)).toEqual(MOR_ROLES.filter((r) => r !== 'funds_recipient'));
  });

  it('a clear merchant of record holds receipt and terms; a single one also the refunds', () => {
    expect(MOR_ROLE_RULES.filter((r) => r.clear).map((r) => r.role)).toEqual(['receipt_issuer', 'terms_owner']);
    expect(MOR_ROLE_RULES.filter((r) => r.single).map((r) => r.role)).toEqual(['receipt_issuer', 'refund_handler', 'terms_owner']);
    for (const rule of MOR_ROLE_RULES) if (rule.clear) expect(rule.single).toBe(true);
  });

  it('every split code is an issue code, and the processor kinds are party kinds', () => {
    for (const rule of MOR_ROLE_RULES) if (rule.splitCode !== null) expect(MOR_ISSUE_CODES).toContain(rule.splitCode);
    for (const kind of MOR_PROCESSOR_KINDS) expect(MOR_PARTY_KINDS).toContain(kind);
    expect(MOR_PROCESSOR_KINDS).not.toContain('seller');
  });
});
