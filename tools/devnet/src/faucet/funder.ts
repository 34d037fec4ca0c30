import { CHAINS, type ChainName } from '@paysight/contracts';
import { type Account, createWalletClient, custom, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevnetAccount } from '../accounts.js';
import { ARTIFACTS } from '../artifacts/index.js';
import type { ChainHandle } from '../chain/client.js';
import type { FundRequest, FundResponse } from './request.js';

/**
 * Sends native coin and mints USDC from the faucet account. Requests for one chain run one after
 * another, so the faucet's nonces form a single stream and concurrent requests never collide.
 */
export class Funder {
  private readonly account: Account;
  private readonly queues = new Map<ChainName, Promise<unknown>>();

  constructor(
    private readonly handles: Readonly<Record<ChainName, ChainHandle>>,
    faucet: DevnetAccount,
  ) {
    this.account = privateKeyToAccount(faucet.privateKey);
  }

  fund(request: FundRequest): Promise<FundResponse> {
    const previous = this.queues.get(request.chain) ?? Promise.resolve();
    const next = previous.then(() => this.fundNow(request));
    // The queue must go on after a failed request; the caller still sees the failure.
    this.queues.set(request.chain, next.catch(() => undefined));
    return next;
  }

  private async fundNow(request: FundRequest): Promise<FundResponse> {
    const handle = this.handles[request.chain];
    const wallet = createWalletClient({
      account: this.account,
      chain: handle.chain,
      transport: custom(handle.provider as Parameters<typeof custom>[0], { retryCount: 0 }),
    });
    const transactions: Hex[] = [];
    if (request.native !== undefined && request.native > 0n) {
      const hash = await wallet.sendTransaction({ to: request.address, value: request.native });
      await this.expectSuccess(handle, hash, 'native transfer');
      transactions.push(hash);
    }
    if (request.usdc !== undefined && request.usdc > 0n) {
      const hash = await wallet.writeContract({
        address: CHAINS[request.chain].usdc,
        abi: ARTIFACTS.DevnetUSDC.abi,
        functionName: 'mint',
        args: [request.address, request.usdc],
      });
      await this.expectSuccess(handle, hash, 'USDC mint');
      transactions.push(hash);
    }
    return { transactions };
  }

  private async expectSuccess(handle: ChainHandle, hash: Hex, what: string): Promise<void> {
    // The chain automines: the receipt exists as soon as the send returns.
    const receipt = await handle.client.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`faucet ${what} ${hash} on ${handle.name} reverted`);
  }
}
