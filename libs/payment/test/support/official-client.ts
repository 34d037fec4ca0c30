import { x402Client, x402HTTPClient } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import type { LocalAccount } from 'viem';
import type { Challenge } from '../../src/index.js';

/** The official x402 client (2.27), able to pay in protocol v2 and v1, without spend caps. */
export function officialHttpClient(account: LocalAccount): x402HTTPClient {
  const signer = toClientEvmSigner(account);
  const client = new x402Client()
    .register('eip155:8453', new ExactEvmScheme(signer))
    .registerV1('base', new ExactEvmSchemeV1(signer))
    .setSpendControls(false);
  return new x402HTTPClient(client);
}

/**
 * Pays a challenge exactly as @x402/fetch does: v2 from the PAYMENT-REQUIRED header, v1 from the
 * 402 body when there is no header. Returns the request headers of the paid retry.
 */
export async function officialPaymentHeaders(account: LocalAccount, challenge: Challenge, version: 1 | 2): Promise<Record<string, string>> {
  const http = officialHttpClient(account);
  const paymentRequired =
    version === 2
      ? http.getPaymentRequiredResponse((name) => (name.toUpperCase() === 'PAYMENT-REQUIRED' ? challenge.header : null))
      : http.getPaymentRequiredResponse(() => null, JSON.parse(JSON.stringify(challenge.body)));
  const payload = await http.createPaymentPayload(paymentRequired);
  return http.encodePaymentSignatureHeader(payload);
}
