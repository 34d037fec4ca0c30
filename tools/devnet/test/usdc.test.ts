import { CHAIN_NAMES, CHAINS } from '@paysight/contracts';
import { type Address, domainSeparator, type Hex, keccak256, parseEventLogs, parseSignature, toBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ARTIFACTS, type Devnet, type DevnetAccount, freshAccount, fundAccount, startDevnet } from '../src/index.js';
import { type AuthorizationKind, signUsdcAuthorization, type UsdcAuthorization } from '../src/chain/usdc-authorization.js';
import { nowSeconds, publicClient, START_TIMEOUT_MS, walletClient } from './helpers.js';

const abi = ARTIFACTS.DevnetUSDC.abi;
const usdc = CHAINS.base.usdc;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ seed: false });
}, START_TIMEOUT_MS);
afterAll(() => devnet?.close());

type Authorization = UsdcAuthorization;

function authorization(payer: DevnetAccount, to: Address, overrides: Partial<Authorization> = {}): Authorization {
  return {
    from: payer.address,
    to,
    value: 10_000n,
    validAfter: nowSeconds() - 600n,
    validBefore: nowSeconds() + 600n,
    nonce: keccak256(toBytes(`${payer.address}:${Math.random()}`)),
    ...overrides,
  };
}

function sign(signer: DevnetAccount, message: Authorization, kind: AuthorizationKind = 'TransferWithAuthorization') {
  return signUsdcAuthorization(signer.privateKey, { chainId: CHAINS.base.chainId, address: usdc }, message, kind);
}

const args = (a: Authorization) => [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce] as const;
function vrs(signature: Hex) {
  const { v, r, s } = parseSignature(signature);
  return [Number(v), r, s] as const;
}

/** A payer holding USDC only (EIP-3009 payers need no gas) and a relayer holding native coin. */
async function parties() {
  const payer = freshAccount();
  const relayer = freshAccount();
  await fundAccount(devnet.faucetUrl, { chain: 'base', address: payer.address, usdc: 1_000_000n });
  await fundAccount(devnet.faucetUrl, { chain: 'base', address: relayer.address, native: 10n ** 18n });
  return { payer, relayer, payee: freshAccount() };
}

async function balanceOf(address: Address): Promise<bigint> {
  return (await publicClient(devnet, 'base').readContract({ address: usdc, abi, functionName: 'balanceOf', args: [address] })) as bigint;
}

describe('USDC at the canonical addresses', () => {
  it.each(CHAIN_NAMES)('%s: metadata and EIP-712 domain of "USD Coin" version "2"', async (chain) => {
    const client = publicClient(devnet, chain);
    const address = CHAINS[chain].usdc;
    const read = (functionName: string) => client.readContract({ address, abi, functionName });
    expect(await read('name')).toBe('USD Coin');
    expect(await read('symbol')).toBe('USDC');
    expect(await read('decimals')).toBe(6);
    expect(await read('version')).toBe('2');
    expect(await read('DOMAIN_SEPARATOR')).toBe(
      domainSeparator({ domain: { name: 'USD Coin', version: '2', chainId: CHAINS[chain].chainId, verifyingContract: address } }),
    );
  });

  it('mints only for the minter, with a Transfer from the zero address', async () => {
    const { relayer } = await parties();
    const client = publicClient(devnet, 'base');
    await expect(
      client.simulateContract({ account: relayer.address, address: usdc, abi, functionName: 'mint', args: [relayer.address, 1n] }),
    ).rejects.toThrow('USDC: caller is not the minter');

    const { transactions } = await fundAccount(devnet.faucetUrl, { chain: 'base', address: relayer.address, usdc: 7n });
    const receipt = await client.getTransactionReceipt({ hash: transactions[0]! });
    const [transfer] = parseEventLogs({ abi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfer?.args).toEqual({ from: '0x0000000000000000000000000000000000000000', to: relayer.address, value: 7n });
  });
});

describe('EIP-3009 on the devnet USDC', () => {
  it('transferWithAuthorization (v, r, s) moves the funds once; the replay reverts', async () => {
    const { payer, relayer, payee } = await parties();
    const auth = authorization(payer, payee.address);
    const signature = await sign(payer, auth);
    const client = publicClient(devnet, 'base');
    const wallet = walletClient(devnet, 'base', relayer);

    const hash = await wallet.writeContract({ address: usdc, abi, functionName: 'transferWithAuthorization', args: [...args(auth), ...vrs(signature)] });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(await balanceOf(payee.address)).toBe(10_000n);
    expect(await balanceOf(payer.address)).toBe(990_000n);
    expect(await client.readContract({ address: usdc, abi, functionName: 'authorizationState', args: [payer.address, auth.nonce] })).toBe(true);
    const [used] = parseEventLogs({ abi, eventName: 'AuthorizationUsed', logs: receipt.logs });
    expect(used?.args).toEqual({ authorizer: payer.address, nonce: auth.nonce });

    await expect(
      client.simulateContract({ account: relayer.address, address: usdc, abi, functionName: 'transferWithAuthorization', args: [...args(auth), ...vrs(signature)] }),
    ).rejects.toThrow('USDC: authorization is used or canceled');
    expect(await balanceOf(payee.address)).toBe(10_000n);
  });

  it('transferWithAuthorization (bytes signature) works as well', async () => {
    const { payer, relayer, payee } = await parties();
    const auth = authorization(payer, payee.address, { value: 250_000n });
    const hash = await walletClient(devnet, 'base', relayer).writeContract({
      address: usdc,
      abi,
      functionName: 'transferWithAuthorization',
      args: [...args(auth), await sign(payer, auth)],
    });
    expect((await publicClient(devnet, 'base').waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    expect(await balanceOf(payee.address)).toBe(250_000n);
  });

  it.each([
    ['expired', { validBefore: nowSeconds() - 1n }, 'USDC: authorization is expired'],
    ['not yet valid', { validAfter: nowSeconds() + 3600n }, 'USDC: authorization is not yet valid'],
  ])('refuses an authorization that is %s', async (_label, overrides, reason) => {
    const { payer, relayer, payee } = await parties();
    const auth = authorization(payer, payee.address, overrides);
    await expect(
      publicClient(devnet, 'base').simulateContract({
        account: relayer.address,
        address: usdc,
        abi,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), await sign(payer, auth)],
      }),
    ).rejects.toThrow(reason);
  });

  it('refuses a signature by anyone but the payer', async () => {
    const { payer, relayer, payee } = await parties();
    const auth = authorization(payer, payee.address);
    await expect(
      publicClient(devnet, 'base').simulateContract({
        account: relayer.address,
        address: usdc,
        abi,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), ...vrs(await sign(relayer, auth))],
      }),
    ).rejects.toThrow('USDC: invalid signature');
  });

  it('receiveWithAuthorization must be submitted by the payee', async () => {
    const { payer, relayer } = await parties();
    const auth = authorization(payer, relayer.address, { value: 30_000n });
    const signature = await sign(payer, auth, 'ReceiveWithAuthorization');
    const client = publicClient(devnet, 'base');
    const stranger = freshAccount();
    await expect(
      client.simulateContract({ account: stranger.address, address: usdc, abi, functionName: 'receiveWithAuthorization', args: [...args(auth), signature] }),
    ).rejects.toThrow('USDC: caller must be the payee');

    const hash = await walletClient(devnet, 'base', relayer).writeContract({
      address: usdc,
      abi,
      functionName: 'receiveWithAuthorization',
      args: [...args(auth), ...vrs(signature)],
    });
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    expect(await balanceOf(relayer.address)).toBe(30_000n);
  });

  it('cancelAuthorization makes the authorization unusable', async () => {
    const { payer, relayer, payee } = await parties();
    const auth = authorization(payer, payee.address);
    const cancelSignature = await privateKeyToAccount(payer.privateKey).signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: CHAINS.base.chainId, verifyingContract: usdc },
      types: { CancelAuthorization: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }] },
      primaryType: 'CancelAuthorization',
      message: { authorizer: payer.address, nonce: auth.nonce },
    });
    const client = publicClient(devnet, 'base');
    const hash = await walletClient(devnet, 'base', relayer).writeContract({
      address: usdc,
      abi,
      functionName: 'cancelAuthorization',
      args: [payer.address, auth.nonce, cancelSignature],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(parseEventLogs({ abi, eventName: 'AuthorizationCanceled', logs: receipt.logs })[0]?.args).toEqual({
      authorizer: payer.address,
      nonce: auth.nonce,
    });
    await expect(
      client.simulateContract({
        account: relayer.address,
        address: usdc,
        abi,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), await sign(payer, auth)],
      }),
    ).rejects.toThrow('USDC: authorization is used or canceled');
  });
});
