import { CHAIN_NAMES, CHAINS, PAYMENT, priceOf, toolById, type LedgerEntry, type Store } from '@paysight/contracts';
import { freshAccount } from '@paysight/devnet';
import { createReconciler, createViemAuthorizationReader, DEFAULT_RELEASE_GRACE_SECONDS, x402RequestIdOf } from '@paysight/payment';
import { openStore } from '@paysight/store';
import { fundedBuyer, officialPaymentClient, readTestStack, startMisbehavingFacilitator, usdcBalance, type MisbehavingFacilitator } from '@paysight/testkit';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { createPublicClient, http, parseAbi, parseAbiItem, type Address, type Hex } from 'viem';
import { countingRpcProxy, scratchDatabase, startApiProcess, type ApiProcess, type CountingProxy } from './api-process.js';
import { DEVNET_RECEIPT_SIGNING_KEY } from '../src/config.js';

jest.setTimeout(240_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const stack = readTestStack();
const snapshot = toolById('wallet_snapshot')!;
const PRICE = BigInt(priceOf(snapshot).atomic);
const FUNDS = 1_000_000n;
// The tool reads Ethereum, through a proxy the test can hold; payments settle and are reconciled on Base, read directly.
const input = { address: stack.devnet.scenario.chains.base.wallets.alice!.address, chain: 'ethereum' };
const baseRpcUrl = stack.devnet.chains.base.rpcUrl;
const base = createPublicClient({ transport: http(baseRpcUrl, { retryCount: 0 }) });
const eip3009 = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Settle deadline of the instances; the staleness window is the least the API accepts for it (settle deadline plus the 10 s chain check). */
const SETTLE_TIMEOUT_MS = 15_000;
const STALE_AFTER_MS = SETTLE_TIMEOUT_MS + 10_000;
/** Lease of a claim while its tool runs (the least CLAIM_LEASE_MS allows is 1 s): short, so that a dead claimant's payment is taken over soon. */
const CLAIM_LEASE_MS = 2_000;

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${snapshot.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(input) });

/** Waits, bounded, for something the processes do on their own time (a kill point reached, the background reconciler's run). */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Answer {
  status: number;
  replay: string | null;
  retryAfter: string | null;
  receipt: string | null;
  body: { ok: boolean; error?: { code: string; details?: Record<string, unknown> }; metadata?: unknown };
}

async function answerOf(response: Response): Promise<Answer> {
  const h = response.headers;
  return { status: response.status, replay: h.get('paysight-replay'), retryAfter: h.get('retry-after'), receipt: h.get('payment-response'), body: (await response.json()) as Answer['body'] };
}

if (!TEST_DATABASE_URL) process.stderr.write('Skipping the crash tests: they need a real PostgreSQL in TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).\n');

/**
 * The production entry as a child process, killed with SIGKILL at each point of a paid call, then
 * started again on the same PostgreSQL: the timing is held from outside, by the real parts in front of
 * the process (a proxy of the tool's chain node, a misbehaving facilitator before the real one).
 */
(TEST_DATABASE_URL ? describe : describe.skip)('a process killed in the middle of a paid call loses nothing: restarted on the same ledger, the payment is reconciled', () => {
  const scratch = scratchDatabase('paysight_crash', TEST_DATABASE_URL ?? 'postgres://unset/none');
  const databaseUrl = scratch.url;
  const payTo = freshAccount().address;
  let facilitator: MisbehavingFacilitator;
  let toolReads: CountingProxy;
  let store: Store;
  const running = new Set<ApiProcess>();

  const startInstance = async () => {
    const rpcUrls = Object.fromEntries(CHAIN_NAMES.map((chain) => [`RPC_URL_${chain.toUpperCase()}`, chain === 'ethereum' ? toolReads.url : stack.devnet.chains[chain].rpcUrl]));
    const api = await startApiProcess({
      ...rpcUrls,
      CHAIN_DATA_MODE: 'demo',
      RPC_RETRY_COUNT: '0',
      PAYEE_ADDRESS: payTo,
      RECEIPT_SIGNING_KEY: DEVNET_RECEIPT_SIGNING_KEY,
      FACILITATOR_URL: facilitator.url,
      FACILITATOR_SETTLE_TIMEOUT_MS: String(SETTLE_TIMEOUT_MS),
      RECONCILE_STALE_AFTER_MS: String(STALE_AFTER_MS),
      RECONCILE_INTERVAL_MS: '1000',
      CLAIM_LEASE_MS: String(CLAIM_LEASE_MS),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    });
    running.add(api);
    return api;
  };
  const crash = async (api: ApiProcess) => {
    await api.kill();
    running.delete(api);
  };

  /** A signed payment for the snapshot, made by the official client from the first instance's 402. */
  async function signedPayment(api: ApiProcess) {
    const buyer = await fundedBuyer(FUNDS);
    const unpaid = await post(api.url);
    expect(unpaid.status).toBe(402);
    const client = officialPaymentClient(buyer);
    const payload = await client.createPaymentPayload(client.getPaymentRequiredResponse((name) => unpaid.headers.get(name), await unpaid.json()));
    const { nonce } = (payload.payload as { authorization: { nonce: Hex } }).authorization;
    const x402RequestId = x402RequestIdOf({ network: PAYMENT.network, asset: CHAINS.base.usdc, payer: buyer.address, nonce });
    return { buyer, nonce, x402RequestId, headers: client.encodePaymentSignatureHeader(payload), fromBlock: await base.getBlockNumber() };
  }

  /** Presents the payment to an instance that is about to die: the request is cut, never answered. */
  const presentToDoomed = (api: ApiProcess, headers: Record<string, string>) => post(api.url, headers).then(
    (response) => `answered ${response.status}`,
    () => 'cut',
  );

  const row = (x402RequestId: string) => store.ledger.get(x402RequestId);
  const rowIn = (x402RequestId: string, state: LedgerEntry['state']) => until(`${x402RequestId} in ${state}`, async () => ((await row(x402RequestId))?.state === state ? row(x402RequestId) : null));
  const authorizationUsed = (payer: Address, nonce: Hex) => base.readContract({ address: CHAINS.base.usdc, abi: eip3009, functionName: 'authorizationState', args: [payer, nonce] });
  const transfersFrom = (payer: Address, fromBlock: bigint) => base.getLogs({ address: CHAINS.base.usdc, event: transferEvent, args: { from: payer }, fromBlock });
  /** `paysight reconcile`'s run (createReconciler over the same ledger and Base), at a time past the authorization's validBefore plus the grace. */
  const reconcileAfterExpiry = (validBefore: string) =>
    createReconciler({
      ledger: store.ledger,
      authorizations: createViemAuthorizationReader({ rpcUrl: baseRpcUrl }),
      staleAfterMs: STALE_AFTER_MS,
      clock: () => new Date((Number(validBefore) + DEFAULT_RELEASE_GRACE_SECONDS + 1) * 1000),
    }).reconcileOnce();

  beforeAll(async () => {
    await scratch.create();
    facilitator = await startMisbehavingFacilitator(stack.facilitatorUrl);
    toolReads = await countingRpcProxy(stack.devnet.chains.ethereum.rpcUrl);
    store = await openStore({ databaseUrl });
  });
  afterEach(() => facilitator.set('pass'));
  afterAll(async () => {
    await Promise.all([...running].map((api) => api.close()));
    await store?.close();
    await toolReads?.close();
    await facilitator?.close();
    await scratch.drop();
  });

  it('(c) killed after the transfer was mined, before the reply: the restarted instance reconciles it as settled, and the same payment gets the kept answer with the receipt of the one transfer, charged once', async () => {
    const first = await startInstance();
    const paid = await signedPayment(first);
    const payeeBefore = await usdcBalance(payTo);
    facilitator.set('hold_reply', ['settle']);
    const cut = presentToDoomed(first, paid.headers);
    await until('the settle relayed to the real facilitator', async () => facilitator.relayed.settle > 0);
    await facilitator.landed();
    const [transfer, ...more] = await transfersFrom(paid.buyer.address, paid.fromBlock);
    expect([transfer?.args.to, transfer?.args.value, more]).toEqual([payTo, PRICE, []]);
    await crash(first);
    expect(await cut).toBe('cut');
    // The answer went into the ledger with the row when it entered settling.
    expect(await row(paid.x402RequestId)).toMatchObject({ state: 'settling', resultJson: { ok: true }, validBefore: expect.any(String) });

    const second = await startInstance();
    const settled = await rowIn(paid.x402RequestId, 'settled');
    expect(settled).toMatchObject({ settlementTx: transfer!.transactionHash, errorCode: null, resultJson: { ok: true } });

    const again = await answerOf(await post(second.url, paid.headers));
    expect([again.status, again.replay, again.body.ok]).toEqual([200, 'true', true]);
    expect(again.body).toEqual(settled!.resultJson);
    expect(decodePaymentResponseHeader(again.receipt!)).toMatchObject({ success: true, transaction: transfer!.transactionHash, payer: paid.buyer.address });
    expect(toolReads.requests()).toBeGreaterThan(0);
    const readsBefore = toolReads.requests();
    expect(await answerOf(await post(second.url, paid.headers))).toEqual(again);
    expect(toolReads.requests()).toBe(readsBefore);

    expect(await transfersFrom(paid.buyer.address, paid.fromBlock)).toHaveLength(1);
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS - PRICE);
    expect(await usdcBalance(payTo)).toBe(payeeBefore + PRICE);
    await second.close();
    running.delete(second);
  });

  it('(b) killed after settling was recorded, before the transfer was mined: the reconciler holds it as settle_interrupted; presented again while the authorization is good, the settlement is resumed and the kept answer served, charged once, the tool not run again', async () => {
    const first = await startInstance();
    const paid = await signedPayment(first);
    const payeeBefore = await usdcBalance(payTo);
    facilitator.set('hang', ['settle']);
    const settlesBefore = facilitator.received.settle;
    const cut = presentToDoomed(first, paid.headers);
    await until('the settle request at the facilitator', async () => facilitator.received.settle > settlesBefore);
    await crash(first);
    expect(await cut).toBe('cut');
    const abandoned = await row(paid.x402RequestId);
    expect(abandoned).toMatchObject({ state: 'settling', resultJson: { ok: true } });
    const readsAfterRun = toolReads.requests();

    const second = await startInstance();
    // The restarted instance's background reconciler takes it from settling: the transfer is not on chain, the authorization still valid.
    const held = await rowIn(paid.x402RequestId, 'settle_pending');
    expect(held).toMatchObject({ errorCode: 'settle_interrupted', resultJson: { ok: true } });
    expect(await authorizationUsed(paid.buyer.address, paid.nonce)).toBe(false);

    facilitator.set('pass');
    const served = await answerOf(await post(second.url, paid.headers));
    expect([served.status, served.replay]).toEqual([200, null]);
    expect(served.body).toEqual(held!.resultJson);
    const [transfer, ...more] = await transfersFrom(paid.buyer.address, paid.fromBlock);
    expect([transfer?.args.to, transfer?.args.value, more]).toEqual([payTo, PRICE, []]);
    expect(decodePaymentResponseHeader(served.receipt!)).toMatchObject({ success: true, transaction: transfer!.transactionHash, payer: paid.buyer.address });
    expect(await row(paid.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: transfer!.transactionHash, errorCode: null });

    const again = await answerOf(await post(second.url, paid.headers));
    expect([again.status, again.replay, again.receipt]).toEqual([200, 'true', served.receipt]);
    expect(toolReads.requests()).toBe(readsAfterRun);
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS - PRICE);
    expect(await usdcBalance(payTo)).toBe(payeeBefore + PRICE);
    await second.close();
    running.delete(second);
  });

  it('(b, expired) killed after settling was recorded, and the payment not presented again in time: 409 payment_pending_settlement meanwhile, then settle_failed with nothing charged once the authorization is dead', async () => {
    const first = await startInstance();
    const paid = await signedPayment(first);
    const payeeBefore = await usdcBalance(payTo);
    facilitator.set('hang', ['settle']);
    const settlesBefore = facilitator.received.settle;
    const cut = presentToDoomed(first, paid.headers);
    await until('the settle request at the facilitator', async () => facilitator.received.settle > settlesBefore);
    await crash(first);
    expect(await cut).toBe('cut');

    const second = await startInstance();
    const held = await rowIn(paid.x402RequestId, 'settle_pending');
    // Presented while the settlement is still cut off (the facilitator still hangs): resumed, no final word, held.
    const meanwhile = await answerOf(await post(second.url, paid.headers));
    expect([meanwhile.status, meanwhile.body.error?.code, meanwhile.retryAfter]).toEqual([409, 'payment_pending_settlement', '1']);

    const report = await reconcileAfterExpiry(held!.validBefore!);
    expect(report.released).toContain(paid.x402RequestId);
    expect(await row(paid.x402RequestId)).toMatchObject({ state: 'settle_failed', errorCode: 'authorization_expired_unused', resultJson: null });
    const after = await answerOf(await post(second.url, paid.headers));
    expect([after.status, after.body.error?.code, after.receipt]).toEqual([402, 'payment_already_used', null]);
    expect(await authorizationUsed(paid.buyer.address, paid.nonce)).toBe(false);
    expect(await transfersFrom(paid.buyer.address, paid.fromBlock)).toEqual([]);
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS);
    expect(await usdcBalance(payTo)).toBe(payeeBefore);
    await second.close();
    running.delete(second);
  });

  it('(a) killed while the tool ran: once its lease lapsed, the same payment presented to the restarted instance takes the claim over, runs the tool and is served, charged once; presenting it again replays that answer', async () => {
    const first = await startInstance();
    const paid = await signedPayment(first);
    const payeeBefore = await usdcBalance(payTo);
    const settlesBefore = facilitator.received.settle;
    toolReads.hold();
    const cut = presentToDoomed(first, paid.headers);
    await toolReads.held();
    await crash(first);
    toolReads.release();
    expect(await cut).toBe('cut');
    const abandoned = (await row(paid.x402RequestId))!;
    expect(abandoned).toMatchObject({ state: 'claimed', validBefore: expect.any(String), resultJson: null });
    expect(facilitator.received.settle).toBe(settlesBefore);

    const second = await startInstance();
    await until('the dead claim to outlive its lease', async () => Date.now() > abandoned.updatedAt.getTime() + CLAIM_LEASE_MS + 500, 30_000);
    const readsBefore = toolReads.requests();
    const served = await answerOf(await post(second.url, paid.headers));
    expect([served.status, served.replay, served.body.ok]).toEqual([200, null, true]);
    expect(toolReads.requests()).toBeGreaterThan(readsBefore);
    const [transfer, ...more] = await transfersFrom(paid.buyer.address, paid.fromBlock);
    expect([transfer?.args.to, transfer?.args.value, more]).toEqual([payTo, PRICE, []]);
    expect(decodePaymentResponseHeader(served.receipt!)).toMatchObject({ success: true, transaction: transfer!.transactionHash, payer: paid.buyer.address });
    expect(await row(paid.x402RequestId)).toMatchObject({ state: 'settled', settlementTx: transfer!.transactionHash, attempts: abandoned.attempts + 1 });

    const readsAfter = toolReads.requests();
    const again = await answerOf(await post(second.url, paid.headers));
    expect([again.status, again.replay, again.receipt]).toEqual([200, 'true', served.receipt]);
    expect(again.body).toEqual(served.body);
    expect(toolReads.requests()).toBe(readsAfter);
    expect(await authorizationUsed(paid.buyer.address, paid.nonce)).toBe(true);
    expect(await usdcBalance(paid.buyer.address)).toBe(FUNDS - PRICE);
    expect(await usdcBalance(payTo)).toBe(payeeBefore + PRICE);
    await second.close();
    running.delete(second);
  });
});
