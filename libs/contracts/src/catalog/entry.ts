import type { z } from 'zod';
import type { Envelope } from '../envelopes/index.js';
import { decimalToAtomic } from '../money.js';

export const TOOL_FAMILIES = ['wallet', 'tx', 'trust', 'expansion', 'ext', 'x402'] as const;
export type ToolFamily = (typeof TOOL_FAMILIES)[number];

/** How documents for people and language models head each family: a title and what the family is for. */
export const TOOL_FAMILY_INFO: Readonly<Record<ToolFamily, { title: string; about: string }>> = {
  wallet: { title: 'Wallet tools', about: 'Exposure, activity and risk of EVM wallets, from a quick triage to a saved report.' },
  tx: { title: 'Transaction tools', about: 'What happened to one transaction and what it did.' },
  trust: { title: 'Agent-commerce trust tools', about: 'Checks before and after an agent pays or sells over x402.' },
  expansion: { title: 'Agent expansion tools', about: 'Audits of agent compatibility, service discovery and payment history.' },
  ext: { title: 'Extended tools', about: 'Analyzers of agent commerce: loops, spend, intent, revocation, conflicts and continuity.' },
  x402: { title: 'x402 service tools', about: 'Checks that developers of x402 services and agent wallets run on their own offers, receipts and policies.' },
};

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
  /** The shape of the 200 body around the tool's result (responseSchema builds it). */
  envelope: Envelope;
  annotations: ToolAnnotations;
  request: Req;
  /** What the analyzer returns: `result` of the paid envelope, or the analyzer's part of a family envelope. */
  result: Res;
  /** A valid request body: shared by the docs, OpenAPI, discovery and tests (a test parses it with `request`). */
  example: z.input<Req>;
  /**
   * The request body this tool documents as acceptable when it is above the service's configured
   * limit (BODY_LIMIT_BYTES): the tools that read whole documents take bodies of up to 1 MiB.
   */
  bodyLimitBytes?: number;
  /**
   * Request fields holding capability tokens the tool itself issues or scopes (the notary's lookup
   * secret) or public signatures (an agent card's JWS): the secret guard does not read them while they
   * are base64url strings (design sheet x402-family.md §0). A top-level name, or a dotted path into an
   * embedded document with `[]` for every array element (agent_card.signatures[].signature).
   */
  secretGuardExempt?: readonly string[];
}

/** The body limit of tools whose requests embed whole third-party documents (the x402 family, service_discovery_audit). */
export const DOCUMENT_BODY_LIMIT_BYTES = 1024 * 1024;

/** The largest body a tool's route reads: the service's limit, or the tool's own when that is larger. */
export function bodyLimitOf(entry: Pick<CatalogEntry, 'bodyLimitBytes'>, serviceLimitBytes: number): number {
  return Math.max(serviceLimitBytes, entry.bodyLimitBytes ?? 0);
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

export function defineTool<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(
  entry: Omit<CatalogEntry<Req, Res>, 'id' | 'method' | 'annotations'> & { id: Id; annotations?: Partial<ToolAnnotations> },
): CatalogEntry<Req, Res> & { id: Id } {
  return { ...entry, method: 'POST', annotations: { ...DEFAULT_ANNOTATIONS, ...entry.annotations } };
}

/** The parsed request a tool receives (defaults applied, aliases resolved). */
export type RequestOf<E extends CatalogEntry> = z.output<E['request']>;
/** What a tool's analyzer returns for its entry. */
export type ResultOf<E extends CatalogEntry> = z.output<E['result']>;
