import { z } from 'zod';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { CHAIN_NAMES } from '../chains.js';
import { DECIMAL_PATTERN } from '../money.js';

export const NOTES_MAX_LENGTH = 1200;

/** Public mainnet subjects used as examples in schemas and the catalog: a well-known wallet and Ethereum's first value transfer. */
export const EXAMPLE_WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const EXAMPLE_TX = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
/** The payee of the catalog's example payments and offers. */
export const EXAMPLE_PAYEE = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';

/**
 * A public EVM address. Lower- or upper-case hex is accepted as is; mixed case must carry a valid
 * EIP-55 checksum (a wrong checksum usually means a mistyped address). Parsed to its checksummed form.
 */
export const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 40-hex-digit EVM address')
  .refine((v) => isAddress(v, { strict: true }) || v.slice(2) === v.slice(2).toLowerCase() || v.slice(2) === v.slice(2).toUpperCase(), {
    message: 'mixed-case address with an invalid EIP-55 checksum',
  })
  .transform((v) => getAddress(v.toLowerCase()) as Address)
  .meta({ description: 'Public EVM wallet or contract address (0x + 40 hex digits).', examples: [EXAMPLE_WALLET] });

/** A public EVM transaction hash, parsed to lower case. */
export const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 64-hex-digit transaction hash')
  .transform((v) => v.toLowerCase() as Hex)
  .meta({ description: 'Public EVM transaction hash (0x + 64 hex digits).', examples: [EXAMPLE_TX] });

export const chainName = z.enum(CHAIN_NAMES).meta({ description: 'Chain to read.' });

export const notes = z
  .string()
  .max(NOTES_MAX_LENGTH, `notes may be at most ${NOTES_MAX_LENGTH} characters`)
  .meta({ description: 'Optional sanitized context for the research (never secrets).' });

/** Chains on the trust endpoints are free strings (names, decimal ids or CAIP-2 ids). */
export const freeChain = z.string().trim().min(1).max(64).meta({ description: 'Chain name, chain id or CAIP-2 id, for example base or eip155:8453.' });

export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, 'must be a non-negative decimal string with at most six fractional digits')
  .meta({ description: 'Decimal amount string, at most six fractional digits.', examples: ['0.01'] });

export const usdcCurrency = z.literal('USDC').meta({ description: 'Only USDC is accepted.' });

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(2048);

export const sha256PrefixedHash = z
  .string()
  .regex(/^sha256:[0-9a-fA-F]{64}$/, 'must be sha256: followed by 64 hex digits')
  .meta({ description: 'sha256: followed by 64 hexadecimal characters.' });

/** Spec "hash string": 64 hex characters, optionally prefixed sha256:. */
export const hashString = z.string().regex(/^(sha256:)?[0-9a-fA-F]{64}$/, 'must be 64 hex digits, optionally prefixed sha256:');

export const confidence = z.enum(['high', 'medium', 'low']);
export type Confidence = z.infer<typeof confidence>;

export const dataSourceStatus = z.enum(['Live', 'Partial', 'Demo']);
export type DataSourceStatus = z.infer<typeof dataSourceStatus>;

// Output leaves of the results. The service writes these values, so they stay plain strings; the
// examples make schema-backed samples (the recommendation preview, documents) look like real data.

export const checksummedAddress = z.string().meta({ description: 'Checksummed EVM address.', examples: [EXAMPLE_WALLET] });

export const rawAmount = z.string().regex(/^\d+$/).meta({ description: "Raw integer amount in the asset's smallest unit.", examples: ['1500000'] });

export const transactionHashText = z.string().meta({ description: 'Transaction hash (0x + 64 hex digits).', examples: [EXAMPLE_TX] });

export const blockNumberText = z.string().meta({ description: 'Block number, as a decimal string.', examples: ['21000000'] });

export const isoTimestamp = z.string().meta({ description: 'Time in ISO 8601, UTC.', examples: ['2026-01-15T12:00:00.000Z'] });

export const chainIdNumber = z.number().int().positive().meta({ description: 'EIP-155 chain id.', examples: [1] });

export const tokenDecimals = z.number().int().min(0).max(255).meta({ description: 'Decimals of the token.', examples: [6] });

export const logIndexNumber = z.number().int().nonnegative().meta({ description: 'Position of the log in its block.' });
