import type { z } from 'zod';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { ap2MandateConstraintGapAuditorRequest } from '../schemas/x402/ap2-mandate-constraint-gap-auditor.js';
import { ap2MandateConstraintGapAuditorResult } from '../results/x402/ap2-mandate-constraint-gap-auditor.js';
import { agentWalletPolicyCoverageGapAnalyzerRequest } from '../schemas/x402/agent-wallet-policy-coverage-gap-analyzer.js';
import { agentWalletPolicyCoverageGapAnalyzerResult } from '../results/x402/agent-wallet-policy-coverage-gap-analyzer.js';
import { autonomousPurchaseIntentToReceiptReconcilerRequest } from '../schemas/x402/autonomous-purchase-intent-to-receipt-reconciler.js';
import { autonomousPurchaseIntentToReceiptReconcilerResult } from '../results/x402/autonomous-purchase-intent-to-receipt-reconciler.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';

/** Example parties of the reconciler's catalog example: a buyer wallet and two settlement transactions (illustrative values). */
const EXAMPLE_BUYER = '0x2222222222222222222222222222222222222222';
const EXAMPLE_TX_1 = `0x${'a'.repeat(64)}`;
const EXAMPLE_TX_2 = `0x${'b'.repeat(64)}`;

/** Price of every x402-* tool (design sheet §0): 0.01 USDC on Base, one exact offer. */
export const X402_FAMILY_PRICE = '0.01';

/** The family identity rule (design sheet §0): one slug gives route, tool id, MCP name and endpoint. */
export function x402Identity<const Slug extends string>(slug: Slug) {
  const underscored = slug.replaceAll('-', '_') as string;
  return {
    id: `x402_${underscored}` as `x402_${string}`,
    slug: `x402-${slug}` as const,
    path: `/api/x402/x402-${slug}` as const,
    mcpName: `svc_x402_${underscored}`,
  };
}

interface X402ToolSpec<Id extends string, Req extends z.ZodType, Res extends z.ZodType> {
  /** The slug without the family prefix (catalog-drift-monitor). */
  slug: string;
  id: Id;
  title: string;
  description: string;
  /** agent_expansion_v2_api for #1 only (spec); the rest are agent_expansion_v3_api. */
  productFamily?: ExpansionProductFamily;
  /** Only the notary (#4) writes, so only it sets readOnlyHint false. */
  annotations?: Partial<ToolAnnotations>;
  request: Req;
  result: Res;
  example: z.input<Req>;
}

/** One x402-* catalog entry: the identity, price, envelope and annotations of §0 around a tool's own schemas. */
export function defineX402Tool<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(spec: X402ToolSpec<Id, Req, Res>): CatalogEntry<Req, Res> & { id: Id } {
  const identity = x402Identity(spec.slug);
  if (identity.id !== spec.id) throw new Error(`catalog: x402 tool ${spec.slug} must have the id ${identity.id}, not ${spec.id}`);
  return defineTool({
    id: spec.id,
    slug: identity.slug,
    path: identity.path,
    mcpName: identity.mcpName,
    title: spec.title,
    description: spec.description,
    price: X402_FAMILY_PRICE,
    family: 'x402',
    envelope: { kind: 'expansion', productFamily: spec.productFamily ?? 'agent_expansion_v3_api', strict: true },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true, ...spec.annotations },
    request: spec.request,
    result: spec.result,
    example: spec.example,
  });
}

/** The x402-* tools built so far (design sheet x402-family.md, in the spec's order). */
export const X402_TOOLS = [
  defineX402Tool({
    slug: 'catalog-drift-monitor',
    id: 'x402_catalog_drift_monitor',
    productFamily: 'agent_expansion_v2_api',
    title: 'x402 catalog drift monitor',
    description:
      'For one paid endpoint: do the catalog entry, the OpenAPI operation, the MCP tool entry and the unpaid 402 challenge agree with each other and with what the caller expects (path, method, tool id, MCP name, price, currency, network, payee)? Mismatches with severity and JSON pointers; documents are submitted, never fetched.',
    request: catalogDriftMonitorRequest,
    result: catalogDriftMonitorResult,
    example: {
      service_url: 'https://api.example.com',
      expected_endpoint: '/api/x402/tx-status',
      expected_price: '0.01',
      expected_network: 'eip155:8453',
      expected_receiver: EXAMPLE_PAYEE,
      payment_challenge_json: {
        x402Version: 2,
        resource: { url: 'https://api.example.com/api/x402/tx-status' },
        accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: X402_USDC['eip155:8453']!.address, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }],
      },
    },
  }),
  defineX402Tool({
    slug: 'ap2-mandate-constraint-gap-auditor',
    id: 'x402_ap2_mandate_constraint_gap_auditor',
    title: 'AP2 mandate constraint gap auditor',
    description:
      'Before a shopping agent buys human-not-present under an AP2 IntentMandate (optionally with its CartMandate and PaymentMandate): which of merchant, item, amount, currency, time, refundability and human confirmation are bounded, loose or unbounded, and do the mandates agree with each other? Gaps with severity, JSON pointers and a suggested bound; six cross-checks.',
    request: ap2MandateConstraintGapAuditorRequest,
    result: ap2MandateConstraintGapAuditorResult,
    example: {
      intent_mandate: {
        natural_language_description: 'Red high-top basketball shoes, size 10',
        user_cart_confirmation_required: false,
        intent_expiry: '2027-01-01T00:00:00Z',
      },
      intent_signed_by_user: true,
      as_of: '2026-01-01T00:00:00Z',
    },
  }),
  defineX402Tool({
    slug: 'agent-wallet-policy-coverage-gap-analyzer',
    id: 'x402_agent_wallet_policy_coverage_gap_analyzer',
    title: 'Agent wallet policy coverage gap analyzer',
    description:
      'For an operator configuring an agent wallet: which of twelve known x402 spend-abuse scenarios (overpriced offer, payee, network or asset swap, runaway loop, fragmentation, long-lived authorization, unknown host, open-ceiling scheme, cumulative overspend, duplicate purchase, testnet/mainnet mix-up) does the spend policy leave uncovered for the planned usage? Weighted coverage ratio, a fix per scenario and a policy patch derived from the planned usage. Static; no events replayed.',
    request: agentWalletPolicyCoverageGapAnalyzerRequest,
    result: agentWalletPolicyCoverageGapAnalyzerResult,
    example: {
      policy: { per_tx_max: '0.10', allowed_networks: ['eip155:8453'], allowed_assets: [{ network: 'eip155:8453', asset: X402_USDC['eip155:8453']!.address }] },
      planned_usage: { typical_price: '0.01', calls_per_day: 100 },
    },
  }),
  defineX402Tool({
    slug: 'autonomous-purchase-intent-to-receipt-reconciler',
    id: 'x402_autonomous_purchase_intent_to_receipt_reconciler',
    title: 'Autonomous purchase intent-to-receipt reconciler',
    description:
      'For finance or ops of an autonomous buyer: match each purchase intent to its x402 payments, settlements and delivered responses, in bulk. Orphan payments, paid-but-not-delivered, delivered-but-unsettled, duplicate purchases and unfulfilled intents, with chains per intent and atomic totals.',
    request: autonomousPurchaseIntentToReceiptReconcilerRequest,
    result: autonomousPurchaseIntentToReceiptReconcilerResult,
    example: {
      intents: [{ intent_id: 'i1', resource_path: '/api/x402/tx-status', max_amount: '0.01', allowed_payees: [EXAMPLE_PAYEE], network: 'eip155:8453', created_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-02T00:00:00Z' }],
      payments: [
        { payment_id: 'p1', from: EXAMPLE_BUYER, to: EXAMPLE_PAYEE, value_atomic: '10000', network: 'eip155:8453', resource_path: '/api/x402/tx-status', authorized_at: '2026-01-01T10:00:00Z', settlement: { success: true, transaction: EXAMPLE_TX_1, network: 'eip155:8453', payer: EXAMPLE_BUYER } },
        { payment_id: 'p2', from: EXAMPLE_BUYER, to: EXAMPLE_PAYEE, value_atomic: '10000', network: 'eip155:8453', resource_path: '/api/x402/tx-status', authorized_at: '2026-01-01T10:00:05Z', settlement: { success: true, transaction: EXAMPLE_TX_2, network: 'eip155:8453', payer: EXAMPLE_BUYER } },
      ],
      deliveries: [{ payment_id: 'p1', http_status: 200, received_at: '2026-01-01T10:00:01Z' }],
    },
  }),
] as const;
