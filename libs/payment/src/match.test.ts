import { PAYEE, payloadV1, payloadV2, requirements } from '../test/support/fixtures.js';
import { matchPayment } from './match.js';

const OTHER = '0x5555555555555555555555555555555555555555';

describe('matching a payment against the offer', () => {
  it('a v2 payment built from the offer matches, addresses compared case-insensitively', () => {
    const payload = payloadV2({ payTo: PAYEE.toLowerCase() as `0x${string}` });
    const result = matchPayment({ version: 2, payload }, requirements());
    expect(result).toMatchObject({ matched: true, paymentPayload: payload, payer: '0x4444444444444444444444444444444444444444' });
  });

  it.each([
    ['accepted.scheme', payloadV2({ scheme: 'upto' }), 'exact', 'upto'],
    ['accepted.network', payloadV2({ network: 'eip155:84532' }), 'eip155:8453', 'eip155:84532'],
    ['accepted.asset', payloadV2({ asset: OTHER }), '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', OTHER],
    ['accepted.payTo', payloadV2({ payTo: OTHER }), PAYEE, OTHER],
    ['accepted.amount', payloadV2({ amount: '1' }), '10000', '1'],
    ['payload.authorization.to', payloadV2({}, { to: OTHER }), PAYEE, OTHER],
    ['payload.authorization.value', payloadV2({}, { value: '9999' }), '10000', '9999'],
  ])('v2: a different %s is a mismatch naming the field, expected and received', (field, payload, expected, received) => {
    expect(matchPayment({ version: 2, payload }, requirements())).toEqual({ matched: false, mismatches: [{ field, expected, received }] });
  });

  it('reports every differing field at once', () => {
    const result = matchPayment({ version: 2, payload: payloadV2({ amount: '1' }, { value: '1', to: OTHER }) }, requirements());
    expect(result.matched === false && result.mismatches.map((m) => m.field)).toEqual(['accepted.amount', 'payload.authorization.to', 'payload.authorization.value']);
  });

  it('a v1 payment matches and is converted to the v2 form with our requirements as `accepted`', () => {
    const payload = payloadV1();
    const result = matchPayment({ version: 1, payload }, requirements());
    expect(result).toEqual({
      matched: true,
      paymentPayload: { x402Version: 2, accepted: requirements(), payload: payload.payload, resource: undefined, extensions: undefined },
      authorization: payload.payload.authorization,
      payer: '0x4444444444444444444444444444444444444444',
    });
  });

  it.each([
    ['scheme', payloadV1({ scheme: 'upto' }), 'exact', 'upto'],
    ['network', payloadV1({ network: 'base-sepolia' }), 'base', 'base-sepolia'],
    ['payload.authorization.to', payloadV1({}, { to: OTHER }), PAYEE, OTHER],
    ['payload.authorization.value', payloadV1({}, { value: '20000' }), '10000', '20000'],
  ])('v1: a different %s is a mismatch', (field, payload, expected, received) => {
    expect(matchPayment({ version: 1, payload }, requirements())).toEqual({ matched: false, mismatches: [{ field, expected, received }] });
  });
});
