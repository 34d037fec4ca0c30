import { CATALOG, DISCOVERY_PATHS, paymentRequiredBody, x402ResourceList } from '@paysight/contracts';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_REQUIRED_HEADER_BUDGET, bazaarExtension } from '@paysight/payment';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { type EIP712SignedOffer, extractOffersFromPaymentRequired, verifyOfferSignatureEIP712 } from '@x402/extensions/offer-receipt';
import { DEVNET_RECEIPT_SIGNER } from './receipt-signer.js';

/** nginx's default proxy_buffer_size on most hosts (one 4 KB page): a 402 must pass it unchanged (docs/paying.md). */
const PROXY_HEADER_BUFFER_BYTES = 4096;

/** Bytes of the status line and header block as they go on the wire. */
function headerBlockBytes(res: Response): number {
  let bytes = `HTTP/1.1 ${res.status} ${res.statusText}\r\n`.length + 2;
  res.headers.forEach((value, name) => (bytes += Buffer.byteLength(`${name}: ${value}\r\n`)));
  return bytes;
}

describe('GET /.well-known/x402.json', () => {
  let api: TestApi;
  let res: Response;
  let list: ReturnType<typeof x402ResourceList.parse>;
  beforeAll(async () => {
    api = await startTestApi();
    res = await fetch(`${api.url}${DISCOVERY_PATHS.x402}`);
    list = x402ResourceList.parse(await res.json());
  });
  afterAll(() => api.close());

  it('is JSON, cacheable, and answers 304 to its own ETag', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const again = await fetch(`${api.url}${DISCOVERY_PATHS.x402}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('lists every paid tool of the catalog once, in catalog order, at this server', () => {
    expect(list.baseUrl).toBe(api.url);
    expect(list.resources.map((resource) => resource.id)).toEqual(CATALOG.map((entry) => entry.id));
    expect(list.resources.map((resource) => resource.resource)).toEqual(CATALOG.map((entry) => `${api.url}${entry.path}`));
  });

  it('names the signer of offers and receipts', () => {
    expect(list.receiptSigner).toEqual(DEVNET_RECEIPT_SIGNER);
  });

  it.each(CATALOG.map((entry) => [entry.id, entry] as const))('%s: the offer and the Bazaar declaration are exactly what its 402 carries, its offer signed by the published signer', async (_id, entry) => {
    const resource = list.resources.find((item) => item.id === entry.id)!;
    const unpaid = await fetch(resource.resource, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry.example) });
    expect(unpaid.status).toBe(402);
    const body = paymentRequiredBody.parse(await unpaid.json());
    const header = unpaid.headers.get(PAYMENT_REQUIRED_HEADER)!;

    expect(decodePaymentRequiredHeader(header)).toEqual(body.paymentRequired);
    expect(resource.accepts).toEqual(body.paymentRequired.accepts);
    expect(resource.extensions).toEqual({ bazaar: bazaarExtension(entry) });
    expect(resource.offer).toEqual(body.offer);
    expect(resource.price).toEqual(body.price);
    const [signed, ...more] = extractOffersFromPaymentRequired(body.paymentRequired as PaymentRequired);
    expect(more).toEqual([]);
    const { signer, payload } = await verifyOfferSignatureEIP712(signed as EIP712SignedOffer);
    expect(signer).toBe(list.receiptSigner?.address);
    const [accepted] = resource.accepts;
    expect(payload).toMatchObject({ version: 1, resourceUrl: resource.resource, scheme: accepted.scheme, network: accepted.network, asset: accepted.asset, payTo: accepted.payTo, amount: accepted.amount });
    expect(resource).toMatchObject({
      method: entry.method,
      type: 'http',
      x402Version: 2,
      description: body.paymentRequired.resource.description,
      mimeType: body.paymentRequired.resource.mimeType,
      serviceName: 'Paysight',
      tags: [entry.family],
    });
    expect(resource.description.length).toBeLessThanOrEqual(500);

    // The header stays within its budget, and the whole header block fits a proxy's buffer.
    expect(header.length).toBeLessThanOrEqual(PAYMENT_REQUIRED_HEADER_BUDGET);
    expect(headerBlockBytes(unpaid)).toBeLessThanOrEqual(PROXY_HEADER_BUFFER_BYTES);
  });
});
