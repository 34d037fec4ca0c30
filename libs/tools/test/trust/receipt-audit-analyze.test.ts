import { receiptAuditRequest, receiptAuditResult } from '@paysight/contracts';
import { analyzeReceiptAudit } from '../../src/trust/receipt-audit/index.js';
import type { UsdcPaymentData } from '../../src/shared/usdc-payment.js';
import { BLOCK, COUNTERFEIT, data, HASH, mined, OTHER, PAYEE, PAYER, transferCall, transferLog, tx } from '../support/usdc-payment.js';

const input = receiptAuditRequest.parse({
  chain: 'base',
  transaction_hash: HASH,
  expected_payee: PAYEE.toLowerCase(),
  expected_amount: '0.01',
  currency: 'USDC',
  resource_url_hash: `sha256:${'0'.repeat(64)}`,
  response_hash: `sha256:${'1'.repeat(64)}`,
});

const cases: [string, UsdcPaymentData, Record<string, unknown>][] = [
  ['the exact amount to the payee', mined([transferLog(PAYEE, 10_000n, 3)]), { decision: 'verified', payment_status: 'settled', receipt_grade: 'complete', paid_amount: '0.01', payee: PAYEE, risk_flags: [], confidence: 'high' }],
  ['two transfers to the payee adding up to the amount', mined([transferLog(PAYEE, 6_000n, 1), transferLog(PAYEE, 4_000n, 2)]), { decision: 'verified', receipt_grade: 'complete', paid_amount: '0.01', evidence: expect.objectContaining({ paying_log_indexes: [1, 2] }) }],
  ['the amount to someone else', mined([transferLog(OTHER, 10_000n, 0)]), { decision: 'mismatch', receipt_grade: 'partial', payee: OTHER, payee_matches_expected: false, amount_matches_expected: true, risk_flags: ['payee_mismatch'] }],
  ['less than expected', mined([transferLog(PAYEE, 9_999n, 0)]), { decision: 'mismatch', receipt_grade: 'partial', paid_amount: '0.009999', amount_matches_expected: false, risk_flags: ['underpaid'] }],
  ['more than expected', mined([transferLog(PAYEE, 20_000n, 0)]), { decision: 'mismatch', receipt_grade: 'partial', amount_matches_expected: false, risk_flags: ['overpaid'] }],
  ['part to the payee, the rest elsewhere', mined([transferLog(OTHER, 1_000n, 0), transferLog(PAYEE, 9_000n, 1)]), { decision: 'mismatch', payee: PAYEE, paid_amount: '0.009', risk_flags: ['underpaid'] }],
  ['the largest of several transfers to others', mined([transferLog(OTHER, 1_000n, 0), transferLog(PAYER, 30_000n, 1)]), { decision: 'mismatch', payee: PAYER, paid_amount: '0.03', risk_flags: ['payee_mismatch', 'overpaid'] }],
  ['a look-alike token, not the canonical USDC', mined([transferLog(PAYEE, 10_000n, 0, COUNTERFEIT)]), { decision: 'unverified', payment_status: 'unknown', receipt_grade: 'weak', paid_amount: null, risk_flags: ['no_usdc_transfer'] }],
  ['a reverted transaction', mined([], 'reverted'), { decision: 'failed', payment_status: 'failed', receipt_grade: 'weak', payee: null, payee_matches_expected: null, risk_flags: ['transaction_reverted'], confidence: 'high' }],
  ['a pending USDC transfer', data({ transaction: transferCall(PAYEE, 10_000n) }), { decision: 'unverified', payment_status: 'pending', receipt_grade: 'partial', paid_amount: null, payee: null, payee_matches_expected: true, amount_matches_expected: true, risk_flags: ['transaction_pending'], confidence: 'low' }],
  ['a pending underpayment', data({ transaction: transferCall(PAYEE, 5_000n) }), { payment_status: 'pending', receipt_grade: 'partial', amount_matches_expected: false, risk_flags: ['transaction_pending', 'underpaid'] }],
  ['a pending call that is not a USDC transfer', data({ transaction: tx(OTHER, '0x') }), { payment_status: 'pending', receipt_grade: 'weak', payee_matches_expected: null, risk_flags: ['transaction_pending'] }],
  ['a hash the node does not know', data({}), { decision: 'unverified', payment_status: 'not_found', receipt_grade: 'weak', risk_flags: ['transaction_not_found'], confidence: 'medium' }],
];

describe('analyzeReceiptAudit', () => {
  it.each(cases)('%s', (_name, gathered, expected) => {
    const { result } = analyzeReceiptAudit(input, gathered, { now: new Date() });
    expect(receiptAuditResult.safeParse(result).success).toBe(true);
    expect(result).toMatchObject(expected);
  });

  it('gives a settled payment medium confidence until it has 3 confirmations', () => {
    const fresh = { ...mined([transferLog(PAYEE, 10_000n, 0)]), head: BLOCK + 1n };
    const { result } = analyzeReceiptAudit(input, fresh, { now: new Date() });
    expect(result).toMatchObject({ decision: 'verified', confidence: 'medium', evidence: expect.objectContaining({ confirmations: 2 }) });
  });

  it('never counts the off-chain hashes as verified', () => {
    const { result } = analyzeReceiptAudit(input, mined([transferLog(PAYEE, 10_000n, 0)]), { now: new Date() });
    expect(result.evidence).toMatchObject({ off_chain_claims: { resource_url_hash: input.resource_url_hash, response_hash: input.response_hash, verified: false } });
    expect(result.limits[0]).toMatch(/not on chain/);
  });
});
