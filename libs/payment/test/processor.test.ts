import { ChainUnavailableError, NotFoundAnswer, StoreUnavailableError, type Store, fingerprint, toolById } from '@paysight/contracts';
import { freshAccount, fundAccount } from '@paysight/devnet';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address, type Hex, type LocalAccount, createWalletClient, erc20Abi, http } from 'viem';
import {
  type PaidCallOutcome,
  defaultStaleAfterMs,
  paymentSignatureHash,
  x402RequestIdOf,
  type PaidCallProcessorOptions,
  baseChain,
  buildChallenge,
  createHttpFacilitatorClient,
  createPaidCallProcessor,
  createBuyerClient,
  createReconciler,
  createViemAuthorizationReader,
  challengeHeaders,
  DEFAULT_RELEASE_GRACE_SECONDS,
  decodePayment,
  receiptHeaders,
  createReceiptSigner,
  responseHashOf,
  OFFER_RESIGN_MARGIN_SECONDS,
  OFFER_VALIDITY_SECONDS,
  startLocalFacilitator,
  startResultPruner,
  verifyDeliverySignature,
} from '../src/index.js';
import { verifyOfferSignatureEIP712, verifyReceiptSignatureEIP712 } from '@x402/extensions/offer-receipt';
import { generatePrivateKey } from 'viem/accounts';
import { type ChainHarness, USDC, startChainHarness } from './support/chain.js';
import { startLossyProxy } from './support/lossy-proxy.js';
import { officialPaymentHeaders } from './support/official-client.js';
import { startPaidServer } from './support/paid-server.js';
import { payerCalls } from './support/eip3009.js';
import { newLedgerClaim, openTestStore } from '@paysight/testkit';

jest.setTimeout(60_000);

const walletSnapshot = toolById('wallet_snapshot')!;
const deepReport = toolById('deep_wallet_report')!;
const PRICE = 10_000n;
const RESOURCE = 'http://127.0.0.1/api/x402/wallet-snapshot';
/** Nobody listens here: a processor pointed at it fails if it ever calls the facilitator. */
const DEAD_FACILITATOR = 'http://127.0.0.1:9';

let chain: ChainHarness;
let store: Store;
beforeAll(async () => {
  // The store first: opening PGlite blocks the event loop for seconds, long enough for the in-process
  // faucet to time out an idle keep-alive socket that the client would then reuse (ECONNRESET).
  store = await openTestStore();
  chain = await startChainHarness();
});
afterAll(async () => {
  await Promise.all([chain?.close(), store?.close()]);
});

function processor(payTo: Address, overrides: Partial<PaidCallProcessorOptions> = {}) {
  return createPaidCallProcessor({
    payTo,
    ledger: store.ledger,
    paymentIds: store.paymentIds,
    facilitator: createHttpFacilitatorClient({ url: chain.facilitator.url }),
    authorizations: createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl }),
    ...overrides,
  });
}

/** A second local facilitator with its own funded signer, for tests that stop or starve it. */
async function fundedFacilitator(options: { confirmationTimeoutMs?: number } = {}) {
  const signer = freshAccount();
  await fundAccount(chain.devnet.faucetUrl, { chain: 'base', address: signer.address, native: 10n ** 17n });
  return startLocalFacilitator({ rpcUrl: chain.baseRpcUrl, privateKey: signer.privateKey, ...options });
}

/** A handler that counts its runs. */
function countingHandler<T>(result: T, effect?: () => Promise<void>) {
  const handler = {
    runs: 0,
    run: async () => {
      handler.runs += 1;
      await effect?.();
      return result;
    },
  };
  return handler;
}

/** A fresh buyer and payee, and the payment headers the official client makes from our challenge. */
async function paymentFor(version: 1 | 2 = 2, options: { entry?: typeof walletSnapshot; payTo?: Address; native?: bigint } = {}) {
  const buyer = await chain.newBuyer({ usdc: 10n * PRICE, native: options.native });
  const payee = chain.newPayee();
  const challenge = buildChallenge(options.entry ?? walletSnapshot, { payTo: options.payTo ?? payee, resourceUrl: RESOURCE });
  const headers = await officialPaymentHeaders(buyer, challenge, version);
  return { buyer, payee, headers };
}

/** The authorization inside payment headers. */
function signedPayload(headers: Record<string, string>) {
  const decoded = decodePayment(headers);
  if (decoded.status !== 'decoded') throw new Error('the payment did not decode');
  return decoded.payment.payload.payload as { signature: string; authorization: { from: Address; nonce: Hex; validBefore: string } };
}
const authorizationOf = (headers: Record<string, string>) => signedPayload(headers).authorization;
const signatureOf = (headers: Record<string, string>) => signedPayload(headers).signature;

function call<T>(headers: Record<string, string>, run: () => Promise<T>, input: unknown = { address: '0x1234567890123456789012345678901234567890' }) {
  return { entry: walletSnapshot, input, payment: decodePayment(headers), resourceUrl: RESOURCE, requestId: `req-${Math.random()}`, run };
}

function expectKind<T, K extends PaidCallOutcome<T>['kind']>(outcome: PaidCallOutcome<T>, kind: K): Extract<PaidCallOutcome<T>, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected ${kind}, got ${outcome.kind}: ${JSON.stringify(outcome)}`);
  return outcome as Extract<PaidCallOutcome<T>, { kind: K }>;
}

describe('paid-call processor', () => {
  it('without a payment: 402 with the challenge (PAYMENT-REQUIRED header and body), the handler not run', async () => {
    const handler = countingHandler('result');
    const outcome = expectKind(await processor(chain.newPayee()).handle(call({}, handler.run)), 'payment_required');
    expect(challengeHeaders(outcome.challenge)['PAYMENT-REQUIRED']).toBe(outcome.challenge.header);
    expect(outcome.challenge.body.error.code).toBe('payment_required');
    expect(handler.runs).toBe(0);
  });

  it('the unpaid challenge names each resource URL and each tool, however often it is asked for', async () => {
    const payments = processor(chain.newPayee());
    const unpaid = async (entry: typeof walletSnapshot, resourceUrl: string) =>
      expectKind(await payments.handle({ ...call({}, () => Promise.resolve('never')), entry, resourceUrl }), 'payment_required').challenge;
    const first = await unpaid(walletSnapshot, RESOURCE);
    expect(await unpaid(walletSnapshot, RESOURCE)).toEqual(first);
    expect((await unpaid(walletSnapshot, 'http://127.0.0.1:9999/api/x402/wallet-snapshot')).body.paymentRequired.resource.url).toBe('http://127.0.0.1:9999/api/x402/wallet-snapshot');
    expect((await unpaid(deepReport, RESOURCE)).body.accepts[0].maxAmountRequired).toBe('5000000');
    expect(first.body.paymentRequired.resource.url).toBe(RESOURCE);
  });

  it('pays once through @x402/fetch: handler once, one transfer, PAYMENT-RESPONSE, ledger settled; a replay serves the kept answer', async () => {
    const buyer = await chain.newBuyer({ usdc: 10n * PRICE });
    const payee = chain.newPayee();
    const handler = countingHandler({ verdict: 'clean' });
    const server = await startPaidServer(processor(payee), walletSnapshot, handler.run);
    try {
      const payingFetch = wrapFetchWithPayment(fetch, createBuyerClient(buyer, { maxUsdPerPayment: null }));
      const response = await payingFetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: buyer.address }) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, tool: 'wallet_snapshot', result: { verdict: 'clean' } });
      const receipt = decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE')!);
      expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: buyer.address, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      expect(handler.runs).toBe(1);
      expect(await chain.usdcBalance(payee)).toBe(PRICE);

      const paymentHeader = server.received.at(-1)!['payment-signature'] as string;
      const decoded = decodePayment({ 'payment-signature': paymentHeader });
      if (decoded.status !== 'decoded') throw new Error('the client sent no decodable payment');
      const [row] = await store.ledger.list({ state: 'settled', limit: 200 }).then((rows) => rows.filter((r) => r.payer === buyer.address));
      const served = { ok: true, tool: 'wallet_snapshot', result: { verdict: 'clean' } };
      expect(row).toMatchObject({ toolId: 'wallet_snapshot', payTo: payee, amount: '10000', protocolVersion: 2, settlementTx: receipt.transaction, resultHash: fingerprint(served), resultJson: served });
      expect(response.headers.get('paysight-replay')).toBeNull();

      const replay = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': paymentHeader }, body: JSON.stringify({ address: buyer.address }) });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual(served);
      expect(replay.headers.get('paysight-replay')).toBe('true');
      expect(replay.headers.get('PAYMENT-RESPONSE')).toBe(response.headers.get('PAYMENT-RESPONSE'));

      const otherRequest = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': paymentHeader }, body: '{}' });
      expect(otherRequest.status).toBe(409);
      expect(((await otherRequest.json()) as { error: unknown }).error).toMatchObject({ code: 'payment_bound_to_other_request' });
      expect(handler.runs).toBe(1);
      expect(await chain.usdcBalance(payee)).toBe(PRICE);
      expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('accepts an x402 v1 payment made from the 402 body (X-PAYMENT) and answers X-PAYMENT-RESPONSE', async () => {
    const { buyer, payee, headers } = await paymentFor(1);
    expect(Object.keys(headers)).toEqual(['X-PAYMENT']);
    const handler = countingHandler('v1 result');
    const outcome = expectKind(await processor(payee).handle(call(headers, handler.run)), 'paid');
    expect(outcome.protocolVersion).toBe(1);
    expect(decodePaymentResponseHeader(receiptHeaders(outcome.receipt, outcome.protocolVersion)['X-PAYMENT-RESPONSE']!)).toEqual({ success: true, transaction: outcome.settlement.transaction, network: 'base', payer: buyer.address });
    expect(outcome.ledgerEntry).toMatchObject({ state: 'settled', protocolVersion: 1 });
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('an answer with a secret shown once: the ledger keeps its kept form, a replay is rebuilt from it, and one that no longer hashes as served gets only the hash', async () => {
    const { payee, headers } = await paymentFor();
    const served = { id: 'n1', secret: 'shown-once' };
    const kept = { keep: ({ secret: _secret, ...rest }: typeof served) => rest, restore: async (form: unknown) => ({ ...(form as { id: string }), secret: 'shown-once' }) };
    const handler = countingHandler(served);
    const first = expectKind(await processor(payee).handle({ ...call(headers, handler.run), kept }), 'paid');
    expect(first.result).toEqual(served);
    const row = await store.ledger.get(first.x402RequestId);
    expect(row).toMatchObject({ state: 'settled', resultJson: { id: 'n1' }, resultHash: fingerprint(served) });

    const replay = expectKind(await processor(payee).handle({ ...call(headers, handler.run), kept }), 'paid');
    expect([replay.replay, replay.result, handler.runs]).toEqual([true, served, 1]);
    const otherSecret = { ...kept, restore: async (form: unknown) => ({ ...(form as { id: string }), secret: 'derived with another key' }) };
    const expired = expectKind(await processor(payee).handle({ ...call(headers, handler.run), kept: otherSecret }), 'result_expired');
    expect(expired.resultHash).toBe(fingerprint(served));
    expect(handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('a handler failure settles nothing and releases the payment; the same payment then pays for a successful call', async () => {
    const { payee, headers } = await paymentFor();
    const failing = () => Promise.reject(new Error('boom'));
    const failed = expectKind(await processor(payee).handle(call(headers, failing)), 'failed');
    expect((failed.error as Error).message).toBe('boom');
    expect(await store.ledger.get(failed.x402RequestId)).toMatchObject({ state: 'released', errorCode: 'handler_failed', settlementTx: null });
    expect(await chain.usdcBalance(payee)).toBe(0n);

    const handler = countingHandler('second try');
    const paid = expectKind(await processor(payee).handle(call(headers, handler.run)), 'paid');
    expect(paid.x402RequestId).toBe(failed.x402RequestId);
    expect(paid.ledgerEntry).toMatchObject({ state: 'settled', attempts: 2 });
    expect(handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('a handler answering NotFoundAnswer: not_found with its code, nothing charged, payment released and good for a later try', async () => {
    const { payee, headers } = await paymentFor();
    const outcome = expectKind(await processor(payee).handle(call(headers, () => Promise.reject(new NotFoundAnswer('notary_record_not_found', 'No such record.')))), 'not_found');
    expect(outcome).toMatchObject({ code: 'notary_record_not_found', message: 'No such record.' });
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ state: 'released', errorCode: 'notary_record_not_found', settlementTx: null });
    expect(await chain.usdcBalance(payee)).toBe(0n);
    const paid = expectKind(await processor(payee).handle(call(headers, countingHandler('found now').run)), 'paid');
    expect(paid.x402RequestId).toBe(outcome.x402RequestId);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('chain data unavailable in the handler: 503 chain_unavailable, nothing charged, payment released', async () => {
    const { payee, headers } = await paymentFor();
    const outcome = expectKind(await processor(payee).handle(call(headers, () => Promise.reject(new ChainUnavailableError('ethereum', 'rpc down')))), 'unavailable');
    expect(outcome).toMatchObject({ source: 'chain', message: expect.stringMatching(/Nothing was charged/) });
    expect(await store.ledger.get(outcome.x402RequestId!)).toMatchObject({ state: 'released', errorCode: 'chain_unavailable' });
    expect(await chain.usdcBalance(payee)).toBe(0n);
  });

  it('stored data the tool reads unavailable: 503 from the store, nothing charged, payment released and good for a later try', async () => {
    const { payee, headers } = await paymentFor();
    const outcome = expectKind(await processor(payee).handle(call(headers, () => Promise.reject(new StoreUnavailableError('observations down')))), 'unavailable');
    expect(outcome).toMatchObject({ source: 'store', message: expect.stringMatching(/Nothing was charged/) });
    expect(await store.ledger.get(outcome.x402RequestId!)).toMatchObject({ state: 'released', errorCode: 'store_unavailable' });
    expect(await chain.usdcBalance(payee)).toBe(0n);
    expect(expectKind(await processor(payee).handle(call(headers, () => Promise.resolve('later'))), 'paid').result).toBe('later');
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('20 concurrent copies of one payment: exactly one handler run and one transfer', async () => {
    const { buyer, payee, headers } = await paymentFor();
    const handler = countingHandler('once');
    const paid = processor(payee);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => paid.handle(call(headers, handler.run))));
    const kinds = outcomes.map((o) => o.kind);
    const paidOutcomes = outcomes.filter((o) => o.kind === 'paid');
    expect(paidOutcomes.filter((o) => !o.replay)).toHaveLength(1);
    expect(kinds.filter((k) => k !== 'paid').every((k) => k === 'payment_in_progress')).toBe(true);
    for (const outcome of paidOutcomes) expect(outcome).toMatchObject({ result: 'once', receipt: paidOutcomes[0]!.receipt });
    for (const outcome of outcomes) if (outcome.kind === 'payment_in_progress') expect(outcome.x402RequestId).toMatch(/^x402_/);
    expect(handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
  });

  it('facilitator stopped: 503, the handler not run, nothing recorded or moved', async () => {
    const signer = freshAccount();
    const stopped = await startLocalFacilitator({ rpcUrl: chain.baseRpcUrl, privateKey: signer.privateKey });
    await stopped.close();
    const { buyer, payee, headers } = await paymentFor();
    const handler = countingHandler('never');
    const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: stopped.url }) }).handle(call(headers, handler.run)), 'unavailable');
    expect(outcome).toMatchObject({ source: 'facilitator' });
    expect(handler.runs).toBe(0);
    expect(await store.ledger.get(outcome.x402RequestId!)).toBeNull();
    expect(await chain.usdcBalance(payee)).toBe(0n);
    expect(await chain.usdcBalance(buyer.address)).toBe(10n * PRICE);
  });

  it.each([
    ['amount', { entry: deepReport }, ['accepted.amount', 'payload.authorization.value']],
    ['payee', { payTo: '0x000000000000000000000000000000000000dEaD' as Address }, ['accepted.payTo', 'payload.authorization.to']],
  ] as const)('a payment with another %s is rejected before verify (the facilitator is never asked)', async (_label, signedFor, fields) => {
    const { payee, headers } = await paymentFor(2, signedFor);
    const handler = countingHandler('never');
    const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }) }).handle(call(headers, handler.run)), 'payment_rejected');
    expect(outcome.reason).toBe('mismatch');
    expect(outcome.challenge.body.error.code).toBe('payment_mismatch');
    expect((outcome.challenge.body.error.details as { mismatches: { field: string }[] }).mismatches.map((m) => m.field)).toEqual(fields);
    expect(challengeHeaders(outcome.challenge)['PAYMENT-REQUIRED']).toBe(outcome.challenge.header);
    expect(handler.runs).toBe(0);
  });

  it('an expired authorization is rejected before verify', async () => {
    const { payee, headers } = await paymentFor();
    const tomorrow = () => new Date(Date.now() + 86_400_000);
    const outcome = expectKind(
      await processor(payee, { clock: tomorrow, facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }) }).handle(call(headers, () => Promise.resolve('never'))),
      'payment_rejected',
    );
    expect(outcome).toMatchObject({ reason: 'invalid', challenge: { body: { error: { code: 'payment_invalid', details: { reason: 'authorization_expired' } } } } });
  });

  it('a malformed header is rejected with a fresh challenge', async () => {
    const outcome = expectKind(await processor(chain.newPayee()).handle(call({ 'PAYMENT-SIGNATURE': 'bm90IGpzb24=' }, () => Promise.resolve('never'))), 'payment_rejected');
    expect(outcome).toMatchObject({ reason: 'malformed', x402RequestId: null, challenge: { body: { error: { code: 'payment_invalid', details: { reason: 'malformed', carrier: 'PAYMENT-SIGNATURE header' } } } } });
  });

  it('a payment the facilitator refuses (tampered signature) is rejected with its reason', async () => {
    const { payee, headers } = await paymentFor();
    const decoded = decodePayment(headers);
    if (decoded.status !== 'decoded' || decoded.payment.version !== 2) throw new Error('expected a v2 payment');
    const tampered = structuredClone(decoded.payment.payload);
    tampered.payload.signature = `0x${'11'.repeat(65)}`;
    const handler = countingHandler('never');
    const outcome = expectKind(await processor(payee).handle(call({ 'payment-signature': Buffer.from(JSON.stringify(tampered)).toString('base64') }, handler.run)), 'payment_rejected');
    expect(outcome).toMatchObject({ reason: 'invalid', challenge: { body: { error: { code: 'payment_invalid', details: { facilitatorReason: 'invalid_exact_evm_signature' } } } } });
    expect(handler.runs).toBe(0);
  });

  it('the facilitator vanishes while the handler runs: held as settle_pending, then released by the reconciler once validBefore passed; nothing charged', async () => {
    const vanishing = await fundedFacilitator();
    const { payee, headers } = await paymentFor();
    const handler = countingHandler('RESULT-7f3a', () => vanishing.close());
    const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: vanishing.url }) }).handle(call(headers, handler.run)), 'settlement_pending');
    expect(JSON.stringify(outcome)).not.toContain('RESULT-7f3a');
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: 'facilitator_unavailable', resultJson: 'RESULT-7f3a' });
    expectKind(await processor(payee).handle(call(headers, handler.run)), 'settlement_pending');

    const decoded = decodePayment(headers);
    if (decoded.status !== 'decoded') throw new Error('the payment did not decode');
    const { validBefore } = (decoded.payment.payload.payload as { authorization: { validBefore: string } }).authorization;
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ validBefore });
    const afterExpiry = () => new Date((Number(validBefore) + DEFAULT_RELEASE_GRACE_SECONDS) * 1000);
    const reconcile = (clock?: () => Date) => createReconciler({ ledger: store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl }), clock }).reconcileOnce();
    expect((await reconcile()).pending).toContain(outcome.x402RequestId);
    expect((await reconcile(afterExpiry)).released).toEqual([outcome.x402RequestId]);
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });
    expect(await chain.usdcBalance(payee)).toBe(0n);

    const again = expectKind(await processor(payee).handle(call(headers, handler.run)), 'payment_rejected');
    expect(again.reason).toBe('already_used');
    expect(handler.runs).toBe(1);
  });

  it('no settle answer and an unreadable chain: held as settle_pending; presenting it again says so, nothing runs', async () => {
    const vanishing = await fundedFacilitator();
    const { payee, headers } = await paymentFor();
    const handler = countingHandler('RESULT-7f3a', () => vanishing.close());
    const held = processor(payee, { facilitator: createHttpFacilitatorClient({ url: vanishing.url }), authorizations: createViemAuthorizationReader({ rpcUrl: DEAD_FACILITATOR }), pendingRetryAfterSeconds: 7 });
    const outcome = expectKind(await held.handle(call(headers, handler.run)), 'settlement_pending');
    expect(outcome.retryAfterSeconds).toBe(7);
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ state: 'settle_pending' });

    const again = expectKind(await processor(payee).handle(call(headers, handler.run)), 'settlement_pending');
    expect(again).toMatchObject({ x402RequestId: outcome.x402RequestId, retryAfterSeconds: 30 });
    expect(handler.runs).toBe(1);
  });

  it('settlement_pending from the facilitator (broadcast, not confirmed in time): held; once mined the reconciler settles it and a replay serves the kept answer, paid once', async () => {
    const impatient = await fundedFacilitator({ confirmationTimeoutMs: 200 });
    const { buyer, payee, headers } = await paymentFor();
    const mining = (on: boolean) => chain.base.request({ method: 'evm_setAutomine' as never, params: [on] as never });
    const handler = countingHandler('RESULT-7f3a', () => mining(false));
    const reconciler = createReconciler({ ledger: store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl }) });
    let x402RequestId: string;
    try {
      const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: impatient.url }) }).handle(call(headers, handler.run)), 'settlement_pending');
      x402RequestId = outcome.x402RequestId;
      expect(await store.ledger.get(x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: 'settlement_pending' });
      expect((await reconciler.reconcileOnce()).pending).toContain(x402RequestId);
    } finally {
      await mining(true);
      await chain.base.request({ method: 'evm_mine' as never });
      await impatient.close();
    }
    expect((await reconciler.reconcileOnce()).settled).toContain(x402RequestId);
    const settled = await store.ledger.get(x402RequestId);
    expect(settled).toMatchObject({ state: 'settled', settlementTx: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

    // Settled by the reconciler, which signs nothing: the first replay signs the receipt and keeps it for the next ones.
    const signing = processor(payee, { receiptSigner: createReceiptSigner(generatePrivateKey()) });
    const replay = expectKind(await signing.handle(call(headers, handler.run)), 'paid');
    expect(replay).toMatchObject({ replay: true, result: 'RESULT-7f3a', receipt: { success: true, transaction: settled!.settlementTx } });
    expect(replay.receipt.extensions?.['offer-receipt'].info.receipt.payload).toMatchObject({ transaction: settled!.settlementTx, payer: buyer.address });
    expect((await store.ledger.get(x402RequestId))?.signedReceipt).toEqual(replay.receipt.extensions);
    expect(expectKind(await signing.handle(call(headers, handler.run)), 'paid').receipt).toEqual(replay.receipt);
    expect(handler.runs).toBe(1);
    expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('the settle reply is lost after the transfer was mined: reconciled from the chain, paid once', async () => {
    const proxy = await startLossyProxy(chain.facilitator.url, ['/settle']);
    try {
      const { buyer, payee, headers } = await paymentFor();
      const handler = countingHandler('delivered');
      const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: proxy.url }) }).handle(call(headers, handler.run)), 'paid');
      expect(outcome.result).toBe('delivered');
      const tx = outcome.settlement.transaction!;
      const receipt = await chain.base.getTransactionReceipt({ hash: tx });
      expect(receipt.status).toBe('success');
      expect(outcome.ledgerEntry).toMatchObject({ state: 'settled', settlementTx: tx });
      expect(await chain.usdcBalance(payee)).toBe(PRICE);
      expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('a definite settle failure (the buyer spent the funds meanwhile): 402 settlement_failed, result withheld, nothing charged', async () => {
    const { buyer, payee, headers } = await paymentFor(2, { native: 10n ** 17n });
    const drain = async () => {
      const wallet = createWalletClient({ account: buyer as LocalAccount, chain: baseChain(chain.baseRpcUrl), transport: http(chain.baseRpcUrl, { retryCount: 0 }) });
      const hash = await wallet.writeContract({ address: USDC, abi: erc20Abi, functionName: 'transfer', args: [freshAccount().address, 10n * PRICE] });
      await chain.base.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    };
    const handler = countingHandler('RESULT-7f3a', drain);
    const outcome = expectKind(await processor(payee).handle(call(headers, handler.run)), 'payment_rejected');
    expect(outcome).toMatchObject({ reason: 'settlement_failed', challenge: { body: { error: { code: 'settlement_failed' } } } });
    expect(JSON.stringify(outcome)).not.toContain('RESULT-7f3a');
    expect(await store.ledger.get(outcome.x402RequestId!)).toMatchObject({ state: 'settle_failed' });
    expect(await chain.usdcBalance(payee)).toBe(0n);
  });
});

describe('cancelled authorizations and payments a dead process left in settling', () => {
  it('the payer cancels the authorization while the handler runs (a real cancelAuthorization): the nonce is used but nothing moved, so 402 settlement_failed, the answer not kept, nothing charged', async () => {
    const { buyer, payee, headers } = await paymentFor(2, { native: 10n ** 17n });
    const { nonce } = authorizationOf(headers);
    const handler = countingHandler('RESULT-7f3a', async () => void (await payerCalls(buyer as LocalAccount, chain.base, chain.baseRpcUrl).cancel(nonce)));
    const outcome = expectKind(await processor(payee).handle(call(headers, handler.run)), 'payment_rejected');
    expect(outcome).toMatchObject({ reason: 'settlement_failed', challenge: { body: { error: { code: 'settlement_failed', details: { facilitatorReason: 'authorization_cancelled' } } } } });
    expect(JSON.stringify(outcome)).not.toContain('RESULT-7f3a');
    expect(await store.ledger.get(outcome.x402RequestId!)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_cancelled', resultJson: null, settlementTx: null });
    expect([await chain.usdcBalance(buyer.address), await chain.usdcBalance(payee)]).toEqual([10n * PRICE, 0n]);
  });

  it('cancelled while held as settle_pending: the reconciler ends it settle_failed, answer dropped, nothing charged', async () => {
    const vanishing = await fundedFacilitator();
    const { buyer, payee, headers } = await paymentFor(2, { native: 10n ** 17n });
    const handler = countingHandler('RESULT-7f3a', () => vanishing.close());
    const outcome = expectKind(await processor(payee, { facilitator: createHttpFacilitatorClient({ url: vanishing.url }) }).handle(call(headers, handler.run)), 'settlement_pending');
    await payerCalls(buyer as LocalAccount, chain.base, chain.baseRpcUrl).cancel(authorizationOf(headers).nonce);
    const report = await createReconciler({ ledger: store.ledger, authorizations: createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl }) }).reconcileOnce();
    expect(report.released).toContain(outcome.x402RequestId);
    expect(await store.ledger.get(outcome.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_cancelled', resultJson: null });
    expect(await chain.usdcBalance(payee)).toBe(0n);
    expectKind(await processor(payee).handle(call(headers, handler.run)), 'payment_rejected');
    expect(handler.runs).toBe(1);
  });

  it('a payment in settling untouched past the staleness window (its process died) is answered as pending settlement with Retry-After; before that, as in progress', async () => {
    const { payee, headers } = await paymentFor();
    const { from, nonce, validBefore } = authorizationOf(headers);
    const x402RequestId = x402RequestIdOf({ network: 'eip155:8453', asset: USDC, payer: from, nonce });
    const signatureHash = paymentSignatureHash(signatureOf(headers));
    await store.ledger.claim(newLedgerClaim({ x402RequestId, asset: USDC, payer: from, payTo: payee, nonce, validBefore, signatureHash }));
    const settling = await store.ledger.transition(x402RequestId, ['claimed'], 'settling', { resultJson: 'RESULT-7f3a' });
    const handler = countingHandler('never');
    const at = (ms: number) => processor(payee, { facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }), clock: () => new Date(settling!.updatedAt.getTime() + ms), pendingRetryAfterSeconds: 5 });
    expectKind(await at(defaultStaleAfterMs()).handle(call(headers, handler.run)), 'payment_in_progress');
    expect(expectKind(await at(defaultStaleAfterMs() + 1).handle(call(headers, handler.run)), 'settlement_pending')).toEqual({ kind: 'settlement_pending', x402RequestId, retryAfterSeconds: 5 });
    expect(handler.runs).toBe(0);
  });
});

describe('a settlement a dead process cut off, its answer kept', () => {
  /** A row as a process killed after it recorded settling (the answer kept) and before the transfer leaves it. */
  async function cutOffSettlement() {
    const { payee, headers } = await paymentFor();
    const { from, nonce, validBefore } = authorizationOf(headers);
    const x402RequestId = x402RequestIdOf({ network: 'eip155:8453', asset: USDC, payer: from, nonce });
    const signatureHash = paymentSignatureHash(signatureOf(headers));
    const requestFingerprint = fingerprint({ tool: walletSnapshot.id, input: { address: '0x1234567890123456789012345678901234567890' } });
    await store.ledger.claim(newLedgerClaim({ x402RequestId, asset: USDC, payer: from, payTo: payee, nonce, validBefore, signatureHash, requestFingerprint }));
    const settling = (await store.ledger.transition(x402RequestId, ['claimed'], 'settling', { resultJson: { answer: 'kept' }, resultHash: fingerprint({ answer: 'kept' }) }))!;
    return { payee, headers, x402RequestId, settling };
  }

  it('abandoned in settling: the same payment presented again (3 at once) settles it now, once, and is served the kept answer without running the tool; then it replays', async () => {
    const { payee, headers, x402RequestId, settling } = await cutOffSettlement();
    const handler = countingHandler({ answer: 'never run' });
    const payments = processor(payee, { staleAfterMs: 1_000, clock: () => new Date(settling.updatedAt.getTime() + 1_001) });
    const outcomes = await Promise.all(Array.from({ length: 3 }, () => payments.handle(call(headers, handler.run))));
    const served = outcomes.filter((o) => o.kind === 'paid' && !o.replay);
    expect(served).toEqual([expect.objectContaining({ result: { answer: 'kept' } })]);
    expect(outcomes.filter((o) => o.kind !== 'paid' && o.kind !== 'settlement_pending' && o.kind !== 'payment_in_progress')).toEqual([]);
    expect(handler.runs).toBe(0);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    const row = await store.ledger.get(x402RequestId);
    expect(row).toMatchObject({ state: 'settled', errorCode: null, resultJson: { answer: 'kept' }, settlementTx: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const again = expectKind(await payments.handle(call(headers, handler.run)), 'paid');
    expect([again.replay, again.result, again.receipt.transaction]).toEqual([true, { answer: 'kept' }, row!.settlementTx]);
  });

  it('moved to settle_pending by the reconciler (settle_interrupted): settled when presented again; a payment the facilitator itself left pending is not resubmitted', async () => {
    const interrupted = await cutOffSettlement();
    await store.ledger.transition(interrupted.x402RequestId, ['settling'], 'settle_pending', { errorCode: 'settle_interrupted' });
    const handler = countingHandler({ answer: 'never run' });
    expect(expectKind(await processor(interrupted.payee).handle(call(interrupted.headers, handler.run)), 'paid').result).toEqual({ answer: 'kept' });
    expect(await chain.usdcBalance(interrupted.payee)).toBe(PRICE);

    const broadcast = await cutOffSettlement();
    await store.ledger.transition(broadcast.x402RequestId, ['settling'], 'settle_pending', { errorCode: 'settlement_pending' });
    expectKind(await processor(broadcast.payee, { facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }) }).handle(call(broadcast.headers, handler.run)), 'settlement_pending');
    expect(await store.ledger.get(broadcast.x402RequestId)).toMatchObject({ state: 'settle_pending', errorCode: 'settlement_pending' });
    expect(handler.runs).toBe(0);
  });

  it('not resumed once too little of the authorization is left to mine a settlement: pending, for the reconciler', async () => {
    const { payee, headers, x402RequestId, settling } = await cutOffSettlement();
    const { validBefore } = authorizationOf(headers);
    const lateClock = () => new Date((Number(validBefore) - 10) * 1000);
    expect(lateClock().getTime()).toBeGreaterThan(settling.updatedAt.getTime() + 1_000);
    const outcome = await processor(payee, { staleAfterMs: 1_000, clock: lateClock, facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }) }).handle(call(headers, () => Promise.resolve('never')));
    expectKind(outcome, 'settlement_pending');
    expect(await store.ledger.get(x402RequestId)).toMatchObject({ state: 'settling' });
  });
});

describe('a claim whose claimant stopped renewing its lease (its process died while the tool ran)', () => {
  const LEASE_MS = 15_000;
  const INPUT = { address: '0x1234567890123456789012345678901234567890' };

  /** A row claimed by a request that is gone, as a process killed while its tool ran leaves it. */
  async function abandonedClaim() {
    const { buyer, payee, headers } = await paymentFor();
    const { from, nonce, validBefore } = authorizationOf(headers);
    const x402RequestId = x402RequestIdOf({ network: 'eip155:8453', asset: USDC, payer: from, nonce });
    const signatureHash = paymentSignatureHash(signatureOf(headers));
    const requestFingerprint = fingerprint({ tool: walletSnapshot.id, input: INPUT });
    const { entry } = (await store.ledger.claim(newLedgerClaim({ x402RequestId, asset: USDC, payer: from, payTo: payee, nonce, validBefore, signatureHash, requestFingerprint }))) as { entry: { updatedAt: Date } };
    const at = (ms: number, overrides: Partial<PaidCallProcessorOptions> = {}) => processor(payee, { claimLeaseMs: LEASE_MS, clock: () => new Date(entry.updatedAt.getTime() + ms), ...overrides });
    return { buyer, payee, headers, x402RequestId, at };
  }

  it('within the lease the payment is in progress; past it, presented again 5 times at once, it is taken over once: one run, one transfer, the others in progress or the kept answer', async () => {
    const { payee, headers, x402RequestId, at } = await abandonedClaim();
    const handler = countingHandler({ answer: 'taken over' });
    expectKind(await at(LEASE_MS).handle(call(headers, handler.run, INPUT)), 'payment_in_progress');
    expect(handler.runs).toBe(0);

    const past = at(LEASE_MS + 1);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => past.handle(call(headers, handler.run, INPUT))));
    const served = outcomes.filter((o) => o.kind === 'paid' && !o.replay);
    expect(served).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind !== 'payment_in_progress' && o.kind !== 'paid')).toEqual([]);
    expect(handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await store.ledger.get(x402RequestId)).toMatchObject({ state: 'settled', attempts: 2, errorCode: null, resultJson: { answer: 'taken over' } });
    const again = expectKind(await past.handle(call(headers, handler.run, INPUT)), 'paid');
    expect([again.replay, again.result]).toEqual([true, { answer: 'taken over' }]);
  });

  /** A handler that stops in its run until told to go on; `running` resolves once it stopped. */
  function pausedHandler<T>(result: T) {
    let go!: () => void;
    let stopped!: () => void;
    const running = new Promise<void>((resolve) => (stopped = resolve));
    const handler = countingHandler(result, () => new Promise<void>((resolve) => ((go = resolve), stopped())));
    return { handler, running, resume: () => go() };
  }

  it('the claimant that comes back after its claim was taken over does not settle: the taker settles, once', async () => {
    const { payee, headers, x402RequestId } = await abandonedClaim();
    await store.ledger.transition(x402RequestId, ['claimed'], 'released');
    // This claimant is not dead, only stalled past its lease while the taker runs.
    const first = pausedHandler({ answer: 'first' });
    const firstCall = processor(payee, { claimLeaseMs: 600_000 }).handle(call(headers, first.handler.run, INPUT));
    await first.running;
    const taker = pausedHandler({ answer: 'taker' });
    // Five seconds later by the taker's clock: the first claim is past a 1 s lease, the authorization still good.
    const takerCall = processor(payee, { claimLeaseMs: 1_000, clock: () => new Date(Date.now() + 5_000) }).handle(call(headers, taker.handler.run, INPUT));
    await taker.running;
    first.resume();
    expectKind(await firstCall, 'payment_in_progress');
    expect(await chain.usdcBalance(payee)).toBe(0n);
    taker.resume();
    expect(expectKind(await takerCall, 'paid').result).toEqual({ answer: 'taker' });
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await store.ledger.get(x402RequestId)).toMatchObject({ state: 'settled', resultJson: { answer: 'taker' } });
  });

  it('renews its own lease while the tool runs, so a slow tool is never taken for dead', async () => {
    const { payee, headers } = await paymentFor();
    const slow = pausedHandler({ answer: 'slow' });
    const running = processor(payee, { claimLeaseMs: 300 }).handle(call(headers, slow.handler.run, INPUT));
    await slow.running;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expectKind(await processor(payee, { claimLeaseMs: 300 }).handle(call(headers, slow.handler.run, INPUT)), 'payment_in_progress');
    slow.resume();
    expect(expectKind(await running, 'paid').replay).toBe(false);
    expect(slow.handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });
});

describe('presenting a settled payment again (replay)', () => {
  const txStatus = toolById('tx_status')!;
  const DAY_MS = 86_400_000;

  /** Pays once with a handler that counts its runs and an answer shaped from the settlement, as the paid-call service does. */
  async function paidOnce(version: 1 | 2 = 2) {
    const { buyer, payee, headers } = await paymentFor(version);
    const handler = countingHandler({ verdict: 'clean' });
    const payments = processor(payee, { facilitator: createHttpFacilitatorClient({ url: chain.facilitator.url }) });
    const present = (overrides: Partial<ReturnType<typeof call>> = {}) =>
      payments.handle({ ...call(headers, handler.run), serve: (result, paid) => ({ result, settledIn: paid.settlement.transaction, x402RequestId: paid.x402RequestId }), ...overrides });
    const first = expectKind(await present(), 'paid');
    return { buyer, payee, handler, present, first };
  }

  it.each([2, 1] as const)('x402 v%i: the same payment for the same request gets the kept answer and the same receipt; nothing runs or moves again', async (version) => {
    const { buyer, payee, handler, present, first } = await paidOnce(version);
    expect(first.replay).toBe(false);
    for (let i = 0; i < 3; i++) {
      const again = expectKind(await present(), 'paid');
      expect(again).toMatchObject({ replay: true, result: first.result, receipt: first.receipt, settlement: first.settlement, protocolVersion: version, x402RequestId: first.x402RequestId });
    }
    expect(first.result).toEqual({ result: { verdict: 'clean' }, settledIn: first.settlement.transaction, x402RequestId: first.x402RequestId });
    expect(handler.runs).toBe(1);
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
    expect(await chain.authorizationsUsed(buyer.address)).toBe(1);
  });

  it('the same payment with other input, or for another tool of the same price, is bound to its request: refused, nothing runs', async () => {
    const { handler, present, first } = await paidOnce();
    const otherInput = expectKind(await present({ input: { address: '0x0000000000000000000000000000000000000001' } }), 'payment_bound_to_other_request');
    expect(otherInput).toEqual({ kind: 'payment_bound_to_other_request', x402RequestId: first.x402RequestId, toolId: 'wallet_snapshot' });
    expect(txStatus.price).toBe(walletSnapshot.price);
    expectKind(await present({ entry: txStatus }), 'payment_bound_to_other_request');
    expect(handler.runs).toBe(1);
  });

  it('a v2 payment naming another route is refused before verify with payment_mismatch on resource.url', async () => {
    const { payee, headers } = await paymentFor();
    const handler = countingHandler('never');
    const elsewhere = `http://127.0.0.1${txStatus.path}`;
    const outcome = expectKind(
      await processor(payee, { facilitator: createHttpFacilitatorClient({ url: DEAD_FACILITATOR }) }).handle({ ...call(headers, handler.run), entry: txStatus, resourceUrl: elsewhere }),
      'payment_rejected',
    );
    expect(outcome.challenge.body.error).toMatchObject({ code: 'payment_mismatch', details: { mismatches: [{ field: 'resource.url', expected: elsewhere, received: RESOURCE }] } });
    expect(handler.runs).toBe(0);
  });

  it('after the retention only the hash is kept: the replay gets result_expired with the settlement and the hash (injected clock)', async () => {
    const { handler, present, first } = await paidOnce();
    const pruneAt = async (daysLater: number) => {
      const pruner = startResultPruner({ ledger: store.ledger, retentionDays: 7, clock: () => new Date(Date.now() + daysLater * DAY_MS), intervalMs: DAY_MS });
      await pruner.runOnce();
      await pruner.stop();
    };
    await pruneAt(6);
    expectKind(await present(), 'paid');
    await pruneAt(8);
    const row = await store.ledger.get(first.x402RequestId);
    expect(row).toMatchObject({ state: 'settled', resultJson: null, resultHash: fingerprint(first.result) });
    const expired = expectKind(await present(), 'result_expired');
    expect(expired).toEqual({ kind: 'result_expired', x402RequestId: first.x402RequestId, settlement: first.settlement, resultHash: fingerprint(first.result) });
    expect(handler.runs).toBe(1);
  });

  it('an answer the store cannot keep still settles the row (so it never looks in progress); its replay is result_expired', async () => {
    const { payee, headers } = await paymentFor();
    const handler = countingHandler('big');
    const payments = processor(payee);
    const huge = () => ({ blob: 'x'.repeat(5 * 1024 * 1024) });
    const first = expectKind(await payments.handle({ ...call(headers, handler.run), serve: huge }), 'paid');
    expect(first.ledgerEntry).toMatchObject({ state: 'settled', resultJson: null, resultHash: expect.stringMatching(/^sha256:/) });
    expectKind(await payments.handle({ ...call(headers, handler.run), serve: huge }), 'result_expired');
    expect(handler.runs).toBe(1);
  });
});

describe('signed offers and receipts', () => {
  /** A signer that counts the offers it signs. */
  function countingSigner() {
    const inner = createReceiptSigner(generatePrivateKey());
    const counted = { ...inner, offersSigned: 0, signOffers: (...args: Parameters<typeof inner.signOffers>) => ((counted.offersSigned += 1), inner.signOffers(...args)) };
    return counted;
  }

  it('unpaid 402s share one signed offer until less than maxTimeoutSeconds of it is left, then it is signed again; a refusal carries the same offer', async () => {
    const signer = countingSigner();
    const payments = processor(chain.newPayee(), { receiptSigner: signer });
    const unpaid = async () => expectKind(await payments.handle(call({}, () => Promise.resolve('never'))), 'payment_required').challenge;
    const offerOf = (challenge: Awaited<ReturnType<typeof unpaid>>) => challenge.body.paymentRequired.extensions!['offer-receipt']!.info.offers[0]!;
    const first = await unpaid();
    expect(await unpaid()).toBe(first);
    expect(signer.offersSigned).toBe(1);
    const { signer: recovered, payload } = await verifyOfferSignatureEIP712(offerOf(first));
    expect(recovered).toBe(signer.address);
    const refused = expectKind(await payments.handle(call({ 'payment-signature': 'not base64 json' }, () => Promise.resolve('never'))), 'payment_rejected').challenge;
    expect(offerOf(refused)).toEqual(offerOf(first));

    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue((payload.validUntil - OFFER_RESIGN_MARGIN_SECONDS - 1) * 1000);
      expect(await unpaid()).toBe(first);
      now.mockReturnValue((payload.validUntil - OFFER_RESIGN_MARGIN_SECONDS) * 1000);
      const renewed = await unpaid();
      expect(signer.offersSigned).toBe(2);
      expect(offerOf(renewed).payload.validUntil).toBe(payload.validUntil - OFFER_RESIGN_MARGIN_SECONDS + OFFER_VALIDITY_SECONDS);
    } finally {
      now.mockRestore();
    }
  });

  it('a settled payment gets a receipt binding the answer, signed once and kept with the ledger row: a replay, even by an instance with another key, gives the same one', async () => {
    const { payee, headers } = await paymentFor();
    const signer = createReceiptSigner(generatePrivateKey());
    const present = (payments: ReturnType<typeof processor>) =>
      payments.handle({ ...call(headers, () => Promise.resolve({ verdict: 'clean' })), serve: (result, paid) => ({ result, x402RequestId: paid.x402RequestId }) });
    const first = expectKind(await present(processor(payee, { receiptSigner: signer })), 'paid');
    const extensions = first.receipt.extensions!;
    const { signer: recovered, payload } = await verifyReceiptSignatureEIP712(extensions['offer-receipt'].info.receipt);
    expect(recovered).toBe(signer.address);
    expect(payload).toMatchObject({ resourceUrl: RESOURCE, network: 'eip155:8453', payer: first.settlement.payer, transaction: first.settlement.transaction });
    const bound = await verifyDeliverySignature(extensions['paysight-delivery'].info.delivery, extensions['offer-receipt'].info.receipt);
    expect(bound).toEqual({ signer: signer.address, payload: { version: 1, receipt: expect.any(String), x402RequestId: first.x402RequestId, responseHash: responseHashOf(first.result) } });
    expect((await store.ledger.get(first.x402RequestId))?.signedReceipt).toEqual(extensions);

    const again = expectKind(await present(processor(payee, { receiptSigner: createReceiptSigner(generatePrivateKey()) })), 'paid');
    expect(again).toMatchObject({ replay: true, receipt: first.receipt });
  });
});

