import { CATALOG, SERVICE_NAME, type X402ResourceList, x402ResourceList } from '@paysight/contracts';
import { BAZAAR_EXTENSION_KEY, bazaarExtension } from '@paysight/payment';
import type { DiscoveryDeps } from './deps.js';

/**
 * /.well-known/x402.json: every paid resource with the offer an unpaid call of it gets, taken from
 * that very 402 (the processor's cached challenge), so the two cannot disagree. `extensions` is the
 * complete Bazaar declaration, with descriptions and the whole response schema: the 402 carries the
 * form of it that fits its header budget (docs/paying.md, "Header sizes").
 * Parsed with its published schema, so the document never says more or less than the schema does.
 */
export function x402ResourceListDocument({ baseUrl, payments }: { baseUrl: string; payments: DiscoveryDeps['payments'] }): X402ResourceList {
  return x402ResourceList.parse({
    x402Version: 2,
    name: SERVICE_NAME,
    baseUrl,
    receiptSigner: payments.receiptSigner,
    resources: CATALOG.map((entry) => {
      const { paymentRequired, offer, price } = payments.challenge(entry, `${baseUrl}${entry.path}`).body;
      const { resource, accepts, x402Version } = paymentRequired;
      return {
        id: entry.id,
        resource: resource.url,
        type: 'http',
        x402Version,
        method: entry.method,
        description: resource.description,
        mimeType: resource.mimeType,
        serviceName: resource.serviceName,
        tags: resource.tags,
        accepts,
        extensions: { [BAZAAR_EXTENSION_KEY]: bazaarExtension(entry) },
        offer,
        price,
      };
    }),
  });
}
