import { DECIMAL_PATTERN, PAYMENT } from '@paysight/contracts';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import type { Hex, LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export interface BuyerSpending {
  /**
   * The most one payment may cost, in USD as a decimal string ("1", "0.25", "5.00"): the official
   * client refuses any offer above it with its own error. Its default cap, when none is set, is 1
   * USD, below the 5 USD deep report. `null` turns the client's spend controls off entirely (no cap,
   * and offers in any asset are signed): only for tests that pay deliberately odd offers.
   */
  maxUsdPerPayment: string | null;
}

/**
 * The official x402 client (`@x402/core`) paying as `buyer`: the exact scheme in protocol v2 on
 * Base (`eip155:8453`) and v1 (`base`), with a per-payment spending cap. Hand it to
 * `wrapFetchWithPayment` (`@x402/fetch`) or drive it by hand (`getPaymentRequiredResponse`,
 * `createPaymentPayload`, `encodePaymentSignatureHeader`).
 */
export function createBuyerClient(buyer: LocalAccount | Hex, spending: BuyerSpending): x402HTTPClient {
  const { maxUsdPerPayment } = spending;
  if (maxUsdPerPayment !== null && !DECIMAL_PATTERN.test(maxUsdPerPayment)) {
    throw new RangeError(`maxUsdPerPayment must be a decimal amount of USD such as "1" or "0.25" (got "${maxUsdPerPayment}")`);
  }
  const account = typeof buyer === 'string' ? privateKeyToAccount(buyer) : buyer;
  const signer = toClientEvmSigner(account);
  const client = new x402Client()
    .register(PAYMENT.network, new ExactEvmScheme(signer))
    .registerV1(PAYMENT.networkName, new ExactEvmSchemeV1(signer))
    .setSpendControls(maxUsdPerPayment === null ? false : { maxAmountPerPayment: `$${maxUsdPerPayment}` });
  return new x402HTTPClient(client);
}
