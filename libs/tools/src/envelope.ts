import { priceObjectFor, type CatalogEntry } from '@paysight/contracts';
import type { ToolOutput } from './tool-module.js';

/** Identifiers and receipt of the paid call that produced an output. */
export interface ServedCall {
  requestId: string;
  x402RequestId: string;
  generatedAt: Date;
  settlement?: { transaction: string | null; network: string; payer: string } | null;
}

/** The 200 body of a paid tool: the paid envelope, or the family envelope the catalog names. */
export function buildResponseBody(entry: CatalogEntry, output: ToolOutput<unknown>, served: ServedCall): Record<string, unknown> {
  if (entry.envelope !== 'paid') throw new Error(`envelope ${entry.envelope} is not served yet (${entry.id})`);
  return {
    ok: true,
    tool: entry.id,
    pricePaid: priceObjectFor(entry.price),
    result: output.result,
    metadata: {
      requestId: served.requestId,
      x402RequestId: served.x402RequestId,
      generatedAt: served.generatedAt.toISOString(),
      ...output.metadata,
      ...(served.settlement ? { settlement: served.settlement } : {}),
    },
  };
}
