import { ChainUnavailableError, catalogEntry, resolveChain, responseSchema, type CatalogEntry, type Store } from '@paysight/contracts';
import {
  createHttpFacilitatorClient,
  createPaidCallProcessor,
  createViemAuthorizationReader,
  decodePayment,
  type DecodeResult,
} from '@paysight/payment';
import { fundedBuyer, officialPaymentClient, openTestStore, readTestStack, toolPorts, usdcBalance } from '@paysight/testkit';
import { TOOL_MODULES, defineToolModule, txStatus, type ToolModule } from '@paysight/tools';
import { createChainSource } from '@paysight/chain-data';
import { freshAccount } from '@paysight/devnet';
import { createObservationRecorder, createPaidCallService, observationOf, type ObservationRecorder, type PaidCallResponse, type PaidCallServiceOptions, type ToolRun } from '../src/index.js';

jest.setTimeout(60_000);

const snapshotEntry = catalogEntry('wallet_snapshot');
const alice = () => readTestStack().devnet.scenario.chains.base.wallets.alice!.address;

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store?.close());

/** The service as REST and MCP use it, on the shared devnet and facilitator, paying into a fresh payee. */
function service(overrides: Partial<PaidCallServiceOptions> = {}) {
  const stack = readTestStack();
  const payTo = freshAccount().address;
  const payments = createPaidCallProcessor({
    payTo,
    ledger: store.ledger,
    paymentIds: store.paymentIds,
    facilitator: createHttpFacilitatorClient({ url: stack.facilitatorUrl }),
    authorizations: createViemAuthorizationReader({ rpcUrl: stack.devnet.chains.base.rpcUrl }),
  });
  return { payTo, paidCalls: createPaidCallService({ tools: Object.values(TOOL_MODULES), ports: toolPorts(), payments, ...overrides }) };
}

const NO_PAYMENT: DecodeResult = { status: 'absent' };
const request = (body: unknown, payment: DecodeResult = NO_PAYMENT, entry: CatalogEntry = snapshotEntry) => ({
  entry,
  body,
  payment,
  requestId: `req-${Math.random()}`,
  resourceUrl: `http://127.0.0.1${entry.path}`,
});

function expectKind<K extends PaidCallResponse['kind']>(response: PaidCallResponse, kind: K): Extract<PaidCallResponse, { kind: K }> {
  if (response.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(response)}`);
  return response as Extract<PaidCallResponse, { kind: K }>;
}

/** Signs the challenge with the official client and decodes the signed header as a transport would. */
async function pay(response: PaidCallResponse): Promise<DecodeResult> {
  const { challenge } = expectKind(response, 'payment_required');
  const client = officialPaymentClient(await fundedBuyer());
  const required = client.getPaymentRequiredResponse((name) => (name.toUpperCase() === 'PAYMENT-REQUIRED' ? challenge.header : null));
  return decodePayment(client.encodePaymentSignatureHeader(await client.createPaymentPayload(required)));
}

describe('paid-call service (no transport)', () => {
  it('refuses bad input, secrets, tools not served yet and unreadable chains before asking for payment', async () => {
    const { paidCalls } = service();
    const cases: [unknown, number, string, CatalogEntry?][] = [
      [[1, 2], 400, 'invalid_json'],
      [{ address: 'nope' }, 400, 'invalid_request'],
      [{ address: alice(), notes: 'abandon ability able about above absent absorb abstract absurd abuse access accident' }, 400, 'sensitive_input'],
    ];
    for (const [body, httpStatus, code, entry] of cases) {
      const response = expectKind(await paidCalls.call(request(body, NO_PAYMENT, entry)), 'error');
      expect({ httpStatus: response.httpStatus, code: response.body.error.code }).toEqual({ httpStatus, code });
    }
    const withoutSnapshot = service({ tools: [txStatus] });
    const notServed = expectKind(await withoutSnapshot.paidCalls.call(request({ address: alice(), chain: 'base' })), 'error');
    expect({ httpStatus: notServed.httpStatus, code: notServed.body.error.code }).toEqual({ httpStatus: 501, code: 'not_implemented' });
    const base = readTestStack().devnet.chains.base;
    const baseOnly = service({ ports: toolPorts({ chain: createChainSource({ rpc: { chains: { base: { rpcUrl: base.rpcUrl, demo: true } } } }) }) });
    const offChain = expectKind(await baseOnly.paidCalls.call(request({ address: alice(), chain: 'polygon' })), 'error');
    expect({ httpStatus: offChain.httpStatus, code: offChain.body.error.code }).toEqual({ httpStatus: 503, code: 'chain_unavailable' });
  });

  it('answers a free chain string it does not know with 400 and the chains it serves, before any payment', async () => {
    const profile = catalogEntry('agent_wallet_profile');
    const freeChainTool = defineToolModule(profile, {
      chains: (input) => [resolveChain(input.chain)?.name ?? input.chain],
      gather: () => Promise.reject(new Error('a refused call reads nothing')),
      analyze: () => {
        throw new Error('a refused call analyzes nothing');
      },
    });
    const { paidCalls } = service({ tools: [freeChainTool] });
    const unknown = expectKind(await paidCalls.call(request({ ...profile.example, chain: 'solana' }, NO_PAYMENT, profile)), 'error');
    expect(unknown).toMatchObject({ httpStatus: 400, body: { error: { code: 'invalid_request', details: { servedChains: ['ethereum', 'base', 'polygon', 'arbitrum', 'optimism'] } } } });
    expect(unknown.body.error.message).toMatch(/Unknown chain "solana"\. This server serves ethereum, base, polygon, arbitrum, optimism/);
    // A known chain by its CAIP-2 id goes on to the payment.
    expectKind(await paidCalls.call(request({ ...profile.example, chain: 'eip155:8453' }, NO_PAYMENT, profile)), 'payment_required');
  });

  it('challenges, then serves a paid call once: the envelope of the catalog, the receipt, the payee paid', async () => {
    const { paidCalls, payTo } = service();
    const body = { address: alice(), chain: 'base' };
    const challenged = expectKind(await paidCalls.call(request(body)), 'payment_required');
    expect(challenged.challenge.body.accepts[0].maxAmountRequired).toBe('10000');

    const payment = await pay(challenged);
    const paid = expectKind(await paidCalls.call(request(body, payment)), 'ok');
    expect(responseSchema(snapshotEntry).safeParse(paid.body).success).toBe(true);
    expect(paid.body).toMatchObject({ ok: true, tool: 'wallet_snapshot', metadata: { x402RequestId: paid.x402RequestId, settlement: { transaction: paid.receipt.transaction } } });
    expect(paid.receipt).toMatchObject({ success: true, network: 'eip155:8453' });
    expect(await usdcBalance(payTo)).toBe(10_000n);

    expect(paid.replay).toBe(false);

    // The same payment for the same body: the kept body as it was served (its ids and time too), the same receipt.
    const again = expectKind(await paidCalls.call({ ...request(body, payment), requestId: 'req-of-the-replay' }), 'ok');
    expect(again).toEqual({ ...paid, replay: true });
    const otherBody = expectKind(await paidCalls.call(request({ ...body, chain: 'ethereum' }, payment)), 'error');
    expect(otherBody).toMatchObject({ httpStatus: 409, body: { error: { code: 'payment_bound_to_other_request', details: { x402RequestId: paid.x402RequestId } } } });
    expect(await usdcBalance(payTo)).toBe(10_000n);
  });

  it('an analyzer that throws costs nothing: 500, reported once, the payment released', async () => {
    const failures: unknown[] = [];
    const boom: ToolModule = defineToolModule(catalogEntry('tx_status'), {
      ...txStatus,
      gather: () => Promise.reject(new Error('boom')),
    });
    const { paidCalls, payTo } = service({ tools: [boom], onToolFailure: (failure) => failures.push(failure) });
    const entry = catalogEntry('tx_status');
    const body = { transactionHash: `0x${'12'.repeat(32)}`, chain: 'base' };
    const payment = await pay(await paidCalls.call(request(body, NO_PAYMENT, entry)));
    const failed = expectKind(await paidCalls.call(request(body, payment, entry)), 'error');
    expect({ httpStatus: failed.httpStatus, code: failed.body.error.code }).toEqual({ httpStatus: 500, code: 'internal_error' });
    expect(failures).toEqual([expect.objectContaining({ toolId: 'tx_status', error: expect.objectContaining({ message: 'boom' }) })]);
    expect(await usdcBalance(payTo)).toBe(0n);
    expect(await store.ledger.get(failed.x402RequestId!)).toMatchObject({ state: 'released' });
  });
});

describe('capability observations of the paid-call service', () => {
  it('observes each tool run once, when it ends, with the error its caller got; nothing for an unpaid call or a replay', async () => {
    const runs: ToolRun[] = [];
    const recorder: ObservationRecorder = {
      record: (run) => {
        runs.push(run);
      },
      flush: () => Promise.resolve(),
    };
    const nodeDown: ToolModule = defineToolModule(catalogEntry('tx_status'), { ...txStatus, gather: () => Promise.reject(new ChainUnavailableError('base', 'the node did not answer')) });
    const { paidCalls } = service({ tools: [TOOL_MODULES.wallet_snapshot, nodeDown], observations: recorder });
    const body = { address: alice(), chain: 'base' };
    const payment = await pay(await paidCalls.call(request(body)));
    expect(runs).toEqual([]);
    const paid = expectKind(await paidCalls.call(request(body, payment)), 'ok');
    expectKind(await paidCalls.call(request(body, payment)), 'ok');
    const tx = catalogEntry('tx_status');
    const txBody = { transactionHash: `0x${'34'.repeat(32)}`, chain: 'base' };
    const failed = expectKind(await paidCalls.call(request(txBody, await pay(await paidCalls.call(request(txBody, NO_PAYMENT, tx))), tx)), 'error');
    expect(failed.httpStatus).toBe(503);

    const common = { serviceVersion: '9.9.9', network: 'base', payloadSizeClass: 'tiny', latencyRequirementMs: null, durationMs: expect.any(Number), observedAt: expect.any(Date) };
    expect(runs.map((run) => observationOf(run, '9.9.9'))).toEqual([
      { ...common, agentId: 'svc_wallet_snapshot', resourceType: 'wallet', outcome: 'succeeded', errorCode: null, httpStatus: 200 },
      { ...common, agentId: 'svc_tx_status', resourceType: 'tx', outcome: 'failed', errorCode: 'chain_unavailable', httpStatus: 503 },
    ]);
    expect(runs[0]!.startedAt.toISOString()).toBe((paid.body.metadata as { generatedAt: string }).generatedAt);
  });

  it('answers as usual when every observation write fails, and reports the loss', async () => {
    const problems: { error: unknown; dropped: number }[] = [];
    const recorder = createObservationRecorder({ store: { record: () => Promise.reject(new Error('database down')) }, serviceVersion: '9.9.9', onError: (problem) => problems.push(problem) });
    const { paidCalls } = service({ observations: recorder });
    const body = { address: alice(), chain: 'base' };
    expectKind(await paidCalls.call(request(body, await pay(await paidCalls.call(request(body))))), 'ok');
    await recorder.flush();
    expect(problems).toEqual([{ error: expect.objectContaining({ message: 'database down' }), dropped: 1 }]);
  });
});
