import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { CHALLENGE_NORMALIZER_LIMITS, catalogEntry, multiProviderChallengeNormalizerRequest, multiProviderChallengeNormalizerResult } from '@paysight/contracts';
import { HASH } from '../helpers.js';
import { analyzeChallengeNormalizer, type ChallengeNormalizerInput } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDC_BASE_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const ONES = `0x${'1'.repeat(40)}`;
const TWOS = `0x${'2'.repeat(40)}`;

const v1Body = (offer: Record<string, unknown> = {}) => ({
  x402Version: 1,
  accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000', resource: 'https://a.example/q', description: '', asset: USDC_BASE, payTo: ONES, maxTimeoutSeconds: 60, ...offer }],
});
const v2 = (offers: Record<string, unknown>[], extra: Partial<PaymentRequired> = {}): PaymentRequired => ({
  x402Version: 2,
  resource: { url: 'https://b.example/q' },
  accepts: offers.map((o) => ({ scheme: 'exact', network: 'eip155:8453', amount: '9000', asset: USDC_BASE, payTo: TWOS, maxTimeoutSeconds: 60, ...o })) as unknown as PaymentRequired['accepts'],
  ...extra,
});
const L402 = (invoice: string, macaroon = 'AgEEbHNhdAJCAAA') => `L402 macaroon="${macaroon}", invoice="${invoice}"`;

function run(body: unknown) {
  const input: ChallengeNormalizerInput = multiProviderChallengeNormalizerRequest.parse(body);
  const output = analyzeChallengeNormalizer(input);
  expect(multiProviderChallengeNormalizerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-multi-provider-challenge-normalizer', () => {
  it('the worked example of design §12: a v1 body and a v2 header on Base, B is the cheapest usd_stable offer', () => {
    const result = run(catalogEntry('x402_multi_provider_challenge_normalizer').example);
    expect(result.decision).toBe('normalized');
    expect(result.confidence).toBe('high');
    expect(result.offers.map((o) => [o.provider_label, o.network, o.amount_decimal, o.unit, o.value_class, o.rank, o.x402_version])).toEqual([
      ['B', 'eip155:8453', '0.009', 'USDC', 'usd_stable', 1, 2],
      ['A', 'eip155:8453', '0.01', 'USDC', 'usd_stable', 2, 1],
    ]);
    expect(result.cheapest_by_class).toEqual({ usd_stable: { provider_label: 'B', challenge_index: 1, offer_index: 0, amount_decimal: '0.009', amount_atomic: '9000', unit: 'USDC' }, btc_lightning: null, other: null });
    expect(result.risk_flags).toEqual([]);
    expect(result.parse_errors).toEqual([]);
  });

  it('L402: the BOLT11 amount in msat and sats, the macaroon only as a hash, its own value class; mixed classes give medium confidence', () => {
    const macaroon = 'AgEEbHNhdAJCAAAsecret';
    const result = run({
      challenges: [
        { provider_label: 'ln', format: 'l402_www_authenticate', header_value: L402('lnbc2500u1pvjluezpp5qqqsyq', macaroon) },
        { provider_label: 'ln2', format: 'l402_www_authenticate', header_value: 'LSAT macaroon=abc, invoice=lnbc10n1pxyz' },
        { provider_label: 'usd', format: 'x402_v2_object', body: v2([{}]) },
      ],
    });
    expect(result.decision).toBe('normalized');
    expect(result.confidence).toBe('medium');
    const lightning = result.offers.filter((o) => o.value_class === 'btc_lightning');
    expect(lightning.map((o) => [o.provider_label, o.amount_atomic, o.amount_decimal, o.unit, o.rank, o.network])).toEqual([
      ['ln2', '1000', '1', 'sat', 1, 'bitcoin-lightning'],
      ['ln', '250000000', '250000', 'sat', 2, 'bitcoin-lightning'],
    ]);
    expect(lightning[1]!.macaroon_hash).toBe(HASH(macaroon));
    expect(JSON.stringify(result)).not.toContain(macaroon);
    expect(result.cheapest_by_class.btc_lightning?.provider_label).toBe('ln2');
  });

  it('ranks equal amounts by friction (eip3009 < permit2), then provider label', () => {
    const result = run({
      challenges: [
        { provider_label: 'z-permit2', format: 'x402_v2_object', body: v2([{ extra: { assetTransferMethod: 'permit2' } }]) },
        { provider_label: 'y-eip3009', format: 'x402_v2_object', body: v2([{}]) },
        { provider_label: 'x-eip3009', format: 'x402_v2_object', body: v2([{}]) },
      ],
    });
    expect(result.offers.map((o) => [o.provider_label, o.asset_transfer_method, o.rank])).toEqual([
      ['x-eip3009', 'eip3009', 1],
      ['y-eip3009', 'eip3009', 2],
      ['z-permit2', 'permit2', 3],
    ]);
    expect(result.risk_flags).toEqual(['reseller_or_proxy']);
    expect(result.shared_payees).toEqual([{ pay_to: TWOS.toLowerCase(), providers: ['x-eip3009', 'y-eip3009', 'z-permit2'] }]);
  });

  it('partially_normalized: one challenge fails and is listed with its reason; flags for testnet mix, long timeout and unknown decimals; low confidence', () => {
    const result = run({
      challenges: [
        { provider_label: 'ok', format: 'x402_v1_body', body: v1Body({ maxTimeoutSeconds: 7200 }) },
        { provider_label: 'test', format: 'x402_v1_body', body: v1Body({ network: 'base-sepolia', asset: USDC_BASE_SEPOLIA }) },
        { provider_label: 'odd', format: 'x402_v2_object', body: v2([{ asset: '0x' + 'a'.repeat(40) }]) },
        { provider_label: 'broken', format: 'x402_v2_header', header_value: 'not base64!' },
      ],
    });
    expect(result.decision).toBe('partially_normalized');
    expect(result.confidence).toBe('low');
    expect(result.parse_errors).toEqual([{ provider_label: 'broken', challenge_index: 3, offer_index: null, reason: 'the header value is not base64-encoded JSON' }]);
    expect(result.risk_flags).toEqual(['long_timeout', 'mixed_testnet_mainnet', 'reseller_or_proxy', 'unknown_asset_decimals']);
    expect(result.offers.find((o) => o.provider_label === 'odd')).toMatchObject({ value_class: 'other', unit: 'unknown', amount_decimal: null, amount_atomic: '9000' });
    expect(result.cheapest_by_class.other?.provider_label).toBe('odd');
  });

  it('unparseable: nothing parsed (bad L402, invoice without amount, no accepts, non-atomic amount)', () => {
    const result = run({
      challenges: [
        { provider_label: 'a', format: 'l402_www_authenticate', header_value: 'Bearer realm="x"' },
        { provider_label: 'b', format: 'l402_www_authenticate', header_value: L402('lnbc1pvjluez') },
        { provider_label: 'c', format: 'x402_v2_object', body: { x402Version: 2, accepts: [] } },
        { provider_label: 'd', format: 'x402_v2_object', body: v2([{ amount: '0.5' }]) },
        { provider_label: 'e', format: 'l402_www_authenticate', header_value: L402('lnbc15p1pxyz') },
      ],
    });
    expect(result.decision).toBe('unparseable');
    expect(result.confidence).toBe('low');
    expect(result.offers).toEqual([]);
    expect(result.parse_errors.map((e) => [e.provider_label, e.offer_index, e.reason])).toEqual([
      ['a', null, 'the header value is not an L402 or LSAT challenge'],
      ['b', null, 'the invoice carries no amount'],
      ['c', null, 'the challenge has no accepts[] of offers'],
      ['d', 0, 'the offer\'s amount 0.5 is not an atomic integer'],
      ['e', null, 'the invoice amount is below one millisatoshi'],
    ]);
  });

  it('flags a declared format that the challenge contradicts, and an unknown network', () => {
    const result = run({ challenges: [{ provider_label: 'p', format: 'x402_v2_header', header_value: encodePaymentRequiredHeader(v1Body({ network: 'eip155:424242' }) as unknown as PaymentRequired) }] });
    expect(result.risk_flags).toEqual(['declared_format_mismatch', 'unknown_asset_decimals', 'unknown_network']);
  });

  describe('request schema', () => {
    const ok = { provider_label: 'p', format: 'x402_v2_object', body: v2([{}]) };
    const rejects = (body: unknown) => expect(multiProviderChallengeNormalizerRequest.safeParse(body).success).toBe(false);
    it('bounds: 20 challenges, 80-character labels and 16 KiB header values are accepted; one more is rejected', () => {
      const max = CHALLENGE_NORMALIZER_LIMITS;
      expect(multiProviderChallengeNormalizerRequest.safeParse({ challenges: Array(max.challenges).fill(ok) }).success).toBe(true);
      rejects({ challenges: Array(max.challenges + 1).fill(ok) });
      rejects({ challenges: [] });
      expect(multiProviderChallengeNormalizerRequest.safeParse({ challenges: [{ ...ok, provider_label: 'x'.repeat(max.providerLabel) }] }).success).toBe(true);
      rejects({ challenges: [{ ...ok, provider_label: 'x'.repeat(max.providerLabel + 1) }] });
      const header = { provider_label: 'p', format: 'x402_v2_header' };
      expect(multiProviderChallengeNormalizerRequest.safeParse({ challenges: [{ ...header, header_value: 'A'.repeat(max.headerValue) }] }).success).toBe(true);
      rejects({ challenges: [{ ...header, header_value: 'A'.repeat(max.headerValue + 1) }] });
    });
    it('rejects wrong types, unknown formats, extra properties, and a payload in the wrong member', () => {
      rejects({ challenges: ok });
      rejects({ challenges: [{ ...ok, format: 'x402_v3' }] });
      rejects({ challenges: [{ ...ok, body: 'x' }] });
      rejects({ challenges: [ok], extra: 1 });
      rejects({ challenges: [{ ...ok, extra: 1 }] });
      rejects({ challenges: [{ provider_label: 'p', format: 'x402_v2_object', header_value: 'abc' }] });
      rejects({ challenges: [{ provider_label: 'p', format: 'l402_www_authenticate', body: {} }] });
      rejects({ challenges: [{ ...ok, header_value: 'abc' }] });
    });
  });

  it('a maximum input (20 challenges of 230 offers each, about the 1 MiB request limit) does not crash and stays ranked', () => {
    const offers = Array.from({ length: 230 }, (_, i) => ({ amount: String(10_000 + (i % 97)), payTo: `0x${(i % 10).toString().repeat(40)}` }));
    const challenges = Array.from({ length: CHALLENGE_NORMALIZER_LIMITS.challenges }, (_, i) => ({ provider_label: `p${i}`, format: 'x402_v2_object', body: v2(offers) }));
    expect(Buffer.byteLength(JSON.stringify({ challenges }))).toBeLessThan(1024 * 1024);
    const result = run({ challenges });
    expect(result.decision).toBe('normalized');
    expect(result.offers).toHaveLength(230 * CHALLENGE_NORMALIZER_LIMITS.challenges);
    expect(result.offers[0]!.amount_atomic).toBe('10000');
    expect(result.offers.at(-1)!.rank).toBe(result.offers.length);
  });
});
