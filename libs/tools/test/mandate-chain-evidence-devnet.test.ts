import { mandateChainEvidenceRequest, mandateChainEvidenceResult, type ChainName } from '@paysight/contracts';
import { readTestStack, toolPorts } from '@paysight/testkit';
import { mandateChainEvidence } from '../src/trust/mandate-chain-evidence/index.js';

const { devnet } = readTestStack();
const ports = toolPorts();

describe.each<ChainName>(['base', 'polygon'])('mandate_chain_evidence on the %s devnet', (chain) => {
  const world = devnet.scenario.chains[chain];
  const payee = world.wallets.payee!.address;

  async function check(hash: string, mandate: { authorized_max_amount?: string; expected_payee?: string } = {}) {
    const input = mandateChainEvidenceRequest.parse({
      chain,
      transaction_hash: hash,
      mandate_context: { authorized_max_amount: '0.01', currency: 'USDC', expected_payee: payee, purpose: 'a receipt audit', human_present: false, ...mandate },
    });
    const { result, metadata } = await mandateChainEvidence.run(input, ports, { now: new Date() });
    const parsed = mandateChainEvidenceResult.safeParse(result);
    if (!parsed.success) throw new Error(`result does not match the schema: ${parsed.error.message}`);
    expect(metadata.dataSourceStatus).toBe('Demo');
    return result;
  }
  const tx = (name: string) => world.transactions[name]!;

  it('holds an x402 payment within its mandate, citing the Transfer and the authorization by log index', async () => {
    const result = await check(tx('receipt-paid-in-full').hash);
    expect(result).toMatchObject({ decision: 'within_mandate', payment_observed: true, amount_within_declared_limit: true, payee_matches_expected: true, risk_flags: [] });
    const cited = result.chain_evidence as { kind: string; transaction_hash: string; log_index?: number; block_number: string }[];
    expect(cited.map((c) => c.kind)).toEqual(['transaction', 'usdc_transfer', 'authorization_used']);
    for (const item of cited) expect(item).toMatchObject({ transaction_hash: tx('receipt-paid-in-full').hash, block_number: String(tx('receipt-paid-in-full').blockNumber) });
    expect(cited.slice(1).every((c) => Number.isInteger(c.log_index))).toBe(true);
  });

  it('finds the same payment over a lower limit', async () => {
    const result = await check(tx('receipt-paid-in-full').hash, { authorized_max_amount: '0.005' });
    expect(result).toMatchObject({ decision: 'outside_mandate', amount_within_declared_limit: false, risk_flags: ['amount_exceeds_mandate'] });
  });

  it('finds a payment to someone else outside the mandate', async () => {
    const result = await check(tx('receipt-paid-wrong-payee').hash);
    expect(result).toMatchObject({ decision: 'outside_mandate', payee_matches_expected: false, evidence: { payee: world.wallets.carol!.address }, risk_flags: ['payee_mismatch'] });
  });

  it('finds USDC the payer sent elsewhere in the same batch', async () => {
    const result = await check(tx('mandate-payment-with-side-transfer').hash);
    expect(result).toMatchObject({
      decision: 'outside_mandate',
      payee_matches_expected: true,
      amount_within_declared_limit: true,
      risk_flags: ['other_usdc_outflow'],
      evidence: { payer: world.wallets.smartAccountUser!.address, paid_amount: '0.01' },
    });
    expect(result.chain_evidence).toContainEqual(expect.objectContaining({ kind: 'usdc_transfer', to: world.wallets.landlord!.address, amount: '25' }));
  });

  it.each([
    ['a reverted payment', () => tx('receipt-reverted').hash, 'transaction_reverted'],
    ['a pending payment', () => world.pendingTransactions['receipt-pending']!.hash, 'transaction_pending'],
  ])('observes no payment in %s', async (_name, hash, flag) => {
    const result = await check(hash());
    expect(result).toMatchObject({ decision: 'not_observed', payment_observed: false, amount_within_declared_limit: null, payee_matches_expected: null, risk_flags: [flag] });
  });
});
