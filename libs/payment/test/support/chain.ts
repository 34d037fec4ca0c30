import { type Devnet, freshAccount, fundAccount, startDevnet } from '@paysight/devnet';
import { type Address, type LocalAccount, type PublicClient, createPublicClient, erc20Abi, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { baseChain } from '../../src/base-chain.js';
import { type LocalFacilitator, startLocalFacilitator } from '../../src/local-facilitator.js';

export const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;
const ONE_ETH = 10n ** 18n;

export interface ChainHarness {
  devnet: Devnet;
  baseRpcUrl: string;
  facilitator: LocalFacilitator;
  base: PublicClient;
  /** A new funded buyer: USDC (atomic) and, when asked, native coin for its own transactions. */
  newBuyer(funds: { usdc: bigint; native?: bigint }): Promise<LocalAccount>;
  /** A new payee nobody else pays: its balance starts at zero. */
  newPayee(): Address;
  usdcBalance(address: Address): Promise<bigint>;
  /** How many EIP-3009 authorizations of this payer the token has consumed. */
  authorizationsUsed(payer: Address): Promise<number>;
  close(): Promise<void>;
}

/** Local chains (unseeded: USDC and Multicall3 only) and a local facilitator with its own funded signer. */
export async function startChainHarness(): Promise<ChainHarness> {
  const devnet = await startDevnet({ seed: false });
  try {
    const baseRpcUrl = devnet.chains.base.rpcUrl;
    const signer = freshAccount();
    await fundAccount(devnet.faucetUrl, { chain: 'base', address: signer.address, native: ONE_ETH });
    const facilitator = await startLocalFacilitator({ rpcUrl: baseRpcUrl, privateKey: signer.privateKey });
    const base = createPublicClient({ chain: baseChain(baseRpcUrl), transport: http(baseRpcUrl, { retryCount: 0 }) }) as PublicClient;
    return {
      devnet,
      baseRpcUrl,
      facilitator,
      base,
      async newBuyer({ usdc, native }) {
        const account = freshAccount();
        await fundAccount(devnet.faucetUrl, { chain: 'base', address: account.address, usdc, ...(native ? { native } : {}) });
        return privateKeyToAccount(account.privateKey);
      },
      newPayee: () => freshAccount().address,
      usdcBalance: (address) => base.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      async authorizationsUsed(payer) {
        const logs = await base.getLogs({
          address: USDC,
          event: parseAbi(['event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)'])[0],
          args: { authorizer: payer },
          fromBlock: 0n,
        });
        return logs.length;
      },
      async close() {
        await facilitator.close().catch(() => undefined);
        await devnet.close();
      },
    };
  } catch (error) {
    await devnet.close();
    throw error;
  }
}
