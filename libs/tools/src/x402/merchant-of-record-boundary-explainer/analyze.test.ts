import { MOR_EXPLAINER_LIMITS, merchantOfRecordBoundaryExplainerRequest, merchantOfRecordBoundaryExplainerResult } from '@paysight/contracts';
import { analyzeMerchantOfRecord } from './analyze.js';

const SELLER = { party_id: 'P1', label: 'DataCo', kind: 'seller' };
const PROXY = { party_id: 'P2', label: 'ToolHub MCP', kind: 'mcp_proxy' };
const all = (id: string) => ({ funds_recipient: id, price_setter: id, receipt_issuer: id, refund_handler: id, terms_owner: id, support_contact: id });

function run(body: Record<string, unknown>) {
  const input = merchantOfRecordBoundaryExplainerRequest.parse(body);
  const output = analyzeMerchantOfRecord(input);
  expect(merchantOfRecordBoundaryExplainerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const codes = (result: ReturnType<typeof run>) => result.issues.map((i) => i.code);

describe('x402-merchant-of-record-boundary-explainer', () => {
  it('the worked example of design §42: the proxy is paid and issues receipts, the seller owns terms and refunds, only the proxy is disclosed', () => {
    const result = run({
      parties: [SELLER, PROXY],
      roles: { funds_recipient: 'P2', price_setter: 'P2', receipt_issuer: 'P2', refund_handler: 'P1', terms_owner: 'P1' },
      cart_merchant_name: 'DataCo',
      disclosed_to_buyer: ['P2'],
    });
    expect(result.decision).toBe('split_roles');
    expect(codes(result)).toEqual(['undisclosed_role_holder', 'merchant_name_mismatch', 'refund_without_funds', 'terms_split']);
    expect(result.issues[0]!.detail).toBe('P1 holds refund_handler, terms_owner but is not in disclosed_to_buyer');
    expect(result.mor_candidate).toEqual({ party_id: 'P2', label: 'ToolHub MCP', kind: 'mcp_proxy', clear: false });
    expect(result.role_table.find((r) => r.role === 'support_contact')).toEqual({ role: 'support_contact', party_id: 'P2', label: 'ToolHub MCP', kind: 'mcp_proxy', disclosed: true, stated: false });
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toContain('roles_assumed');
  });

  it('single_clear_mor: the seller holds every role, disclosed, and the cart names it (case-folded); confidence high', () => {
    const result = run({ parties: [SELLER], roles: all('P1'), cart_merchant_name: '  dataco ', disclosed_to_buyer: ['P1'] });
    expect(result.decision).toBe('single_clear_mor');
    expect(result.issues).toEqual([]);
    expect(result.risk_flags).toEqual([]);
    expect(result.confidence).toBe('high');
    expect(result.role_table.map((r) => r.role)).toEqual(['funds_recipient', 'price_setter', 'receipt_issuer', 'refund_handler', 'terms_owner', 'support_contact']);
  });

  it('platform_mor: a disclosed marketplace holds funds, receipt and terms; the seller handles refunds', () => {
    const market = { party_id: 'M', label: 'AgentMart', kind: 'marketplace' };
    const result = run({ parties: [SELLER, market], roles: { ...all('M'), refund_handler: 'P1', price_setter: 'P1' }, disclosed_to_buyer: ['M', 'P1'] });
    expect(result.decision).toBe('platform_mor');
    expect(result.mor_candidate!.clear).toBe(true);
    expect(codes(result)).toEqual(['refund_without_funds']);
    const undisclosed = run({ parties: [SELLER, market], roles: { ...all('M'), refund_handler: 'P1' }, disclosed_to_buyer: ['P1'] });
    expect(undisclosed.decision).toBe('split_roles');
  });

  it('undetermined: the funds recipient is not among the parties; other unknown ids are issues', () => {
    const result = run({ parties: [SELLER], roles: { ...all('P1'), funds_recipient: 'X', terms_owner: 'Y' }, disclosed_to_buyer: ['Z'] });
    expect(result.decision).toBe('undetermined');
    expect(result.mor_candidate).toBeNull();
    expect(result.issues.filter((i) => i.code === 'unknown_party').map((i) => i.detail)).toEqual([
      '/roles/funds_recipient: X is not among the parties',
      '/roles/terms_owner: Y is not among the parties',
      '/disclosed_to_buyer/0: Z is not among the parties',
    ]);
  });

  it('processor_holds_funds: a facilitator receives the funds; disclosure unknown when disclosed_to_buyer is absent', () => {
    const facilitator = { party_id: 'F', label: 'PayFac', kind: 'facilitator' };
    const result = run({ parties: [SELLER, facilitator], roles: { ...all('P1'), funds_recipient: 'F' } });
    expect(result.decision).toBe('split_roles');
    expect(codes(result)).toEqual(['processor_holds_funds', 'receipt_split', 'refund_without_funds', 'terms_split']);
    expect(result.risk_flags).toContain('disclosure_unknown');
    expect(result.role_table.every((r) => r.disclosed === null)).toBe(true);
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => merchantOfRecordBoundaryExplainerRequest.safeParse(body).success;
    const parties = (n: number) => Array.from({ length: n }, (_, i) => ({ party_id: `p${i}`, label: 'L'.repeat(120), kind: 'platform' }));

    it('10 parties and bounded strings accepted, one more refused', () => {
      expect(parse({ parties: parties(MOR_EXPLAINER_LIMITS.parties), roles: all('p0'), cart_merchant_name: 'n'.repeat(200), disclosed_to_buyer: parties(10).map((p) => p.party_id) })).toBe(true);
      expect(parse({ parties: parties(11), roles: all('p0') })).toBe(false);
      expect(parse({ parties: [], roles: all('p0') })).toBe(false);
      expect(parse({ parties: [{ ...SELLER, label: 'L'.repeat(121) }], roles: all('P1') })).toBe(false);
      expect(parse({ parties: [SELLER], roles: all('P1'), cart_merchant_name: 'n'.repeat(201) })).toBe(false);
      expect(parse({ parties: [SELLER], roles: all('P1'), disclosed_to_buyer: Array.from({ length: 11 }, () => 'P1') })).toBe(false);
    });

    it('rejects wrong types, unknown kinds, duplicate ids, a missing funds recipient and extra properties', () => {
      expect(parse({ parties: [{ ...SELLER, kind: 'bank' }], roles: all('P1') })).toBe(false);
      expect(parse({ parties: [SELLER, SELLER], roles: all('P1') })).toBe(false);
      expect(parse({ parties: [SELLER], roles: { price_setter: 'P1' } })).toBe(false);
      expect(parse({ parties: [SELLER], roles: { ...all('P1'), auditor: 'P1' } })).toBe(false);
      expect(parse({ parties: [SELLER], roles: { ...all('P1'), terms_owner: 1 } })).toBe(false);
      expect(parse({ parties: [{ ...SELLER, extra: 1 }], roles: all('P1') })).toBe(false);
      expect(parse({ parties: [SELLER], roles: all('P1'), extra: 1 })).toBe(false);
    });

    it('a maximum input (10 parties, every role on a different party, 10 disclosures) is answered', () => {
      const result = run({ parties: parties(10), roles: { funds_recipient: 'p0', price_setter: 'p1', receipt_issuer: 'p2', refund_handler: 'p3', terms_owner: 'p4', support_contact: 'p5' }, cart_merchant_name: 'n'.repeat(200), disclosed_to_buyer: ['p0', 'p9', 'p8', 'p7', 'p6', 'p1', 'p2', 'x', 'y', 'z'] });
      expect(result.decision).toBe('split_roles');
      expect(codes(result)).toEqual(['unknown_party', 'unknown_party', 'unknown_party', 'undisclosed_role_holder', 'undisclosed_role_holder', 'undisclosed_role_holder', 'merchant_name_mismatch', 'receipt_split', 'refund_without_funds', 'terms_split']);
    });
  });
});
