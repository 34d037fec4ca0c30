import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import { type AuthorizationRef, createViemAuthorizationReader } from '../src/index.js';
import { type ChainHarness, USDC, startChainHarness } from './support/chain.js';
import { payerCalls } from './support/eip3009.js';

jest.setTimeout(60_000);

const PRICE = 10_000n;
const newNonce = () => `0x${randomBytes(32).toString('hex')}` as Hex;

let chain: ChainHarness;
beforeAll(async () => {
  chain = await startChainHarness();
});
afterAll(() => chain?.close());

/** A payer with USDC and gas, its own EIP-3009 calls, and the reference of an authorization paying `payee` the price. */
async function payerOf() {
  const payer = await chain.newBuyer({ usdc: 10n * PRICE, native: 10n ** 17n });
  const payee = chain.newPayee();
  const ref = (nonce: Hex): AuthorizationRef => ({ asset: USDC, authorizer: payer.address, nonce, payTo: payee, amount: String(PRICE) });
  return { payer, payee, ref, calls: payerCalls(payer, chain.base, chain.baseRpcUrl) };
}

describe('what became of an EIP-3009 authorization, read on the local Base (authorizationState, then the AuthorizationUsed or AuthorizationCanceled log and the Transfer after it)', () => {
  const reader = () => createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl });

  it('unused: never presented on chain', async () => {
    const { ref } = await payerOf();
    await expect(reader().authorizationState(ref(newNonce()))).resolves.toEqual({ status: 'unused' });
  });

  it('transferred: the transaction that used it moved the price from the payer to the payee', async () => {
    const { payee, ref, calls } = await payerOf();
    const nonce = newNonce();
    const transaction = await calls.transfer(payee, PRICE, nonce);
    await expect(reader().authorizationState(ref(nonce))).resolves.toEqual({ status: 'transferred', transaction });
    expect(await chain.usdcBalance(payee)).toBe(PRICE);
  });

  it('mismatched: used by a transfer to another recipient, or of another amount', async () => {
    const { ref, calls } = await payerOf();
    const toOther = newNonce();
    const toOtherTx = await calls.transfer(chain.newPayee(), PRICE, toOther);
    await expect(reader().authorizationState(ref(toOther))).resolves.toEqual({ status: 'mismatched', transaction: toOtherTx });
    const { payee, ref: refOfPayee, calls: callsOfPayer } = await payerOf();
    const less = newNonce();
    const lessTx = await callsOfPayer.transfer(payee, PRICE - 1n, less);
    await expect(reader().authorizationState(refOfPayee(less))).resolves.toEqual({ status: 'mismatched', transaction: lessTx });
  });

  it('cancelled: a real signed cancelAuthorization used the nonce and moved nothing', async () => {
    const { payer, payee, ref, calls } = await payerOf();
    const nonce = newNonce();
    const transaction = await calls.cancel(nonce);
    await expect(reader().authorizationState(ref(nonce))).resolves.toEqual({ status: 'cancelled', transaction });
    expect([await chain.usdcBalance(payer.address), await chain.usdcBalance(payee)]).toEqual([10n * PRICE, 0n]);
  });

  it('unexplained: used, but its log is older than the lookback (here 0 blocks back from the newest)', async () => {
    const { payee, ref, calls } = await payerOf();
    const nonce = newNonce();
    await calls.transfer(payee, PRICE, nonce);
    await chain.base.request({ method: 'evm_mine' as never });
    await expect(createViemAuthorizationReader({ rpcUrl: chain.baseRpcUrl, lookbackBlocks: 0n }).authorizationState(ref(nonce))).resolves.toEqual({ status: 'unexplained' });
  });

  it('an unreadable chain throws', async () => {
    const { ref } = await payerOf();
    await expect(createViemAuthorizationReader({ rpcUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 }).authorizationState(ref(newNonce()))).rejects.toThrow();
  });
});
