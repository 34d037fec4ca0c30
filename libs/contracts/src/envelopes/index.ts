import { z } from 'zod';
import type { CatalogEntry } from '../catalog/entry.js';
import { type ExpansionProductFamily, expansionEnvelope, strictExpansionEnvelope } from './expansion.js';
import { extendedEnvelope } from './extended.js';
import { paidEnvelope } from './paid.js';
import { trustEnvelope } from './trust.js';

export * from './error.js';
export * from './request-body.js';
export * from './price.js';
export * from './served.js';
export * from './paid.js';
export * from './trust.js';
export * from './expansion.js';
export * from './extended.js';
export * from './mcp-result.js';
export * from './payment-required.js';

/**
 * How the 200 body of a tool is shaped. The catalog entry names it; the analyzer returns only its
 * result (and metadata), and the serving layer adds the payment and identity fields of the envelope.
 */
export type Envelope =
  /** {ok, tool, pricePaid, result, metadata}: wallet and transaction tools. */
  | { kind: 'paid' }
  /** Trust-family envelope v0.1. */
  | { kind: 'trust' }
  /** Expansion envelope; `strict` is the closed variant with metadata.paymentStatus. */
  | { kind: 'expansion'; productFamily: ExpansionProductFamily; strict: boolean }
  /** Extended-family envelope v0.2 (/api/ext/). */
  | { kind: 'extended' };

export type EnvelopeKind = Envelope['kind'];

function objectResult(entry: CatalogEntry): z.ZodObject {
  if (!(entry.result instanceof z.ZodObject)) throw new Error(`catalog: ${entry.id} has the ${entry.envelope.kind} envelope, so its result must be a zod object`);
  return entry.result;
}

/** Schema of the whole 200 body of a tool: its result inside the envelope its catalog entry names. */
export function responseSchema(entry: CatalogEntry): z.ZodType {
  const { envelope } = entry;
  switch (envelope.kind) {
    case 'paid':
      return paidEnvelope(entry.id, entry.result);
    case 'trust':
      return trustEnvelope(entry.slug, objectResult(entry));
    case 'expansion':
      return (envelope.strict ? strictExpansionEnvelope : expansionEnvelope)(envelope.productFamily, entry.slug, entry.id, objectResult(entry));
    case 'extended':
      return extendedEnvelope(entry.slug, objectResult(entry));
  }
}
