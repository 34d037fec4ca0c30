import { z } from 'zod';
import { checksummedAddress, transactionHashText } from '../schemas/common.js';
import { trustResult } from '../envelopes/trust.js';

const obj = z.record(z.string(), z.unknown());

export const paymentPreflightResult = trustResult({ payee_type: z.string(), visible_activity: obj });
export const sellerProfileResult = trustResult({
  service: obj,
  payment_receivers: z.array(obj),
  market_signals: obj,
  integrity_signals: obj,
});
export const authenticityScoreResult = trustResult({
  authenticity_score: z.number().min(0).max(1),
  payment_graph: obj,
});
export const receiptAuditResult = trustResult({
  payment_status: z.enum(['settled', 'pending', 'failed', 'not_found', 'unknown']),
  chain: z.string(),
  transaction_hash: transactionHashText,
  receipt_grade: z.enum(['complete', 'partial', 'weak']),
  paid_amount: z.string().nullable().optional(),
  currency: z.string().optional(),
  payee: checksummedAddress.nullable().optional(),
  payee_matches_expected: z.boolean().nullable().optional(),
  amount_matches_expected: z.boolean().nullable().optional(),
});
export const agentWalletProfileResult = trustResult({
  wallet_type: z.enum(['eoa', 'contract', 'proxy_contract', 'delegated_smart_account', 'unknown']),
  delegation_detected: z.boolean(),
  contract_signals: obj,
  agent_relevant_notes: z.array(z.string()),
});
export const mandateChainEvidenceResult = trustResult({
  intent_summary: z.string(),
  payment_observed: z.boolean(),
  chain_evidence: z.array(obj),
  amount_within_declared_limit: z.boolean().nullable().optional(),
  payee_matches_expected: z.boolean().nullable().optional(),
});
