import type { LocalAccount } from 'viem';
import { type Challenge, createBuyerClient } from '../../src/index.js';

/**
 * Pays a challenge exactly as @x402/fetch does, with the official client and no spend controls:
 * v2 from the PAYMENT-REQUIRED header, v1 from the 402 body when there is no header. Returns the
 * request headers of the paid retry.
 */
export async function officialPaymentHeaders(account: LocalAccount, challenge: Challenge, version: 1 | 2): Promise<Record<string, string>> {
  const http = createBuyerClient(account, { maxUsdPerPayment: null });
  const paymentRequired =
    version === 2
      ? http.getPaymentRequiredResponse((name) => (name.toUpperCase() === 'PAYMENT-REQUIRED' ? challenge.header : null))
      : http.getPaymentRequiredResponse(() => null, JSON.parse(JSON.stringify(challenge.body)));
  const payload = await http.createPaymentPayload(paymentRequired);
  return http.encodePaymentSignatureHeader(payload);
}
