import { CHAINS, DECIMAL_PATTERN, resolveChain } from '@paysight/contracts';
import { micro } from '../ext/verdict.js';

/**
 * How x402 documents name networks, assets and amounts, read into one form (docs/tools/expansion.md,
 * "Reading x402 terms"). Shared by the expansion tools that read submitted discovery documents and
 * 402 challenges. Nothing here contacts anything.
 */

/** x402 v1 network names outside our chain registry, by chain id as @x402/evm 2.x maps them, and the two Solana names. */
const X402_V1_NETWORKS: Readonly<Record<string, string>> = {
  sepolia: 'eip155:11155111',
  abstract: 'eip155:2741',
  'abstract-testnet': 'eip155:11124',
  'base-sepolia': 'eip155:84532',
  'avalanche-fuji': 'eip155:43113',
  avalanche: 'eip155:43114',
  iotex: 'eip155:4689',
  sei: 'eip155:1329',
  'sei-testnet': 'eip155:1328',
  'polygon-amoy': 'eip155:80002',
  peaq: 'eip155:3338',
  story: 'eip155:1514',
  educhain: 'eip155:41923',
  'skale-base-sepolia': 'eip155:324705682',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana-devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

/**
 * A network as a CAIP-2 id: names of our chain registry (base) and of x402 v1 (base-sepolia),
 * decimal chain ids (8453) and CAIP-2 ids as given (eip155:8453); null when it is none of these.
 */
export function caip2Of(network: string): string | null {
  const given = network.trim();
  const lower = given.toLowerCase();
  const known = resolveChain(lower);
  if (known) return known.caip2;
  if (/^eip155:\d+$/.test(lower)) return `eip155:${BigInt(lower.slice(7))}`;
  if (/^\d+$/.test(lower)) return `eip155:${BigInt(lower)}`;
  if (CAIP2.test(given)) return given;
  return X402_V1_NETWORKS[lower] ?? null;
}

/** The name a person knows a network by: our registry's name, else the CAIP-2 id. */
export function networkLabel(caip2: string): string {
  return resolveChain(caip2)?.name ?? caip2;
}

/** The canonical USDC contract of a network in our chain registry (lower case); null outside the registry. */
export function registryUsdc(caip2: string | null): string | null {
  const chain = caip2 ? resolveChain(caip2) : null;
  return chain ? CHAINS[chain.name].usdc.toLowerCase() : null;
}

/** An amount as a document states it, with how it was read. */
export interface StatedAmount {
  /** Micro-USDC (units of 10^-6); null when the text is no amount this reader understands. */
  atomic: bigint | null;
  raw: string;
  /** atomic: an x402 amount field (amount, maxAmountRequired); decimal: a price in USDC ("0.01", "$0.01"). */
  field: 'atomic' | 'decimal';
  /** A decimal number in an atomic field: the document wrote a price where units belong. Read as a USDC price. */
  decimalInAtomicField: boolean;
}

const asText = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/** A price in USDC: "0.01", "$0.01", "0.01 USDC", 0.01. */
export function decimalAmount(value: unknown): StatedAmount | null {
  const raw = asText(value);
  if (raw === null || raw === '') return null;
  const number = raw.replace(/^\$\s*/, '').replace(/\s*(usdc|usd)$/i, '');
  return { atomic: DECIMAL_PATTERN.test(number) ? micro(number) : null, raw, field: 'decimal', decimalInAtomicField: false };
}

/** An x402 amount field: an integer of the asset's smallest units. A decimal there is flagged and read as a USDC price. */
export function atomicAmount(value: unknown): StatedAmount | null {
  const raw = asText(value);
  if (raw === null || raw === '') return null;
  if (/^\d+$/.test(raw)) return { atomic: BigInt(raw), raw, field: 'atomic', decimalInAtomicField: false };
  const atomic = decimalAmount(raw)?.atomic ?? null;
  return { atomic, raw, field: 'atomic', decimalInAtomicField: atomic !== null };
}

export type JsonObject = Record<string, unknown>;
export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** One entry of an x402 `accepts` list (PaymentRequirements), v1 or v2, as read. */
export interface X402Offer {
  /** 1 when the amount is maxAmountRequired (v1), 2 when it is amount (v2). */
  amountField: 'maxAmountRequired' | 'amount';
  scheme: string | null;
  network: string | null;
  caip2: string | null;
  amount: StatedAmount | null;
  /** Lower case. */
  asset: string | null;
  /** Lower case. */
  payTo: string | null;
  /** v1 carries the resource URL in each requirement. */
  resource: string | null;
  maxTimeoutSeconds: number | null;
  extra: JsonObject | null;
}

/** A PaymentRequirements object of either version; null when the value has neither amount field. */
export function readRequirement(value: unknown): X402Offer | null {
  if (!isObject(value)) return null;
  const v1 = value.maxAmountRequired !== undefined;
  if (!v1 && value.amount === undefined) return null;
  const network = textOf(value.network);
  return {
    amountField: v1 ? 'maxAmountRequired' : 'amount',
    scheme: textOf(value.scheme),
    network,
    caip2: network ? caip2Of(network) : null,
    amount: atomicAmount(v1 ? value.maxAmountRequired : value.amount),
    asset: textOf(value.asset)?.toLowerCase() ?? null,
    payTo: textOf(value.payTo)?.toLowerCase() ?? null,
    resource: textOf(value.resource),
    maxTimeoutSeconds: typeof value.maxTimeoutSeconds === 'number' ? value.maxTimeoutSeconds : null,
    extra: isObject(value.extra) ? value.extra : null,
  };
}
