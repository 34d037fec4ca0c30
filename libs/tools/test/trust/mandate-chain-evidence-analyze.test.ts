import { mandateChainEvidenceRequest, mandateChainEvidenceResult } from '@paysight/contracts';
import type { UsdcPaymentData } from '../../src/shared/usdc-payment.js';
import { analyzeMandateChainEvidence } from '../../src/trust/mandate-chain-evidence/index.js';
import { BLOCK, COUNTERFEIT, data, HASH, mined, OTHER, PAYEE, PAYER, transferCall, transferLog } from '../support/usdc-payment.js';

const request = (mandate: Partial<Record<string, unknown>> = {}) =>
  mandateChainEvidenceRequest.parse({
    chain: 'base',
    transaction_hash: HASH,
    mandate_context: { authorized_max_amount: '0.01', currency: 'USDC', expected_payee: PAYEE, purpose: 'one receipt audit', human_present: false, ...mandate },
  });

const cases: [string, ReturnType<typeof request>, UsdcPaymentData, Record<string, unknown>][] = [
  ['exactly the limit to the payee', request(), mined([transferLog(PAYEE, 10_000n, 2)]), { decision: 'within_mandate', payment_observed: true, amount_within_declared_limit: true, payee_matches_expected: true, risk_flags: [], confidence: 'high' }],
  ['less than the limit', request({ authorized_max_amount: '5' }), mined([transferLog(PAYEE, 10_000n, 2)]), { decision: 'within_mandate', amount_within_declared_limit: true }],
  ['more than the limit', request({ authorized_max_amount: '0.009999' }), mined([transferLog(PAYEE, 10_000n, 2)]), { decision: 'outside_mandate', amount_within_declared_limit: false, payee_matches_expected: true, risk_flags: ['amount_exceeds_mandate'] }],
  ['another payee', request(), mined([transferLog(OTHER, 10_000n, 0)]), { decision: 'outside_mandate', amount_within_declared_limit: true, payee_matches_expected: false, risk_flags: ['payee_mismatch'] }],
  [
    'the payee paid, and USDC sent elsewhere by the same payer',
    request(),
    mined([transferLog(PAYEE, 10_000n, 0), transferLog(OTHER, 500_000n, 1)]),
    { decision: 'outside_mandate', payee_matches_expected: true, amount_within_declared_limit: true, risk_flags: ['other_usdc_outflow'], evidence: expect.objectContaining({ other_outflow_log_indexes: [1] }) },
  ],
  ['a transfer between others in the same transaction', request(), mined([transferLog(PAYEE, 10_000n, 0), transferLog(OTHER, 9n, 1, undefined, PAYEE)]), { decision: 'within_mandate', risk_flags: [] }],
  ['a reverted transaction', request(), mined([], 'reverted'), { decision: 'not_observed', payment_observed: false, amount_within_declared_limit: null, payee_matches_expected: null, risk_flags: ['transaction_reverted'], confidence: 'medium' }],
  ['a pending transaction', request(), data({ transaction: transferCall(PAYEE, 10_000n) }), { decision: 'not_observed', payment_observed: false, risk_flags: ['transaction_pending'], confidence: 'low' }],
  ['a counterfeit USDC transfer', request(), mined([transferLog(PAYEE, 10_000n, 0, COUNTERFEIT)]), { decision: 'not_observed', payment_observed: false, risk_flags: ['no_usdc_transfer'] }],
  ['an unknown hash', request(), data({}), { decision: 'not_observed', risk_flags: ['transaction_not_found'] }],
];

describe('analyzeMandateChainEvidence', () => {
  it.each(cases)('%s', (_name, input, gathered, expected) => {
    const { result } = analyzeMandateChainEvidence(input, gathered, { now: new Date() });
    expect(mandateChainEvidenceResult.safeParse(result).success).toBe(true);
    expect(result).toMatchObject(expected);
  });

  it('cites the transaction, each USDC transfer and each authorization with its log index', () => {
    const { result } = analyzeMandateChainEvidence(request(), mined([transferLog(PAYEE, 10_000n, 4)]), { now: new Date() });
    expect(result.chain_evidence).toEqual([
      expect.objectContaining({ kind: 'transaction', transaction_hash: HASH, block_number: String(BLOCK), status: 'settled', sender: PAYER }),
      expect.objectContaining({ kind: 'usdc_transfer', transaction_hash: HASH, log_index: 4, from: PAYER, to: PAYEE, amount: '0.01' }),
    ]);
  });

  it('restates the mandate as the intent, saying whether a person was present', () => {
    const agent = analyzeMandateChainEvidence(request(), data({}), { now: new Date() }).result;
    const human = analyzeMandateChainEvidence(request({ human_present: true }), data({}), { now: new Date() }).result;
    expect(agent.intent_summary).toBe(`Pay at most 0.01 USDC to ${PAYEE} for "one receipt audit", by an agent acting without a person present.`);
    expect(human.intent_summary).toMatch(/with a person present\.$/);
    expect(agent.limits[0]).toMatch(/purpose and human_present are declarations/);
  });
});
