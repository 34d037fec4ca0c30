import { priceOf, toolById } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { fundedBuyer, readTestStack, usdcBalance } from '@paysight/testkit';
import type { x402HTTPClient } from '@x402/core/client';
import { privateKeyToAccount } from 'viem/accounts';
import { type Challenge, buildChallenge, createBuyerClient, createHttpFacilitatorClient, decodePayment, matchPayment, paymentRequirements } from '../src/index.js';

const deepReport = toolById('deep_wallet_report')!;
const DEEP_REPORT_PRICE = BigInt(priceOf(deepReport).atomic);
const RESOURCE = 'http://127.0.0.1/api/x402/deep-wallet-report';

/** What a client does with a 402: read the v2 header, or the v1 body when there is no header, and sign. */
async function sign(client: x402HTTPClient, challenge: Challenge, version: 1 | 2): Promise<Record<string, string>> {
  const required =
    version === 2
      ? client.getPaymentRequiredResponse((name) => (name.toUpperCase() === 'PAYMENT-REQUIRED' ? challenge.header : null))
      : client.getPaymentRequiredResponse(() => null, JSON.parse(JSON.stringify(challenge.body)));
  return client.encodePaymentSignatureHeader(await client.createPaymentPayload(required));
}

describe('createBuyerClient: the official x402 client with a spending cap', () => {
  const payTo = freshAccount().address;
  const challenge = buildChallenge(deepReport, { payTo, resourceUrl: RESOURCE });

  it.each([2, 1] as const)('with a cap of 1 USD, refuses the 5 USD deep report with the client own error (x402 v%i)', async (version) => {
    const client = createBuyerClient(freshAccount().privateKey, { maxUsdPerPayment: '1' });
    await expect(sign(client, challenge, version)).rejects.toThrow(/rejected by spendControls\.maxAmountPerPayment \(\$1\b/);
  });

  it.each([2, 1] as const)('with a cap of 5 USD, pays the 5 USD deep report: verified and settled by the facilitator (x402 v%i)', async (version) => {
    const buyer = await fundedBuyer(DEEP_REPORT_PRICE);
    const payee = freshAccount().address;
    const client = createBuyerClient(buyer.privateKey, { maxUsdPerPayment: '5' });
    const headers = await sign(client, buildChallenge(deepReport, { payTo: payee, resourceUrl: RESOURCE }), version);
    expect(Object.keys(headers)).toEqual([version === 2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT']);

    const decoded = decodePayment(headers);
    if (decoded.status !== 'decoded') throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
    const requirements = paymentRequirements(deepReport, payee);
    const match = matchPayment(decoded.payment, requirements, RESOURCE);
    if (!match.matched) throw new Error(`mismatch: ${JSON.stringify(match.mismatches)}`);
    expect(match.payer).toBe(buyer.address);

    const facilitator = createHttpFacilitatorClient({ url: readTestStack().facilitatorUrl });
    await expect(facilitator.verify(match.paymentPayload, requirements)).resolves.toMatchObject({ isValid: true, payer: buyer.address });
    await expect(facilitator.settle(match.paymentPayload, requirements)).resolves.toMatchObject({ success: true, payer: buyer.address });
    expect(await usdcBalance(payee)).toBe(DEEP_REPORT_PRICE);
    expect(await usdcBalance(buyer.address)).toBe(0n);
  });

  it('a cap equal to the price pays; a cap one cent below refuses', async () => {
    const key = freshAccount().privateKey;
    await expect(sign(createBuyerClient(key, { maxUsdPerPayment: '5.00' }), challenge, 2)).resolves.toHaveProperty('PAYMENT-SIGNATURE');
    await expect(sign(createBuyerClient(key, { maxUsdPerPayment: '4.99' }), challenge, 2)).rejects.toThrow(/spendControls\.maxAmountPerPayment/);
  });

  it('without a cap (null), signs any amount: the spend controls are off', async () => {
    const client = createBuyerClient(freshAccount().privateKey, { maxUsdPerPayment: null });
    await expect(sign(client, challenge, 2)).resolves.toHaveProperty('PAYMENT-SIGNATURE');
  });

  it('signs as the given viem account, or as the account of the given private key', async () => {
    const { privateKey, address } = freshAccount();
    for (const buyer of [privateKey, privateKeyToAccount(privateKey)]) {
      const decoded = decodePayment(await sign(createBuyerClient(buyer, { maxUsdPerPayment: '5' }), challenge, 2));
      if (decoded.status !== 'decoded') throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
      expect(decoded.payment.payload.payload.authorization.from).toBe(address);
    }
  });

  it('refuses a cap that is not a decimal amount of USD', () => {
    for (const cap of ['$1', '-1', 'one', '1e3', '']) {
      expect(() => createBuyerClient(freshAccount().privateKey, { maxUsdPerPayment: cap })).toThrow(RangeError);
    }
  });
});
