import { z } from 'zod';
import { confidence } from '../schemas/common.js';

export const TRUST_PRODUCT_FAMILY = 'agent_commerce_trust_api';
export const TRUST_VERSION = 'v0.1';

/** Trust-family envelope v0.1; every trust endpoint adds its own fields and more are allowed. */
export function trustEnvelope<const Slug extends string, Shape extends z.ZodRawShape>(slug: Slug, additions: Shape) {
  return z.looseObject({
    product_family: z.literal(TRUST_PRODUCT_FAMILY),
    endpoint: z.literal(slug),
    version: z.literal(TRUST_VERSION),
    request_id: z.string(),
    x402_request_id: z.string(),
    generated_at: z.iso.datetime(),
    decision: z.string(),
    confidence,
    summary: z.string(),
    evidence: z.record(z.string(), z.unknown()),
    risk_flags: z.array(z.string()),
    recommended_next_action: z.string(),
    limits: z.array(z.string()),
    ...additions,
  });
}

const obj = z.record(z.string(), z.unknown());

export const paymentPreflightResult = trustEnvelope('payment-preflight', { payee_type: z.string(), visible_activity: obj });
export const sellerProfileResult = trustEnvelope('seller-profile', {
  service: obj,
  payment_receivers: z.array(obj),
  market_signals: obj,
  integrity_signals: obj,
});
export const authenticityScoreResult = trustEnvelope('authenticity-score', {
  authenticity_score: z.number().min(0).max(1),
  payment_graph: obj,
});
export const receiptAuditResult = trustEnvelope('receipt-audit', {
  payment_status: z.enum(['settled', 'pending', 'failed', 'not_found', 'unknown']),
  chain: z.string(),
  transaction_hash: z.string(),
  receipt_grade: z.enum(['complete', 'partial', 'weak']),
  paid_amount: z.string().nullable().optional(),
  currency: z.string().optional(),
  payee: z.string().nullable().optional(),
  payee_matches_expected: z.boolean().nullable().optional(),
  amount_matches_expected: z.boolean().nullable().optional(),
});
export const agentWalletProfileResult = trustEnvelope('agent-wallet-profile', {
  wallet_type: z.enum(['eoa', 'contract', 'proxy_contract', 'delegated_smart_account', 'unknown']),
  delegation_detected: z.boolean(),
  contract_signals: obj,
  agent_relevant_notes: z.array(z.string()),
});
export const mandateChainEvidenceResult = trustEnvelope('mandate-chain-evidence', {
  intent_summary: z.string(),
  payment_observed: z.boolean(),
  chain_evidence: z.array(obj),
  amount_within_declared_limit: z.boolean().nullable().optional(),
  payee_matches_expected: z.boolean().nullable().optional(),
});
