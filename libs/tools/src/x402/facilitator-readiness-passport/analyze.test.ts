import { READINESS_PASSPORT_LIMITS, facilitatorReadinessPassportRequest, facilitatorReadinessPassportResult } from '@paysight/contracts';
import { HASH } from '../helpers.js';
import { issueReadinessPassport } from './analyze.js';

const SIGNER = `0x${'a'.repeat(40)}`;
const kind = (x402Version: number, network: string, scheme = 'exact') => ({ x402Version, scheme, network });
const ms = <T>(n: number, value: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => value(i));

function run(body: Record<string, unknown>) {
  const output = issueReadinessPassport(facilitatorReadinessPassportRequest.parse({ facilitator_label: 'fac', ...body }));
  expect(facilitatorReadinessPassportResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const fullySupported = { kinds: [kind(2, 'eip155:8453'), kind(1, 'base')], extensions: ['bazaar', 'payment-identifier'], signers: { 'eip155:*': [SIGNER] } };

describe('x402-facilitator-readiness-passport', () => {
  it('the worked example of design §20: primary ready, three stamps missing → ready_with_gaps', () => {
    const result = run({
      supported_response: { kinds: [kind(2, 'eip155:8453')], extensions: [], signers: { 'eip155:*': [SIGNER] } },
      target: { x402_versions: [1, 2], networks: ['eip155:8453', 'eip155:84532'] },
    });
    expect(result.decision).toBe('ready_with_gaps');
    expect(result.passport.stamps.map((s) => [s.x402_version, s.network, s.status])).toEqual([
      [2, 'eip155:8453', 'ready'],
      [2, 'eip155:84532', 'missing'],
      [1, 'eip155:8453', 'missing'],
      [1, 'eip155:84532', 'missing'],
    ]);
    expect(result.confidence).toBe('low');
    expect(result.passport.latency).toEqual({ verify_p95_ms: null, settle_p95_ms: null, samples: { verify: 0, settle: 0 } });
    const { stamps, extensions, signers } = result.passport;
    expect(result.passport.passport_digest).toBe(HASH({ label: 'fac', stamps, extensions, signers }));
  });

  it('ready, high confidence: v1 alias kinds match, signers cover the namespace, p95 within thresholds', () => {
    const result = run({
      supported_response: fullySupported,
      target: { x402_versions: [2, 1], networks: ['base'], required_extensions: ['payment-identifier'] },
      observations: { verify_ms: ms(20, (i) => 100 + i), settle_ms: ms(20, (i) => 1000 + i), error_codes: [] },
    });
    expect(result.decision).toBe('ready');
    expect(result.confidence).toBe('high');
    expect(result.passport.latency.verify_p95_ms).toBe(118); // rank ceil(0.95 × 20) = 19
    expect(result.passport.extensions).toEqual({ declared: ['bazaar', 'payment-identifier'], missing: [] });
  });

  it('not_ready: the primary stamp is partial (no signer for its namespace)', () => {
    const result = run({ supported_response: { kinds: [kind(2, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')], extensions: [], signers: { 'eip155:*': [SIGNER] } }, target: { x402_versions: [2], networks: ['solana'] } });
    expect(result.decision).toBe('not_ready');
    expect(result.passport.stamps[0]!.status).toBe('partial');
    expect(result.risk_flags).toContain('primary_not_ready');
  });

  it('not_ready: a required extension is missing, even with every stamp ready', () => {
    const result = run({ supported_response: fullySupported, target: { x402_versions: [2], networks: ['eip155:8453'], required_extensions: ['offer-receipt', 'bazaar'] } });
    expect(result.decision).toBe('not_ready');
    expect(result.passport.extensions.missing).toEqual(['offer-receipt']);
  });

  it('ready_with_gaps: p95 over a threshold; a v2 kind written as an alias does not count', () => {
    const slow = run({
      supported_response: fullySupported,
      target: { x402_versions: [2], networks: ['eip155:8453'] },
      observations: { verify_ms: [...ms(18, () => 100), 900, 900], settle_ms: ms(20, () => 100) },
      thresholds: { verify_p95_ms: 800 },
    });
    expect(slow.decision).toBe('ready_with_gaps');
    expect(slow.passport.latency.verify_p95_ms).toBe(900);
    expect(slow.risk_flags).toContain('verify_p95_over_threshold');
    const alias = run({ supported_response: { ...fullySupported, kinds: [kind(2, 'base')] }, target: { x402_versions: [2], networks: ['eip155:8453'] } });
    expect(alias.decision).toBe('not_ready');
  });

  it('ready_with_gaps: availability errors above 5% of calls make it unstable; exactly 5% does not', () => {
    const target = { x402_versions: [2], networks: ['eip155:8453'] };
    const unstable = run({ supported_response: fullySupported, target, observations: { verify_ms: ms(18, () => 50), error_codes: ['unexpected_verify_error', '503'] } });
    expect(unstable.decision).toBe('ready_with_gaps');
    expect(unstable.passport.errors).toEqual({ calls: 20, availability: 2, availability_share: '0.1000', by_family: [{ family: 'availability', count: 2 }] });
    expect(unstable.confidence).toBe('medium');
    const borderline = run({ supported_response: fullySupported, target, observations: { verify_ms: ms(19, () => 50), error_codes: ['unexpected_settle_error'] } });
    expect(borderline.decision).toBe('ready');
    expect(borderline.passport.errors.availability_share).toBe('0.0500');
  });

  it('a /supported without kinds is unparsed: every stamp missing', () => {
    const result = run({ supported_response: { error: 'nope' }, target: { x402_versions: [2], networks: ['eip155:8453'] } });
    expect(result.decision).toBe('not_ready');
    expect(result.risk_flags).toContain('supported_response_unparsed');
  });

  describe('request schema', () => {
    const base = { facilitator_label: 'f', supported_response: {}, target: { x402_versions: [2], networks: ['eip155:8453'] } };
    const ok = (over: Record<string, unknown>) => facilitatorReadinessPassportRequest.safeParse({ ...base, ...over }).success;
    const L = READINESS_PASSPORT_LIMITS;
    it('accepts the maxima and rejects one more', () => {
      expect(ok({ target: { x402_versions: [1, 2], networks: Array(L.networks).fill('n'.repeat(64)), required_extensions: Array(L.extensions).fill('e'.repeat(64)) } })).toBe(true);
      expect(ok({ target: { x402_versions: [2], networks: Array(L.networks + 1).fill('base') } })).toBe(false);
      expect(ok({ target: { x402_versions: [2], networks: ['base'], required_extensions: Array(L.extensions + 1).fill('e') } })).toBe(false);
      expect(ok({ observations: { verify_ms: Array(L.latencies).fill(1), settle_ms: Array(L.latencies).fill(1), error_codes: Array(L.errorCodes).fill('x'.repeat(120)) } })).toBe(true);
      expect(ok({ observations: { verify_ms: Array(L.latencies + 1).fill(1) } })).toBe(false);
      expect(ok({ observations: { error_codes: Array(L.errorCodes + 1).fill('x') } })).toBe(false);
      expect(ok({ observations: { error_codes: ['x'.repeat(121)] } })).toBe(false);
      expect(ok({ facilitator_label: 'f'.repeat(200) })).toBe(true);
      expect(ok({ facilitator_label: 'f'.repeat(201) })).toBe(false);
    });
    it('rejects bad versions, wrong types and extra properties', () => {
      expect(ok({ target: { x402_versions: [3], networks: ['base'] } })).toBe(false);
      expect(ok({ target: { x402_versions: [2, 2], networks: ['base'] } })).toBe(false);
      expect(ok({ target: { x402_versions: [], networks: ['base'] } })).toBe(false);
      expect(ok({ target: { x402_versions: [2], networks: [] } })).toBe(false);
      expect(ok({ target: { x402_versions: [2], networks: ['base'], extra: 1 } })).toBe(false);
      expect(ok({ observations: { verify_ms: [-1] } })).toBe(false);
      expect(ok({ observations: { verify_ms: ['1'] } })).toBe(false);
      expect(ok({ thresholds: { verify_p95_ms: 0 } })).toBe(false);
      expect(ok({ supported_response: [] })).toBe(false);
      expect(ok({ extra: true })).toBe(false);
    });
  });

  it('a maximal input does not crash', () => {
    const networks = ms(20, (i) => `eip155:${1000 + i}`);
    const result = run({
      supported_response: { kinds: ms(2000, (i) => kind(1 + (i % 2), `eip155:${i}`)), extensions: ms(100, (i) => `ext-${i}`), signers: Object.fromEntries(ms(200, (i) => [`eip155:${i}`, [SIGNER]])) },
      target: { x402_versions: [1, 2], networks, required_extensions: ms(10, (i) => `ext-${i}`) },
      observations: { verify_ms: ms(1000, (i) => i), settle_ms: ms(1000, (i) => 1000 - i), error_codes: ms(500, (i) => (i % 2 ? 'unexpected_verify_error' : `unknown_${i}`)) },
    });
    expect(result.passport.stamps).toHaveLength(40);
    expect(result.decision).toBe('not_ready');
  });
});
