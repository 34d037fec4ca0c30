import { receiptAuditRequest, receiptAuditResult, type ChainName } from '@paysight/contracts';
import { readTestStack, toolPorts } from '@paysight/testkit';
import { receiptAudit } from '../src/trust/receipt-audit/index.js';

const { devnet } = readTestStack();
const ports = toolPorts();
const HASHES = { resource_url_hash: `sha256:${'ab'.repeat(32)}`, response_hash: `sha256:${'cd'.repeat(32)}` };

async function audit(chain: string, transactionHash: string, expected: { payee: string; amount: string }) {
  const input = receiptAuditRequest.parse({ chain, transaction_hash: transactionHash, expected_payee: expected.payee, expected_amount: expected.amount, currency: 'USDC', ...HASHES });
  const { result, metadata } = await receiptAudit.run(input, ports, { now: new Date() });
  const parsed = receiptAuditResult.safeParse(result);
  if (!parsed.success) throw new Error(`result does not match the schema: ${parsed.error.message}`);
  expect(metadata.dataSourceStatus).toBe('Demo');
  return result;
}

describe.each<ChainName>(['base', 'arbitrum'])('receipt_audit on the %s devnet', (chain) => {
  const world = devnet.scenario.chains[chain];
  const payee = world.wallets.payee!.address;
  const expected = { payee, amount: '0.01' };
  const mined = (name: string) => world.transactions[name]!.hash;

  it('verifies the payment settled with an EIP-3009 authorization: complete, citing the Transfer and the authorization', async () => {
    const result = await audit(chain, mined('receipt-paid-in-full'), expected);
    expect(result).toMatchObject({
      decision: 'verified',
      payment_status: 'settled',
      receipt_grade: 'complete',
      paid_amount: '0.01',
      payee,
      payee_matches_expected: true,
      amount_matches_expected: true,
      risk_flags: [],
      chain,
    });
    const evidence = result.evidence as { usdc_transfers: { log_index: number; from: string; to: string }[]; authorizations_used: { authorizer: string }[]; paying_log_indexes: number[] };
    expect(evidence.usdc_transfers).toEqual([expect.objectContaining({ from: world.wallets.receiptPayer!.address, to: payee })]);
    expect(evidence.paying_log_indexes).toEqual([evidence.usdc_transfers[0]!.log_index]);
    expect(evidence.authorizations_used).toEqual([expect.objectContaining({ authorizer: world.wallets.receiptPayer!.address })]);
    expect(result.limits.join(' ')).toMatch(/resource_url_hash and response_hash are not on chain/);
  });

  it('names the payee a payment went to instead of the expected one', async () => {
    const result = await audit(chain, mined('receipt-paid-wrong-payee'), expected);
    expect(result).toMatchObject({
      decision: 'mismatch',
      payment_status: 'settled',
      receipt_grade: 'partial',
      payee: world.wallets.carol!.address,
      payee_matches_expected: false,
      amount_matches_expected: true,
      risk_flags: ['payee_mismatch'],
    });
  });

  it('flags an underpayment to the right payee', async () => {
    const result = await audit(chain, mined('receipt-underpaid'), expected);
    expect(result).toMatchObject({
      decision: 'mismatch',
      payment_status: 'settled',
      receipt_grade: 'partial',
      paid_amount: '0.005',
      payee_matches_expected: true,
      amount_matches_expected: false,
      risk_flags: ['underpaid'],
    });
  });

  it('reports a reverted transfer as failed: nothing paid', async () => {
    const result = await audit(chain, mined('receipt-reverted'), expected);
    expect(result).toMatchObject({ decision: 'failed', payment_status: 'failed', receipt_grade: 'weak', paid_amount: null, payee: null, risk_flags: ['transaction_reverted'], confidence: 'high' });
    expect(result.evidence).toMatchObject({ block_number: String(world.transactions['receipt-reverted']!.blockNumber) });
  });

  it('reads what a pending payment asks for without calling it paid', async () => {
    const pending = world.pendingTransactions['receipt-pending']!;
    const result = await audit(chain, pending.hash, expected);
    expect(result).toMatchObject({
      decision: 'unverified',
      payment_status: 'pending',
      receipt_grade: 'partial',
      paid_amount: null,
      payee: null,
      payee_matches_expected: true,
      amount_matches_expected: true,
      risk_flags: ['transaction_pending'],
      evidence: { usdc_call: { method: 'transfer', from: world.wallets.receiptPendingPayer!.address, to: payee, amount: '0.01 USDC' }, block_number: null },
    });
  });

  it('answers not_found for a hash the node does not know', async () => {
    const result = await audit(chain, `0x${'0'.repeat(63)}1`, expected);
    expect(result).toMatchObject({ decision: 'unverified', payment_status: 'not_found', receipt_grade: 'weak', payee_matches_expected: null, risk_flags: ['transaction_not_found'] });
  });

  it('answers unknown for a successful transaction that moved no USDC', async () => {
    const result = await audit(chain, mined('alice-sends-bob-native'), expected);
    expect(result).toMatchObject({ decision: 'unverified', payment_status: 'unknown', receipt_grade: 'weak', risk_flags: ['no_usdc_transfer'] });
  });

  it('accepts the chain as a CAIP-2 id', async () => {
    const result = await audit(`eip155:${devnet.chains[chain].chainId}`, mined('receipt-paid-in-full'), expected);
    expect(result).toMatchObject({ decision: 'verified', chain });
  });
});

describe('receipt_audit of the facilitator\'s x402 settlements on the Base devnet', () => {
  const base = devnet.scenario.chains.base;
  it('verifies the seeded wallet_snapshot payment against its price', async () => {
    const result = await audit('base', base.transactions['x402-payment-wallet-snapshot']!.hash, { payee: base.wallets.payee!.address, amount: '0.01' });
    expect(result).toMatchObject({ decision: 'verified', receipt_grade: 'complete', evidence: { authorizations_used: [expect.objectContaining({ authorizer: base.wallets.demoBuyer!.address })] } });
  });
});
