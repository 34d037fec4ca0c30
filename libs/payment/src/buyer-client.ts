import { DECIMAL_PATTERN, PAYMENT } from '@paysight/contracts';
import { type ClientExtension, x402Client, x402HTTPClient } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { PAYMENT_IDENTIFIER, appendPaymentIdentifierToExtensions } from '@x402/extensions/payment-identifier';
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
  /**
   * The payment identifier (x402 `payment-identifier` extension, 16-128 characters of letters, digits,
   * _ and -) to name in the next payment, asked for once per payment. Return the same id when retrying
   * the same request with a new payment: the service then serves the answer already paid for instead of
   * charging again. Without it, payments name no identifier.
   */
  paymentId?: () => string;
}

/** Names `nextId()` in each v2 payment whose offer declares the extension, with the extension's own helper. */
function paymentIdentifierExtension(nextId: () => string): ClientExtension {
  return {
    key: PAYMENT_IDENTIFIER,
    enrichPaymentPayload: async (payload) => {
      // The helper writes into the declaration it is given: hand it a copy, never the offer's object.
      const extensions = structuredClone(payload.extensions ?? {});
      appendPaymentIdentifierToExtensions(extensions, nextId());
      return { ...payload, extensions };
    },
  };
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
  if (spending.paymentId) client.registerExtension(paymentIdentifierExtension(spending.paymentId));
  return new x402HTTPClient(client);
}
