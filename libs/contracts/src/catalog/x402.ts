import type { z } from 'zod';
import { EXAMPLE_PAYEE, EXAMPLE_TX, EXAMPLE_WALLET } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { authorizedPayeeRotationNotaryRequest } from '../schemas/x402/authorized-payee-rotation-notary.js';
import { authorizedPayeeRotationNotaryResult } from '../results/x402/authorized-payee-rotation-notary.js';
import { paidToolLatencySlaEvidenceNotaryRequest } from '../schemas/x402/paid-tool-latency-sla-evidence-notary.js';
import { paidToolLatencySlaEvidenceNotaryResult } from '../results/x402/paid-tool-latency-sla-evidence-notary.js';
import { signedReceiptDeliveryConfidenceScorerRequest } from '../schemas/x402/signed-receipt-delivery-confidence-scorer.js';
import { signedReceiptDeliveryConfidenceScorerResult } from '../results/x402/signed-receipt-delivery-confidence-scorer.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';

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
    slug: 'authorized-payee-rotation-notary',
    id: 'x402_authorized_payee_rotation_notary',
    title: 'x402 authorized payee rotation notary',
    description:
      'A seller rotating its payTo wallet issues a hash-only, self-certifying rotation record (record_id = HASH of its canonical facts; nothing stored). A buyer whose pinned payee no longer matches a 402 verifies the record: an announced rotation in force or in grace, or an unexplained payee swap.',
    request: authorizedPayeeRotationNotaryRequest,
    result: authorizedPayeeRotationNotaryResult,
    example: {
      mode: 'verify',
      facts: {
        seller_id_hash: 'sha256:31ca245be5bcdbbc4e0e3fefa94ac7789ba542a8b0e35e24d2191ac21be54b1b',
        previous_payee_hash: 'sha256:dd986beeb58ad4016c822af943d40076315334bd3db00b2e7e92e3105018ec3b',
        new_payee_hash: 'sha256:c302b923dd79a9909feb802b9f3fbbade3915dc734752b7381aab660a62e2882',
        rotation_evidence_hash: 'sha256:77ff7845d38971c4314fb74ccfc1fd3cdd752b59bd4fa3d3f14e3482fa710b34',
        effective_at: '2026-02-01T00:00:00Z',
        chain_id: 'base',
        currency: 'USDC',
        rotation_sequence: 1,
        announced_at: '2026-01-20T00:00:00Z',
        grace_until: '2026-02-08T00:00:00Z',
        record_id: 'sha256:0c9234b3c5656435793581a7733810988e505d7e4d8400afe16863bb5ecc28f0',
        observed_payee_hash: 'sha256:dd986beeb58ad4016c822af943d40076315334bd3db00b2e7e92e3105018ec3b',
        observed_at: '2026-02-05T00:00:00Z',
      },
    },
  }),
  defineX402Tool({
    slug: 'paid-tool-latency-sla-evidence-notary',
    id: 'x402_paid_tool_latency_sla_evidence_notary',
    title: 'x402 paid tool latency SLA evidence notary',
    description:
      'From timing samples of paid calls: was the latency SLA met (nearest-rank p50/p95/p99 of paid 2xx calls, paid error rate), where did the slow calls spend their time (challenge, verify, handler, settle), and a digest that pins this exact evidence set. Nothing stored.',
    request: paidToolLatencySlaEvidenceNotaryRequest,
    result: paidToolLatencySlaEvidenceNotaryResult,
    example: {
      sla: { p95_ms: 800 },
      samples: Array.from({ length: 20 }, (_, i) => ({
        started_at: new Date(Date.UTC(2026, 1, 1, 12, i)).toISOString(),
        duration_ms: i < 18 ? 300 : 1200,
        http_status: 200,
        paid: true,
        ...(i < 18 ? {} : { phases: { verify_ms: 100, handler_ms: 200, settle_ms: 900 } }),
      })),
    },
  }),
  defineX402Tool({
    slug: 'signed-receipt-delivery-confidence-scorer',
    id: 'x402_signed_receipt_delivery_confidence_scorer',
    title: 'x402 signed receipt delivery confidence scorer',
    description:
      'After paying, or in a dispute: how strongly do the settlement response, its delivery to the client and the seller\'s signed x402 receipt (offer-receipt extension, EIP-712 or JWS, verified offline) show that this payment was delivered and acknowledged? A 0-100 score with each component\'s evidence.',
    request: signedReceiptDeliveryConfidenceScorerRequest,
    result: signedReceiptDeliveryConfidenceScorerResult,
    example: {
      expected: { payer: EXAMPLE_WALLET, network: 'eip155:8453', resource_url: 'https://api.example.com/api/x402/tx-status', pay_to: EXAMPLE_PAYEE },
      settlement: { success: true, payer: EXAMPLE_WALLET, network: 'eip155:8453', transaction: EXAMPLE_TX },
      delivery: { channel: 'http_header', exposed_to_client: true },
    },
  }),
] as const;
