import { paymentPreflightRequest, paymentPreflightResult, type ChainName } from '@paysight/contracts';
import { readTestStack, toolPorts } from '@paysight/testkit';
import type { Address } from 'viem';
import { paymentPreflight } from '../src/trust/payment-preflight/index.js';

const { scenario } = readTestStack().devnet;
const ports = toolPorts();
const ctx = { now: new Date() };

describe.each(['base', 'arbitrum'] as ChainName[])('payment preflight on the %s devnet', (chain) => {
  const world = scenario.chains[chain];
  const wallet = (name: string) => world.wallets[name]!.address;
  const contract = (id: string) => world.contracts[id]!.address;
  const preflight = async (payee: Address, over: Record<string, unknown> = {}) => {
    const input = paymentPreflightRequest.parse({ chain, payee, amount: '0.25', currency: 'USDC', resource_url: 'https://seller.example/api/report', ...over });
    const { result, metadata } = await paymentPreflight.run(input, ports, ctx);
    expect(paymentPreflightResult.parse(result)).toEqual(result);
    expect(metadata.dataSourceStatus).toBe('Demo');
    return result;
  };

  it('proceeds to pay the established seller, paid over x402 by five buyers', async () => {
    const seller = wallet('establishedSeller');
    const result = await preflight(seller, { expected_payee: seller, max_amount: '0.25' });
    expect(result).toMatchObject({ decision: 'proceed', confidence: 'high', risk_flags: [], payee_type: 'eoa' });
    const first = world.transactions['sellerBuyer1-pays-established-seller-1']!;
    const last = world.transactions['sellerBuyer5-pays-established-seller-2']!;
    expect(result.visible_activity).toMatchObject({
      distinct_payers: 5,
      usdc_received: { transfers: 10, total: '2.5' },
      first_seen: { block_number: String(first.blockNumber), transaction_hash: first.hash },
      last_activity: { block_number: String(last.blockNumber), transaction_hash: last.hash },
      first_seen_is_window_bound: false,
      // The whole window was read and every transfer kept.
      window: { from_block: '0', read_from_block: '0', complete: true },
      transfers_seen: 10,
      transfers_kept: 10,
      sampled: false,
    });
    expect(Number((result.visible_activity.first_seen as { timestamp: string }).timestamp)).toBeGreaterThan(0);
  });

  it('cautions before paying a payee that has never been used', async () => {
    const result = await preflight(wallet('freshPayee'));
    expect(result).toMatchObject({ decision: 'caution', risk_flags: ['payee_no_visible_activity'], payee_type: 'eoa' });
    expect(result.visible_activity).toMatchObject({ distinct_payers: 0, first_seen: null, last_activity: null, transaction_count: 0 });
  });

  it('blocks a look-alike of the expected payee', async () => {
    const seller = wallet('establishedSeller');
    const result = await preflight(wallet('sellerLookalike'), { expected_payee: seller });
    expect(result.decision).toBe('block');
    expect(result.risk_flags).toEqual(expect.arrayContaining(['payee_lookalike_of_expected', 'payee_no_visible_activity']));
  });

  it('blocks a sanctioned payee, listed in the SDN snapshot and by the sanctions oracle', async () => {
    const result = await preflight(wallet('lazarus'));
    expect(result).toMatchObject({ decision: 'block', confidence: 'high', risk_flags: ['payee_sanctioned'] });
    const findings = (result.evidence as { findings: { flag: string; address: string; dataset?: unknown }[] }).findings;
    expect(findings.map((f) => f.address)).toEqual([wallet('lazarus'), contract('sanctionsOracle')]);
  });

  it('blocks paying into a mixer pool', async () => {
    const result = await preflight(contract('mixerPool'));
    expect(result.decision).toBe('block');
    expect(result.risk_flags).toEqual(expect.arrayContaining(['payee_is_mixer', 'payee_is_contract']));
  });

  it('cautions before paying a contract, and tells a proxy from a plain contract', async () => {
    const proxy = await preflight(contract('counterProxy'));
    expect(proxy).toMatchObject({ decision: 'caution', risk_flags: ['payee_is_contract', 'payee_no_visible_activity'], payee_type: 'proxy_contract' });
    const plain = await preflight(contract('counter'));
    expect(plain.payee_type).toBe('contract');
  });

  it('recognises an EIP-7702 account delegated to a known smart-account implementation', async () => {
    const result = await preflight(wallet('smartAccountUser'));
    expect(result).toMatchObject({ decision: 'proceed', payee_type: 'delegated_smart_account' });
    // Sent: 120 USDC of the risk storyline, then the mandate storyline's batch (0.01 to payee, 25 to landlord).
    expect(result.visible_activity).toMatchObject({ usdc_received: { transfers: 1, total: '300' }, usdc_sent: { transfers: 3, total: '145.01' } });
  });

  it('blocks an amount above max_amount whatever the payee', async () => {
    const seller = wallet('establishedSeller');
    const result = await preflight(seller, { expected_payee: seller, amount: '0.26', max_amount: '0.25' });
    expect(result).toMatchObject({ decision: 'block', risk_flags: ['amount_above_max'] });
  });
});
