import { agentRenderedCheckoutUiDiffRequest, agentRenderedCheckoutUiDiffResult, catalogEntry } from '@paysight/contracts';
import { analyzeCheckoutUi } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAYEE = '0x1111111111111111111111111111111111111111';
const OTHER = '0x1111222233334444555566667777888899991111';
const SOLANA_PAYEE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const actual = (extra: Record<string, unknown> = {}) => ({ amount_atomic: '100000', asset: USDC_BASE, network: 'eip155:8453', pay_to: PAYEE, ...extra });
const fields = (...pairs: [string, string][]) => ({ fields: pairs.map(([label, value]) => ({ label, value })) });

function run(rendered: Record<string, unknown>, act: Record<string, unknown> = actual()) {
  const output = analyzeCheckoutUi(agentRenderedCheckoutUiDiffRequest.parse({ rendered, actual: act }));
  expect(agentRenderedCheckoutUiDiffResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const statuses = (result: ReturnType<typeof run>) => Object.fromEntries(result.diff.map((row) => [row.element, row.status]));

const FAITHFUL = fields(['Total', '0.10 USDC'], ['Pay to', PAYEE], ['Network', 'Base']);

describe('x402-agent-rendered-checkout-ui-diff', () => {
  it('the worked example of design §38: "$0.01" shown for 0.10, payee truncated, network not shown: misleading', () => {
    const result = run(fields(['Price', 'Price $0.01'], ['Pay to', '0x1111…1111']));
    expect(result.decision).toBe('misleading');
    expect(result.diff).toEqual([
      { element: 'amount', shown: '$0.01', actual: '0.1', status: 'mismatch', pointer: '/rendered/fields/0/value' },
      { element: 'asset', shown: '$0.01', actual: `USDC (${USDC_BASE})`, status: 'match', pointer: '/rendered/fields/0/value' },
      { element: 'payee', shown: '0x1111…1111', actual: PAYEE, status: 'truncated', pointer: '/rendered/fields/1/value' },
      { element: 'network', shown: null, actual: 'eip155:8453', status: 'missing', pointer: null },
    ]);
    expect(result.risk_flags).toEqual(['amount_mismatch', 'network_missing', 'payee_truncated']);
    expect(result.confidence).toBe('medium');
  });

  it('faithful: every element shown in labelled fields (high confidence), or in text (medium)', () => {
    const labelled = run(FAITHFUL);
    expect(labelled).toMatchObject({ decision: 'faithful', confidence: 'high', risk_flags: [] });
    const text = run({ text: `Pay $0.10 USDC on base-sepolia? No: pay 0.10 USDC on Base to ${PAYEE.toUpperCase().replace('0X', '0x')}.` }, actual());
    expect(statuses(text)).toEqual({ amount: 'match', asset: 'match', payee: 'match', network: 'mismatch' });
    const clean = run({ text: `Pay 0.10 USDC on Base (eip155:8453) to ${PAYEE}.` });
    expect(clean).toMatchObject({ decision: 'faithful', confidence: 'medium' });
  });

  it('misleading: a different full payee, a lookalike shortened payee, another network', () => {
    expect(run(fields(['Total', '0.10 USDC'], ['Pay to', OTHER], ['Network', 'Base'])).diff[2]).toMatchObject({ status: 'mismatch', shown: OTHER });
    const lookalike = run(fields(['Total', '0.10 USDC'], ['Pay to', '0x1112…1111'], ['Network', 'Base']));
    expect(lookalike).toMatchObject({ decision: 'misleading', risk_flags: ['payee_mismatch'] });
    const network = run(fields(['Total', '0.10 USDC'], ['Pay to', PAYEE], ['Chain', 'Base Sepolia']));
    expect(network.diff[3]).toMatchObject({ shown: 'Base Sepolia', status: 'mismatch' });
    expect(network.decision).toBe('misleading');
  });

  it('misleading: dollars shown for a token that is not USDC', () => {
    const result = run(FAITHFUL, actual({ asset: '0x4444444444444444444444444444444444444444' }));
    expect(statuses(result)).toMatchObject({ amount: 'mismatch', asset: 'mismatch' });
    expect(result.risk_flags).toEqual(['amount_mismatch', 'amount_not_comparable', 'asset_mismatch']);
  });

  it('incomplete: a truncated payee only, or a recurring payment without recurrence words', () => {
    expect(run(fields(['Total', '0.10 USDC'], ['Pay to', '0x1111...1111'], ['Network', 'Base'])).decision).toBe('incomplete');
    const recurring = run(FAITHFUL, actual({ recurring: true }));
    expect(recurring).toMatchObject({ decision: 'incomplete', risk_flags: ['recurrence_missing'] });
    const disclosed = run({ ...FAITHFUL, text: 'Renews every month until you cancel.' }, actual({ recurring: true }));
    expect(disclosed.diff[4]).toEqual({ element: 'recurrence', shown: 'Renews every month until you cancel.', actual: 'recurring', status: 'match', pointer: '/rendered/text' });
    expect(disclosed.decision).toBe('faithful');
  });

  it('a payee shown by its name is disclosed, even beside a truncated address (still flagged)', () => {
    const result = run(fields(['Total', '0.10 USDC'], ['Merchant', 'Acme Research · 0x1111…1111'], ['Network', 'Base']), actual({ merchant_name: 'Acme Research' }));
    expect(result.diff[2]).toMatchObject({ shown: 'Acme Research', status: 'match' });
    expect(result).toMatchObject({ decision: 'faithful', risk_flags: ['payee_truncated'] });
  });

  it('Solana payees in full and shortened base58; the asset address is not read as a payee', () => {
    const solana = actual({ network: 'solana', asset: 'USDC', pay_to: SOLANA_PAYEE, amount_atomic: '10000' });
    expect(run({ text: `Pay $0.01 on Solana to ${SOLANA_PAYEE}` }, solana).decision).toBe('faithful');
    expect(run({ text: 'Pay $0.01 on Solana to 9xQe…VFin' }, solana).diff[2]!.status).toBe('truncated');
    const evm = run({ text: `Pay 0.10 on Base, token ${USDC_BASE}, to ${PAYEE}` });
    expect(statuses(evm)).toMatchObject({ asset: 'match', payee: 'match' });
  });

  it('flags what does not decide: ambiguous amounts, recurrence words on a one-off payment, an unsafe resource label, an unknown network', () => {
    const result = run({ text: `Pay 0.10 USDC on Base to ${PAYEE}. Subscription perks: 1,50 USD off.` }, actual({ resource_label: 'http://127.0.0.1/x' }));
    expect(result.risk_flags).toEqual(['ambiguous_amount_shown', 'recurrence_shown_for_one_off_payment', 'unsafe_resource_label']);
    expect(run(FAITHFUL, actual({ network: 'eip155:999' })).risk_flags).toEqual(['amount_mismatch', 'amount_not_comparable', 'asset_mismatch', 'network_mismatch', 'unknown_network']);
  });

  describe('request bounds', () => {
    const rejects = (body: unknown) => expect(agentRenderedCheckoutUiDiffRequest.safeParse(body).success).toBe(false);
    const maxFields = Array.from({ length: 100 }, (_, i) => ({ label: `Field ${i}`.padEnd(80, 'x'), value: `0x1111…1111 $0.01 Base every ${PAYEE} `.repeat(4).slice(0, 256) }));

    it('takes the catalog example, which is the worked example', () => {
      const result = run(catalogEntry('x402_agent_rendered_checkout_ui_diff').example.rendered as Record<string, unknown>);
      expect(result.decision).toBe('misleading');
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      expect(agentRenderedCheckoutUiDiffRequest.safeParse({ rendered: { fields: maxFields, text: 'x'.repeat(8000) }, actual: actual() }).success).toBe(true);
      rejects({ rendered: { fields: [...maxFields, maxFields[0]] }, actual: actual() });
      rejects({ rendered: { text: 'x'.repeat(8001) }, actual: actual() });
      rejects({ rendered: { fields: [{ label: 'x'.repeat(81), value: '1' }] }, actual: actual() });
      rejects({ rendered: { fields: [{ label: 'x', value: 'x'.repeat(257) }] }, actual: actual() });
      rejects({ rendered: {}, actual: actual() });
      rejects({ rendered: { text: 'x' }, actual: actual(), extra: 1 });
      rejects({ rendered: { text: 'x', extra: 1 }, actual: actual() });
      rejects({ rendered: { text: 'x' }, actual: actual({ amount_atomic: 100000 }) });
      rejects({ rendered: { text: 'x' }, actual: { asset: USDC_BASE, network: 'base', pay_to: PAYEE } });
    });

    it('answers at the limits: 100 fields of 256 characters and 8000 characters of text', () => {
      const result = run({ fields: maxFields, text: `Pay $0.01 to 0x1111…1111 on Base every day. ${'0x12ab… $1 base '.repeat(600)}`.slice(0, 8000) }, actual({ recurring: true }));
      expect(result.decision).toBe('misleading');
      expect(result.diff).toHaveLength(5);
    });
  });
});
