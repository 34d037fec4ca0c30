import { DISCOVERY_PATHS, PAYMENT, toolById, x402ResourceList } from '@paysight/contracts';
import { PAYMENT_RESPONSE_META_KEY, REPLAY_META_KEY } from '@paysight/mcp-adapter';
import { DELIVERY_EXTENSION_KEY, type ReceiptExtensions, type SignedDelivery, responseHashOf, verifyDeliverySignature } from '@paysight/payment';
import { fundedBuyer, officialPaymentClient, readTestStack } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired, SettleResponse } from '@x402/core/types';
import {
  OFFER_RECEIPT,
  type EIP712SignedOffer,
  type EIP712SignedReceipt,
  decodeSignedOffers,
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  findAcceptsObjectFromSignedOffer,
  verifyOfferSignatureEIP712,
  verifyReceiptMatchesOffer,
  verifyReceiptSignatureEIP712,
} from '@x402/extensions/offer-receipt';
import { wrapFetchWithPayment } from '@x402/fetch';
import { connectMcp } from './mcp-fixture.js';
import { paymentRequiredOf } from './x402-mcp-client.js';

const snapshot = toolById('wallet_snapshot')!;
const stack = readTestStack();
const alice = () => stack.devnet.scenario.chains.base.wallets.alice!.address;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** fetch that keeps the headers of every request it sends: the official client's paid retry included. */
function recordingFetch() {
  const sent: Headers[] = [];
  const base: typeof fetch = (input, init) => {
    sent.push(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)));
    return fetch(input, init);
  };
  return { base, sent };
}

describe('signed offers and receipts (x402 offer-receipt, EIP-712) with the Paysight delivery binding', () => {
  let api: TestApi;
  let published: string;
  beforeAll(async () => {
    api = await startTestApi();
    const list = x402ResourceList.parse(await (await fetch(`${api.url}${DISCOVERY_PATHS.x402}`)).json());
    published = list.receiptSigner!.address;
  });
  afterAll(() => api.close());

  /** A signed offer of a 402, checked the way a buyer checks it: signature by the published signer, terms equal to `accepts`. */
  async function verifiedOffer(paymentRequired: PaymentRequired) {
    const offers = extractOffersFromPaymentRequired(paymentRequired);
    expect(offers).toHaveLength(1);
    const { signer, payload } = await verifyOfferSignatureEIP712(offers[0] as EIP712SignedOffer);
    expect(signer).toBe(published);
    expect(findAcceptsObjectFromSignedOffer(offers[0]!, paymentRequired.accepts)).toBe(paymentRequired.accepts[0]);
    expect(payload.resourceUrl).toBe(paymentRequired.resource.url);
    // Every offer served is still valid for at least the time a buyer has to pay it.
    expect(payload.validUntil - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(PAYMENT.maxTimeoutSeconds - 1);
    return decodeSignedOffers(offers)[0]!;
  }

  /** The receipt and the delivery binding of a settle response, checked against the answer received. */
  async function verifiedReceipt(settlement: SettleResponse, answer: unknown) {
    const extensions = settlement.extensions as unknown as ReceiptExtensions;
    const receipt = extensions[OFFER_RECEIPT].info.receipt;
    const { signer, payload } = await verifyReceiptSignatureEIP712(receipt);
    expect(signer).toBe(published);
    expect(payload).toMatchObject({ version: 1, network: PAYMENT.network, payer: settlement.payer, transaction: settlement.transaction });
    expect(payload.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const delivery = extensions[DELIVERY_EXTENSION_KEY].info.delivery;
    const bound = await verifyDeliverySignature(delivery, receipt);
    expect(bound.signer).toBe(published);
    expect(bound.payload.responseHash).toBe(responseHashOf(answer));
    expect(bound.payload.x402RequestId).toBe((answer as { metadata: { x402RequestId: string } }).metadata.x402RequestId);
    return { receipt, delivery };
  }

  it('REST with @x402/fetch: the 402 offer and the receipt verify against the published signer, the receipt matches the offer, names the transaction and binds the body received; a replay gives the same receipt', async () => {
    const body = { address: alice(), chain: 'base' };
    const unpaid = await post(`${api.url}${snapshot.path}`, body);
    expect(unpaid.status).toBe(402);
    const offer = await verifiedOffer(decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!));
    expect((await unpaid.json()) as { paymentRequired: PaymentRequired }).toMatchObject({ paymentRequired: { extensions: { [OFFER_RECEIPT]: { info: { offers: [offer.signedOffer] } } } } });

    const buyer = await fundedBuyer();
    const recording = recordingFetch();
    const paid = await wrapFetchWithPayment(recording.base, officialPaymentClient(buyer))(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(paid.status).toBe(200);
    const text = await paid.text();
    const receipt = extractReceiptFromResponse(paid) as EIP712SignedReceipt;
    expect(receipt.format).toBe('eip712');
    expect(verifyReceiptMatchesOffer(receipt, offer, [buyer.address])).toBe(true);
    const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(settlement.extensions?.[OFFER_RECEIPT]).toEqual({ info: { receipt }, schema: expect.any(Object) });
    await verifiedReceipt(settlement, JSON.parse(text));

    const payment = recording.sent.at(-1)!.get('payment-signature')!;
    const again = await post(`${api.url}${snapshot.path}`, body, { 'payment-signature': payment });
    expect(again.headers.get('paysight-replay')).toBe('true');
    expect(again.headers.get('payment-response')).toBe(paid.headers.get('payment-response'));
    expect(extractReceiptFromResponse(again)).toEqual(receipt);
    expect(await again.text()).toBe(text);
  });

  it('a tampered answer fails the check: another body does not hash to the bound hash, and a binding rewritten to it no longer recovers the signer', async () => {
    const buyer = await fundedBuyer();
    const paid = await wrapFetchWithPayment(fetch, officialPaymentClient(buyer))(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: alice(), chain: 'base' }),
    });
    expect(paid.status).toBe(200);
    const answer = (await paid.json()) as { result: Record<string, unknown> };
    const { receipt, delivery } = await verifiedReceipt(decodePaymentResponseHeader(paid.headers.get('payment-response')!), answer);

    const tampered = { ...answer, result: { ...answer.result, tampered: true } };
    expect(responseHashOf(tampered)).not.toBe(delivery.payload.responseHash);
    const rewritten: SignedDelivery = { ...delivery, payload: { ...delivery.payload, responseHash: responseHashOf(tampered) } };
    expect((await verifyDeliverySignature(rewritten, receipt)).signer).not.toBe(published);
    const otherReceipt = { ...receipt, payload: { ...receipt.payload, issuedAt: receipt.payload.issuedAt + 1 } };
    await expect(verifyDeliverySignature(delivery, otherReceipt)).rejects.toThrow(/another receipt/);
  });

  it('REST with an x402 v1 payment: X-PAYMENT-RESPONSE carries the same kind of receipt', async () => {
    const buyer = await fundedBuyer();
    const hideV2Offer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status !== 402) return response;
      const headers = new Headers(response.headers);
      headers.delete('payment-required');
      return new Response(await response.arrayBuffer(), { status: 402, headers });
    };
    const paid = await wrapFetchWithPayment(hideV2Offer, officialPaymentClient(buyer))(`${api.url}${snapshot.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: alice(), chain: 'base' }),
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('payment-response')).toBeNull();
    const settlement = decodePaymentResponseHeader(paid.headers.get('x-payment-response')!);
    expect(settlement.network).toBe(PAYMENT.networkName);
    const { receipt } = await verifiedReceipt(settlement, await paid.json());
    expect(extractReceiptFromResponse(paid)).toEqual(receipt);
  });

  describe('MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcp(`${api.url}/api/mcp`);
    });
    afterAll(() => client.close());

    it('a client of the x402 MCP transport: the offer in the payment_required result and the receipt in _meta verify, the binding holds for structuredContent.response; a replay gives the same receipt', async () => {
      const args = { address: alice(), chain: 'base' };
      const unpaid = (await client.callTool({ name: snapshot.mcpName, arguments: args })) as CallToolResult;
      const required = paymentRequiredOf(unpaid)!;
      const offer = await verifiedOffer(required);

      const buyer = await fundedBuyer();
      const payment = await officialPaymentClient(buyer).createPaymentPayload(required);
      const paid = (await client.callTool({ name: snapshot.mcpName, arguments: args, _meta: { 'x402/payment': payment } })) as CallToolResult;
      expect(paid.isError).toBeFalsy();
      const settlement = paid._meta?.[PAYMENT_RESPONSE_META_KEY] as SettleResponse;
      const answer = (paid.structuredContent as { response: unknown }).response;
      const { receipt } = await verifiedReceipt(settlement, answer);
      expect(verifyReceiptMatchesOffer(receipt, offer, [buyer.address])).toBe(true);

      const again = (await client.callTool({ name: snapshot.mcpName, arguments: args, _meta: { 'x402/payment': payment } })) as CallToolResult;
      expect(again._meta).toMatchObject({ [REPLAY_META_KEY]: true, [PAYMENT_RESPONSE_META_KEY]: settlement });
    });
  });
});
