import { CHAINS, type PaymentIdentifierStore, type Store, toolById } from '@paysight/contracts';
import { freshAccount, fundAccount } from '@paysight/devnet';
import { openTestStore, readTestStack, usdcBalance } from '@paysight/testkit';
import { PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import { type Address, type Hex, createPublicClient, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  type PaidCallOutcome,
  type PaidCallProcessor,
  type PaidCallProcessorOptions,
  createBuyerClient,
  createHttpFacilitatorClient,
  createPaidCallProcessor,
  createViemAuthorizationReader,
  decodePayment,
} from '../src/index.js';

jest.setTimeout(60_000);

const stack = readTestStack();
const snapshot = toolById('wallet_snapshot')!;
const PRICE = 10_000n;
const RESOURCE = 'http://127.0.0.1/api/x402/wallet-snapshot';
const INPUT = { address: '0x1234567890123456789012345678901234567890' };
const rpcUrl = stack.devnet.chains.base.rpcUrl;
const base = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
const eip3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store?.close());

function processor(payTo: Address, overrides: Partial<PaidCallProcessorOptions> = {}): PaidCallProcessor {
  return createPaidCallProcessor({
    payTo,
    ledger: store.ledger,
    paymentIds: store.paymentIds,
    facilitator: createHttpFacilitatorClient({ url: stack.facilitatorUrl }),
    authorizations: createViemAuthorizationReader({ rpcUrl }),
    ...overrides,
  });
}

/** A buyer able to pay `payments` calls, signing with the official client and its payment-identifier helper. */
async function buyer(payments = 2) {
  const account = freshAccount();
  await fundAccount(stack.devnet.faucetUrl, { chain: 'base', address: account.address, usdc: BigInt(payments) * PRICE });
  let nextId: string | undefined;
  const client = createBuyerClient(privateKeyToAccount(account.privateKey), { maxUsdPerPayment: '1', paymentId: () => nextId! });
  return {
    address: account.address,
    /** The PAYMENT-SIGNATURE headers of a new payment of `payments`' 402, naming `id` (none when undefined). */
    async sign(payments: PaidCallProcessor, id?: string): Promise<Record<string, string>> {
      nextId = id;
      const challenge = payments.challenge(snapshot, RESOURCE);
      const signer = id === undefined ? createBuyerClient(privateKeyToAccount(account.privateKey), { maxUsdPerPayment: '1' }) : client;
      const required = signer.getPaymentRequiredResponse((name) => (name.toUpperCase() === 'PAYMENT-REQUIRED' ? challenge.header : null));
      return signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(required));
    },
  };
}

function call<T>(headers: Record<string, string>, run: () => Promise<T>, input: unknown = INPUT) {
  return { entry: snapshot, input, payment: decodePayment(headers), resourceUrl: RESOURCE, requestId: `req-${Math.random()}`, run };
}

function counting<T>(result: T) {
  const handler = { runs: 0, run: async () => ((handler.runs += 1), result) };
  return handler;
}

function expectKind<T, K extends PaidCallOutcome<T>['kind']>(outcome: PaidCallOutcome<T>, kind: K): Extract<PaidCallOutcome<T>, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected ${kind}, got ${outcome.kind}: ${JSON.stringify(outcome)}`);
  return outcome as Extract<PaidCallOutcome<T>, { kind: K }>;
}

function authorizationOf(headers: Record<string, string>) {
  const decoded = decodePayment(headers);
  if (decoded.status !== 'decoded') throw new Error('no payment');
  return decoded.payment.payload.payload.authorization;
}

const used = (payer: Address, nonce: Hex) => base.readContract({ address: CHAINS.base.usdc, abi: eip3009, functionName: 'authorizationState', args: [payer, nonce] });
const newId = () => `order_${Math.random().toString(36).slice(2)}_${Date.now()}`;

describe('payment identifiers (x402 payment-identifier extension)', () => {
  it('every 402 declares the extension (its info; the constant schema left out for header room): optional by default, required when configured', () => {
    const payee = freshAccount().address;
    for (const required of [false, true]) {
      const declared = processor(payee, { requirePaymentIdentifier: required }).challenge(snapshot, RESOURCE).body.paymentRequired.extensions?.[PAYMENT_IDENTIFIER];
      expect(declared).toEqual({ info: { required } });
    }
  });

  it('the official client names the id; the same id and request with a new payment gets the kept answer, charged once, the new authorization unused', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee);
    const payer = await buyer();
    const id = newId();
    const handler = counting({ verdict: 'clean' });

    const firstHeaders = await payer.sign(payments, id);
    const first = expectKind(await payments.handle(call(firstHeaders, handler.run)), 'paid');
    expect(first.replay).toBe(false);
    const binding = await store.paymentIds.get(payer.address, id);
    expect(binding).toMatchObject({ x402RequestId: first.x402RequestId });

    const secondHeaders = await payer.sign(payments, id);
    expect(authorizationOf(secondHeaders).nonce).not.toBe(authorizationOf(firstHeaders).nonce);
    const second = expectKind(await payments.handle(call(secondHeaders, handler.run)), 'paid');
    expect(second).toMatchObject({ replay: true, result: first.result, receipt: first.receipt, x402RequestId: first.x402RequestId });
    expect(handler.runs).toBe(1);
    expect(await usdcBalance(payee)).toBe(PRICE);
    expect(await used(payer.address, authorizationOf(secondHeaders).nonce)).toBe(false);
    expect(await usdcBalance(payer.address)).toBe(PRICE);
  });

  it('the same id for other input: 409 payment_identifier_conflict, the tool not run, nothing charged', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee);
    const payer = await buyer();
    const id = newId();
    const handler = counting('first');
    expectKind(await payments.handle(call(await payer.sign(payments, id), handler.run)), 'paid');

    const other = await payer.sign(payments, id);
    const conflict = expectKind(await payments.handle(call(other, handler.run, { address: '0x0000000000000000000000000000000000000001' })), 'payment_identifier_conflict');
    expect(conflict.paymentId).toBe(id);
    expect(handler.runs).toBe(1);
    expect(await usdcBalance(payee)).toBe(PRICE);
    expect(await used(payer.address, authorizationOf(other).nonce)).toBe(false);
  });

  it('required: a v2 payment without an id gets payment_identifier_required, a malformed id payment_identifier_invalid; nothing runs, nothing is charged', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee, { requirePaymentIdentifier: true });
    const payer = await buyer();
    const handler = counting('never');

    const missing = expectKind(await payments.handle(call(await payer.sign(payments), handler.run)), 'payment_identifier_refused');
    expect(missing.code).toBe('payment_identifier_required');

    const signed = await payer.sign(payments, newId());
    const decoded = JSON.parse(Buffer.from(signed['PAYMENT-SIGNATURE']!, 'base64').toString('utf8')) as { extensions: Record<string, { info: { id: string } }> };
    decoded.extensions[PAYMENT_IDENTIFIER]!.info.id = 'short';
    const invalid = expectKind(await payments.handle(call({ 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(decoded)).toString('base64') }, handler.run)), 'payment_identifier_refused');
    expect(invalid).toMatchObject({ code: 'payment_identifier_invalid', problem: expect.stringContaining('16-128') });
    expect(handler.runs).toBe(0);
    expect(await usdcBalance(payee)).toBe(0n);
  });

  it('an earlier payment that charged nothing (the tool failed) hands the id on: the next payment runs and is charged once', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee);
    const payer = await buyer();
    const id = newId();
    const failed = expectKind(await payments.handle(call(await payer.sign(payments, id), () => Promise.reject(new Error('boom')))), 'failed');
    expect(await store.paymentIds.get(payer.address, id)).toMatchObject({ x402RequestId: failed.x402RequestId });

    const handler = counting('second try');
    const paid = expectKind(await payments.handle(call(await payer.sign(payments, id), handler.run)), 'paid');
    expect(paid).toMatchObject({ replay: false, result: 'second try' });
    expect(paid.x402RequestId).not.toBe(failed.x402RequestId);
    expect(await store.paymentIds.get(payer.address, id)).toMatchObject({ x402RequestId: paid.x402RequestId });
    expect(await usdcBalance(payee)).toBe(PRICE);
  });

  it('ten payments naming one id at once: one tool run and one transfer; the others get the kept answer or an in-progress answer', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee);
    const payer = await buyer(10);
    const id = newId();
    const signed = [];
    for (let i = 0; i < 10; i++) signed.push(await payer.sign(payments, id));
    const handler = counting('once');
    const outcomes = await Promise.all(signed.map((headers) => payments.handle(call(headers, handler.run))));
    const fresh = outcomes.filter((o) => o.kind === 'paid' && !o.replay);
    expect(fresh).toHaveLength(1);
    expect(outcomes.every((o) => o.kind === 'paid' || o.kind === 'payment_in_progress')).toBe(true);
    expect(handler.runs).toBe(1);
    expect(await usdcBalance(payee)).toBe(PRICE);
    expect(await usdcBalance(payer.address)).toBe(9n * PRICE);
  });

  it('an identifier store that does not answer: 503 store_unavailable before anything runs or is charged', async () => {
    const payee = freshAccount().address;
    const down = (): Promise<never> => Promise.reject(new Error('connection refused'));
    const unreachable: PaymentIdentifierStore = { get: down, bind: down, rebind: down };
    const payments = processor(payee, { paymentIds: unreachable });
    const payer = await buyer();
    const handler = counting('never');
    const outcome = expectKind(await payments.handle(call(await payer.sign(payments, newId()), handler.run)), 'unavailable');
    expect(outcome.source).toBe('store');
    expect(handler.runs).toBe(0);
    expect(await usdcBalance(payee)).toBe(0n);
  });

  it('binding failing after the claim releases the payment: 503, nothing charged, the same payment can be presented again', async () => {
    const payee = freshAccount().address;
    const flaky: PaymentIdentifierStore = { get: (...args) => store.paymentIds.get(...args), bind: () => Promise.reject(new Error('connection reset')), rebind: (...args) => store.paymentIds.rebind(...args) };
    const payer = await buyer();
    const headers = await payer.sign(processor(payee), newId());
    const handler = counting('after the store recovered');
    const outcome = expectKind(await processor(payee, { paymentIds: flaky }).handle(call(headers, handler.run)), 'unavailable');
    expect(await store.ledger.get(outcome.x402RequestId!)).toMatchObject({ state: 'released' });
    expect(handler.runs).toBe(0);

    const paid = expectKind(await processor(payee).handle(call(headers, handler.run)), 'paid');
    expect(paid.result).toBe('after the store recovered');
    expect(await usdcBalance(payee)).toBe(PRICE);
  });

  it('a replay must carry the signature that claimed the payment: payer and nonce alone (public on chain) get nothing', async () => {
    const payee = freshAccount().address;
    const payments = processor(payee);
    const payer = await buyer(1);
    const headers = await payer.sign(payments);
    expectKind(await payments.handle(call(headers, counting('paid answer').run)), 'paid');

    const forged = JSON.parse(Buffer.from(headers['PAYMENT-SIGNATURE']!, 'base64').toString('utf8')) as { payload: { signature: string } };
    forged.payload.signature = `0x${'11'.repeat(65)}`;
    const outcome = expectKind(await payments.handle(call({ 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(forged)).toString('base64') }, counting('never').run)), 'payment_rejected');
    expect(outcome.challenge.body.error).toMatchObject({ code: 'payment_invalid', details: { reason: 'signature_mismatch' } });
  });
});
