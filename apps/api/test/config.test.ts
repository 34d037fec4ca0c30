import { ConfigError, loadAiConfig, loadApiConfig } from '../src/config.js';

const SIGNING_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const minimal = { PAYEE_ADDRESS: '0x000000000000000000000000000000000000bEEF', FACILITATOR_URL: 'https://facilitator.example', RECEIPT_SIGNING_KEY: SIGNING_KEY };

function problems(env: Record<string, string>): string[] {
  try {
    loadApiConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('API configuration', () => {
  it('needs only the payee, the facilitator and the receipt signing key, with documented defaults', () => {
    expect(loadApiConfig(minimal)).toMatchObject({
      host: '127.0.0.1',
      port: 4021,
      publicBaseUrl: null,
      payTo: '0x000000000000000000000000000000000000bEEF',
      facilitatorUrl: 'https://facilitator.example',
      receiptSigningKey: SIGNING_KEY,
      databaseUrl: null,
      bodyLimitBytes: 262_144,
      logRequests: true,
      ai: null,
      unpaidRateLimit: { limit: 600, windowMs: 60_000 },
      requirePaymentIdentifier: false,
    });
  });

  it('reads UNPAID_RATE_LIMIT as <count>/<window>, 0 or off turning it off', () => {
    const limit = (value: string) => loadApiConfig({ ...minimal, UNPAID_RATE_LIMIT: value }).unpaidRateLimit;
    expect(limit('20/10s')).toEqual({ limit: 20, windowMs: 10_000 });
    expect(limit('5000/h')).toEqual({ limit: 5000, windowMs: 3_600_000 });
    expect([limit('0'), limit('off'), limit('0/1m')]).toEqual([null, null, null]);
    for (const bad of ['600', '600/1d', '-1/1m', '10/0s', 'ten/1m']) expect(() => limit(bad)).toThrow(/UNPAID_RATE_LIMIT/);
  });

  it('reads PAYMENT_IDENTIFIER: optional by default, required on request, nothing else', () => {
    const required = (value?: string) => loadApiConfig({ ...minimal, ...(value === undefined ? {} : { PAYMENT_IDENTIFIER: value }) }).requirePaymentIdentifier;
    expect([required(), required('optional'), required('required')]).toEqual([false, false, true]);
    expect(() => required('yes')).toThrow(/PAYMENT_IDENTIFIER: must be optional or required/);
  });

  it('reports every problem at once, by variable', () => {
    expect(problems({ PAYEE_ADDRESS: '0x12', FACILITATOR_URL: 'ftp://x', PORT: '70000', DATABASE_URL: 'mysql://db' }).sort()).toEqual([
      'DATABASE_URL: must be a postgres:// URL',
      'FACILITATOR_URL: must be an absolute http(s) URL',
      'PAYEE_ADDRESS: must be a 0x-prefixed 40-hex-digit EVM address',
      expect.stringMatching(/^PORT: /),
      'RECEIPT_SIGNING_KEY: is required',
    ]);
    expect(problems({})).toEqual(['PAYEE_ADDRESS: is required', 'RECEIPT_SIGNING_KEY: is required', 'FACILITATOR_URL: is required']);
  });

  it('refuses to start without a valid RECEIPT_SIGNING_KEY: offers and receipts are always signed', () => {
    const { RECEIPT_SIGNING_KEY: _key, ...unsigned } = minimal;
    expect(problems(unsigned)).toEqual(['RECEIPT_SIGNING_KEY: is required']);
    const curveOrder = '0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
    for (const bad of ['0x12', SIGNING_KEY.slice(2), `0x${'0'.repeat(64)}`, curveOrder, `${SIGNING_KEY.slice(0, -1)}g`]) {
      expect(problems({ ...minimal, RECEIPT_SIGNING_KEY: bad })).toEqual([expect.stringMatching(/^RECEIPT_SIGNING_KEY: /)]);
    }
  });

  it('bounds the facilitator: deadlines of verify and settle, and the circuit breaker', () => {
    expect(loadApiConfig(minimal)).toMatchObject({ facilitatorTimeoutMs: 15_000, facilitatorSettleTimeoutMs: 60_000, facilitatorBreaker: { failureThreshold: 5, cooldownMs: 30_000 } });
    const set = { FACILITATOR_SETTLE_TIMEOUT_MS: '45000', FACILITATOR_BREAKER_FAILURES: '3', FACILITATOR_BREAKER_COOLDOWN_MS: '10000' };
    expect(loadApiConfig({ ...minimal, ...set })).toMatchObject({ facilitatorSettleTimeoutMs: 45_000, facilitatorBreaker: { failureThreshold: 3, cooldownMs: 10_000 } });
    expect(problems({ ...minimal, FACILITATOR_SETTLE_TIMEOUT_MS: '50', FACILITATOR_BREAKER_FAILURES: '0', FACILITATOR_BREAKER_COOLDOWN_MS: 'soon' }).map((p) => p.split(':')[0])).toEqual([
      'FACILITATOR_SETTLE_TIMEOUT_MS',
      'FACILITATOR_BREAKER_FAILURES',
      'FACILITATOR_BREAKER_COOLDOWN_MS',
    ]);
  });

  it('reconciles settle-pending payments every 30 s, 100 at a time, unless RECONCILE_INTERVAL_MS and RECONCILE_BATCH_SIZE say otherwise', () => {
    expect(loadApiConfig(minimal).reconcile).toEqual({ intervalMs: 30_000, batchSize: 100, staleAfterMs: 100_000 });
    expect(loadApiConfig({ ...minimal, RECONCILE_INTERVAL_MS: '5000', RECONCILE_BATCH_SIZE: '10' }).reconcile).toEqual({ intervalMs: 5_000, batchSize: 10, staleAfterMs: 100_000 });
    for (const bad of ['999', '1.5', 'often']) expect(problems({ ...minimal, RECONCILE_INTERVAL_MS: bad })).toEqual([expect.stringMatching(/^RECONCILE_INTERVAL_MS: /)]);
    for (const bad of ['0', '1001']) expect(problems({ ...minimal, RECONCILE_BATCH_SIZE: bad })).toEqual([expect.stringMatching(/^RECONCILE_BATCH_SIZE: /)]);
  });

  it('takes a payment left in claimed or settling for abandoned after the settle deadline plus the 10 s chain check plus 30 s, unless RECONCILE_STALE_AFTER_MS says otherwise, never sooner than a live instance may settle', () => {
    expect(loadApiConfig({ ...minimal, FACILITATOR_SETTLE_TIMEOUT_MS: '2000' }).reconcile.staleAfterMs).toBe(42_000);
    expect(loadApiConfig({ ...minimal, RECONCILE_STALE_AFTER_MS: '70000' }).reconcile.staleAfterMs).toBe(70_000);
    expect(loadApiConfig({ ...minimal, FACILITATOR_SETTLE_TIMEOUT_MS: '1000', RECONCILE_STALE_AFTER_MS: '11000' }).reconcile.staleAfterMs).toBe(11_000);
    expect(problems({ ...minimal, RECONCILE_STALE_AFTER_MS: '69999' })).toEqual([expect.stringMatching(/^RECONCILE_STALE_AFTER_MS: must be at least 70000 /)]);
    for (const bad of ['1.5', 'soon', '86400001']) expect(problems({ ...minimal, RECONCILE_STALE_AFTER_MS: bad })).toEqual([expect.stringMatching(/^RECONCILE_STALE_AFTER_MS: /)]);
  });

  it('leases a claimed payment 15 s unless CLAIM_LEASE_MS says otherwise (1 s to 10 min, whole milliseconds)', () => {
    expect(loadApiConfig(minimal).claimLeaseMs).toBe(15_000);
    expect(loadApiConfig({ ...minimal, CLAIM_LEASE_MS: '2000' }).claimLeaseMs).toBe(2_000);
    for (const bad of ['999', '600001', '1.5', 'long']) expect(problems({ ...minimal, CLAIM_LEASE_MS: bad })).toEqual([expect.stringMatching(/^CLAIM_LEASE_MS: /)]);
  });

  it('keeps paid results 7 days unless PAID_RESULT_RETENTION_DAYS says otherwise (whole days, 1 to 3650)', () => {
    expect(loadApiConfig(minimal).paidResultRetentionDays).toBe(7);
    expect(loadApiConfig({ ...minimal, PAID_RESULT_RETENTION_DAYS: '30' }).paidResultRetentionDays).toBe(30);
    for (const bad of ['0', '1.5', '3651', 'week']) expect(problems({ ...minimal, PAID_RESULT_RETENTION_DAYS: bad })).toEqual([expect.stringMatching(/^PAID_RESULT_RETENTION_DAYS: /)]);
  });

  it('keeps capability observations 90 days unless OBSERVATION_RETENTION_DAYS says otherwise (whole days, 1 to 3650)', () => {
    expect(loadApiConfig(minimal).observationRetentionDays).toBe(90);
    expect(loadApiConfig({ ...minimal, OBSERVATION_RETENTION_DAYS: '365' }).observationRetentionDays).toBe(365);
    for (const bad of ['0', '2.5', '3651', 'year']) expect(problems({ ...minimal, OBSERVATION_RETENTION_DAYS: bad })).toEqual([expect.stringMatching(/^OBSERVATION_RETENTION_DAYS: /)]);
  });

  it('reads the notary key (NOTARY_KEY, 32 bytes as 0x + 64 hex) with its id (NOTARY_KEY_ID, default k1); none without it', () => {
    expect(loadApiConfig(minimal).notaryKey).toBeNull();
    const key = `0x${'5a'.repeat(32)}`;
    expect(loadApiConfig({ ...minimal, NOTARY_KEY: key }).notaryKey).toEqual({ id: 'k1', secret: key });
    expect(loadApiConfig({ ...minimal, NOTARY_KEY: key, NOTARY_KEY_ID: '2026-11' }).notaryKey).toEqual({ id: '2026-11', secret: key });
    for (const bad of ['5a'.repeat(32), `0x${'5a'.repeat(16)}`, 'secret']) expect(problems({ ...minimal, NOTARY_KEY: bad })).toEqual([expect.stringMatching(/^NOTARY_KEY: /)]);
    expect(problems({ ...minimal, NOTARY_KEY: key, NOTARY_KEY_ID: 'a key' })).toEqual([expect.stringMatching(/^NOTARY_KEY_ID: /)]);
  });

  it('strips trailing slashes from public URLs', () => {
    expect(loadApiConfig({ ...minimal, PUBLIC_BASE_URL: 'https://api.example/', FACILITATOR_URL: 'https://f.example//' })).toMatchObject({
      publicBaseUrl: 'https://api.example',
      facilitatorUrl: 'https://f.example',
    });
  });

  it('takes a facilitator provider as a short name, never as an address', () => {
    expect(loadApiConfig(minimal).facilitatorProvider).toBeNull();
    expect(loadApiConfig({ ...minimal, FACILITATOR_PROVIDER: 'coinbase-cdp' }).facilitatorProvider).toBe('coinbase-cdp');
    for (const address of ['https://f.example', 'f.example:443', '10.0.0.4']) {
      expect(problems({ ...minimal, FACILITATOR_PROVIDER: address })).toEqual([expect.stringMatching(/^FACILITATOR_PROVIDER: must be a (short )?name/)]);
    }
  });

  it('enables AI sections only with both a base URL and a model', () => {
    expect(loadAiConfig({})).toBeNull();
    expect(loadAiConfig({ AI_BASE_URL: 'https://llm.example/v1', AI_MODEL: 'small', AI_API_KEY: 'k' })).toEqual({ baseUrl: 'https://llm.example/v1', apiKey: 'k', model: 'small', timeoutMs: 20_000 });
    expect(() => loadAiConfig({ AI_BASE_URL: 'https://llm.example/v1' })).toThrow(/AI_BASE_URL and AI_MODEL go together/);
    expect(problems({ ...minimal, AI_MODEL: 'small' })).toEqual([expect.stringMatching(/^AI_MODEL: AI_BASE_URL and AI_MODEL go together/)]);
  });
});
