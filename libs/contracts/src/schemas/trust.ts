import { z } from 'zod';
import { decimalString, evmAddress, freeChain, httpUrl, sha256PrefixedHash, txHash, usdcCurrency } from './common.js';

export const paymentPreflightRequest = z.strictObject({
  chain: freeChain,
  payee: evmAddress,
  amount: decimalString,
  currency: usdcCurrency,
  resource_url: httpUrl,
  expected_payee: evmAddress.optional(),
  max_amount: decimalString.optional(),
  caller_context: z.record(z.string(), z.unknown()).optional(),
});

export const sellerProfileRequest = z.strictObject({
  service_url: httpUrl,
  chain: freeChain,
  payee: evmAddress,
  declared_price: decimalString,
  currency: usdcCurrency,
});

export const authenticityScoreRequest = z.strictObject({
  chain: freeChain,
  payee: evmAddress,
  service_url: httpUrl,
  timeframe_days: z.int().min(1).max(365).default(30),
});

export const receiptAuditRequest = z.strictObject({
  chain: freeChain,
  transaction_hash: txHash,
  expected_payee: evmAddress,
  expected_amount: decimalString,
  currency: usdcCurrency,
  resource_url_hash: sha256PrefixedHash,
  response_hash: sha256PrefixedHash,
});

export const agentWalletProfileRequest = z.strictObject({
  chain: freeChain,
  address: evmAddress,
  include_contract_signals: z.boolean().default(true),
  include_delegation_signals: z.boolean().default(true),
});

/** The spec names the members of mandate_context; their types are ours (docs/tools/trust.md). */
export const mandateContext = z.strictObject({
  authorized_max_amount: decimalString,
  currency: usdcCurrency,
  expected_payee: evmAddress,
  purpose: z.string().trim().min(1).max(500),
  human_present: z.boolean(),
});

export const mandateChainEvidenceRequest = z.strictObject({
  chain: freeChain,
  transaction_hash: txHash,
  mandate_context: mandateContext,
});
