import { errorBodySchema, paymentRequiredBody, toolById } from '@paysight/contracts';
import { x402HTTPClient, x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { PaymentRequiredV1Schema, PaymentRequiredV2Schema } from '@x402/core/schemas';
import { privateKeyToAccount } from 'viem/accounts';
import { officialPaymentHeaders } from '../test/support/official-client.js';
import { buildChallenge } from './challenge.js';
import { decodePayment } from './decode.js';
import { matchPayment } from './match.js';
import { paymentRequirements } from './offer.js';

const PAYEE = '0x2222222222222222222222222222222222222222';
const RESOURCE = 'https://paysight.test/api/x402/wallet-snapshot';
const entry = toolById('wallet_snapshot')!;
const buyer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

describe('the 402 challenge', () => {
  const challenge = buildChallenge(entry, { payTo: PAYEE, resourceUrl: RESOURCE });

  it('PAYMENT-REQUIRED is base64 JSON of a v2 PaymentRequired with exactly one offer (round trip through the official decoder)', () => {
    const decoded = decodePaymentRequiredHeader(challenge.header);
    expect(decoded).toEqual(challenge.body.paymentRequired);
    expect(PaymentRequiredV2Schema.safeParse(decoded).success).toBe(true);
    expect(decoded).toEqual({
      x402Version: 2,
      error: challenge.body.error.message,
      resource: { url: RESOURCE, description: expect.stringContaining('0.01 USDC'), mimeType: 'application/json', serviceName: 'Paysight', tags: ['wallet'] },
      accepts: [paymentRequirements(entry, PAYEE)],
      extensions: { bazaar: expect.objectContaining({ info: expect.objectContaining({ input: expect.objectContaining({ body: entry.example }) }) }) },
    });
  });

  it('the body is the project error body and also a v1 PaymentRequired (accepts only)', () => {
    expect(errorBodySchema.safeParse(challenge.body).success).toBe(true);
    expect(paymentRequiredBody.parse(challenge.body)).toEqual(challenge.body);
    expect(challenge.body.error.code).toBe('payment_required');
    expect(challenge.body.error.message).toMatch(/0\.01 USDC.*PAYMENT-SIGNATURE.*X-PAYMENT/);
    expect(challenge.body.x402Version).toBe(1);
    expect(challenge.body.accepts).toHaveLength(1);
    expect(challenge.body.offer.amount).toBe('10000');
    expect(challenge.body.price.minPrice).toBe('0.01');
    // The official v1 schema wants `error` to be a string; its requirements list is valid as such.
    const { error: _objectError, ...v1 } = challenge.body;
    expect(PaymentRequiredV1Schema.safeParse(v1).success).toBe(true);
  });

  it('the official client reads the body when there is no PAYMENT-REQUIRED header', () => {
    const read = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse(() => null, challenge.body);
    expect(read.x402Version).toBe(1);
    expect(read.accepts).toEqual(challenge.body.accepts);
  });

  it('a rejection reason replaces the error in the body and in the header', () => {
    const rejected = buildChallenge(entry, {
      payTo: PAYEE,
      resourceUrl: RESOURCE,
      reason: { code: 'payment_mismatch', message: 'amount differs', details: { field: 'accepted.amount' } },
    });
    expect(rejected.body.error).toEqual({ code: 'payment_mismatch', message: 'amount differs', details: { field: 'accepted.amount' } });
    expect(decodePaymentRequiredHeader(rejected.header).error).toBe('amount differs');
  });

  it.each([2, 1] as const)('a payment the official client signs from the v%i challenge decodes and matches the offer', async (version) => {
    const headers = await officialPaymentHeaders(buyer, challenge, version);
    expect(Object.keys(headers)).toEqual([version === 2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT']);
    const decoded = decodePayment(headers);
    if (decoded.status !== 'decoded') throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
    expect(decoded.payment.version).toBe(version);
    const match = matchPayment(decoded.payment, paymentRequirements(entry, PAYEE), RESOURCE);
    if (!match.matched) throw new Error(`mismatch: ${JSON.stringify(match.mismatches)}`);
    expect(match.payer).toBe(buyer.address);
    expect(match.paymentPayload.accepted).toEqual(paymentRequirements(entry, PAYEE));
  });
});
