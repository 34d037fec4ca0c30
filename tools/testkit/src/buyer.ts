import { fetchResendingOnStaleSocket } from '@paysight/chain-data';
import { CHAINS, type ChainName } from '@paysight/contracts';
import { freshAccount, fundAccount, viemChain, type DevnetAccount } from '@paysight/devnet';
import { createBuyerClient } from '@paysight/payment';
import type { x402HTTPClient } from '@x402/core/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { readTestStack } from './stack.js';

/** A new buyer holding `usdc` (atomic) on the devnet's Base, funded through the faucet. */
export async function fundedBuyer(usdc = 5_000_000n): Promise<DevnetAccount> {
  const buyer = freshAccount();
  await fundAccount(readTestStack().devnet.faucetUrl, { chain: 'base', address: buyer.address, usdc });
  return buyer;
}

/**
 * The official x402 client (v2 and v1 exact schemes on Base) signing as `buyer`. It refuses offers
 * above `maxUsd` (the client's own default is $1; the 5 USDC report needs more). With `paymentId`, each payment names the id it returns (x402 payment-identifier).
 */
export function officialPaymentClient(buyer: DevnetAccount, maxUsd = '1', paymentId?: () => string): x402HTTPClient {
  return createBuyerClient(buyer.privateKey, { maxUsdPerPayment: maxUsd, ...(paymentId ? { paymentId } : {}) });
}

/**
 * fetch that pays 402 answers with the official client. With `protocol: 1` the 402's v2 header is
 * hidden from the client, so it pays from the body's v1 offer with an X-PAYMENT header.
 */
export function payingFetch(buyer: DevnetAccount, options: { protocol?: 1 | 2; maxUsd?: string } = {}): typeof fetch {
  const base: typeof fetch =
    options.protocol === 1
      ? async (input, init) => {
          const response = await fetch(input, init);
          if (response.status !== 402) return response;
          const headers = new Headers(response.headers);
          headers.delete('payment-required');
          return new Response(await response.arrayBuffer(), { status: 402, headers });
        }
      : fetch;
  return wrapFetchWithPayment(base, officialPaymentClient(buyer, options.maxUsd));
}

export async function usdcBalance(address: Address, chain: ChainName = 'base'): Promise<bigint> {
  const rpcUrl = readTestStack().devnet.chains[chain].rpcUrl;
  const client = createPublicClient({ chain: viemChain(chain, rpcUrl), transport: http(rpcUrl, { retryCount: 0, fetchFn: fetchResendingOnStaleSocket }) });
  return client.readContract({ address: CHAINS[chain].usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
}
