import { cacheLeakageGuardRequest, cacheLeakageGuardResult } from '@paysight/contracts';
import { analyzeCacheLeakage, type CacheGuardInput } from './analyze.js';

function run(exchanges: Record<string, unknown>[]) {
  const input: CacheGuardInput = cacheLeakageGuardRequest.parse({ exchanges });
  const output = analyzeCacheLeakage(input);
  expect(cacheLeakageGuardResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const exchange = (id: string, over: Record<string, unknown> = {}) => ({
  exchange_id: id,
  method: 'GET',
  path_label: '/api/report',
  status: 200,
  paid: false,
  request_had_payment_header: false,
  response_headers: {},
  ...over,
});
const PAID = exchange('paid-1', { paid: true, request_had_payment_header: true, payment_response_present: true, response_headers: { 'cache-control': 'public, max-age=300' } });
const codes = (result: ReturnType<typeof run>['result']) => result.findings.map((f) => f.code);

describe('x402-cache-leakage-guard', () => {
  it('the worked example of design §35: a paid public max-age=300 response with PAYMENT-RESPONSE is at_risk; an unpaid hit aged 120 makes it leaking', () => {
    const risk = run([PAID]).result;
    expect(risk.decision).toBe('at_risk');
    expect(risk.findings).toEqual([
      { code: 'PAID_SHARED_CACHEABLE', severity: 'critical', path_label: '/api/report', exchange_ids: ['paid-1'], header_evidence: 'cache-control: "public, max-age=300"' },
      { code: 'RECEIPT_CACHEABLE', severity: 'critical', path_label: '/api/report', exchange_ids: ['paid-1'], header_evidence: 'cache-control: "public, max-age=300"; PAYMENT-RESPONSE present' },
      { code: 'VARY_MISSING', severity: 'high', path_label: '/api/report', exchange_ids: ['paid-1'], header_evidence: 'no vary header' },
    ]);
    expect(risk.confidence).toBe('medium');
    expect(risk.fix_headers.map((f) => [f.header, f.value, f.fixes])).toEqual([
      ['Cache-Control', 'private, no-store', ['PAID_SHARED_CACHEABLE', 'RECEIPT_CACHEABLE']],
      ['Vary', 'PAYMENT-SIGNATURE, X-PAYMENT', ['VARY_MISSING']],
    ]);

    const leak = run([PAID, exchange('unpaid-1', { response_headers: { 'cache-control': 'public, max-age=300', age: '120' } })]).result;
    expect(leak.decision).toBe('leaking');
    expect(leak.confidence).toBe('high');
    expect(leak.findings[0]).toEqual({ code: 'PAID_SHARED_CACHEABLE', severity: 'critical', path_label: '/api/report', exchange_ids: ['paid-1'], header_evidence: 'cache-control: "public, max-age=300"' });
    expect(leak.findings.find((f) => f.code === 'OBSERVED_LEAK')).toEqual({ code: 'OBSERVED_LEAK', severity: 'critical', path_label: '/api/report', exchange_ids: ['unpaid-1'], header_evidence: 'age: "120" on an unpaid 200; the path is paid in exchange paid-1' });
    expect(leak.per_path).toEqual([{ path_label: '/api/report', paid: true, shared_cacheable: true, leak_observed: true }]);
    expect(leak.risk_flags).toEqual(['observed_leak', 'paid_shared_cacheable', 'receipt_cacheable', 'vary_missing']);
  });

  it('sealed: private, no-store paid responses; an unpaid 402 on the same path without cache hit', () => {
    const { result } = run([
      exchange('p', { paid: true, request_had_payment_header: true, payment_response_present: true, response_headers: { 'cache-control': 'private, no-store' } }),
      exchange('u', { status: 402, response_headers: { 'cache-control': 'no-store' } }),
    ]);
    expect([result.decision, result.findings, result.fix_headers, result.confidence]).toEqual(['sealed', [], [], 'high']);
    expect(result.per_path).toEqual([{ path_label: '/api/report', paid: true, shared_cacheable: false, leak_observed: false }]);
  });

  it('OBSERVED_LEAK from x-cache or cf-cache-status hits, only on 2xx answers to unpaid requests on a paid path', () => {
    const paid = exchange('p', { paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'no-store' } });
    expect(run([paid, exchange('u', { response_headers: { 'x-cache': 'Hit from cloudfront' } })]).result.decision).toBe('leaking');
    expect(run([paid, exchange('u', { response_headers: { 'cf-cache-status': 'HIT' } })]).result.findings[0]!.header_evidence).toBe('cf-cache-status: "HIT" on an unpaid 200; the path is paid in exchange p');
    expect(run([paid, exchange('u', { response_headers: { 'x-cache': 'MISS', age: '0' } })]).result.decision).toBe('sealed');
    expect(run([paid, exchange('u', { status: 402, response_headers: { age: '30' } })]).result.decision).toBe('sealed');
    // A hit on a path that is never paid is not a paid leak.
    expect(run([paid, exchange('u', { path_label: '/free', response_headers: { age: '30' } })]).result.decision).toBe('sealed');
  });

  it('CDN-Cache-Control takes precedence over Cache-Control for the CDN, both ways', () => {
    const cdnCaches = run([exchange('p', { paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'private', 'cdn-cache-control': 'max-age=60', vary: 'PAYMENT-SIGNATURE' } })]).result;
    expect(codes(cdnCaches)).toEqual(['PAID_SHARED_CACHEABLE']);
    expect(cdnCaches.findings[0]!.header_evidence).toBe('cdn-cache-control: "max-age=60"');
    expect(cdnCaches.fix_headers.map((f) => f.header)).toEqual(['Cache-Control', 'CDN-Cache-Control']);
    const cdnRefuses = run([exchange('p', { paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'public, max-age=600', 'cdn-cache-control': 'no-store' } })]).result;
    expect(cdnRefuses.decision).toBe('sealed');
    const surrogate = run([exchange('p', { paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'no-store', 'surrogate-control': 'max-age=3600', vary: '*' } })]).result;
    expect(codes(surrogate)).toEqual(['PAID_SHARED_CACHEABLE']);
    expect(surrogate.fix_headers.map((f) => f.header)).toEqual(['Cache-Control', 'Surrogate-Control']);
  });

  it('freshness: s-maxage overrides max-age; a zero lifetime is not fresh; Expires and heuristic Last-Modified count', () => {
    const paidWith = (response_headers: Record<string, string>, status = 200) => run([exchange('p', { paid: true, request_had_payment_header: true, status, response_headers })]).result.decision;
    expect(paidWith({ 'cache-control': 'max-age=300, s-maxage=0' })).toBe('sealed');
    expect(paidWith({ 'cache-control': 's-maxage="60", max-age=0' })).toBe('at_risk');
    expect(paidWith({ 'cache-control': 'public' })).toBe('at_risk');
    expect(paidWith({ expires: 'Wed, 21 Oct 2026 07:28:00 GMT' })).toBe('at_risk');
    expect(paidWith({ 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' })).toBe('at_risk');
    expect(paidWith({ 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT', 'cache-control': 'no-transform' })).toBe('sealed');
    expect(paidWith({ 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' }, 201)).toBe('sealed');
    expect(paidWith({ 'cache-control': 'max-age=300' }, 201)).toBe('at_risk');
    const invalid = run([exchange('p', { paid: true, request_had_payment_header: true, response_headers: { expires: '0' } })]).result;
    expect([invalid.decision, invalid.risk_flags]).toEqual(['sealed', ['invalid_expires']]);
  });

  it('only GET and HEAD are stored', () => {
    const paid = (method: string) => run([exchange('p', { method, paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'public, max-age=300' } })]).result.decision;
    expect([paid('get'), paid('HEAD'), paid('POST')]).toEqual(['at_risk', 'at_risk', 'sealed']);
  });

  it('CHALLENGE_CACHEABLE and SETCOOKIE_CACHEABLE are medium: sealed with flags and fixes', () => {
    const { result } = run([
      exchange('c', { status: 402, response_headers: { 'cache-control': 'public, max-age=60' } }),
      exchange('s', { path_label: '/free', set_cookie_present: true, response_headers: { 'cache-control': 'max-age=60' } }),
    ]);
    expect(result.decision).toBe('sealed');
    expect(result.findings.map((f) => [f.code, f.severity, f.exchange_ids])).toEqual([
      ['CHALLENGE_CACHEABLE', 'medium', ['c']],
      ['SETCOOKIE_CACHEABLE', 'medium', ['s']],
    ]);
    expect(result.fix_headers.map((f) => [f.applies_to, f.value])).toEqual([
      ['402 challenges', 'no-store'],
      ['responses that set a cookie', 'private'],
    ]);
    expect(result.risk_flags).toEqual(['challenge_cacheable', 'setcookie_cacheable']);
  });

  it('a Vary on the payment header (or *) keeps VARY_MISSING away, not PAID_SHARED_CACHEABLE', () => {
    for (const vary of ['Accept-Encoding, X-PAYMENT', 'payment-signature', '*']) {
      const { result } = run([exchange('p', { paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'max-age=60', vary } })]);
      expect([vary, codes(result)]).toEqual([vary, ['PAID_SHARED_CACHEABLE']]);
    }
  });

  it('a maximal request: 100 exchanges with 11 headers of 512 characters each', () => {
    const long = (text: string) => text.padEnd(512, ' ');
    const exchanges = Array.from({ length: 100 }, (_, i) =>
      exchange(`e${i}`.padEnd(120, 'x'), {
        path_label: `/api/${i % 10}/`.padEnd(2048, 'p'),
        paid: i % 7 === 0,
        request_had_payment_header: i % 7 === 0,
        payment_response_present: i % 7 === 0,
        set_cookie_present: i % 3 === 0,
        response_headers: Object.fromEntries(
          ['cache-control', 'cdn-cache-control', 'surrogate-control', 'vary', 'age', 'x-cache', 'cf-cache-status', 'expires', 'pragma', 'etag', 'last-modified'].map((h) => [h, long(h === 'age' ? '5' : h === 'cdn-cache-control' ? 'public, max-age=60' : 'HIT')]),
        ),
      }),
    );
    const started = performance.now();
    const { result } = run(exchanges);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.decision).toBe('leaking');
    expect(result.per_path).toHaveLength(10);
  });

  it('rejects requests outside the bounds before analysis', () => {
    const ok = (exchanges: unknown) => cacheLeakageGuardRequest.safeParse({ exchanges }).success;
    expect(ok(Array.from({ length: 100 }, (_, i) => exchange(`e${i}`)))).toBe(true);
    expect(ok(Array.from({ length: 101 }, (_, i) => exchange(`e${i}`)))).toBe(false);
    expect(ok([])).toBe(false);
    expect(ok([exchange('a', { response_headers: { vary: 'x'.repeat(512) } })])).toBe(true);
    expect(ok([exchange('a', { response_headers: { vary: 'x'.repeat(513) } })])).toBe(false);
    expect(ok([exchange('a', { response_headers: { 'Cache-Control': 'no-store' } })])).toBe(false);
    expect(ok([exchange('a', { status: 600 })])).toBe(false);
    expect(ok([exchange('a', { paid: 'yes' })])).toBe(false);
    expect(ok([exchange('a'), exchange('a')])).toBe(false);
    expect(ok([exchange('a', { extra: 1 })])).toBe(false);
    expect(cacheLeakageGuardRequest.safeParse({ exchanges: [exchange('a')], extra: 1 }).success).toBe(false);
  });
});
