import { parseAnyPaymentPayload } from '@paysight/payment';
import { PAYMENT_ARGUMENTS, PAYMENT_META_KEY, paymentOfCall } from './payment-arguments.js';

/** A structurally valid v2 payment payload (not signed by anyone: decoding only). */
const payload = {
  x402Version: 2,
  resource: { url: 'https://paysight.example/api/x402/tx-status', description: 'tx status', mimeType: 'application/json' },
  accepted: {
    scheme: 'exact',
    network: 'eip155:8453',
    amount: '10000',
    asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
    maxTimeoutSeconds: 60,
    extra: { name: 'USD Coin', version: '2' },
  },
  payload: {
    signature: `0x${'1'.repeat(130)}`,
    authorization: {
      from: '0x857b06519E91e3A54538791bDbb0E22373e36b66',
      to: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      value: '10000',
      validAfter: '0',
      validBefore: '9999999999',
      nonce: `0x${'f'.repeat(64)}`,
    },
  },
};
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('paymentOfCall', () => {
  it('parses the fixture as a v2 payment', () => {
    expect(parseAnyPaymentPayload(payload)).toMatchObject({ ok: true, payment: { version: 2 } });
  });

  it('takes the payment from whichever argument carries it and keeps the rest as input', () => {
    for (const name of PAYMENT_ARGUMENTS) {
      expect(paymentOfCall({ hash: '0x1', [name]: base64(payload) }, undefined)).toMatchObject({
        ok: true,
        input: { hash: '0x1' },
        payment: { status: 'decoded', carrier: `${name} argument`, payment: { version: 2 } },
      });
    }
  });

  it('takes a PaymentPayload object from _meta["x402/payment"], as the x402 MCP transport does', () => {
    expect(paymentOfCall({ hash: '0x1' }, { [PAYMENT_META_KEY]: payload, progressToken: 7 })).toMatchObject({
      ok: true,
      input: { hash: '0x1' },
      payment: { status: 'decoded', carrier: '_meta["x402/payment"]' },
    });
  });

  it('treats empty arguments as no payment', () => {
    expect(paymentOfCall({ hash: '0x1', x402Payment: '', xPayment: null }, {})).toEqual({ ok: true, input: { hash: '0x1' }, payment: { status: 'absent' } });
  });

  it('accepts the same payment twice, refuses two different ones', () => {
    expect(paymentOfCall({ x402Payment: base64(payload) }, { [PAYMENT_META_KEY]: payload })).toMatchObject({ ok: true, payment: { status: 'decoded' } });
    const other = { ...payload, payload: { ...payload.payload, signature: `0x${'2'.repeat(130)}` } };
    expect(paymentOfCall({ x402Payment: base64(payload), xPayment: base64(other) }, undefined)).toMatchObject({ ok: false, error: { error: { code: 'invalid_request' } } });
    expect(paymentOfCall({ x402Payment: 'garbage' }, { [PAYMENT_META_KEY]: payload })).toMatchObject({ ok: false });
  });

  it('passes a malformed payment on, named by its carrier, so the input is still checked first', () => {
    expect(paymentOfCall({ paymentHeader: 'not base64 json' }, undefined)).toMatchObject({ ok: true, payment: { status: 'malformed', carrier: 'paymentHeader argument' } });
    expect(paymentOfCall({}, { [PAYMENT_META_KEY]: { x402Version: 3 } })).toMatchObject({ ok: true, payment: { status: 'malformed', problem: expect.stringMatching(/x402Version 1 or 2/) } });
  });

  it('refuses a non-string payment argument and secret material without repeating it', () => {
    expect(paymentOfCall({ x402Payment: 42 }, undefined)).toMatchObject({ ok: false, error: { error: { code: 'invalid_request' } } });
    const key = `0x${'c'.repeat(64)}`;
    const refused = paymentOfCall({ xPayment: key }, undefined);
    expect(refused).toMatchObject({ ok: false, error: { error: { code: 'sensitive_input', details: { kind: 'private_key' } } } });
    expect(JSON.stringify(refused)).not.toContain('cccccccc');
  });
});
