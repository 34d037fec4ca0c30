import { catalogEntry, paidToolConfirmationPromptAuditorRequest, paidToolConfirmationPromptAuditorResult } from '@paysight/contracts';
import { analyzeConfirmationPrompt } from './analyze.js';

const TOOL = { name: 'deep_wallet_report', price: '1.00', currency: 'USDC', network: 'eip155:8453' };
const CLEAR = {
  body_text: 'Pay 1.00 USDC on Base to run deep wallet report.',
  buttons: [
    { label: 'Pay 1.00 USDC', action: 'confirm' },
    { label: 'Cancel', is_default: true, action: 'cancel' },
  ],
};

function run(prompt: Record<string, unknown>, tool: Record<string, unknown> = TOOL, extra: Record<string, unknown> = {}) {
  const output = analyzeConfirmationPrompt(paidToolConfirmationPromptAuditorRequest.parse({ prompt, tool, ...extra }));
  expect(paidToolConfirmationPromptAuditorResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const codes = (result: ReturnType<typeof run>) => result.findings.map((f) => f.code);

describe('x402-paid-tool-confirmation-prompt-auditor', () => {
  it('the worked example of design §39: "Continue to get your report" with one default "OK" at 1.00 is invalid_consent', () => {
    const result = run({ body_text: 'Continue to get your report', buttons: [{ label: 'OK', is_default: true, action: 'confirm' }] });
    expect(result.decision).toBe('invalid_consent');
    expect(result.confidence).toBe('high');
    expect(result.findings).toEqual([
      { code: 'PRICE_MISSING', severity: 'error', evidence: { pointer: '/prompt/body_text', value: null } },
      { code: 'VAGUE_CONFIRM', severity: 'warning', evidence: { pointer: '/prompt/buttons/0/label', value: 'OK' } },
      { code: 'DEFAULT_IS_PAY', severity: 'error', evidence: { pointer: '/prompt/buttons/0/is_default', value: 'OK' } },
      { code: 'CANCEL_MISSING', severity: 'error', evidence: { pointer: '/prompt/buttons', value: null } },
    ]);
    expect(result.risk_flags).toEqual(['cancel_missing', 'default_is_pay', 'price_missing', 'vague_confirm']);
  });

  it('clear_consent: price with its currency, subject, a pay verb with the amount, a non-default confirm and a cancel', () => {
    expect(run(CLEAR)).toMatchObject({ decision: 'clear_consent', findings: [], risk_flags: [] });
  });

  it('the suggested prompt passes the audit itself, for a recurring destructive tool too', () => {
    const tool = { ...TOOL, name: 'purge_cache', price: '0.005', currency: 'USD', network: 'base-sepolia', recurring: true, destructiveHint: true };
    const { suggested_prompt: suggested } = run(CLEAR, tool);
    expect(suggested).toEqual({
      body_text: 'Pay 0.005 USD on Base Sepolia to run purge_cache. This is a recurring charge: 0.005 USD every period until you cancel it. Warning: this tool changes or deletes data, and that cannot be undone. Cancel to go back without paying.',
      confirm_label: 'Pay 0.005 USD',
    });
    const again = run({ body_text: suggested.body_text, buttons: [{ label: suggested.confirm_label, action: 'confirm' }, { label: 'Cancel', action: 'cancel' }] }, tool);
    expect(again.decision).toBe('clear_consent');
  });

  it('invalid_consent: a prechecked "don\'t ask again" above the threshold, and recurrence not disclosed', () => {
    const result = run({ ...CLEAR, dont_ask_again: { present: true, prechecked: true } }, { ...TOOL, recurring: true });
    expect(codes(result)).toEqual(['PRECHECKED_SKIP', 'RECURRENCE_UNDISCLOSED']);
    expect(result.decision).toBe('invalid_consent');
    const disclosed = run({ ...CLEAR, body_text: `${CLEAR.body_text} Renews every month.` }, { ...TOOL, recurring: true });
    expect(disclosed.decision).toBe('clear_consent');
  });

  it('approval_free_below: at or below it, a default pay button and a prechecked skip are allowed', () => {
    const prompt = { ...CLEAR, buttons: [{ label: 'Pay 1.00 USDC', is_default: true, action: 'confirm' }, { label: 'Cancel', action: 'cancel' }], dont_ask_again: { present: true, prechecked: true } };
    expect(run(prompt, TOOL, { approval_free_below: '1' }).decision).toBe('clear_consent');
    expect(codes(run(prompt, TOOL, { approval_free_below: '0.99' }))).toEqual(['DEFAULT_IS_PAY', 'PRECHECKED_SKIP']);
  });

  it('weak_consent: the currency not named, no subject, urgency phrases, a destructive effect unstated', () => {
    const dollars = run({ ...CLEAR, body_text: 'Pay $1.00 to run deep wallet report.' });
    expect(dollars.findings).toEqual([{ code: 'CURRENCY_MISSING', severity: 'warning', evidence: { pointer: '/prompt/body_text', value: '$1.00' } }]);
    expect(dollars.decision).toBe('weak_consent');
    expect(codes(run({ ...CLEAR, body_text: 'Pay 1.00 USDC now.' }))).toEqual(['SUBJECT_MISSING']);
    expect(codes(run({ ...CLEAR, body_text: 'Deep-Wallet-Report: 1.00 USDC.' }))).toEqual([]);
    const pushy = run({ ...CLEAR, title: 'Limited time!', buttons: [{ label: 'Pay 1.00 USDC, act now', action: 'confirm' }, { label: 'Cancel', action: 'cancel' }] });
    expect(pushy.findings.map((f) => [f.code, f.evidence.pointer, f.evidence.value])).toEqual([
      ['URGENCY_LANGUAGE', '/prompt/buttons/0/label', 'act now'],
      ['URGENCY_LANGUAGE', '/prompt/title', 'limited time'],
    ]);
    expect(codes(run(CLEAR, { ...TOOL, destructiveHint: true }))).toEqual(['DESTRUCTIVE_UNSTATED']);
    expect(run({ ...CLEAR, body_text: `${CLEAR.body_text} Warning: it deletes old reports.` }, { ...TOOL, destructiveHint: true }).decision).toBe('clear_consent');
  });

  it('vague confirm labels: a verb without the amount, an amount without a verb, and no confirm button at all', () => {
    const labels = (label: string) => codes(run({ ...CLEAR, buttons: [{ label, action: 'confirm' }, { label: 'Cancel', action: 'cancel' }] }));
    expect(labels('Pay')).toEqual(['VAGUE_CONFIRM']);
    expect(labels('Continue (1.00 USDC)')).toEqual(['VAGUE_CONFIRM']);
    expect(labels('Buy for 1 USDC')).toEqual([]);
    expect(run({ ...CLEAR, buttons: [{ label: 'Cancel', action: 'cancel' }] }).findings).toEqual([{ code: 'VAGUE_CONFIRM', severity: 'warning', evidence: { pointer: '/prompt/buttons', value: null } }]);
  });

  it('TOO_LONG is info only: it does not weaken a clear prompt', () => {
    const result = run({ ...CLEAR, body_text: `${CLEAR.body_text} ${'Details of the report. '.repeat(30)}` });
    expect(result).toMatchObject({ decision: 'clear_consent', findings: [{ code: 'TOO_LONG', severity: 'info' }], risk_flags: ['too_long'] });
  });

  it('the price is compared exactly: 1.000 USDC is the price, 1.001 USDC and a decimal comma are not', () => {
    expect(run({ ...CLEAR, body_text: 'Pay 1.000 USDC to run deep wallet report.' }).decision).toBe('clear_consent');
    expect(codes(run({ ...CLEAR, body_text: 'Pay 1.001 USDC to run deep wallet report.' }))).toEqual(['PRICE_MISSING']);
    expect(run({ ...CLEAR, body_text: 'Pay 1,00 USDC to run deep wallet report.' }).findings[0]!.evidence).toEqual({ pointer: '/prompt/body_text', value: '1,00 USDC' });
  });

  describe('request bounds', () => {
    const rejects = (body: unknown) => expect(paidToolConfirmationPromptAuditorRequest.safeParse(body).success).toBe(false);
    const button = { label: 'x'.repeat(40), action: 'other' };

    it('takes the catalog example, which is the worked example', () => {
      const { prompt, tool } = catalogEntry('x402_paid_tool_confirmation_prompt_auditor').example;
      expect(codes(run(prompt, tool))).toEqual(['PRICE_MISSING', 'VAGUE_CONFIRM', 'DEFAULT_IS_PAY', 'CANCEL_MISSING']);
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      expect(paidToolConfirmationPromptAuditorRequest.safeParse({ prompt: { title: 't'.repeat(120), body_text: 'b'.repeat(4000), buttons: Array(5).fill(button) }, tool: TOOL }).success).toBe(true);
      rejects({ prompt: { body_text: 'b'.repeat(4001), buttons: [button] }, tool: TOOL });
      rejects({ prompt: { title: 't'.repeat(121), body_text: 'b', buttons: [button] }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: Array(6).fill(button) }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: [] }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: [{ ...button, label: 'x'.repeat(41) }] }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: [{ ...button, action: 'pay' }] }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: [button] }, tool: { ...TOOL, price: 1 } });
      rejects({ prompt: { body_text: 'b', buttons: [button] }, tool: { ...TOOL, currency: 'EUR' } });
      rejects({ prompt: { body_text: 'b', buttons: [button] }, tool: TOOL, extra: 1 });
      rejects({ prompt: { body_text: 'b', buttons: [button], extra: 1 }, tool: TOOL });
      rejects({ prompt: { body_text: 'b', buttons: [button] }, tool: TOOL, approval_free_below: '0.0000001' });
    });

    it('answers at the limits: 4000 characters dense with phrases and amounts, five buttons', () => {
      const body = 'Hurry, act now: pay $1.00 or 1.00 USDC every day, warning! '.repeat(70).slice(0, 4000);
      const result = run({ title: 'Limited time '.repeat(9).slice(0, 120), body_text: body, buttons: Array(5).fill({ label: 'Pay 1.00 USDC now, hurry', is_default: true, action: 'confirm' }), dont_ask_again: { present: true, prechecked: true } }, { ...TOOL, recurring: true, destructiveHint: true });
      expect(result.decision).toBe('invalid_consent');
      expect(codes(result)).toContain('TOO_LONG');
    });
  });
});
