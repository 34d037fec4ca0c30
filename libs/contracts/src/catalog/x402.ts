import type { z } from 'zod';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { failureFactClassifierRequest } from '../schemas/x402/failure-fact-classifier.js';
import { failureFactClassifierResult } from '../results/x402/failure-fact-classifier.js';
import { agentCommerceErrorTaxonomyNormalizerRequest } from '../schemas/x402/agent-commerce-error-taxonomy-normalizer.js';
import { agentCommerceErrorTaxonomyNormalizerResult } from '../results/x402/agent-commerce-error-taxonomy-normalizer.js';
import { facilitatorReadinessPassportRequest } from '../schemas/x402/facilitator-readiness-passport.js';
import { facilitatorReadinessPassportResult } from '../results/x402/facilitator-readiness-passport.js';
import { paymentIdentifierRetrySafetyLensRequest } from '../schemas/x402/payment-identifier-retry-safety-lens.js';
import { paymentIdentifierRetrySafetyLensResult } from '../results/x402/payment-identifier-retry-safety-lens.js';
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
    slug: 'failure-fact-classifier',
    id: 'x402_failure_fact_classifier',
    title: 'x402 failure fact classifier',
    description:
      'For one failed paid call: from sanitized facts (HTTP status, facilitator and target error codes, header names, the integration step and the expected offer), the single most likely cause and the facts that support it, by a weighted rule table. Nothing is replayed or stored.',
    request: failureFactClassifierRequest,
    result: failureFactClassifierResult,
    example: {
      failure_facts: { http_status: 402, x402_version: 2, network: 'eip155:8453', facilitator_error_code: 'invalid_exact_evm_payload_authorization_valid_before' },
      caller_context: { integration_step: 'verify' },
    },
  }),
  defineX402Tool({
    slug: 'agent-commerce-error-taxonomy-normalizer',
    id: 'x402_agent_commerce_error_taxonomy_normalizer',
    title: 'x402 agent-commerce error taxonomy normalizer',
    description:
      'Up to 200 errors from facilitators, HTTP servers, MCP servers, wallets, Permit2 and L402 flows, each mapped to one canonical code with family, retry class, owner and backoff (custom map, built-in table, scheme patterns, then status and message keywords), so one handler covers every source.',
    request: agentCommerceErrorTaxonomyNormalizerRequest,
    result: agentCommerceErrorTaxonomyNormalizerResult,
    example: {
      errors: [
        { source: 'x402_facilitator', code: 'insufficient_funds' },
        { source: 'mcp_jsonrpc', code: '-32042' },
        { source: 'eip1193', code: '4001' },
        { source: 'http', code: '418' },
      ],
    },
  }),
  defineX402Tool({
    slug: 'facilitator-readiness-passport',
    id: 'x402_facilitator_readiness_passport',
    title: 'x402 facilitator readiness passport',
    description:
      'For one facilitator, from its /supported answer and observed latencies and errors: is it ready for my x402 versions, scheme, networks and extensions? One stamp per version and network (ready, partial without a signer, missing), missing extensions, nearest-rank p95 latency and availability errors, with a passport digest.',
    request: facilitatorReadinessPassportRequest,
    result: facilitatorReadinessPassportResult,
    example: {
      facilitator_label: 'https://facilitator.example.com',
      supported_response: { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }], extensions: [], signers: { 'eip155:*': [EXAMPLE_PAYEE] } },
      target: { x402_versions: [1, 2], networks: ['eip155:8453', 'eip155:84532'] },
    },
  }),
  defineX402Tool({
    slug: 'payment-identifier-retry-safety-lens',
    id: 'x402_payment_identifier_retry_safety_lens',
    title: 'x402 payment-identifier retry safety lens',
    description:
      'For a paid request that ended ambiguously (timeout or 5xx): from the attempt history (payment-identifier, payload hash, validBefore, status, settlement), may the buyer retry now, with the same payment-identifier or a new payment, without paying twice; and does the planned retry break that?',
    request: paymentIdentifierRetrySafetyLensRequest,
    result: paymentIdentifierRetrySafetyLensResult,
    example: {
      server_supports_payment_identifier: false,
      attempts: [{ attempt_no: 1, at: 1000, payload_hash: `sha256:${'ab'.repeat(32)}`, valid_before: 1060, http_status: 0, settle_status: 'unknown', response_received: false }],
      planned_next: { new_authorization: true, at: 1070 },
    },
  }),
] as const;
