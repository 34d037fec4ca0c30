import { type ChainName, isChainName } from '@paysight/contracts';
import { type Address, getAddress, type Hex, isAddress } from 'viem';

export interface FundRequest {
  chain: ChainName;
  address: Address;
  /** Wei of native coin to send. */
  native?: bigint;
  /** Atomic USDC (10^-6) to mint. */
  usdc?: bigint;
}

export interface FundResponse {
  /** Native transfer first, then the USDC mint; only those that were asked for. */
  transactions: Hex[];
}

/** The JSON body of POST /fund: amounts are decimal integer strings. */
export interface FundRequestBody {
  chain: string;
  address: string;
  native?: string;
  usdc?: string;
}

export function toFundRequestBody(request: FundRequest): FundRequestBody {
  return {
    chain: request.chain,
    address: request.address,
    ...(request.native !== undefined && { native: request.native.toString() }),
    ...(request.usdc !== undefined && { usdc: request.usdc.toString() }),
  };
}

export type ParsedFundRequest = { ok: true; request: FundRequest } | { ok: false; issues: string[] };

/** Checks a POST /fund body and lists every problem at once. */
export function parseFundRequestBody(body: unknown): ParsedFundRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, issues: ['the body must be a JSON object'] };
  }
  const fields = body as Record<string, unknown>;
  const issues: string[] = [];

  const chain = fields.chain;
  if (typeof chain !== 'string' || !isChainName(chain)) issues.push('chain must be one of ethereum, base, polygon, arbitrum, optimism');
  const address = fields.address;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) issues.push('address must be a 0x-prefixed 20-byte hex address');
  const native = amount(fields, 'native', issues);
  const usdc = amount(fields, 'usdc', issues);
  if (fields.native === undefined && fields.usdc === undefined) issues.push('ask for native, usdc or both');

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    request: {
      chain: chain as ChainName,
      address: getAddress(address as string),
      ...(native !== undefined && { native }),
      ...(usdc !== undefined && { usdc }),
    },
  };
}

function amount(fields: Record<string, unknown>, name: 'native' | 'usdc', issues: string[]): bigint | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,77})$/.test(value)) {
    issues.push(`${name} must be a non-negative integer in a string (atomic units)`);
    return undefined;
  }
  return BigInt(value);
}
