import { PERMIT2_EXPLAINER_LIMITS, X402_USDC, catalogEntry, permit2ApprovalFrictionExplainerRequest, permit2ApprovalFrictionExplainerResult } from '@paysight/contracts';
import { analyzePermit2Explainer, type Permit2ExplainerInput } from './analyze.js';

const BASE = 'eip155:8453';
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const MAX = (2n ** 256n - 1n).toString();
const offer = (extra: Record<string, unknown> = { assetTransferMethod: 'permit2' }, over: Record<string, unknown> = {}) => ({
  scheme: 'exact',
  network: BASE,
  amount: '10000',
  asset: X402_USDC[BASE]!.address,
  payTo: `0x${'1'.repeat(40)}`,
  maxTimeoutSeconds: 60,
  extra: { name: 'USD Coin', version: '2', ...extra },
  ...over,
});
const payer = (allowance = '0', gas = false, over: Record<string, unknown> = {}) => ({ permit2_allowance_atomic: allowance, has_native_gas: gas, ...over });

function run(body: unknown) {
  const input: Permit2ExplainerInput = permit2ApprovalFrictionExplainerRequest.parse(body);
  const output = analyzePermit2Explainer(input);
  expect(permit2ApprovalFrictionExplainerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const kinds = (result: ReturnType<typeof run>) => result.steps.map((s) => [s.order, s.kind, s.gas_payer]);

describe('x402-permit2-approval-friction-explainer', () => {
  it('the worked example of design §25: USDC on Base by Permit2, allowance 0, eip2612GasSponsoring', () => {
    const result = run(catalogEntry('x402_permit2_approval_friction_explainer').example);
    expect(result.decision).toBe('one_signature');
    expect(result.signatures_required).toBe(2);
    expect(result.onchain_transactions_required).toBe(0);
    expect(kinds(result)).toEqual([
      [1, 'sign_eip2612_permit', 'none'],
      [2, 'sign_permit2_witness', 'facilitator'],
    ]);
    expect(result.risk_flags).toEqual(['unnecessary_permit2']);
    expect(result.expected_error_if_skipped).toBe('412 permit2_allowance_required');
    expect(result.basis).toEqual({ approval_route: 'eip2612_gas_sponsoring', need_atomic: '10000', allowance_atomic: '0', sponsoring_extensions: ['eip2612GasSponsoring'], token_supports_eip2612: true, token_supports_eip2612_source: 'reference_data' });
    expect(result.confidence).toBe('high');
  });

  it('no_friction: eip3009 by default, a Solana offer, and Permit2 with enough allowance for the planned payments', () => {
    const eip3009 = run({ offer: offer({}), payer: payer() });
    expect(eip3009).toMatchObject({ decision: 'no_friction', method: 'eip3009', signatures_required: 1, onchain_transactions_required: 0, expected_error_if_skipped: null, risk_flags: [] });
    expect(kinds(eip3009)).toEqual([[1, 'sign_eip3009', 'facilitator']]);
    const svm = run({ offer: { scheme: 'exact', network: SOLANA, amount: '10000', asset: X402_USDC[SOLANA]!.address, payTo: 'Payee1111111111111111111111111111111111111', maxTimeoutSeconds: 60 }, payer: payer() });
    expect(svm.method).toBe('svm');
    expect(kinds(svm)).toEqual([[1, 'sign_svm_transaction', 'facilitator']]);
    const covered = run({ offer: offer(), payer: payer('30000'), planned_payments: 3 });
    expect(covered).toMatchObject({ decision: 'no_friction', method: 'permit2', expected_error_if_skipped: null, basis: { need_atomic: '30000', approval_route: 'not_needed' } });
    expect(kinds(covered)).toEqual([[1, 'sign_permit2_witness', 'facilitator']]);
    const short = run({ offer: offer(), payer: payer('30000', true), planned_payments: 4 });
    expect(short.decision).toBe('one_transaction');
  });

  it('one_signature by ERC-20 approval sponsoring when the token has no EIP-2612 (the approve is sent by the facilitator)', () => {
    const result = run({ offer: offer(), extensions: { eip2612GasSponsoring: {}, erc20ApprovalGasSponsoring: {} }, payer: payer('0', false, { token_supports_eip2612: false }) });
    expect(result).toMatchObject({ decision: 'one_signature', signatures_required: 2, onchain_transactions_required: 1, basis: { approval_route: 'erc20_approval_gas_sponsoring', token_supports_eip2612_source: 'payer' } });
    expect(kinds(result)).toEqual([
      [1, 'onchain_approve', 'facilitator'],
      [2, 'sign_permit2_witness', 'facilitator'],
    ]);
    expect(result.risk_flags).toEqual(['unlimited_approval_surface', 'unnecessary_permit2']);
  });

  it('an EIP-2612 permit needs the token\'s EIP-712 name and version in extra; without them the next route applies', () => {
    const result = run({ offer: { ...offer(), extra: { assetTransferMethod: 'permit2' } }, extensions: { eip2612GasSponsoring: {} }, payer: payer('0', true) });
    expect(result.decision).toBe('one_transaction');
    expect(result.risk_flags).toContain('eip2612_domain_missing');
  });

  it('one_transaction: the payer sends approve(Permit2) and pays its gas', () => {
    const result = run({ offer: offer(), payer: payer('9999', true) });
    expect(result).toMatchObject({ decision: 'one_transaction', signatures_required: 1, onchain_transactions_required: 1, expected_error_if_skipped: '412 permit2_allowance_required' });
    expect(kinds(result)).toEqual([
      [1, 'onchain_approve', 'payer'],
      [2, 'sign_permit2_witness', 'facilitator'],
    ]);
  });

  it('blocked: no allowance, no gas, no sponsoring; an unknown asset lowers confidence and is taken without EIP-2612', () => {
    const result = run({ offer: offer({ assetTransferMethod: 'permit2' }, { asset: `0x${'ab'.repeat(20)}` }), extensions: { eip2612GasSponsoring: {} }, payer: payer() });
    expect(result).toMatchObject({ decision: 'blocked', confidence: 'medium', expected_error_if_skipped: '412 permit2_allowance_required', basis: { approval_route: 'none', token_supports_eip2612: false, token_supports_eip2612_source: 'assumed_false' } });
    expect(result.risk_flags).toEqual(['unlimited_approval_surface']);
    expect(result.limitations.join(' ')).toContain('not in the reference data');
  });

  it('an unlimited existing allowance is flagged; an unreadable amount counts as covered only by it', () => {
    const unlimited = run({ offer: offer({ assetTransferMethod: 'permit2' }, { amount: 'ten' }), payer: payer(MAX) });
    expect(unlimited).toMatchObject({ decision: 'no_friction', basis: { need_atomic: null } });
    expect(unlimited.risk_flags).toEqual(['amount_unreadable', 'unlimited_approval_surface', 'unnecessary_permit2']);
    const limited = run({ offer: offer({ assetTransferMethod: 'permit2' }, { amount: 'ten' }), payer: payer('1000000', true) });
    expect(limited.decision).toBe('one_transaction');
  });

  it('an unknown transfer method is explained as one signature and flagged; an unknown network too', () => {
    const result = run({ offer: offer({ assetTransferMethod: 'erc7710' }, { network: 'eip155:999' }), payer: payer() });
    expect(result).toMatchObject({ decision: 'no_friction', method: 'erc7710', confidence: 'medium' });
    expect(result.risk_flags).toEqual(['unknown_network', 'unknown_transfer_method']);
  });

  describe('request schema', () => {
    const ok = { offer: offer(), payer: payer() };
    const accepted = (body: unknown) => expect(permit2ApprovalFrictionExplainerRequest.safeParse(body).success).toBe(true);
    const rejects = (body: unknown) => expect(permit2ApprovalFrictionExplainerRequest.safeParse(body).success).toBe(false);
    it('bounds at the maxima and one more', () => {
      accepted({ ...ok, planned_payments: PERMIT2_EXPLAINER_LIMITS.plannedPayments, payer: payer(MAX) });
      rejects({ ...ok, planned_payments: PERMIT2_EXPLAINER_LIMITS.plannedPayments + 1 });
      rejects({ ...ok, planned_payments: 0 });
      rejects({ ...ok, payer: payer('1'.repeat(79)) });
      accepted({ ...ok, offer: { ...offer(), description: 'x'.repeat(256 * 1024 - 400) } });
      rejects({ ...ok, offer: { ...offer(), description: 'x'.repeat(256 * 1024) } });
    });
    it('wrong types, missing members and extra properties rejected', () => {
      expect(permit2ApprovalFrictionExplainerRequest.parse(ok).planned_payments).toBe(1);
      rejects({ payer: payer() });
      rejects({ offer: offer() });
      rejects({ ...ok, payer: { permit2_allowance_atomic: '0' } });
      rejects({ ...ok, payer: payer('0.5') });
      rejects({ ...ok, payer: payer('0', 'yes' as unknown as boolean) });
      rejects({ ...ok, planned_payments: 1.5 });
      rejects({ ...ok, extensions: 'eip2612GasSponsoring' });
      rejects({ ...ok, payer: { ...payer(), signature: '0x' } });
      rejects({ ...ok, extra: 1 });
    });
  });

  it('a maximum input (10000 planned payments, a 256 KiB offer) does not crash', () => {
    const result = run({ offer: { ...offer(), description: 'x'.repeat(256 * 1024 - 400) }, extensions: { erc20ApprovalGasSponsoring: {} }, payer: payer(MAX.slice(0, 70), false), planned_payments: 10_000 });
    expect(result.decision).toBe('no_friction');
    expect(result.basis.need_atomic).toBe('100000000');
  });
});
