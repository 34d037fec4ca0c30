import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { X402P, X402P_MAX_HEADER_CHARS } from './x402p.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAYEE = `0x${'1'.repeat(40)}`;

const v2: PaymentRequired = {
  x402Version: 2,
  resource: { url: 'https://s.example/api/x' },
  accepts: [
    { scheme: 'exact', network: 'eip155:8453', amount: '9000', asset: USDC_BASE, payTo: PAYEE, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' } },
    { scheme: 'exact', network: 'eip155:8453', amount: '9000', asset: USDC_BASE, payTo: PAYEE, maxTimeoutSeconds: 60, extra: { assetTransferMethod: 'permit2' } },
  ],
  extensions: { 'payment-identifier': {}, bazaar: {} },
};

const v1 = {
  x402Version: 1,
  accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000', resource: 'https://a.example/r', description: '', asset: USDC_BASE, payTo: PAYEE, maxTimeoutSeconds: 300 }],
};

function parsed(input: unknown) {
  const result = X402P(input);
  if (!result.ok) throw new Error(result.reason);
  return result.challenge;
}

describe('X402P', () => {
  it('normalizes a v2 PaymentRequired: CAIP-2 network, USDC decimals, the default eip3009 method, sorted extension ids', () => {
    const challenge = parsed(v2);
    expect(challenge).toMatchObject({ x402_version: 2, version_declared: true, encoding: 'object', extension_ids: ['bazaar', 'payment-identifier'] });
    expect(challenge.offers[0]).toEqual({
      index: 0,
      x402_version: 2,
      scheme: 'exact',
      network: 'eip155:8453',
      network_raw: 'eip155:8453',
      network_known: true,
      asset: USDC_BASE,
      asset_symbol: 'USDC',
      decimals: 6,
      amount_raw: '9000',
      amount_atomic: '9000',
      amount_decimal: '0.009',
      pay_to: PAYEE,
      max_timeout_seconds: 60,
      resource_url: 'https://s.example/api/x',
      extra: { name: 'USD Coin', version: '2', assetTransferMethod: 'eip3009' },
      extension_ids: ['bazaar', 'payment-identifier'],
      keys: { amount: 'amount', pay_to: 'payTo' },
    });
    expect(challenge.offers[1]!.extra.assetTransferMethod).toBe('permit2');
  });

  it('normalizes a v1 body: alias network to CAIP-2, maxAmountRequired as the amount, the offer\'s own resource', () => {
    const offer = parsed(v1).offers[0]!;
    expect(offer).toMatchObject({ x402_version: 1, network: 'eip155:8453', network_raw: 'base', amount_atomic: '10000', amount_decimal: '0.01', resource_url: 'https://a.example/r', keys: { amount: 'maxAmountRequired', pay_to: 'payTo' } });
  });

  it('decodes a base64 PAYMENT-REQUIRED value written by @x402/core', () => {
    const challenge = parsed(encodePaymentRequiredHeader(v2));
    expect(challenge.encoding).toBe('header');
    expect(challenge.offers.map((o) => o.amount_decimal)).toEqual(['0.009', '0.009']);
  });

  it('is lenient: a missing version is inferred and missing fields are null', () => {
    const challenge = parsed({ accepts: [{ scheme: 'exact', network: 'solana', maxAmountRequired: '1.5', asset: 'Mint111' }] });
    expect(challenge).toMatchObject({ x402_version: 1, version_declared: false });
    expect(challenge.offers[0]).toMatchObject({
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      amount_raw: '1.5',
      amount_atomic: null,
      amount_decimal: null,
      asset_symbol: null,
      decimals: null,
      pay_to: null,
      max_timeout_seconds: null,
      extra: { name: null, version: null, assetTransferMethod: null },
    });
  });

  it('keeps an unknown network verbatim and leaves the decimals of an unknown asset unknown', () => {
    const offer = parsed({ x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:424242', amount: '5', asset: '0xabc', pay_to: PAYEE }] }).offers[0]!;
    expect(offer).toMatchObject({ network: 'eip155:424242', network_known: false, amount_atomic: '5', amount_decimal: null, pay_to: PAYEE, keys: { pay_to: 'pay_to' }, extra: { assetTransferMethod: 'eip3009' } });
  });

  it('refuses what is not a challenge, with a reason', () => {
    const reasons = [{ error: 'x' }, { accepts: [] }, { accepts: [1] }, [], 'not base64!', Buffer.from('nope').toString('base64'), 'A'.repeat(X402P_MAX_HEADER_CHARS + 4)].map((input) => X402P(input));
    expect(reasons.every((r) => !r.ok)).toBe(true);
    expect(reasons.map((r) => (r.ok ? '' : r.reason))).toEqual([
      'the challenge has no accepts[] of offers',
      'the challenge has no accepts[] of offers',
      'an accepts[] entry is not an object',
      'the challenge is not a JSON object',
      'the header value is not base64-encoded JSON',
      'the header value is not base64-encoded JSON',
      `the header value is longer than ${X402P_MAX_HEADER_CHARS} characters`,
    ]);
  });

  it('accepts a header value of exactly 16 KiB', () => {
    const padded = { ...v2, error: '' };
    let header = encodePaymentRequiredHeader(padded);
    padded.error = 'x'.repeat(Math.floor(((X402P_MAX_HEADER_CHARS - header.length) * 3) / 4));
    header = encodePaymentRequiredHeader(padded);
    expect(header.length).toBeLessThanOrEqual(X402P_MAX_HEADER_CHARS);
    expect(header.length).toBeGreaterThan(X402P_MAX_HEADER_CHARS - 8);
    expect(X402P(header).ok).toBe(true);
  });
});
