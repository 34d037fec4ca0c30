import { CHAINS, priceOf, toolById } from '@paysight/contracts';
import { DEFAULT_RELEASE_GRACE_SECONDS, createReconciler, createViemAuthorizationReader, defaultStaleAfterMs } from '@paysight/payment';
import { fundedBuyer, officialPaymentClient, readTestStack, startMisbehavingFacilitator, usdcBalance, type MisbehavingFacilitator } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address, type Hex, createPublicClient, http, parseAbi } from 'viem';

jest.setTimeout(120_000);

const stack = readTestStack();
const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const FUNDS = 1_000_000n;
const body = JSON.stringify({ address: stack.devnet.scenario.chains.base.wallets.alice!.address, chain: 'base' });
const rpcUrl = stack.devnet.chains.base.rpcUrl;
const base = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
const eip3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const authorizationUsed = (authorizer: Address, nonce: Hex) => base.readContract({ address: CHAINS.base.usdc, abi: eip3009, functionName: 'authorizationState', args: [authorizer, nonce] });

interface Answer {
  status: number;
  retryAfter: string | null;
  receipt: string | null;
  body: { ok: boolean; error?: { code: string; details?: Record<string, unknown> } };
}

/** Pays one wallet_snapshot with the official client; keeps the signed payment so the test can present it again. */
async function pay(api: TestApi) {
  const buyer = await fundedBuyer(FUNDS);
  let signature: string | null = null;
  const watching: typeof fetch = (input, init) => {
    signature ??= new Headers(input instanceof Request ? input.headers : init?.headers).get('payment-signature');
    return fetch(input, init);
  };
  const first = await answerOf(wrapFetchWithPayment(watching, officialPaymentClient(buyer))(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
  if (!signature) throw new Error(`the client did not pay (status ${first.status})`);
  const payment = JSON.parse(Buffer.from(signature, 'base64').toString('utf8')) as PaymentPayload;
  const { nonce, validBefore } = (payment.payload as { authorization: { nonce: Hex; validBefore: string } }).authorization;
  const signed: string = signature;
  const presentAgain = () => answerOf(fetch(`${api.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': signed }, body }));
  return { first, buyer, nonce, validBefore: Number(validBefore), signature: signed, presentAgain };
}

async function answerOf(pending: Promise<Response>): Promise<Answer> {
  const res = await pending;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), receipt: res.headers.get('payment-response'), body: (await res.json()) as Answer['body'] };
}

/** `settlement_pending`: the facilitator says the transfer is broadcast, not confirmed; `late`: a slow facilitator that settles only after the service's settle deadline. */
describe('settle-pending payments end settled or released, with the real facilitator behind a misbehaving one', () => {
  let proxy: MisbehavingFacilitator;
  let api: TestApi;
  const reconcile = (clock?: () => Date) => createReconciler({ ledger: api.store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl }), clock }).reconcileOnce();
  beforeAll(async () => {
    proxy = await startMisbehavingFacilitator(stack.facilitatorUrl);
    api = await startTestApi({ facilitatorUrl: proxy.url, facilitatorSettleTimeoutMs: 800 });
  });
  afterEach(() => proxy.set('pass'));
  afterAll(async () => {
    await api.close();
    await proxy.close();
  });

  it.each([
    ['settlement_pending', 'settlement_pending'],
    ['late', 'facilitator_unavailable'],
  ] as const)('%s, then the transfer lands: 409 with Retry-After meanwhile; the reconciler settles it and the same payment gets the kept answer, charged once', async (mode, heldFor) => {
    proxy.set(mode, ['settle']);
    const payeeBefore = await usdcBalance(api.payTo);
    const paid = await pay(api);
    expect([paid.first.status, paid.first.body.error?.code, paid.first.retryAfter]).toEqual([409, 'payment_pending_settlement', expect.stringMatching(/^\d+$/)]);
    const x402RequestId = paid.first.body.error?.details?.x402RequestId as string;
    expect(await api.store.ledger.get(x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: heldFor });
    await proxy.landed();

    const again = await paid.presentAgain();
    expect([again.status, again.body.error?.code]).toEqual([409, 'payment_pending_settlement']);
    expect((await reconcile()).settled).toContain(x402RequestId);
    const row = await api.store.ledger.get(x402RequestId);
    expect(row).toMatchObject({ state: 'settled', settlementTx: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

    const replay = await paid.presentAgain();
    expect([replay.status, replay.body.ok]).toEqual([200, true]);
    expect(replay.body).toEqual(row!.resultJson);
    expect(decodePaymentResponseHeader(replay.receipt!)).toMatchObject({ success: true, transaction: row!.settlementTx });
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS - PRICE);
    expect((await usdcBalance(api.payTo)) - payeeBefore).toBe(PRICE);
  });

  it('the pending row lives in the shared store: the background reconciler of another instance settles it, and that instance serves the kept answer', async () => {
    const other = await startTestApi({ store: api.store, payTo: api.payTo, reconcile: { intervalMs: 1_000, batchSize: 10, staleAfterMs: defaultStaleAfterMs() } });
    try {
      proxy.set('settlement_pending', ['settle']);
      const payeeBefore = await usdcBalance(api.payTo);
      const paid = await pay(api);
      expect([paid.first.status, paid.first.body.error?.code]).toEqual([409, 'payment_pending_settlement']);
      await proxy.landed();

      const atOther = () => answerOf(fetch(`${other.url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': paid.signature }, body }));
      let answer = await atOther();
      // Bounded: the other instance's reconciler runs every second; 60 looks are far more than it needs.
      for (let look = 0; look < 60 && answer.status === 409; look++) {
        expect([answer.body.error?.code, answer.retryAfter]).toEqual(['payment_pending_settlement', '1']);
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await atOther();
      }
      const row = await api.store.ledger.get(paid.first.body.error?.details?.x402RequestId as string);
      expect([answer.status, row?.state]).toEqual([200, 'settled']);
      expect(answer.body).toEqual(row!.resultJson);
      expect((await usdcBalance(api.payTo)) - payeeBefore).toBe(PRICE);
    } finally {
      await other.close();
    }
  });

  it('a facilitator that hangs before mining: 409 pending; after validBefore the reconciler releases it, nothing charged, the payment pays for nothing more', async () => {
    proxy.set('hang', ['settle']);
    const paid = await pay(api);
    expect([paid.first.status, paid.first.body.error?.code]).toEqual([409, 'payment_pending_settlement']);
    const x402RequestId = paid.first.body.error?.details?.x402RequestId as string;

    expect((await reconcile()).pending).toContain(x402RequestId);
    const afterExpiry = () => new Date((paid.validBefore + DEFAULT_RELEASE_GRACE_SECONDS) * 1000);
    expect((await reconcile(afterExpiry)).released).toContain(x402RequestId);
    expect(await api.store.ledger.get(x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });

    proxy.set('pass');
    const again = await paid.presentAgain();
    expect(again.status).toBe(402);
    expect(await authorizationUsed(paid.buyer.address, paid.nonce)).toBe(false);
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS);
  });
});
