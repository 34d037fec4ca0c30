import { WALLET_POLICY_LIMITS, X402_USDC, agentWalletPolicyCoverageGapAnalyzerRequest, agentWalletPolicyCoverageGapAnalyzerResult } from '@paysight/contracts';
import { analyzeWalletPolicyCoverage } from './analyze.js';

const USDC_BASE = X402_USDC['eip155:8453']!.address;
const USAGE = { typical_price: '0.01', calls_per_day: 100 };

function run(policy: Record<string, unknown>, planned_usage: Record<string, unknown> = USAGE) {
  const input = agentWalletPolicyCoverageGapAnalyzerRequest.parse({ policy, planned_usage });
  const output = analyzeWalletPolicyCoverage(input);
  expect(agentWalletPolicyCoverageGapAnalyzerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const statuses = (result: ReturnType<typeof run>) => Object.fromEntries(result.scenarios.map((s) => [s.id, s.status]));

/** A policy covering all twelve scenarios for 100 calls a day at 0.01 on Base. */
const full = {
  per_tx_max: '0.05',
  daily_max: '2',
  allowed_payees: ['0x1111111111111111111111111111111111111111'],
  allowed_networks: ['base'],
  allowed_assets: [{ network: 'eip155:8453', asset: USDC_BASE }],
  allowed_hosts: ['api.example.com'],
  allowed_schemes: ['exact'],
  max_authorization_validity_seconds: 300,
  dedupe_window_seconds: 120,
};

describe('x402-agent-wallet-policy-coverage-gap-analyzer', () => {
  it('the worked example of design §9: S1 weak, S3, S4 and S12 covered, ratio 0.32, weak', () => {
    const result = run({ per_tx_max: '0.10', allowed_networks: ['eip155:8453'], allowed_assets: [{ network: 'eip155:8453', asset: USDC_BASE }] });
    expect(result.decision).toBe('weak');
    expect(result.coverage_ratio).toBe(0.32);
    expect(statuses(result)).toEqual({ S1: 'weak', S2: 'uncovered', S3: 'covered', S4: 'covered', S5: 'uncovered', S6: 'uncovered', S7: 'uncovered', S8: 'uncovered', S9: 'uncovered', S10: 'uncovered', S11: 'uncovered', S12: 'covered' });
    expect(result.scenarios[0]).toEqual({ id: 'S1', title: 'Overpriced offer', weight: 2, status: 'weak', controls: ['per_tx_max=0.10'], fix: 'per_tx_max 0.1 is above 0.05: lower it to 0.05.' });
    expect(result.confidence).toBe('medium');
    expect(result.suggested_policy_patch).toEqual({ per_tx_max: '0.05', max_tx_per_minute: 1, daily_max: '2', max_authorization_validity_seconds: 600, allowed_schemes: ['exact'], dedupe_window_seconds: 60 });
    expect(result.risk_flags).toContain('overpriced_offer_weak');
    expect(result.risk_flags).toContain('payee_swap_uncovered');
  });

  it('no_policy: an empty policy (or only empty lists) sets no control', () => {
    const result = run({ allowed_payees: [] }, { ...USAGE, networks: ['base'] });
    expect(result.decision).toBe('no_policy');
    expect(result.coverage_ratio).toBe(0);
    expect(result.risk_flags).toContain('no_policy');
    expect(result.suggested_policy_patch.allowed_networks).toEqual(['eip155:8453']);
    expect(result.suggested_policy_patch.allowed_assets).toEqual([{ network: 'eip155:8453', asset: USDC_BASE }]);
  });

  it('covered: every scenario covered, confidence high with planned networks', () => {
    const result = run(full, { ...USAGE, networks: ['eip155:8453'] });
    expect(result.decision).toBe('covered');
    expect(result.coverage_ratio).toBe(1);
    expect(result.confidence).toBe('high');
    expect(result.suggested_policy_patch).toEqual({});
    expect(result.scenarios.every((s) => s.fix === null)).toBe(true);
  });

  it('partial: 0.6 ≤ ratio < 0.9 (payees and hosts missing: 1 − 4/25 = 0.84)', () => {
    const { allowed_payees: _p, allowed_hosts: _h, ...rest } = full;
    const result = run(rest);
    expect(result.coverage_ratio).toBe(0.84);
    expect(result.decision).toBe('partial');
  });

  it('applying the suggested patch and the operator lists closes every gap', () => {
    const first = run({ per_tx_max: '1' }, { ...USAGE, networks: ['base'] });
    const patched = run({ per_tx_max: '1', ...first.suggested_policy_patch, allowed_payees: ['0xabc'], allowed_hosts: ['h.example'] }, { ...USAGE, networks: ['base'] });
    expect(patched.decision).toBe('covered');
  });

  it('thresholds: weak bands for caps, validity, dedupe and rate; S5 covered through S10; S3 weak outside planned networks; S12 mixed classes', () => {
    const loose = run({ daily_max: '2.01', max_authorization_validity_seconds: 3600, dedupe_window_seconds: 59, max_tx_per_minute: 2, allowed_networks: ['base', 'base-sepolia'] }, { ...USAGE, networks: ['base'] });
    expect(statuses(loose)).toMatchObject({ S5: 'weak', S6: 'weak', S7: 'weak', S10: 'weak', S11: 'weak', S3: 'weak', S12: 'uncovered' });
    expect(loose.scenarios.find((s) => s.id === 'S3')!.fix).toContain('eip155:84532');

    const tight = run({ weekly_max: '14', max_authorization_validity_seconds: 3601 });
    expect(statuses(tight)).toMatchObject({ S5: 'covered', S10: 'covered', S6: 'uncovered', S7: 'uncovered' });

    const rate = run({ max_tx_per_minute: 1 });
    expect(statuses(rate).S5).toBe('covered');
  });

  it('S9: upto in allowed_schemes is uncovered unless require_human_above is set; the patch drops upto', () => {
    const upto = run({ allowed_schemes: ['exact', 'upto'] });
    expect(statuses(upto).S9).toBe('uncovered');
    expect(upto.suggested_policy_patch.allowed_schemes).toEqual(['exact']);
    expect(statuses(run({ allowed_schemes: ['upto'], require_human_above: '1' })).S9).toBe('covered');
  });

  it('unknown networks are flagged and make S12 weak', () => {
    const result = run({ allowed_networks: ['eip155:999999'] });
    expect(result.risk_flags).toContain('unknown_network');
    expect(statuses(result).S12).toBe('weak');
  });

  describe('request bounds', () => {
    const parse = (policy: Record<string, unknown>, usage: Record<string, unknown> = USAGE) => agentWalletPolicyCoverageGapAnalyzerRequest.safeParse({ policy, planned_usage: usage }).success;
    const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));

    it('list maxima accepted, one more rejected', () => {
      const lists = { allowed_payees: [WALLET_POLICY_LIMITS.payees, (i: number) => `p${i}`], allowed_networks: [WALLET_POLICY_LIMITS.networks, (i: number) => `eip155:${i + 1}`], allowed_assets: [WALLET_POLICY_LIMITS.assets, (i: number) => ({ network: 'base', asset: `a${i}` })], allowed_hosts: [WALLET_POLICY_LIMITS.hosts, (i: number) => `h${i}.example`], allowed_schemes: [WALLET_POLICY_LIMITS.schemes, (i: number) => `s${i}`] } as const;
      for (const [field, [max, make]] of Object.entries(lists)) {
        expect(parse({ [field]: many(max, make) })).toBe(true);
        expect(parse({ [field]: many(max + 1, make) })).toBe(false);
      }
    });

    it('numeric bounds, types and extra properties', () => {
      expect(parse({ max_authorization_validity_seconds: 86_400, dedupe_window_seconds: 0 })).toBe(true);
      expect(parse({ max_authorization_validity_seconds: 86_401 })).toBe(false);
      expect(parse({ max_authorization_validity_seconds: 0 })).toBe(false);
      expect(parse({ dedupe_window_seconds: 86_401 })).toBe(false);
      expect(parse({ per_tx_max: '0.1234567' })).toBe(false);
      expect(parse({ per_tx_max: 0.1 })).toBe(false);
      expect(parse({ extra: true })).toBe(false);
      expect(parse({ allowed_assets: [{ network: 'base', asset: 'a', decimals: 6 }] })).toBe(false);
      expect(parse({}, { ...USAGE, calls_per_day: 1_000_000 })).toBe(true);
      expect(parse({}, { ...USAGE, calls_per_day: 1_000_001 })).toBe(false);
      expect(parse({}, { ...USAGE, calls_per_day: 0 })).toBe(false);
      expect(parse({}, { ...USAGE, typical_price: '0' })).toBe(false);
      expect(parse({}, { typical_price: '0.01' })).toBe(false);
      expect(parse({}, { ...USAGE, more: 1 })).toBe(false);
    });

    it('a maximum policy is answered', () => {
      const result = run(
        {
          ...full,
          allowed_payees: many(200, (i) => `0x${String(i).padStart(40, '0')}`),
          allowed_networks: many(20, (i) => `eip155:${i + 1}`),
          allowed_assets: many(50, (i) => ({ network: 'base', asset: `a${i}` })),
          allowed_hosts: many(200, (i) => `h${i}.example`),
          allowed_schemes: many(10, (i) => `s${i}`),
        },
        { typical_price: '999999999.999999', calls_per_day: 1_000_000, networks: many(20, (i) => `eip155:${i + 1}`) },
      );
      expect(result.decision).toBe('covered');
    });
  });
});
