import { catalogEntry, defaultAssetTokenamountAdvisorRequest, defaultAssetTokenamountAdvisorResult } from '@paysight/contracts';
import { analyzeTokenAmounts, type TokenAmountInput } from './analyze.js';

const USDC_BASE_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const TOKEN = '0x4444444444444444444444444444444444444444';

function run(body: Record<string, unknown>) {
  const input: TokenAmountInput = defaultAssetTokenamountAdvisorRequest.parse(body);
  const output = analyzeTokenAmounts(input);
  expect(defaultAssetTokenamountAdvisorResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

describe('x402-default-asset-tokenamount-advisor', () => {
  it('the worked example of design §24 (1): "$0.001" on Base Sepolia is 1000 of its USDC, extra {USDC, 2}: exact', () => {
    const { result } = run({ price: '$0.001', networks: ['eip155:84532'] });
    expect(result.decision).toBe('exact');
    expect(result.confidence).toBe('high');
    expect(result.token_amounts).toEqual([
      { network: 'eip155:84532', amount: '1000', asset: USDC_BASE_SEPOLIA, decimals: 6, extra: { name: 'USDC', version: '2' }, v1: { maxAmountRequired: '1000', network: 'base-sepolia' }, rounding_delta: '0', status: 'exact' },
    ]);
    expect(result.risk_flags).toEqual([]);
  });

  it('the worked example of design §24 (2): "0.01234567" on Base rounds half-up to 12346, delta 0.00000033: rounded', () => {
    const { result } = run({ price: '0.01234567', networks: ['eip155:8453'] });
    expect(result.decision).toBe('rounded');
    expect(result.token_amounts[0]).toMatchObject({ amount: '12346', rounding_delta: '0.00000033', status: 'rounded', extra: { name: 'USD Coin', version: '2' } });
    expect(result.risk_flags).toEqual(['differs_from_sdk_truncation', 'rounded']);
  });

  it('rounding modes: down truncates like the x402 SDK, up always rounds away, half_up at the midpoint', () => {
    const amount = (price: string, rounding: string) => run({ price, networks: ['base'], rounding }).result.token_amounts[0]!;
    expect(amount('0.01234567', 'down')).toMatchObject({ amount: '12345', rounding_delta: '-0.00000067' });
    expect(amount('0.0123451', 'up')).toMatchObject({ amount: '12346', rounding_delta: '0.0000009' });
    expect(amount('0.0123455', 'half_up').amount).toBe('12346');
    expect(amount('0.01234549', 'half_up').amount).toBe('12345');
    expect(run({ price: '0.01234567', networks: ['base'], rounding: 'down' }).result.risk_flags).toEqual(['rounded']);
  });

  it('reads "0.01 USD", "0.01 USDC" and "US$0.01" as the same price', () => {
    for (const price of ['0.01 USD', '0.01 usdc', 'US$0.01', ' $0.010 ']) expect(run({ price, networks: ['base'] }).result).toMatchObject({ decision: 'exact', price_decimal: '0.01', token_amounts: [{ amount: '10000' }] });
  });

  it('ambiguous_price: euros and unreadable prices build nothing', () => {
    for (const price of ['€0.01', '0.01 EUR', '1,50', '$-1', 'ten cents', '1e-2']) {
      const { result } = run({ price, networks: ['base'] });
      expect([price, result.decision, result.token_amounts]).toEqual([price, 'ambiguous_price', []]);
    }
    expect(run({ price: '0.01 EUR', networks: ['base'] }).result.risk_flags).toEqual(['non_usd_currency']);
  });

  it('unsupported_network: no default asset (Solana devnet, unknown) and no override; Solana mainnet has its USDC mint, without an EIP-712 extra', () => {
    const { result } = run({ price: '$0.01', networks: ['base', 'solana', 'solana-devnet', 'eip155:424242'] });
    expect(result.decision).toBe('unsupported_network');
    expect(result.token_amounts.map((t) => [t.network, t.status])).toEqual([
      ['eip155:8453', 'exact'],
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'exact'],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'unsupported_network'],
      ['eip155:424242', 'unsupported_network'],
    ]);
    expect(result.token_amounts[1]).toMatchObject({ amount: '10000', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', extra: {} });
    expect(result.risk_flags).toEqual(['unknown_network', 'unsupported_network']);
  });

  it('an override prices an unknown network (permit2 named in extra, no v1 alias); confidence medium', () => {
    const { result } = run({
      price: '$0.01',
      networks: ['eip155:424242'],
      asset_overrides: [{ network: 'eip155:424242', asset: TOKEN, decimals: 18, eip712_name: 'Token', eip712_version: '1', asset_transfer_method: 'permit2' }],
    });
    expect(result.decision).toBe('exact');
    expect(result.confidence).toBe('medium');
    expect(result.token_amounts[0]).toEqual({ network: 'eip155:424242', amount: '10000000000000000', asset: TOKEN, decimals: 18, extra: { name: 'Token', version: '1', assetTransferMethod: 'permit2' }, v1: null, rounding_delta: '0', status: 'exact' });
  });

  it('below_minimum_unit: a price that rounds to zero, or a fraction under reject', () => {
    expect(run({ price: '0.0000004', networks: ['base'] }).result).toMatchObject({ decision: 'below_minimum_unit', token_amounts: [{ amount: null, status: 'rounds_to_zero' }] });
    expect(run({ price: '0', networks: ['base'] }).result.decision).toBe('below_minimum_unit');
    const rejected = run({ price: '0.0123456', networks: ['base', 'eip155:424242'], rounding: 'reject', asset_overrides: [{ network: 'eip155:424242', asset: TOKEN, decimals: 18 }] }).result;
    expect(rejected.decision).toBe('below_minimum_unit');
    expect(rejected.token_amounts.map((t) => [t.status, t.amount])).toEqual([
      ['fraction_rejected', null],
      ['exact', '12345600000000000'],
    ]);
    expect(rejected.risk_flags).toEqual(['eip712_domain_unknown', 'fraction_rejected', 'unknown_network']);
  });

  it('Optimism has no verified EIP-712 domain: extra stays empty and is flagged', () => {
    const { result } = run({ price: '1', networks: ['optimism'] });
    expect(result.token_amounts[0]).toMatchObject({ amount: '1000000', extra: {} });
    expect(result.risk_flags).toEqual(['eip712_domain_unknown']);
  });

  it('flags duplicate networks, duplicate and unused overrides', () => {
    const override = { network: 'base', asset: TOKEN, decimals: 6 };
    const { result } = run({ price: '1', networks: ['base', 'eip155:8453'], asset_overrides: [override, override, { ...override, network: 'polygon' }] });
    expect(result.token_amounts).toHaveLength(1);
    expect(result.risk_flags).toEqual(['duplicate_network', 'duplicate_override', 'eip712_domain_unknown', 'unused_override']);
  });

  describe('request bounds', () => {
    const rejects = (body: Record<string, unknown>) => expect(defaultAssetTokenamountAdvisorRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(defaultAssetTokenamountAdvisorRequest.safeParse(body).error).toBeUndefined();
    const override = { network: 'base', asset: TOKEN, decimals: 6 };

    it('takes the catalog example, which is the first worked example', () => {
      const input = defaultAssetTokenamountAdvisorRequest.parse(catalogEntry('x402_default_asset_tokenamount_advisor').example);
      expect(input.rounding).toBe('half_up');
      expect(analyzeTokenAmounts(input).result.token_amounts[0]!.amount).toBe('1000');
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      accepts({ price: '1'.repeat(40), networks: Array.from({ length: 20 }, (_, i) => `eip155:${i}`), asset_overrides: Array.from({ length: 20 }, () => override) });
      rejects({ price: '1'.repeat(41), networks: ['base'] });
      rejects({ price: '', networks: ['base'] });
      rejects({ price: 0.01, networks: ['base'] });
      rejects({ price: '1', networks: Array.from({ length: 21 }, (_, i) => `eip155:${i}`) });
      rejects({ price: '1', networks: [] });
      rejects({ price: '1', networks: ['base'], asset_overrides: Array.from({ length: 21 }, () => override) });
      rejects({ price: '1', networks: ['base'], asset_overrides: [{ ...override, extra: 1 }] });
      rejects({ price: '1', networks: ['base'], asset_overrides: [{ ...override, decimals: 37 }] });
      rejects({ price: '1', networks: ['base'], asset_overrides: [{ ...override, asset_transfer_method: 'approve' }] });
      rejects({ price: '1', networks: ['base'], rounding: 'nearest' });
      rejects({ price: '1', networks: ['base'], extra: 1 });
    });

    it('answers at the limits without crashing', () => {
      const networks = Array.from({ length: 20 }, (_, i) => `eip155:${i + 1}`);
      const { result } = run({ price: `$${'9'.repeat(20)}.${'9'.repeat(18)}`, networks, asset_overrides: networks.map((network) => ({ network, asset: TOKEN, decimals: 36 })) });
      expect(result.token_amounts).toHaveLength(20);
      expect(result.decision).toBe('exact');
    });
  });
});
