import { CHAINS, PAYMENT } from '@paysight/contracts';
import { type Address, type Hex, type LocalAccount, type PublicClient, createWalletClient, http, parseAbi } from 'viem';
import { baseChain } from '../../src/base-chain.js';
import { USDC } from './chain.js';

const abi = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)',
]);
const domain = { name: PAYMENT.eip712.name, version: PAYMENT.eip712.version, chainId: CHAINS.base.chainId, verifyingContract: USDC } as const;

/**
 * The payer's own EIP-3009 calls on the local Base, sent from its account (it needs native coin):
 * what a payer can do with an authorization behind the service's back.
 */
export function payerCalls(payer: LocalAccount, base: PublicClient, rpcUrl: string) {
  const wallet = createWalletClient({ account: payer, chain: baseChain(rpcUrl), transport: http(rpcUrl, { retryCount: 0 }) });
  const mined = async (hash: Hex) => {
    const receipt = await base.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
    return hash;
  };
  return {
    /** Signs and submits transferWithAuthorization(payer -> to, value) under `nonce`. */
    async transfer(to: Address, value: bigint, nonce: Hex): Promise<Hex> {
      const message = { from: payer.address, to, value, validAfter: 0n, validBefore: BigInt(Math.floor(Date.now() / 1000) + 600), nonce };
      const signature = await payer.signTypedData({
        domain,
        types: {
          TransferWithAuthorization: [
            { name: 'from', type: 'address' },
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'validAfter', type: 'uint256' },
            { name: 'validBefore', type: 'uint256' },
            { name: 'nonce', type: 'bytes32' },
          ],
        },
        primaryType: 'TransferWithAuthorization',
        message,
      });
      const { from, validAfter, validBefore } = message;
      return mined(await wallet.writeContract({ address: USDC, abi, functionName: 'transferWithAuthorization', args: [from, to, value, validAfter, validBefore, nonce, signature] }));
    },
    /** Signs and submits cancelAuthorization(payer, nonce): the nonce is used up, nothing moves. */
    async cancel(nonce: Hex): Promise<Hex> {
      const signature = await payer.signTypedData({
        domain,
        types: { CancelAuthorization: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }] },
        primaryType: 'CancelAuthorization',
        message: { authorizer: payer.address, nonce },
      });
      return mined(await wallet.writeContract({ address: USDC, abi, functionName: 'cancelAuthorization', args: [payer.address, nonce, signature] }));
    },
  };
}
