import { createHash } from 'node:crypto';
import { REPLAY_AUDITOR_LIMITS, X402_USDC, catalogEntry, offerReplayHygieneAuditorRequest, offerReplayHygieneAuditorResult } from '@paysight/contracts';
import { analyzeReplayAuditor, type ReplayAuditorInput } from './analyze.js';

const PAYEE = `0x${'1'.repeat(40)}`;
const PAYER = `0x${'a'.repeat(40)}`;
const T0 = 1_800_000_000;
/** A random-looking nonce per seed: its SHA-256. */
const nonce = (seed: number) => `0x${createHash('sha256').update(String(seed)).digest('hex')}`;
const auth = (over: Record<string, unknown> = {}) => ({
  from: PAYER,
  to: PAYEE,
  value_atomic: '10000',
  valid_after: T0,
  valid_before: T0 + 60,
  nonce: nonce(1),
  resource_path: '/api/q',
  received_at: T0 + 10,
  delivered: true,
  ...over,
});
const requirements = (over: Record<string, unknown> = {}) => ({ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: X402_USDC['eip155:8453']!.address, payTo: PAYEE, maxTimeoutSeconds: 60, ...over });
const jws = (payload: object) => `eyJhbGciOiJFUzI1NksifQ.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
const offerPayload = (over: Record<string, unknown> = {}) => ({ version: 1, resourceUrl: 'https://s.example/api/q', scheme: 'exact', network: 'eip155:8453', asset: X402_USDC['eip155:8453']!.address, payTo: PAYEE, amount: '10000', ...over });

function run(body: unknown) {
  const input: ReplayAuditorInput = offerReplayHygieneAuditorRequest.parse(body);
  const output = analyzeReplayAuditor(input);
  expect(offerReplayHygieneAuditorResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const codes = (result: ReturnType<typeof run>) => result.findings.map((f) => f.code);

describe('x402-offer-replay-hygiene-auditor', () => {
  it('the worked example of design §17: one authorization served twice and a 86400 s window', () => {
    const result = run(catalogEntry('x402_offer_replay_hygiene_auditor').example);
    expect(result.decision).toBe('replay_exposed');
    expect(codes(result)).toEqual(['double_service', 'replay_attempt', 'long_lived_authorization']);
    expect(result.findings[0]).toMatchObject({ severity: 'critical', count: 1, examples: [{ authorization_indexes: [0, 1], offer_index: null, detail: expect.stringContaining('served 2 times') }] });
    expect(result.findings[0]!.fix).toContain('in flight on payer + nonce');
    expect(result.findings[2]).toMatchObject({ severity: 'medium', count: 1, examples: [{ authorization_indexes: [2], detail: 'window 86400 s > 600 s' }] });
    expect(result.stats).toEqual({ authorizations: 3, unique_keys: 2, duplicate_keys: 1, median_window_seconds: 60 });
    expect(result.risk_flags).toEqual(['double_service', 'long_lived_authorization', 'replay_attempt']);
    expect(result.confidence).toBe('low');
  });

  it('hygienic: distinct random nonces, short windows, served inside them, to the offered payTo', () => {
    const result = run({ offers: [requirements()], authorizations: Array.from({ length: 10 }, (_, i) => auth({ nonce: nonce(i + 1) })) });
    expect(result).toMatchObject({ decision: 'hygienic', findings: [], risk_flags: [], confidence: 'medium' });
    expect(result.stats).toEqual({ authorizations: 10, unique_keys: 10, duplicate_keys: 0, median_window_seconds: 60 });
  });

  it('needs_attention: a rejected replay (delivered once) is a finding, not an exposure; nonces compare case-insensitively', () => {
    const result = run({ authorizations: [auth(), auth({ nonce: nonce(1).toUpperCase().replace('0X', '0x'), from: PAYER.toUpperCase().replace('0X', '0x'), delivered: false })] });
    expect(result.decision).toBe('needs_attention');
    expect(codes(result)).toEqual(['replay_attempt']);
    expect(result.findings[0]!.examples[0]!.detail).toContain('2 times (delivered 1, settled 0)');
    expect(result.limitations).toContain('No offer with a payTo was given, so foreign_recipient was not checked.');
  });

  it('accepted_after_expiry and accepted_before_valid count only delivered authorizations, with the skew', () => {
    const result = run({
      authorizations: [
        auth({ nonce: nonce(1), received_at: T0 + 60 + 31 }),
        auth({ nonce: nonce(2), received_at: T0 + 60 + 30 }),
        auth({ nonce: nonce(3), received_at: T0 + 500, delivered: false }),
        auth({ nonce: nonce(4), received_at: T0 - 31 }),
        auth({ nonce: nonce(5), received_at: T0 - 5 }),
      ],
    });
    expect(result.decision).toBe('replay_exposed');
    expect(result.findings.map((f) => [f.code, f.examples.flatMap((e) => e.authorization_indexes)])).toEqual([
      ['accepted_after_expiry', [0]],
      ['accepted_before_valid', [3]],
    ]);
    const lenient = run({ authorizations: [auth({ received_at: T0 + 60 + 31 })], policy: { clock_skew_seconds: 60 } });
    expect(lenient.decision).toBe('hygienic');
  });

  it('cross_resource_reuse and foreign_recipient (offers read through X402P and signed offers)', () => {
    const result = run({
      offers: [requirements({ payTo: PAYEE.toUpperCase().replace('0X', '0x') }), { format: 'jws', signature: jws(offerPayload({ payTo: `0x${'2'.repeat(40)}`, validUntil: T0 })) }],
      authorizations: [auth({ delivered: false }), auth({ resource_path: '/api/other', delivered: true }), auth({ nonce: nonce(2), to: `0x${'2'.repeat(40)}` }), auth({ nonce: nonce(3), to: `0x${'3'.repeat(40)}` })],
    });
    expect(result.decision).toBe('needs_attention');
    expect(codes(result)).toEqual(['cross_resource_reuse', 'foreign_recipient', 'replay_attempt']);
    expect(result.findings[0]!.examples[0]).toEqual({ authorization_indexes: [0, 1], offer_index: null, detail: expect.stringContaining('2 paths: /api/q, /api/other') });
    expect(result.findings[1]!.examples).toEqual([{ authorization_indexes: [3], offer_index: null, detail: `to 0x${'3'.repeat(40)} is not the payTo of any offer` }]);
  });

  it('predictable_nonce: leading zero bytes, constant bytes, and three equally spaced nonces of one payer', () => {
    const counter = (n: number) => `0x${'7'.repeat(32)}${n.toString(16).padStart(32, '0')}`;
    const result = run({
      authorizations: [
        auth({ nonce: `0x${'0'.repeat(56)}0000002a` }),
        auth({ nonce: `0x${'ab'.repeat(32)}` }),
        auth({ nonce: counter(5) }),
        auth({ nonce: counter(9) }),
        auth({ nonce: counter(7) }),
        auth({ nonce: counter(20), from: `0x${'b'.repeat(40)}` }),
        auth({ nonce: nonce(8) }),
      ],
    });
    expect(codes(result)).toEqual(['predictable_nonce']);
    const finding = result.findings[0]!;
    expect(finding.count).toBe(5);
    expect(finding.examples.map((e) => e.authorization_indexes[0])).toEqual([0, 1, 2, 3, 4]);
    expect(finding.examples[0]!.detail).toContain('24 leading zero bytes');
    expect(finding.examples[1]!.detail).toContain('all 32 bytes are 0xab');
    expect(finding.examples[2]!.detail).toContain('arithmetic progression (step 2)');
  });

  it('lenient_offer and unbounded_offer; an unreadable offer is flagged and named', () => {
    const result = run({
      offers: [
        requirements({ maxTimeoutSeconds: 3601 }),
        requirements({ maxTimeoutSeconds: 3600 }),
        { format: 'eip712', payload: offerPayload({ validUntil: 0 }), signature: `0x${'1'.repeat(130)}` },
        { format: 'jws', signature: jws(offerPayload()) },
        { format: 'jws', signature: jws(offerPayload({ validUntil: T0 + 300 })) },
        { format: 'jws', signature: 'not-a-jws' },
      ],
      authorizations: [auth()],
    });
    expect(result.decision).toBe('needs_attention');
    expect(result.findings.map((f) => [f.code, f.examples.map((e) => e.offer_index)])).toEqual([
      ['lenient_offer', [0]],
      ['unbounded_offer', [2, 3]],
    ]);
    expect(result.risk_flags).toEqual(['lenient_offer', 'offer_unreadable', 'unbounded_offer']);
    expect(result.limitations.at(-1)).toBe('Offers #5 give no readable payTo and take no part in the recipient check.');
  });

  it('counts every hit but shows five examples; confidence high from 100 authorizations', () => {
    const result = run({ authorizations: Array.from({ length: 100 }, (_, i) => auth({ nonce: nonce(i + 1), valid_before: T0 + 601 + i })) });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ code: 'long_lived_authorization', count: 100 });
    expect(result.findings[0]!.examples.map((e) => e.authorization_indexes[0])).toEqual([0, 1, 2, 3, 4]);
    expect(result.confidence).toBe('high');
    expect(result.stats.median_window_seconds).toBe(650);
  });

  describe('request schema', () => {
    const L = REPLAY_AUDITOR_LIMITS;
    const accepted = (body: unknown) => expect(offerReplayHygieneAuditorRequest.safeParse(body).success).toBe(true);
    const rejects = (body: unknown) => expect(offerReplayHygieneAuditorRequest.safeParse(body).success).toBe(false);
    it('bounds at the maxima and one more', () => {
      accepted({ offers: Array(L.offers).fill(requirements()), authorizations: Array(L.authorizations).fill(auth({ resource_path: '/'.repeat(L.resourcePath) })), policy: { max_window_seconds: L.maxWindowSeconds, clock_skew_seconds: L.clockSkewSeconds } });
      rejects({ offers: Array(L.offers + 1).fill(requirements()), authorizations: [auth()] });
      rejects({ authorizations: Array(L.authorizations + 1).fill(auth()) });
      rejects({ authorizations: [] });
      rejects({ authorizations: [auth({ resource_path: '/'.repeat(L.resourcePath + 1) })] });
      rejects({ authorizations: [auth()], policy: { max_window_seconds: L.maxWindowSeconds + 1 } });
      rejects({ authorizations: [auth()], policy: { max_window_seconds: 0 } });
      rejects({ authorizations: [auth()], policy: { clock_skew_seconds: L.clockSkewSeconds + 1 } });
    });
    it('policy defaults to 600 s and 30 s', () => {
      expect(offerReplayHygieneAuditorRequest.parse({ authorizations: [auth()] }).policy).toEqual({ max_window_seconds: 600, clock_skew_seconds: 30 });
    });
    it('wrong types and extra properties rejected', () => {
      rejects({ authorizations: [auth({ nonce: `0x${'1'.repeat(63)}` })] });
      rejects({ authorizations: [auth({ from: '0x1234' })] });
      rejects({ authorizations: [auth({ value_atomic: '1.5' })] });
      rejects({ authorizations: [auth({ valid_before: 1.5 })] });
      rejects({ authorizations: [auth({ received_at: -1 })] });
      rejects({ authorizations: [auth({ delivered: 'yes' })] });
      rejects({ authorizations: [{ ...auth(), delivered: undefined }] });
      rejects({ authorizations: [auth({ signature: `0x${'1'.repeat(130)}` })] });
      rejects({ authorizations: [auth()], policy: { max_window_seconds: 600, other: 1 } });
      rejects({ authorizations: [auth()], offers: ['x'] });
      rejects({ authorizations: [auth()], extra: 1 });
    });
  });

  it('a maximum input (50 offers, 2000 authorizations with replays and a counter) does not crash', () => {
    const offers = Array.from({ length: 50 }, (_, i) => (i % 2 ? requirements({ maxTimeoutSeconds: 60 + i }) : { format: 'jws', signature: jws(offerPayload({ validUntil: T0 + i })) }));
    const authorizations = Array.from({ length: 2000 }, (_, i) =>
      auth({ from: `0x${(i % 20).toString(16).padStart(40, 'c')}`, nonce: i % 10 === 0 ? `0x${'5'.repeat(32)}${i.toString(16).padStart(32, '0')}` : nonce(i % 1900), resource_path: `/api/r${i % 7}`, received_at: T0 + (i % 120) }),
    );
    const result = run({ offers, authorizations });
    expect(result.decision).toBe('replay_exposed');
    expect(result.stats.authorizations).toBe(2000);
    expect(result.findings.every((f) => f.examples.length <= 5)).toBe(true);
  });
});
