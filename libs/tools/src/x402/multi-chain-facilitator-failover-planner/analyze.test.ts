import { catalogEntry, multiChainFacilitatorFailoverPlannerRequest, multiChainFacilitatorFailoverPlannerResult } from '@paysight/contracts';
import { analyzeFailoverPlan, type FailoverPlannerInput } from './analyze.js';

const S1 = '0x1111111111111111111111111111111111111111';
const S3 = '0x3333333333333333333333333333333333333333';
const signer = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const supported = (networks: string[], signers: string[], x402Version = 2) => ({ kinds: networks.map((network) => ({ x402Version, scheme: 'exact', network })), extensions: [], signers: { 'eip155:*': signers } });

function run(body: Record<string, unknown>) {
  const input: FailoverPlannerInput = multiChainFacilitatorFailoverPlannerRequest.parse(body);
  const output = analyzeFailoverPlan(input);
  expect(multiChainFacilitatorFailoverPlannerResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const example = {
  networks: ['eip155:8453', 'eip155:84532'],
  facilitators: [
    { label: 'F1', supported: supported(['eip155:8453', 'eip155:84532'], [S1]) },
    { label: 'F2', supported: supported(['eip155:8453'], [S1.toUpperCase().replace('0X', '0x')]) },
    { label: 'F3', supported: supported(['eip155:8453'], [S3]) },
  ],
};

describe('x402-multi-chain-facilitator-failover-planner', () => {
  it('the worked example of design §26: 8453 has F1 then [F3, F2] over 2 domains, 84532 is a single point of failure', () => {
    const { result } = run(example);
    expect(result.decision).toBe('partially_resilient');
    expect(result.plan).toEqual([
      { network: 'eip155:8453', primary: 'F1', fallbacks: ['F3', 'F2'], domains: 2, spof: false, shared_signer_with: ['F2'] },
      { network: 'eip155:84532', primary: 'F1', fallbacks: [], domains: 1, spof: true, shared_signer_with: [] },
    ]);
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toEqual(['availability_assumed', 'single_point_of_failure']);
    expect(result.failover_rules.map((r) => r.stage)).toEqual(['verify_error_or_timeout', 'settle_timeout']);
    expect(result.failover_rules[1]!.action).toContain('authorizationState(from, nonce)');
  });

  it('resilient: independent domains everywhere; order by availability, then settle p95, then label; confidence high', () => {
    const { result } = run({
      networks: ['base'],
      facilitators: [
        { label: 'slow', supported: supported(['eip155:8453'], [signer(1)]), availability_ratio: 0.999, settle_p95_ms: 9000 },
        { label: 'fast', supported: supported(['eip155:8453'], [signer(2)]), availability_ratio: 0.999, settle_p95_ms: 800 },
        { label: 'best', supported: supported(['eip155:8453'], [signer(3)]), availability_ratio: 0.9999 },
        { label: 'a-low', supported: supported(['eip155:8453'], [signer(4)]), availability_ratio: 0.9 },
      ],
      max_fallbacks: 3,
    });
    expect(result.decision).toBe('resilient');
    expect(result.confidence).toBe('high');
    expect(result.plan[0]).toEqual({ network: 'eip155:8453', primary: 'best', fallbacks: ['fast', 'slow', 'a-low'], domains: 4, spof: false, shared_signer_with: [] });
  });

  it('fallbacks visit each other domain once before repeating one, and stop at max_fallbacks', () => {
    const { result } = run({
      networks: ['eip155:8453'],
      facilitators: [
        { label: 'A1', supported: supported(['eip155:8453'], [signer(1)]), availability_ratio: 0.99 },
        { label: 'B1', supported: supported(['eip155:8453'], [signer(2)]), availability_ratio: 0.98 },
        { label: 'B2', supported: supported(['eip155:8453'], [signer(2), signer(9)]), availability_ratio: 0.97 },
        { label: 'C1', supported: supported(['eip155:8453'], [signer(9)]), availability_ratio: 0.96 },
        { label: 'D1', supported: supported(['eip155:8453'], [signer(4)]), availability_ratio: 0.95 },
      ],
    });
    // B2 shares signer 2 with B1 and signer 9 with C1: one domain {B1, B2, C1}.
    expect(result.plan[0]).toMatchObject({ primary: 'A1', fallbacks: ['B1', 'D1'], domains: 3 });
  });

  it('single_points_of_failure: every network depends on one domain (shared keys)', () => {
    const { result } = run({ networks: ['eip155:8453'], facilitators: [example.facilitators[0]!, example.facilitators[1]!] });
    expect(result.decision).toBe('single_points_of_failure');
    expect(result.plan[0]).toMatchObject({ primary: 'F1', fallbacks: ['F2'], domains: 1, spof: true, shared_signer_with: ['F2'] });
  });

  it('uncovered_network: a network without an eligible facilitator (wrong version, scheme or network); duplicates merged', () => {
    const { result } = run({
      networks: ['eip155:8453', 'base', 'polygon', 'eip155:424242'],
      facilitators: [
        { label: 'v1', supported: supported(['polygon'], [signer(1)], 1) },
        { label: 'ok', supported: supported(['eip155:8453'], [signer(2)]), availability_ratio: 1 },
        { label: 'broken', supported: { kinds: 'all' } },
      ],
    });
    expect(result.decision).toBe('uncovered_network');
    expect(result.plan.map((p) => [p.network, p.primary])).toEqual([
      ['eip155:8453', 'ok'],
      ['eip155:137', null],
      ['eip155:424242', null],
    ]);
    expect(result.risk_flags).toEqual(['availability_assumed', 'duplicate_network', 'single_point_of_failure', 'supported_unreadable', 'uncovered_network', 'unknown_network']);
  });

  it('facilitators that list no signers count as their own domain, flagged; confidence medium', () => {
    const { result } = run({
      networks: ['eip155:8453'],
      facilitators: [
        { label: 'a', supported: { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }] }, availability_ratio: 0.9 },
        { label: 'b', supported: { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }], signers: { 'eip155:8453': [signer(5)] } }, availability_ratio: 0.9 },
      ],
    });
    expect(result.decision).toBe('resilient');
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toEqual(['signers_unlisted']);
  });

  describe('request bounds', () => {
    const f = { label: 'F', supported: supported(['eip155:8453'], [S1]) };
    const rejects = (body: Record<string, unknown>) => expect(multiChainFacilitatorFailoverPlannerRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(multiChainFacilitatorFailoverPlannerRequest.safeParse(body).error).toBeUndefined();

    it('takes the catalog example, which is the worked example', () => {
      const input = multiChainFacilitatorFailoverPlannerRequest.parse(catalogEntry('x402_multi_chain_facilitator_failover_planner').example);
      expect(analyzeFailoverPlan(input).result.decision).toBe('partially_resilient');
      expect(input).toMatchObject({ x402_version: 2, scheme: 'exact', max_fallbacks: 2 });
    });

    it('refuses extra properties, wrong types and out-of-range values', () => {
      accepts({ networks: Array.from({ length: 10 }, (_, i) => `eip155:${i + 1}`), facilitators: Array.from({ length: 8 }, () => f) });
      rejects({ networks: Array.from({ length: 11 }, (_, i) => `eip155:${i + 1}`), facilitators: [f] });
      rejects({ networks: ['base'], facilitators: Array.from({ length: 9 }, () => f) });
      rejects({ networks: [], facilitators: [f] });
      rejects({ networks: ['base'], facilitators: [] });
      rejects({ networks: ['base'], facilitators: [f], extra: true });
      rejects({ networks: ['base'], facilitators: [{ ...f, extra: true }] });
      rejects({ networks: ['base'], facilitators: [{ label: 'F' }] });
      rejects({ networks: ['base'], facilitators: [{ ...f, availability_ratio: 1.01 }] });
      rejects({ networks: ['base'], facilitators: [{ ...f, settle_p95_ms: -1 }] });
      rejects({ networks: ['base'], facilitators: [f], max_fallbacks: 4 });
      rejects({ networks: ['base'], facilitators: [f], max_fallbacks: 0 });
      rejects({ networks: ['base'], facilitators: [f], x402_version: 3 });
      rejects({ networks: ['n'.repeat(65)], facilitators: [f] });
      rejects({ networks: [8453], facilitators: [f] });
    });

    it('answers at the limits without crashing', () => {
      const networks = Array.from({ length: 10 }, (_, i) => `eip155:${i + 1}`);
      const kinds = Array.from({ length: 3000 }, (_, i) => `eip155:${i + 1}`);
      const facilitators = Array.from({ length: 8 }, (_, i) => ({ label: `F${i}`, supported: supported(kinds, Array.from({ length: 500 }, (_, j) => signer(i * 400 + j))), availability_ratio: 0.9 }));
      const { result } = run({ networks, facilitators, max_fallbacks: 3 });
      expect(result.plan).toHaveLength(10);
      expect(result.plan[0]!.fallbacks).toHaveLength(3);
    });
  });
});
