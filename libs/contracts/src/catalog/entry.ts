import type { z } from 'zod';
import { decimalToAtomic } from '../money.js';

export const TOOL_FAMILIES = ['wallet', 'tx', 'trust', 'expansion', 'ext', 'x402'] as const;
export type ToolFamily = (typeof TOOL_FAMILIES)[number];

/** How the response body is shaped: the paid envelope {ok, tool, pricePaid, result, metadata} or a family envelope. */
export type EnvelopeKind = 'paid' | 'trust';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export const DEFAULT_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

export interface CatalogEntry<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Tool id, as in the price table (wallet_snapshot). */
  id: string;
  /** Last path segment (wallet-snapshot); the trust envelope's endpoint field. */
  slug: string;
  path: string;
  method: 'POST';
  mcpName: string;
  title: string;
  description: string;
  /** Decimal USDC price; the atomic amount is derived (priceOf). */
  price: string;
  family: ToolFamily;
  envelope: EnvelopeKind;
  annotations: ToolAnnotations;
  request: Req;
  /** The tool's own result: `result` of the paid envelope, or the whole body of a family envelope. */
  result: Res;
}

export interface ToolPrice {
  /** Decimal string, "0.01". */
  amount: string;
  /** Units of 10^-6 USDC, "10000". */
  atomic: string;
}

export function priceOf(entry: Pick<CatalogEntry, 'price'>): ToolPrice {
  return { amount: entry.price, atomic: decimalToAtomic(entry.price) };
}

export function defineTool<Req extends z.ZodType, Res extends z.ZodType>(
  entry: Omit<CatalogEntry<Req, Res>, 'method' | 'annotations'> & { annotations?: Partial<ToolAnnotations> },
): CatalogEntry<Req, Res> {
  return { ...entry, method: 'POST', annotations: { ...DEFAULT_ANNOTATIONS, ...entry.annotations } };
}
