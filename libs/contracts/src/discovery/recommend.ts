import { z } from 'zod';
import { PAYMENT } from '../x402.js';
import { DISCOVERY_PATHS } from './addresses.js';

export const REASON_CODES = [
  'debug_failed_request',
  'guard_autonomous_commerce',
  'transaction_check',
  'batch_wallet_screening',
  'payment_trust',
  'default_wallet_triage',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** The recommendation request: caller context only, every field optional, extra fields allowed (and ignored). */
export const recommendRequest = z.looseObject({
  goal: z.string().optional().meta({ description: 'Sanitized research or integration goal, in plain words.' }),
  walletCount: z.number().min(0).optional().meta({ description: 'How many wallets the caller wants to look at.' }),
  hasTransactionHash: z.boolean().optional().meta({ description: 'True when the caller already holds a transaction hash.' }),
  riskType: z.string().optional().meta({ description: 'The kind of risk the caller worries about, for example sanctions, scam or counterparty.' }),
  budgetUsd: z.number().min(0).optional().meta({ description: 'Caller context only: never a spending authorization and never enforced.' }),
  failureMode: z.string().optional().meta({ description: 'What went wrong, when the caller is debugging a failed paid request.' }),
  autonomousCommerce: z.boolean().optional().meta({ description: 'True when an agent is about to pay or sell on its own.' }),
});
export type RecommendRequest = z.infer<typeof recommendRequest>;

const recommendedPrice = z.object({
  amount: z.string(),
  currency: z.literal(PAYMENT.currency),
  network: z.literal(PAYMENT.networkName),
});

/** The recommendation: one first paid call, its schemas and a labelled sample of its result. Extra fields allowed. */
export const recommendationResponse = z.looseObject({
  ok: z.literal(true),
  sample: z.literal(false),
  noPaymentRequired: z.literal(true),
  recommendationApi: z.literal(DISCOVERY_PATHS.recommend),
  reasonCode: z.enum(REASON_CODES),
  reason: z.string(),
  matchedGoal: z.string(),
  nextStep: z.string(),
  firstPaidCall: z.object({
    id: z.string(),
    title: z.string(),
    method: z.literal('POST'),
    path: z.string(),
    endpoint: z.url(),
    price: recommendedPrice,
  }),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()),
  /** Which inputs decided: request field names, and goal:<word> for matched goal words (budgetUsd when the budget moved to a cheaper tool). */
  matchedSignals: z.array(z.string()),
  /** A valid request body for the first paid call, from the catalog. */
  exampleRequest: z.record(z.string(), z.unknown()),
  /** Other catalog tools for the same reason, cheapest first. */
  alternatives: z.array(z.object({ id: z.string(), title: z.string(), path: z.string(), endpoint: z.url(), price: recommendedPrice })),
  /** The designed workflow that starts from this reason (see the workflow manifest). */
  workflow: z.object({ id: z.string(), title: z.string(), toolIds: z.array(z.string()), manifest: z.url() }),
  /** Present when budgetUsd was given: how the first paid call's price relates to it (context only, never enforced). */
  budgetNote: z.string().optional(),
  sampleResponsePreview: z.looseObject({
    sample: z.literal(true),
    schemaBacked: z.literal(true),
    label: z.string(),
    tool: z.string(),
    /** Shaped by the tool's result schema (the analyzer's part of outputSchema); example values, not data about any subject. */
    result: z.unknown(),
  }),
  safety: z.object({
    paymentRequiredBeforeServiceResult: z.literal(true),
    doesNotCallBlockchainProviders: z.literal(true),
    doesNotTriggerPayment: z.literal(true),
    doesNotExecutePaidService: z.literal(true),
  }),
});
export type RecommendationResponse = z.infer<typeof recommendationResponse>;
