import type { JsonRpcFailure } from './rpc-failure.js';

/** A provider refused an eth_getLogs range as too wide or too heavy; `maxSpan` when it named a limit. */
export interface RangeRefusal {
  maxSpan?: bigint;
}

/** Messages that state the largest block span the provider accepts; the first group is that number. */
const STATED_LIMITS: readonly RegExp[] = [
  /limited to (?:a )?([\d,.]+k?)(?: block)? range/i, // QuickNode, BlockPI, 1RPC: "eth_getLogs is limited to a 10,000 range"
  /up to a ([\d,.]+k?) block range/i, // Alchemy, Aurora
  /max(?:imum)? block range:? ([\d,.]+k?)/i, // PublicNode "exceed maximum block range: 50000", Hyperliquid
  /limit the query to at most ([\d,.]+k?) blocks/i, // Coinbase (Base)
  /max range: ([\d,.]+k?)/i, // Cloudflare
  /maximum is set to ([\d,.]+k?)/i, // Avalanche
  /maximum allowed number of requested blocks is ([\d,.]+k?)/i, // thirdweb
  /block range is too wide \(maximum ([\d,.]+k?)\)/i, // Moonbeam
  /block range (?:greater than|exceeds) ([\d,.]+k?)/i,
  /range is too large, max is ([\d,.]+k?) blocks/i, // LlamaRPC, Merkle
  /ranges over ([\d,.]+k?) blocks are not supported/i, // dRPC
  /range allowed for your plan \(\d+ > (\d+)\)/i, // Blast
];

/** Messages that refuse a range without naming a limit: the adapter halves the range. */
const REFUSALS: readonly RegExp[] = [
  /query returned more than \d+ results/i, // geth, Infura, Erigon
  /query exceeds max results/i, // LlamaRPC, Ankr
  /logs matched by query exceeds limit/i, // Arbitrum Nitro
  /log response size exceeded/i, // Alchemy
  /response (?:size|too large|is too big)/i, // Optimism "backend response too large", 1RPC, dRPC
  /block range (?:is )?too (?:large|wide|big)/i, // Base, OP Mainnet, Ankr
  /block range limit exceeded/i, // Chainstack
  /range (?:is )?too (?:large|wide|big)/i,
  /too many (?:blocks|logs|results)/i,
  /query timeout exceeded/i, // Alchemy: "Consider reducing your block range"
];

/**
 * Some providers suggest a concrete range: Infura "Try with this block range [0x1, 0x2]", Alchemy
 * "this block range should work: [0x1, 0x2]", LlamaRPC "retry with the range 24383075-24383096".
 */
const SUGGESTED_HEX_RANGE = /range[^[]*\[\s*0x([0-9a-f]+)\s*,\s*0x([0-9a-f]+)\s*\]/i;
const SUGGESTED_DECIMAL_RANGE = /retry with the range (\d+)\s*-\s*(\d+)/i;

export function rangeRefusal(failure: JsonRpcFailure | undefined): RangeRefusal | null {
  // More logs than the client accepts in one answer: a narrower range brings fewer.
  if (failure?.kind === 'response-too-large') return {};
  if (failure?.kind !== 'rpc') return null;
  const message = failure.details.providerMessage ?? '';
  const suggested = suggestedSpan(message);
  if (suggested !== null) return { maxSpan: suggested };
  for (const pattern of STATED_LIMITS) {
    const stated = pattern.exec(message)?.[1];
    const span = stated === undefined ? null : parseSpan(stated);
    if (span !== null && span > 0n) return { maxSpan: span };
  }
  return REFUSALS.some((pattern) => pattern.test(message)) ? {} : null;
}

function suggestedSpan(message: string): bigint | null {
  const hex = SUGGESTED_HEX_RANGE.exec(message);
  const decimal = SUGGESTED_DECIMAL_RANGE.exec(message);
  const [from, to] = hex ? [BigInt(`0x${hex[1]}`), BigInt(`0x${hex[2]}`)] : decimal ? [BigInt(decimal[1] as string), BigInt(decimal[2] as string)] : [0n, -1n];
  return to >= from ? to - from + 1n : null;
}

function parseSpan(text: string): bigint | null {
  const thousands = /k$/i.test(text);
  const digits = text.replace(/[,.k]/gi, '');
  if (!/^\d+$/.test(digits)) return null;
  return BigInt(digits) * (thousands ? 1_000n : 1n);
}
