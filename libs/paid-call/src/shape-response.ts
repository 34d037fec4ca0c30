import {
  type CatalogEntry,
  EXPANSION_VERSION,
  EXTENDED_VERSION,
  PAYMENT,
  type SettlementRecord,
  TRUST_PRODUCT_FAMILY,
  TRUST_VERSION,
  inputFingerprint,
  priceObjectFor,
} from '@paysight/contracts';
import type { ToolOutput } from '@paysight/tools';

/** Identifiers and receipt of the paid call that produced an output: the serving layer's part of every answer. */
export interface ServedCall {
  /** The parsed input (fingerprinted by the extended and the strict expansion envelopes); never holds payment arguments. */
  input: unknown;
  requestId: string;
  x402RequestId: string;
  generatedAt: Date;
  settlement: SettlementRecord;
}

/** What settled a paid answer, as every envelope's `metadata` carries it; `paymentStatus` is what the closed envelopes require. */
const PAYMENT_STATUS_SETTLED = 'settled';

function metadataOf(output: ToolOutput<unknown>, served: ServedCall): Record<string, unknown> {
  return {
    requestId: served.requestId,
    x402RequestId: served.x402RequestId,
    generatedAt: served.generatedAt.toISOString(),
    ...output.metadata,
    settlement: served.settlement,
  };
}

function resultObject(entry: CatalogEntry, output: ToolOutput<unknown>): Record<string, unknown> {
  const { result } = output;
  if (result === null || typeof result !== 'object' || Array.isArray(result)) throw new Error(`${entry.id} returned a result that is not an object`);
  return result as Record<string, unknown>;
}

/**
 * The 200 body of a paid tool: the analyzer's result inside the envelope its catalog entry names,
 * with the money and identity fields only the serving layer knows. Its shape is `responseSchema(entry)`.
 */
export function shapeResponse(entry: CatalogEntry, output: ToolOutput<unknown>, served: ServedCall): Record<string, unknown> {
  const generatedAt = served.generatedAt.toISOString();
  const metadata = metadataOf(output, served);
  const pricePaid = priceObjectFor(entry.price);
  const { envelope } = entry;
  switch (envelope.kind) {
    case 'paid':
      return { ok: true, tool: entry.id, pricePaid, result: output.result, metadata };
    case 'trust':
      return {
        product_family: TRUST_PRODUCT_FAMILY,
        endpoint: entry.slug,
        version: TRUST_VERSION,
        request_id: served.requestId,
        x402_request_id: served.x402RequestId,
        generated_at: generatedAt,
        ...resultObject(entry, output),
        pricePaid,
        metadata,
      };
    case 'expansion':
      return {
        product_family: envelope.productFamily,
        endpoint: entry.slug,
        tool_id: entry.id,
        version: EXPANSION_VERSION,
        request_id: served.requestId,
        x402_request_id: served.x402RequestId,
        generated_at: generatedAt,
        ...resultObject(entry, output),
        pricePaid,
        metadata: envelope.strict ? { ...metadata, paymentStatus: PAYMENT_STATUS_SETTLED, input_fingerprint: inputFingerprint(served.input) } : metadata,
      };
    case 'extended':
      return {
        requestId: served.requestId,
        service: entry.slug,
        version: EXTENDED_VERSION,
        ...resultObject(entry, output),
        inputFingerprint: inputFingerprint(served.input),
        generatedAt,
        x402_request_id: served.x402RequestId,
        pricePaid: { amount: entry.price, currency: PAYMENT.currency, network: PAYMENT.networkName },
        metadata: { ...metadata, paymentStatus: PAYMENT_STATUS_SETTLED },
      };
  }
}

/** The part of a served body (shapeResponse) that is the analyzer's result: under `result`, or spread into the body. */
export function resultPartOf(entry: CatalogEntry, body: Record<string, unknown>): Record<string, unknown> {
  return entry.envelope.kind === 'paid' ? (body['result'] as Record<string, unknown>) : body;
}

/** The served body with its result part replaced. */
export function withResultPart(entry: CatalogEntry, body: Record<string, unknown>, part: Record<string, unknown>): Record<string, unknown> {
  return entry.envelope.kind === 'paid' ? { ...body, result: part } : part;
}
