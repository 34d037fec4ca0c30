import { catalogEntry } from '@paysight/contracts';
import { readTestStack, toolPorts } from '@paysight/testkit';
import { agentPaymentHistorySummary } from '../src/expansion/agent-payment-history-summary/index.js';

const { devnet } = readTestStack();
const entry = catalogEntry('agent_payment_history_summary');

async function summary(payee: string, lookback_days?: number) {
  const input = entry.request.parse({ chain: 'base', payee, currency: 'USDC', ...(lookback_days ? { lookback_days } : {}) });
  const { result, metadata } = await agentPaymentHistorySummary.run(input as never, toolPorts(), { now: new Date() });
  return { result: entry.result.parse(result), metadata };
}

describe('agent-payment-history-summary on the local Base', () => {
  const wallets = devnet.scenario.chains.base.wallets;
  const address = (label: string) => wallets[label]!.address;
  const hash = (name: string) => devnet.scenario.chains.base.transactions[name]!.hash.toLowerCase();

  it('finds the genuine x402 seller active: 7 payments by 5 buyers, 2 of them back again, all by EIP-3009 authorization', async () => {
    const { result, metadata } = await summary(address('genuineSeller'));
    expect(result).toMatchObject({
      decision: 'active',
      window: { lookback_days: 30, complete: true },
      payments: { count: 7, distinct_payers: 5, total_usdc: '1.75', median_usdc: '0.25', repeat_payer_share: 0.4, eip3009_share: 1 },
      price_points: [{ amount_usdc: '0.25', payments: 7, share: 1 }],
    });
    expect(result.risk_flags).toEqual([]);
    expect(JSON.stringify(result.evidence.latest_payments).toLowerCase()).toContain(hash('genuineBuyer2-pays-genuine-seller-again'));
    expect(metadata).toMatchObject({ chain: 'base', dataSourceStatus: 'Demo' });
  });

  it('finds a payee paid by one buyer active, with the single payer flagged', async () => {
    const { result } = await summary(address('loneBuyerSeller'));
    expect(result).toMatchObject({ decision: 'active', payments: { count: 4, distinct_payers: 1, hhi: 1 }, risk_flags: ['single_payer'] });
  });

  it('finds the self-dealing seller dormant over the last 12 days: its last sales were a week ago', async () => {
    const { result } = await summary(address('selfDealingSeller'), 12);
    expect(result).toMatchObject({ decision: 'dormant', payments: { count: 3 } });
    expect(result.risk_flags).toContain('no_recent_payments');
  });

  it('finds a never-paid payee inactive over a window that reaches genesis', async () => {
    const { result } = await summary(address('freshPayee'));
    expect(result).toMatchObject({ decision: 'inactive', confidence: 'high', payments: { count: 0 }, window: { complete: true, from_block: '0' } });
  });
});
