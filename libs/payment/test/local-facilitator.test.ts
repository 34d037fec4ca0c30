import { toolById } from '@paysight/contracts';
import type { LocalAccount } from 'viem';
import { buildChallenge, createHttpFacilitatorClient, decodePayment, matchPayment, paymentRequirements } from '../src/index.js';
import type { PaymentRequirements } from '../src/index.js';
import { type ChainHarness, startChainHarness } from './support/chain.js';
import { officialPaymentHeaders } from './support/official-client.js';

jest.setTimeout(30_000);

const entry = toolById('wallet_snapshot')!;
const PRICE = 10_000n;

let chain: ChainHarness;
beforeAll(async () => {
  chain = await startChainHarness();
});
afterAll(() => chain.close());

/** A payment signed by the official client from our challenge, matched and converted as the processor does. */
async function signedPayment(buyer: LocalAccount, payTo: `0x${string}`, version: 1 | 2) {
  const resourceUrl = 'http://127.0.0.1/api/x402/wallet-snapshot';
  const challenge = buildChallenge(entry, { payTo, resourceUrl });
  const decoded = decodePayment(await officialPaymentHeaders(buyer, challenge, version));
  if (decoded.status !== 'decoded') throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
  const requirements = paymentRequirements(entry, payTo);
  const match = matchPayment(decoded.payment, requirements, resourceUrl);
  if (!match.matched) throw new Error(`mismatch: ${JSON.stringify(match.mismatches)}`);
  return { match, requirements };
}

const client = () => createHttpFacilitatorClient({ url: chain.facilitator.url });

describe('local facilitator', () => {
  it('GET /health and GET /supported: exact on eip155:8453 only, with its signer', async () => {
    const health = await (await fetch(`${chain.facilitator.url}/health`)).json();
    expect(health).toEqual({ ok: true, network: 'eip155:8453', signer: chain.facilitator.signer });
    const supported = await client().supported();
    expect(supported.kinds).toEqual([{ x402Version: 2, scheme: 'exact', network: 'eip155:8453', extra: undefined }]);
    expect(Object.values(supported.signers).flat()).toEqual([chain.facilitator.signer]);
  });

  it.each([2, 1] as const)('verifies and settles a real EIP-3009 authorization signed by the official client (x402 v%i)', async (version) => {
    const buyer = await chain.newBuyer({ usdc: PRICE });
    const payee = chain.newPayee();
    const { match, requirements } = await signedPayment(buyer, payee, version);

    await expect(client().verify(match.paymentPayload, requirements)).resolves.toMatchObject({ isValid: true, payer: buyer.address });
    const settled = await client().settle(match.paymentPayload, requirements);
    expect(settled).toMatchObject({ success: true, network: 'eip155:8453', payer: buyer.address });
    const receipt = await chain.base.getTransactionReceipt({ hash: settled.transaction as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await chain.usdcBalance(buyer.address)).toBe(0n);
  });

  it('a spent authorization is refused by verify and by settle, and moves money only once', async () => {
    const buyer = await chain.newBuyer({ usdc: 3n * PRICE });
    const payee = chain.newPayee();
    const { match, requirements } = await signedPayment(buyer, payee, 2);
    await expect(client().settle(match.paymentPayload, requirements)).resolves.toMatchObject({ success: true });

    await expect(client().verify(match.paymentPayload, requirements)).resolves.toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_nonce_already_used' });
    await expect(client().settle(match.paymentPayload, requirements)).resolves.toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used' });
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
  });

  it('a tampered authorization fails signature verification', async () => {
    const buyer = await chain.newBuyer({ usdc: PRICE });
    const payee = chain.newPayee();
    const { match, requirements } = await signedPayment(buyer, payee, 2);
    const tampered = structuredClone(match.paymentPayload);
    tampered.payload.authorization.validBefore = (BigInt(tampered.payload.authorization.validBefore) + 1n).toString();
    await expect(client().verify(tampered, requirements)).resolves.toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_signature' });
  });

  it('settles concurrent payments, and failed submissions among them do not block the next ones (nonce-managed, queued signer)', async () => {
    const payee = chain.newPayee();
    // Two buyers cannot cover the price: their settles fail at gas estimation, after a nonce was taken.
    const funds = [PRICE, PRICE, PRICE / 2n, PRICE, PRICE, PRICE / 2n, PRICE, PRICE];
    const buyers = await Promise.all(funds.map((usdc) => chain.newBuyer({ usdc })));
    const payments = await Promise.all(buyers.map((buyer) => signedPayment(buyer, payee, 2)));
    const results = await Promise.all(payments.map(({ match, requirements }) => client().settle(match.paymentPayload, requirements)));
    expect(results.map((r) => r.success)).toEqual(funds.map((usdc) => usdc === PRICE));
    expect(results.filter((r) => !r.success).map((r) => r.errorReason)).toEqual(['invalid_exact_evm_insufficient_balance', 'invalid_exact_evm_insufficient_balance']);
    expect(await chain.usdcBalance(payee)).toBe(PRICE * 6n);

    const later = await signedPayment(await chain.newBuyer({ usdc: PRICE }), payee, 2);
    await expect(client().settle(later.match.paymentPayload, later.requirements)).resolves.toMatchObject({ success: true });
  });

  describe('refuses what it cannot handle with a verdict, not a crash', () => {
    const post = (path: string, body: unknown) =>
      fetch(`${chain.facilitator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

    it('a body that is not an exchange: 400 with invalid_payload', async () => {
      const response = await post('/verify', { x402Version: 2, paymentPayload: { x402Version: 2 } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ isValid: false, invalidReason: 'invalid_payload', invalidMessage: expect.stringContaining('paymentPayload') });
      expect((await post('/settle', 'not json')).status).toBe(400);
    });

    it('another network: 400 with unsupported_scheme', async () => {
      const buyer = await chain.newBuyer({ usdc: PRICE });
      const { match, requirements } = await signedPayment(buyer, chain.newPayee(), 2);
      const elsewhere: PaymentRequirements = { ...requirements, network: 'eip155:84532' };
      const response = await post('/settle', { x402Version: 2, paymentPayload: match.paymentPayload, paymentRequirements: elsewhere });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, errorReason: 'unsupported_scheme', network: 'eip155:84532' });
    });

    it('unknown routes and wrong methods', async () => {
      expect((await fetch(`${chain.facilitator.url}/nope`)).status).toBe(404);
      expect((await fetch(`${chain.facilitator.url}/verify`)).status).toBe(405);
    });
  });
});
