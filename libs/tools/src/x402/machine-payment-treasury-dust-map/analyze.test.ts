import { DUST_MAP_LIMITS, X402_USDC, machinePaymentTreasuryDustMapRequest, machinePaymentTreasuryDustMapResult } from '@paysight/contracts';
import { analyzeTreasuryDust } from './analyze.js';

const usdc = (network: string, balance: string, over: Record<string, unknown> = {}) => ({ network, asset: X402_USDC[network]!.address, symbol: 'USDC', balance_atomic: balance, ...over });
const LOOKALIKE = '0xdEaD000000000000000000000000000000000000';

function run(body: Record<string, unknown>) {
  const input = machinePaymentTreasuryDustMapRequest.parse(body);
  const output = analyzeTreasuryDust(input);
  expect(machinePaymentTreasuryDustMapResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const classes = (result: ReturnType<typeof run>) => result.map.map((m) => [m.network, m.value_usd, m.class]);

describe('x402-machine-payment-treasury-dust-map', () => {
  it('the worked example of design §49: Base USDC is home, Polygon 0.03 is dust under 3 × 0.02, the Arbitrum "USDC" is a lookalike', () => {
    const result = run({
      holdings: [usdc('eip155:8453', '2500000'), usdc('eip155:137', '30000'), { network: 'arbitrum', asset: LOOKALIKE, symbol: 'USDC', decimals: 6, balance_atomic: '5000000' }],
      sweep_costs: [{ network: 'eip155:137', cost_usd: '0.02' }],
    });
    expect(result.decision).toBe('suspicious_assets_present');
    expect(classes(result)).toEqual([
      ['eip155:8453', '2.5', 'home'],
      ['eip155:137', '0.03', 'dust'],
      ['eip155:42161', null, 'suspicious_token'],
    ]);
    expect(result.map[1]!.reason).toContain('below 0.06 (3 × sweep cost)');
    expect(result.map[2]).toMatchObject({ holding: '/holdings/2', asset: LOOKALIKE });
    expect(result.totals).toEqual({ dust_usd: '0.03', sweepable_usd: '0', suspicious_count: 1 });
    expect(result.sweep_plan).toEqual([]);
    expect(result.confidence).toBe('high');
  });

  it('sweep_recommended: USDC and a priced token on Polygon together pass max(min_batch, 3 × cost); the route needs a swap', () => {
    const result = run({
      holdings: [usdc('eip155:137', '700000', { network: 'polygon' }), { network: 'eip155:137', asset: '0x1111111111111111111111111111111111111111', symbol: 'WETH', decimals: 18, balance_atomic: '100000000000000', price_usd: '3000' }],
      sweep_costs: [{ network: 'polygon', cost_usd: '0.02' }],
    });
    expect(result.decision).toBe('sweep_recommended');
    expect(result.sweep_plan).toEqual([{ network: 'eip155:137', assets: [X402_USDC['eip155:137']!.address, '0x1111111111111111111111111111111111111111'], value_usd: '1', cost_usd: '0.02', threshold_usd: '1', route: 'swap_out_of_scope', recommended: true }]);
    expect(result.risk_flags).toEqual(['swap_needed']);
  });

  it('USDC alone goes by CCTP; below min_batch it is sweepable but not recommended (tidy); a testnet has no CCTP route', () => {
    const cctp = run({ holdings: [usdc('eip155:42161', '5000000')], sweep_costs: [{ network: 'eip155:42161', cost_usd: '0.5' }], policy: { dust_multiple: 2, min_batch_value_usd: '2' } });
    expect(cctp.sweep_plan[0]).toMatchObject({ route: 'cctp_to_home', threshold_usd: '2', recommended: true });
    const small = run({ holdings: [usdc('eip155:42161', '900000')], sweep_costs: [{ network: 'eip155:42161', cost_usd: '0.01' }] });
    expect(small.decision).toBe('tidy');
    expect(small.sweep_plan[0]).toMatchObject({ value_usd: '0.9', threshold_usd: '1', recommended: false });
    const testnet = run({ holdings: [usdc('eip155:84532', '9000000', { network: 'base-sepolia' })], sweep_costs: [{ network: 'eip155:84532', cost_usd: '0' }] });
    expect(testnet.sweep_plan[0]).toMatchObject({ route: 'no_cctp_route', recommended: true });
  });

  it('dust_only: dust off home and nothing worth a sweep; values are exact (threshold equality is not dust)', () => {
    const result = run({ holdings: [usdc('eip155:10', '59999'), usdc('eip155:1', '60000')], sweep_costs: [{ network: 'optimism', cost_usd: '0.02' }, { network: 'ethereum', cost_usd: '0.02' }] });
    expect(result.decision).toBe('dust_only');
    expect(classes(result)).toEqual([
      ['eip155:10', '0.059999', 'dust'],
      ['eip155:1', '0.06', 'sweepable'],
    ]);
  });

  it('tidy: everything on the home network; a non-default home moves the line', () => {
    expect(run({ holdings: [usdc('eip155:8453', '1')], sweep_costs: [] }).decision).toBe('tidy');
    const solanaHome = run({ holdings: [usdc('eip155:8453', '5000000')], sweep_costs: [{ network: 'base', cost_usd: '0.01' }], policy: { home_network: 'solana' } });
    expect(solanaHome.sweep_plan[0]).toMatchObject({ network: 'eip155:8453', route: 'cctp_to_home', recommended: true });
  });

  it('unpriced, unverifiable and missing costs lower confidence and are flagged with their reasons', () => {
    const result = run({
      holdings: [
        { network: 'eip155:137', asset: '0x2222222222222222222222222222222222222222', symbol: 'DAI', decimals: 18, balance_atomic: '1' },
        { network: 'avalanche-fuji', asset: '0x5425890298aed601595a70AB815c96711a31Bc65', symbol: 'USDC', balance_atomic: '1000000' },
        usdc('eip155:43114', '2000000', { decimals: 18 }),
        { network: 'eip155:999999', asset: '0x3', symbol: 'X', decimals: 0, balance_atomic: '5', price_usd: '1' },
      ],
      sweep_costs: [{ network: 'eip155:137', cost_usd: '0.01' }, { network: 'polygon', cost_usd: '0.02' }],
    });
    expect(classes(result)).toEqual([
      ['eip155:137', null, 'unpriced'],
      ['eip155:43113', null, 'unpriced'],
      ['eip155:43114', '2', 'sweepable'],
      ['eip155:999999', '5', 'sweepable'],
    ]);
    expect(result.map[0]!.reason).toBe('no price_usd: not valued');
    expect(result.risk_flags).toEqual(['asset_unverifiable', 'decimals_mismatch', 'duplicate_sweep_cost', 'sweep_cost_missing', 'unknown_network', 'unpriced']);
    expect(result.sweep_plan.every((s) => !s.recommended && s.cost_usd === null)).toBe(true);
    expect(result.confidence).toBe('medium');
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => machinePaymentTreasuryDustMapRequest.safeParse(body).success;
    const holdings = (n: number) => Array.from({ length: n }, () => usdc('eip155:137', '1'));
    const costs = (n: number) => Array.from({ length: n }, () => ({ network: 'eip155:137', cost_usd: '0.01' }));

    it('500 holdings and 30 sweep costs accepted, one more refused; policy bounds', () => {
      expect(parse({ holdings: holdings(DUST_MAP_LIMITS.holdings), sweep_costs: costs(DUST_MAP_LIMITS.sweepCosts) })).toBe(true);
      expect(parse({ holdings: holdings(501), sweep_costs: [] })).toBe(false);
      expect(parse({ holdings: [], sweep_costs: [] })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: costs(31) })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: [], policy: { dust_multiple: 100 } })).toBe(true);
      expect(parse({ holdings: holdings(1), sweep_costs: [], policy: { dust_multiple: 100.5 } })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: [], policy: { dust_multiple: 0.5 } })).toBe(false);
      expect(parse({ holdings: [{ ...usdc('eip155:137', '1'), decimals: 37 }], sweep_costs: [] })).toBe(false);
    });

    it('rejects wrong types, bad amounts and extra properties', () => {
      expect(parse({ holdings: [{ ...usdc('eip155:137', '1'), balance_atomic: 1 }], sweep_costs: [] })).toBe(false);
      expect(parse({ holdings: [{ ...usdc('eip155:137', '1'), price_usd: '1.0000001' }], sweep_costs: [] })).toBe(false);
      expect(parse({ holdings: [{ ...usdc('eip155:137', '1'), extra: 1 }], sweep_costs: [] })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: [{ network: 'base' }] })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: [], policy: { home: 'base' } })).toBe(false);
      expect(parse({ holdings: holdings(1) })).toBe(false);
      expect(parse({ holdings: holdings(1), sweep_costs: [], extra: 1 })).toBe(false);
    });

    it('a maximum input (500 holdings on 30 networks, 78-digit balances, 36 decimals) is answered', () => {
      const networks = Array.from({ length: 30 }, (_, i) => `eip155:${1000 + i}`);
      const big = Array.from({ length: 500 }, (_, i) => ({ network: networks[i % 30]!, asset: `0x${String(i).padStart(40, '0')}`, symbol: i % 50 === 0 ? 'USD Coin' : 'TOK', decimals: 36, balance_atomic: '9'.repeat(78), price_usd: '123456.123456' }));
      const result = run({ holdings: big, sweep_costs: networks.map((network) => ({ network, cost_usd: '99999.999999' })), policy: { dust_multiple: 99.999999 } });
      expect(result.map).toHaveLength(500);
      expect(result.sweep_plan).toHaveLength(30);
      expect(result.decision).toBe('sweep_recommended');
    });
  });
});
