import type { z } from 'zod';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { svcAgentSpendCategoryClassifierRequest } from '../schemas/x402/svc-agent-spend-category-classifier.js';
import { svcAgentSpendCategoryClassifierResult } from '../results/x402/svc-agent-spend-category-classifier.js';
import { crossProtocolAgentCommerceProfileNormalizerRequest } from '../schemas/x402/cross-protocol-agent-commerce-profile-normalizer.js';
import { crossProtocolAgentCommerceProfileNormalizerResult } from '../results/x402/cross-protocol-agent-commerce-profile-normalizer.js';
import { mcpPaidToolPermissionScopeAuditorRequest } from '../schemas/x402/mcp-paid-tool-permission-scope-auditor.js';
import { mcpPaidToolPermissionScopeAuditorResult } from '../results/x402/mcp-paid-tool-permission-scope-auditor.js';
import { mcpPaidRouteBoundaryMapperRequest } from '../schemas/x402/mcp-paid-route-boundary-mapper.js';
import { mcpPaidRouteBoundaryMapperResult } from '../results/x402/mcp-paid-route-boundary-mapper.js';
import { mcpSchemaCurbAppealGraderRequest } from '../schemas/x402/mcp-schema-curb-appeal-grader.js';
import { mcpSchemaCurbAppealGraderResult } from '../results/x402/mcp-schema-curb-appeal-grader.js';
import { mcpToolChangeBlastRadiusAnalyzerRequest } from '../schemas/x402/mcp-tool-change-blast-radius-analyzer.js';
import { mcpToolChangeBlastRadiusAnalyzerResult } from '../results/x402/mcp-tool-change-blast-radius-analyzer.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { X402_REQUEST_LIMITS } from '../x402/request-rules.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';
import { facilitatorCostComparatorRequest } from '../schemas/x402/facilitator-cost-comparator.js';
import { facilitatorCostComparatorResult } from '../results/x402/facilitator-cost-comparator.js';
import { priceDisplayUnitSanityCheckerRequest } from '../schemas/x402/price-display-unit-sanity-checker.js';
import { priceDisplayUnitSanityCheckerResult } from '../results/x402/price-display-unit-sanity-checker.js';
import { defaultAssetTokenamountAdvisorRequest } from '../schemas/x402/default-asset-tokenamount-advisor.js';
import { defaultAssetTokenamountAdvisorResult } from '../results/x402/default-asset-tokenamount-advisor.js';
import { multiChainFacilitatorFailoverPlannerRequest } from '../schemas/x402/multi-chain-facilitator-failover-planner.js';
import { multiChainFacilitatorFailoverPlannerResult } from '../results/x402/multi-chain-facilitator-failover-planner.js';
import { multiProviderChallengeNormalizerRequest } from '../schemas/x402/multi-provider-challenge-normalizer.js';
import { multiProviderChallengeNormalizerResult } from '../results/x402/multi-provider-challenge-normalizer.js';
import { networkTokenRoutePlannerRequest } from '../schemas/x402/network-token-route-planner.js';
import { networkTokenRoutePlannerResult } from '../results/x402/network-token-route-planner.js';
import { ap2MandateConstraintGapAuditorRequest } from '../schemas/x402/ap2-mandate-constraint-gap-auditor.js';
import { ap2MandateConstraintGapAuditorResult } from '../results/x402/ap2-mandate-constraint-gap-auditor.js';
import { agentWalletPolicyCoverageGapAnalyzerRequest } from '../schemas/x402/agent-wallet-policy-coverage-gap-analyzer.js';
import { agentWalletPolicyCoverageGapAnalyzerResult } from '../results/x402/agent-wallet-policy-coverage-gap-analyzer.js';
import { autonomousPurchaseIntentToReceiptReconcilerRequest } from '../schemas/x402/autonomous-purchase-intent-to-receipt-reconciler.js';
import { autonomousPurchaseIntentToReceiptReconcilerResult } from '../results/x402/autonomous-purchase-intent-to-receipt-reconciler.js';
import { EXAMPLE_PAYEE, EXAMPLE_TX, EXAMPLE_WALLET } from '../schemas/common.js';
import { authorizedPayeeRotationNotaryRequest } from '../schemas/x402/authorized-payee-rotation-notary.js';
import { authorizedPayeeRotationNotaryResult } from '../results/x402/authorized-payee-rotation-notary.js';
import { paidToolLatencySlaEvidenceNotaryRequest } from '../schemas/x402/paid-tool-latency-sla-evidence-notary.js';
import { paidToolLatencySlaEvidenceNotaryResult } from '../results/x402/paid-tool-latency-sla-evidence-notary.js';
import { signedReceiptDeliveryConfidenceScorerRequest } from '../schemas/x402/signed-receipt-delivery-confidence-scorer.js';
import { signedReceiptDeliveryConfidenceScorerResult } from '../results/x402/signed-receipt-delivery-confidence-scorer.js';
import { agentPaymentRecoveryPlaybookRequest } from '../schemas/x402/agent-payment-recovery-playbook.js';
import { agentPaymentRecoveryPlaybookResult } from '../results/x402/agent-payment-recovery-playbook.js';
import { agentCheckoutStateSimulatorRequest } from '../schemas/x402/agent-checkout-state-simulator.js';
import { agentCheckoutStateSimulatorResult } from '../results/x402/agent-checkout-state-simulator.js';
import { postPurchaseEventContinuityCheckerRequest } from '../schemas/x402/post-purchase-event-continuity-checker.js';
import { postPurchaseEventContinuityCheckerResult } from '../results/x402/post-purchase-event-continuity-checker.js';
import { failureFactClassifierRequest } from '../schemas/x402/failure-fact-classifier.js';
import { failureFactClassifierResult } from '../results/x402/failure-fact-classifier.js';
import { agentCommerceErrorTaxonomyNormalizerRequest } from '../schemas/x402/agent-commerce-error-taxonomy-normalizer.js';
import { agentCommerceErrorTaxonomyNormalizerResult } from '../results/x402/agent-commerce-error-taxonomy-normalizer.js';
import { facilitatorReadinessPassportRequest } from '../schemas/x402/facilitator-readiness-passport.js';
import { facilitatorReadinessPassportResult } from '../results/x402/facilitator-readiness-passport.js';
import { paymentIdentifierRetrySafetyLensRequest } from '../schemas/x402/payment-identifier-retry-safety-lens.js';
import { paymentIdentifierRetrySafetyLensResult } from '../results/x402/payment-identifier-retry-safety-lens.js';
import { responseContractLinterRequest } from '../schemas/x402/response-contract-linter.js';
import { responseContractLinterResult } from '../results/x402/response-contract-linter.js';
import { paidAgentResponseCompletenessDriftLedgerRequest } from '../schemas/x402/paid-agent-response-completeness-drift-ledger.js';
import { paidAgentResponseCompletenessDriftLedgerResult } from '../results/x402/paid-agent-response-completeness-drift-ledger.js';
import { mcpOperationStabilityLedgerRequest } from '../schemas/x402/mcp-operation-stability-ledger.js';
import { mcpOperationStabilityLedgerResult } from '../results/x402/mcp-operation-stability-ledger.js';
import { NOTARY_CAPABILITY_TOKEN_FIELDS, responseProvenanceNotaryRequest } from '../schemas/x402/response-provenance-notary.js';
import { responseProvenanceNotaryResult } from '../results/x402/response-provenance-notary.js';
import { offerReplayHygieneAuditorRequest } from '../schemas/x402/offer-replay-hygiene-auditor.js';
import { offerReplayHygieneAuditorResult } from '../results/x402/offer-replay-hygiene-auditor.js';
import { permit2ApprovalFrictionExplainerRequest } from '../schemas/x402/permit2-approval-friction-explainer.js';
import { permit2ApprovalFrictionExplainerResult } from '../results/x402/permit2-approval-friction-explainer.js';
import { agentWalletSpendPolicySimulatorRequest } from '../schemas/x402/agent-wallet-spend-policy-simulator.js';
import { agentWalletSpendPolicySimulatorResult } from '../results/x402/agent-wallet-spend-policy-simulator.js';
import { spendPermissionAllowanceFitCheckerRequest } from '../schemas/x402/spend-permission-allowance-fit-checker.js';
import { spendPermissionAllowanceFitCheckerResult } from '../results/x402/spend-permission-allowance-fit-checker.js';
import { agentCommerceMandateReceiptFitCardRequest } from '../schemas/x402/agent-commerce-mandate-receipt-fit-card.js';
import { agentCommerceMandateReceiptFitCardResult } from '../results/x402/agent-commerce-mandate-receipt-fit-card.js';
import { finalTotalDeltaGuardRequest } from '../schemas/x402/final-total-delta-guard.js';
import { finalTotalDeltaGuardResult } from '../results/x402/final-total-delta-guard.js';
import { agentRenderedCheckoutUiDiffRequest } from '../schemas/x402/agent-rendered-checkout-ui-diff.js';
import { agentRenderedCheckoutUiDiffResult } from '../results/x402/agent-rendered-checkout-ui-diff.js';
import { paidToolConfirmationPromptAuditorRequest } from '../schemas/x402/paid-tool-confirmation-prompt-auditor.js';
import { paidToolConfirmationPromptAuditorResult } from '../results/x402/paid-tool-confirmation-prompt-auditor.js';
import { partialWorkChargeBoundaryTesterRequest } from '../schemas/x402/partial-work-charge-boundary-tester.js';
import { partialWorkChargeBoundaryTesterResult } from '../results/x402/partial-work-charge-boundary-tester.js';
import { agentCommerceTermsUriResolverRequest } from '../schemas/x402/agent-commerce-terms-uri-resolver.js';
import { agentCommerceTermsUriResolverResult } from '../results/x402/agent-commerce-terms-uri-resolver.js';
import { merchantOfRecordBoundaryExplainerRequest } from '../schemas/x402/merchant-of-record-boundary-explainer.js';
import { merchantOfRecordBoundaryExplainerResult } from '../results/x402/merchant-of-record-boundary-explainer.js';
import { machinePaymentTreasuryDustMapRequest } from '../schemas/x402/machine-payment-treasury-dust-map.js';
import { machinePaymentTreasuryDustMapResult } from '../results/x402/machine-payment-treasury-dust-map.js';
import { paidToolUpsellPathOptimizerRequest } from '../schemas/x402/paid-tool-upsell-path-optimizer.js';
import { paidToolUpsellPathOptimizerResult } from '../results/x402/paid-tool-upsell-path-optimizer.js';
import { cacheLeakageGuardRequest } from '../schemas/x402/cache-leakage-guard.js';
import { cacheLeakageGuardResult } from '../results/x402/cache-leakage-guard.js';
import { agentCommerceSandboxSeedPackRequest } from '../schemas/x402/agent-commerce-sandbox-seed-pack.js';
import { agentCommerceSandboxSeedPackResult } from '../results/x402/agent-commerce-sandbox-seed-pack.js';
import { mcpRegistryReleaseQualityGateRequest } from '../schemas/x402/mcp-registry-release-quality-gate.js';
import { mcpRegistryReleaseQualityGateResult } from '../results/x402/mcp-registry-release-quality-gate.js';
import { commercePiiMinimizationCheckRequest } from '../schemas/x402/commerce-pii-minimization-check.js';
import { commercePiiMinimizationCheckResult } from '../results/x402/commerce-pii-minimization-check.js';
import { mcpElicitationConsentTranscriptAuditorRequest } from '../schemas/x402/mcp-elicitation-consent-transcript-auditor.js';
import { mcpElicitationConsentTranscriptAuditorResult } from '../results/x402/mcp-elicitation-consent-transcript-auditor.js';
import { paymentMethodDisclosureMapRequest } from '../schemas/x402/payment-method-disclosure-map.js';
import { paymentMethodDisclosureMapResult } from '../results/x402/payment-method-disclosure-map.js';
import { TRUST_RADAR_JWS_FIELDS, a2aAgentCardTrustRadarRequest } from '../schemas/x402/a2a-agent-card-trust-radar.js';
import { a2aAgentCardTrustRadarResult } from '../results/x402/a2a-agent-card-trust-radar.js';
import { a2aSkillToTaskMatchmakerRequest } from '../schemas/x402/a2a-skill-to-task-matchmaker.js';
import { a2aSkillToTaskMatchmakerResult } from '../results/x402/a2a-skill-to-task-matchmaker.js';

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
  /** Capability-token fields the secret guard does not read (§0: #4's tokens, #23's receipt signatures, #50's JWS). */
  secretGuardExempt?: readonly string[];
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
    bodyLimitBytes: X402_REQUEST_LIMITS.bodyBytes,
    ...(spec.secretGuardExempt ? { secretGuardExempt: spec.secretGuardExempt } : {}),
  });
}

const USDC_BASE = X402_USDC['eip155:8453']!.address;
/** A facilitator's GET /supported answer for the examples: v2 exact kinds on the networks, one EVM signer. */
const exampleSupported = (networks: string[], signer: string) => ({
  kinds: networks.map((network) => ({ x402Version: 2, scheme: 'exact', network })),
  extensions: [],
  signers: { 'eip155:*': [signer] },
});

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const USDC_SOLANA = X402_USDC[SOLANA]!.address;
/** A v2 challenge offering 0.01 USDC on Base and on Solana (the route planner's and the disclosure map's examples). */
const EXAMPLE_BASE_SOLANA_CHALLENGE = {
  x402Version: 2,
  resource: { url: 'https://api.example.com/api/x402/quote' },
  accepts: [
    { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 },
    { scheme: 'exact', network: SOLANA, amount: '10000', asset: USDC_SOLANA, payTo: 'Examp1ePayee1111111111111111111111111111111', maxTimeoutSeconds: 60 },
  ],
};
/** A v2 PaymentRequired as its base64 PAYMENT-REQUIRED header value (standard base64 of the JSON). */
const asHeader = (paymentRequired: object) => Buffer.from(JSON.stringify(paymentRequired), 'utf8').toString('base64');

/** Example parties of the reconciler's catalog example: a buyer wallet and two settlement transactions (illustrative values). */
const EXAMPLE_BUYER = '0x2222222222222222222222222222222222222222';
const EXAMPLE_TX_1 = `0x${'a'.repeat(64)}`;
const EXAMPLE_TX_2 = `0x${'b'.repeat(64)}`;


/** An EIP-3009 authorization to the example payee with a 60 s window (its public fields only), for #17's example. */
const EXAMPLE_AUTHORIZATION = { from: '0x3333333333333333333333333333333333333333', to: EXAMPLE_PAYEE, value_atomic: '10000', valid_after: 1_764_288_000, valid_before: 1_764_288_060, resource_path: '/api/x402/quote' };
const EXAMPLE_NONCES = ['0x9f2c4e1a7b3d5f608192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8', '0x4b1e7d2c9a8f3e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3a2918f7e6d5c'] as const;

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
    slug: 'response-contract-linter',
    id: 'x402_response_contract_linter',
    title: 'x402 response contract linter',
    description:
      'Does a captured response body satisfy its JSON Schema and the family rules of its kind (plain API, MCP CallToolResult, x402-paid envelope)? Findings with rule ids, severities and JSON pointers, a score out of 100 and pass/warn/fail; nothing is replayed or fetched.',
    request: responseContractLinterRequest,
    result: responseContractLinterResult,
    example: {
      response_sample: { content: [{ type: 'text', text: 'ok' }], structuredContent: { amount: 0.01 } },
      schema_sample: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'string' }, currency: { type: 'string' } } },
      lint_profile: 'auto',
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
    slug: 'response-provenance-notary',
    id: 'x402_response_provenance_notary',
    title: 'x402 response provenance notary',
    description:
      'Proves later, without revealing content, that a challenge, receipt or response existed for a paid call: create writes a hash-only record (replayed for the same idempotency key, refused as hash_mismatch for other content) and returns its notary id and, once, a lookup secret; verify compares hashes against the record. Records expire by retention class (7, 30 or 180 days). The only x402-* tool that writes.',
    annotations: { readOnlyHint: false },
    secretGuardExempt: NOTARY_CAPABILITY_TOKEN_FIELDS,
    request: responseProvenanceNotaryRequest,
    result: responseProvenanceNotaryResult,
    example: {
      mode: 'create',
      idempotency_key: 'a'.repeat(32),
      idempotency_scope_token: 'b'.repeat(43),
      endpoint_path: '/api/x402/tx-status',
      tool_id: 'tx_status',
      generated_at: '2026-01-01T00:00:00Z',
      response_hash: `sha256:${'0'.repeat(64)}`,
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
    slug: 'paid-agent-response-completeness-drift-ledger',
    id: 'x402_paid_agent_response_completeness_drift_ledger',
    title: 'x402 paid response completeness drift ledger',
    description:
      'For a paid tool called again and again: are its paid answers getting emptier over time (200 and paid, but fields null)? Weighted completeness of tracked JSON pointers per paid 2xx sample, baseline vs recent, per-path drops, and a hash-chained ledger the caller carries forward.',
    request: paidAgentResponseCompletenessDriftLedgerRequest,
    result: paidAgentResponseCompletenessDriftLedgerResult,
    example: {
      tool_label: 'risk-score.example /api/score',
      tracked_paths: [
        { pointer: '/result/riskScore', weight: 2 },
        { pointer: '/result/summary', weight: 1 },
      ],
      samples: [1, 2, 3, 4, 5, 6].map((day) => ({
        sample_id: `s${day}`,
        observed_at: `2026-11-0${day}T00:00:00Z`,
        paid: true,
        http_status: 200,
        body: { result: day <= 3 ? { riskScore: 12, summary: 'low risk' } : { riskScore: null, summary: 'low risk' } },
      })),
    },
  }),
  defineX402Tool({
    slug: 'mcp-operation-stability-ledger',
    id: 'x402_mcp_operation_stability_ledger',
    title: 'x402 MCP operation stability ledger',
    description:
      'From tools/list snapshots of one MCP server over time: which operations are stable enough to hard-wire and which churn (schema changes classified breaking/risky/nonbreaking/cosmetic, removals, safety-annotation flips, price changes, unbumped versions). Returns a hash-chained ledger the caller carries forward.',
    request: mcpOperationStabilityLedgerRequest,
    result: mcpOperationStabilityLedgerResult,
    example: {
      server_label: 'tx-tools.example',
      snapshots: [
        { captured_at: '2026-11-01T00:00:00Z', server_version: '1.0.0', tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' } }, required: ['tx'] } }, { name: 'b', inputSchema: { type: 'object' } }] },
        {
          captured_at: '2026-11-08T00:00:00Z',
          server_version: '1.1.0',
          tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } }, { name: 'b', inputSchema: { type: 'object' } }],
        },
        { captured_at: '2026-11-15T00:00:00Z', server_version: '2.0.0', tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } }] },
      ],
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
    slug: 'multi-provider-challenge-normalizer',
    id: 'x402_multi_provider_challenge_normalizer',
    title: 'x402 multi-provider challenge normalizer',
    description:
      'For a buyer holding 402 challenges from several providers for similar resources (x402 v1 bodies, v2 objects, base64 PAYMENT-REQUIRED values, L402 WWW-Authenticate values): one comparable offer list with CAIP-2 networks, atomic and decimal amounts, value classes (USD stablecoin, Lightning sats, other), ranks by price then payment friction, the cheapest per class, and reseller, testnet and timeout flags. Challenges are submitted, never fetched.',
    request: multiProviderChallengeNormalizerRequest,
    result: multiProviderChallengeNormalizerResult,
    example: {
      challenges: [
        {
          provider_label: 'A',
          format: 'x402_v1_body',
          body: { x402Version: 1, accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000', resource: 'https://a.example/api/quote', description: 'Quote', mimeType: 'application/json', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }] },
        },
        {
          provider_label: 'B',
          format: 'x402_v2_header',
          header_value: asHeader({ x402Version: 2, resource: { url: 'https://b.example/api/quote' }, accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '9000', asset: USDC_BASE, payTo: '0x2222222222222222222222222222222222222222', maxTimeoutSeconds: 60 }] }),
        },
      ],
    },
  }),
  defineX402Tool({
    slug: 'facilitator-cost-comparator',
    id: 'x402_facilitator_cost_comparator',
    title: 'x402 facilitator cost comparator',
    description:
      'For one payment size and monthly volume: which compatible facilitator is cheapest by its facilitatorFees quote (flat, bps with min/max, tiered or hybrid bounds), what each costs per payment and per month after free tiers, and at which payment amount flat and percentage fees cross. Quotes are submitted, never fetched or verified.',
    request: facilitatorCostComparatorRequest,
    result: facilitatorCostComparatorResult,
    example: {
      payment: { network: 'eip155:8453', amount_atomic: '10000', monthly_count: 100_000 },
      facilitators: [
        { label: 'F1', supported: exampleSupported(['eip155:8453'], '0x1111111111111111111111111111111111111111'), quote: { model: 'flat', flatFee: '1000', asset: USDC_BASE }, free_per_month: 1000 },
        { label: 'F2', supported: exampleSupported(['eip155:8453'], '0x2222222222222222222222222222222222222222'), quote: { model: 'bps', bps: 30, maxFee: '5000', asset: USDC_BASE } },
      ],
      as_of: '2026-11-28T00:00:00Z',
    },
  }),
  defineX402Tool({
    slug: 'svc-agent-spend-category-classifier',
    id: 'x402_svc_agent_spend_category_classifier',
    title: 'x402 agent spend category classifier',
    description:
      'Classifies paid-service spend lines (x402 receipts, wallet export rows) into the budget categories of spend taxonomy v1 and shows the rule that fired for each line: your own rules first, then this service\'s catalog, then path tokens, then weighted description keywords. Totals per category and the classified share of value.',
    request: svcAgentSpendCategoryClassifierRequest,
    result: svcAgentSpendCategoryClassifierResult,
    example: {
      items: [
        { item_id: 'r1', amount: '1.00', tool_id: 'wallet_audit' },
        { item_id: 'r2', amount: '0.05', resource_label: 'https://api.example.com/api/llm/complete' },
        { item_id: 'r3', amount: '0.01', description: 'misc' },
      ],
    },
  }),
  defineX402Tool({
    slug: 'cross-protocol-agent-commerce-profile-normalizer',
    id: 'x402_cross_protocol_agent_commerce_profile_normalizer',
    title: 'x402 cross-protocol agent commerce profile normalizer',
    description:
      'Merges what a seller publishes across protocols (x402 manifest, MCP tool list, A2A agent card v0.3 or v1.0, OpenAPI, llms.txt) into one commerce profile: operations with path, method, price, network and payee, the protocols, networks and receivers, and every price, network or receiver conflict between sources. Documents are submitted, never fetched.',
    request: crossProtocolAgentCommerceProfileNormalizerRequest,
    result: crossProtocolAgentCommerceProfileNormalizerResult,
    example: {
      service_label: 'Example seller',
      documents: {
        x402_manifest: { name: 'Example seller', tools: [{ id: 'tx_status', method: 'POST', endpoint: 'https://api.example.com/api/tx-status', price: { amount: '0.01', currency: 'USDC', network: 'base', payTo: EXAMPLE_PAYEE } }] },
        mcp_tools: { tools: [{ name: 'svc_tx_status', _meta: { x402ToolId: 'tx_status', x402Endpoint: '/api/tx-status', x402Required: true, price: '0.02' } }] },
      },
    },
  }),
  defineX402Tool({
    slug: 'mcp-paid-tool-permission-scope-auditor',
    id: 'x402_mcp_paid_tool_permission_scope_auditor',
    title: 'x402 MCP paid tool permission scope auditor',
    description:
      'Before granting an agent access to an MCP server with paid tools: is the grant least-privilege, which paid tools can the agent reach and afford on its allowed networks, and do the tools\' read-only annotations and prices agree with the scopes they need? A per-tool matrix, the unused grant scopes with their risk, and the minimal grant.',
    request: mcpPaidToolPermissionScopeAuditorRequest,
    result: mcpPaidToolPermissionScopeAuditorResult,
    example: {
      tools: [
        { name: 'svc_wallet_audit', annotations: { readOnlyHint: true }, _meta: { x402Required: true, price: { amount: '1.00', currency: 'USDC', network: 'base' } } },
        { name: 'svc_tx_status', annotations: { readOnlyHint: true }, _meta: { x402Required: true, price: { amount: '0.01', currency: 'USDC', network: 'base' } } },
      ],
      tool_scopes: [
        { tool_name: 'svc_wallet_audit', required_scopes: ['wallet:read'] },
        { tool_name: 'svc_tx_status', required_scopes: ['tx:read'] },
      ],
      agent_grant: { scopes: ['*'], max_price_per_call: '0.25' },
    },
  }),
  defineX402Tool({
    slug: 'offer-replay-hygiene-auditor',
    id: 'x402_offer_replay_hygiene_auditor',
    title: 'x402 offer replay hygiene auditor',
    description:
      'For a seller or its auditor: were the x402 offers and the EIP-3009 authorizations it accepted replay-safe? Keys each authorization by payer and nonce and finds replays, the same payment served twice, one authorization used on several paths, long windows, service after expiry or before validity, foreign recipients, predictable nonces, and lenient or unbounded offers, each with examples and a fix.',
    request: offerReplayHygieneAuditorRequest,
    result: offerReplayHygieneAuditorResult,
    example: {
      offers: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }],
      authorizations: [
        { ...EXAMPLE_AUTHORIZATION, nonce: EXAMPLE_NONCES[0], received_at: 1_764_288_010, delivered: true, settled: true },
        { ...EXAMPLE_AUTHORIZATION, nonce: EXAMPLE_NONCES[0], received_at: 1_764_288_011, delivered: true, settled: false },
        { ...EXAMPLE_AUTHORIZATION, nonce: EXAMPLE_NONCES[1], valid_before: 1_764_374_400, received_at: 1_764_288_030, delivered: true, settled: true },
      ],
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
    slug: 'price-display-unit-sanity-checker',
    id: 'x402_price_display_unit_sanity_checker',
    title: 'x402 price display unit sanity checker',
    description:
      'Do the human-readable price and the atomic amount describe the same money? Per item: the display read exactly ($, USD, USDC, cents, k/M), the amount divided by the asset\'s decimals, and the unit error if any: wrong decimals, a decimal field that disagrees, a power-of-ten shift (18 vs 6 decimals, cents vs dollars, atomic shown as dollars) or a plain mismatch.',
    request: priceDisplayUnitSanityCheckerRequest,
    result: priceDisplayUnitSanityCheckerResult,
    example: {
      items: [{ item_id: 'premium-report', display_text: '$0.01', amount_atomic: '10000000000000000', asset: USDC_BASE, network: 'eip155:8453' }],
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
    slug: 'network-token-route-planner',
    id: 'x402_network_token_route_planner',
    title: 'x402 network and token route planner',
    description:
      'For a buyer facing a 402 with several offers while holding balances on several networks: which offers it can pay, in how many steps (Permit2 approval, CCTP bridge, then the signature), who pays the gas of each step, and which route is best (fewest steps, then amount, then preferred network). Unpayable offers come with their reason. Holdings are stated, never read on chain.',
    request: networkTokenRoutePlannerRequest,
    result: networkTokenRoutePlannerResult,
    example: {
      challenge: {
        x402Version: 2,
        resource: { url: 'https://api.example.com/api/x402/quote' },
        accepts: [
          { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 },
          { scheme: 'exact', network: SOLANA, amount: '10000', asset: USDC_SOLANA, payTo: 'Examp1ePayee1111111111111111111111111111111', maxTimeoutSeconds: 60 },
        ],
      },
      holdings: [
        { network: 'eip155:8453', asset: USDC_BASE, balance_atomic: '5000' },
        { network: SOLANA, asset: USDC_SOLANA, balance_atomic: '2000000' },
      ],
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
  defineX402Tool({
    slug: 'default-asset-tokenamount-advisor',
    id: 'x402_default_asset_tokenamount_advisor',
    title: 'x402 default-asset TokenAmount advisor',
    description:
      'From a route price such as "$0.01": the exact x402 TokenAmount per network (atomic amount, default USDC asset, EIP-712 name and version in extra) and its v1 twin, with any rounding to the asset\'s smallest unit made explicit (half_up, down, up or reject) and networks without a default asset named.',
    request: defaultAssetTokenamountAdvisorRequest,
    result: defaultAssetTokenamountAdvisorResult,
    example: { price: '$0.001', networks: ['eip155:84532'] },
  }),
  defineX402Tool({
    slug: 'permit2-approval-friction-explainer',
    id: 'x402_permit2_approval_friction_explainer',
    title: 'x402 Permit2 approval friction explainer',
    description:
      'For one x402 offer: what must happen before it can be paid (an EIP-3009 signature, a Permit2 witness, an EIP-2612 permit or an on-chain approve of Permit2), who pays each step\'s gas, how many signatures and transactions that takes for the planned payments, and whether skipping the approval fails with 412 permit2_allowance_required.',
    request: permit2ApprovalFrictionExplainerRequest,
    result: permit2ApprovalFrictionExplainerResult,
    example: {
      offer: { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2', assetTransferMethod: 'permit2' } },
      extensions: { eip2612GasSponsoring: {} },
      payer: { permit2_allowance_atomic: '0', has_native_gas: false },
    },
  }),
  defineX402Tool({
    slug: 'multi-chain-facilitator-failover-planner',
    id: 'x402_multi_chain_facilitator_failover_planner',
    title: 'x402 multi-chain facilitator failover planner',
    description:
      'For a seller accepting several networks: per network, the primary facilitator and ordered fallbacks in independent failure domains (facilitators sharing a signer address count as one), the single points of failure, and when failing over is safe (verify errors at once; a settle timeout only once the authorization is provably unused or expired).',
    request: multiChainFacilitatorFailoverPlannerRequest,
    result: multiChainFacilitatorFailoverPlannerResult,
    example: {
      networks: ['eip155:8453', 'eip155:84532'],
      facilitators: [
        { label: 'F1', supported: exampleSupported(['eip155:8453', 'eip155:84532'], '0x1111111111111111111111111111111111111111') },
        { label: 'F2', supported: exampleSupported(['eip155:8453'], '0x1111111111111111111111111111111111111111') },
        { label: 'F3', supported: exampleSupported(['eip155:8453'], '0x3333333333333333333333333333333333333333') },
      ],
    },
  }),
  defineX402Tool({
    slug: 'mcp-paid-route-boundary-mapper',
    id: 'x402_mcp_paid_route_boundary_mapper',
    title: 'x402 MCP paid route boundary mapper',
    description:
      'For a seller exposing paid capabilities over both REST and MCP: is every paid operation gated on both surfaces, at the same price, with a payment signal an agent can parse? Maps each MCP tool to its REST route, reads unpaid call samples for the x402 payment requirements, and marks each pair gated, bypass, unsignalled, price_split, free or unmapped.',
    request: mcpPaidRouteBoundaryMapperRequest,
    result: mcpPaidRouteBoundaryMapperResult,
    example: {
      mcp_tools: [
        { name: 'svc_tx_status', annotations: { readOnlyHint: true }, _meta: { x402Required: true, price: { amount: '0.01', currency: 'USDC', network: 'base' } } },
        { name: 'svc_wallet_audit', _meta: { x402Endpoint: '/api/wallet-audit', x402Required: true, price: '0.25' } },
      ],
      rest_routes: [
        { path: '/api/tx-status', method: 'POST', paid: true, price: '0.01' },
        { path: '/api/wallet-audit', method: 'POST', paid: true, price: '0.25' },
      ],
      unpaid_call_samples: [{ tool_name: 'svc_tx_status', result: { content: [{ type: 'text', text: '{"status":"success"}' }], structuredContent: { status: 'success' } } }],
    },
  }),
  defineX402Tool({
    slug: 'mcp-schema-curb-appeal-grader',
    id: 'x402_mcp_schema_curb_appeal_grader',
    title: 'x402 MCP schema curb appeal grader',
    description:
      'For a tool author or registry: how clear and attractive is each MCP tool definition to a model choosing tools, and do any two look interchangeable? Scores every definition on a fixed rubric (name, title, description, stated price, closed and described input schema, output schema, annotation hints, examples), penalizes token bloat and lookalike descriptions, and grades A to F with the points lost.',
    request: mcpSchemaCurbAppealGraderRequest,
    result: mcpSchemaCurbAppealGraderResult,
    example: {
      tools: [
        {
          name: 'svc_tx_status',
          description: 'Gets the status of a transaction',
          inputSchema: { type: 'object', properties: { chain: { type: 'string' }, tx_hash: { type: 'string' } } },
          _meta: { x402Required: true },
        },
        {
          name: 'svc_wallet_audit',
          title: 'Wallet audit',
          description: 'Audits a wallet address for sanctions exposure, scam contacts and counterparty risk. Costs 0.25 USDC per call on Base.',
          inputSchema: {
            type: 'object',
            properties: { address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'The EVM wallet address to audit.' } },
            required: ['address'],
            additionalProperties: false,
            examples: [{ address: '0x1111111111111111111111111111111111111111' }],
          },
          outputSchema: { type: 'object', properties: { risk: { type: 'string', enum: ['low', 'medium', 'high'] } } },
          annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
          _meta: { x402Required: true, price: { amount: '0.25', currency: 'USDC', network: 'base' } },
        },
      ],
    },
  }),
  defineX402Tool({
    slug: 'mcp-tool-change-blast-radius-analyzer',
    id: 'x402_mcp_tool_change_blast_radius_analyzer',
    title: 'x402 MCP tool change blast radius analyzer',
    description:
      'Before shipping a change to MCP tool definitions: which known consumers break, what share of call volume that is, and how each should migrate. Matches tools by name (and renames by identical schemas), classifies input and output schema changes, price rises and safety-annotation flips, then checks each consumer\'s arguments, seen values, output paths and price pin against them.',
    request: mcpToolChangeBlastRadiusAnalyzerRequest,
    result: mcpToolChangeBlastRadiusAnalyzerResult,
    example: {
      before: {
        name: 'svc_tx_status',
        inputSchema: { type: 'object', properties: { chain: { type: 'string', enum: ['ethereum', 'base', 'polygon'] }, tx_hash: { type: 'string' } }, required: ['tx_hash'] },
        _meta: { x402Required: true, price: '0.01' },
      },
      after: {
        name: 'svc_tx_status',
        inputSchema: { type: 'object', properties: { chain: { type: 'string', enum: ['ethereum', 'base'] }, tx_hash: { type: 'string' } }, required: ['tx_hash'] },
        _meta: { x402Required: true, price: '0.01' },
      },
      consumers: [
        { consumer_id: 'c1', tool_name: 'svc_tx_status', arguments_used: [{ name: 'chain', values_seen: ['polygon', 'ethereum'] }, { name: 'tx_hash' }], output_paths_read: ['/status'] },
        { consumer_id: 'c2', tool_name: 'svc_tx_status', arguments_used: [{ name: 'chain', values_seen: ['base'] }, { name: 'tx_hash' }], output_paths_read: ['/status'] },
        { consumer_id: 'c3', tool_name: 'svc_tx_status', arguments_used: [{ name: 'tx_hash' }], output_paths_read: ['/status'] },
      ],
    },
  }),
  defineX402Tool({
    slug: 'agent-wallet-spend-policy-simulator',
    id: 'x402_agent_wallet_spend_policy_simulator',
    title: 'Agent wallet spend policy simulator',
    description:
      'For an operator tuning an agent wallet\'s spend policy: replay a sequence of proposed x402 payments through it (denied payees, networks, assets, payee and host allow lists, per-transaction cap, human-approval threshold, rate, daily and ISO-weekly budgets) and see which are allowed, held for a human or denied, by which rule, and when the budget runs out.',
    request: agentWalletSpendPolicySimulatorRequest,
    result: agentWalletSpendPolicySimulatorResult,
    example: {
      policy: { per_tx_max: '0.05', daily_max: '0.10', require_approval_above: '0.04', allowed_networks: ['eip155:8453'] },
      events: [
        { event_id: 'e1', at: '2026-01-05T09:00:00Z', amount: '0.03', asset: USDC_BASE, network: 'eip155:8453', pay_to: EXAMPLE_PAYEE },
        { event_id: 'e2', at: '2026-01-05T09:05:00Z', amount: '0.05', asset: USDC_BASE, network: 'eip155:8453', pay_to: EXAMPLE_PAYEE },
        { event_id: 'e3', at: '2026-01-05T09:10:00Z', amount: '0.03', asset: USDC_BASE, network: 'eip155:8453', pay_to: EXAMPLE_PAYEE },
        { event_id: 'e4', at: '2026-01-05T09:15:00Z', amount: '0.03', asset: USDC_BASE, network: 'eip155:8453', pay_to: EXAMPLE_PAYEE },
        { event_id: 'e5', at: '2026-01-05T09:20:00Z', amount: '0.02', asset: USDC_BASE, network: 'eip155:1', pay_to: EXAMPLE_PAYEE },
        { event_id: 'e6', at: '2026-01-05T09:25:00Z', amount: '0.02', asset: USDC_BASE, network: 'eip155:8453', pay_to: EXAMPLE_PAYEE },
      ],
    },
  }),
  defineX402Tool({
    slug: 'spend-permission-allowance-fit-checker',
    id: 'x402_spend_permission_allowance_fit_checker',
    title: 'Spend permission allowance fit checker',
    description:
      'For an app or agent holding a smart-wallet Spend Permission (SpendPermissionManager shape): does a planned payment schedule fit the periodic allowance and the [start, end) validity window, which spend would revert first, and what is the tightest permission (allowance, period, end) that still carries the plan? Exact per-period arithmetic in atomic units; flags over-grants and long-lived permissions.',
    request: spendPermissionAllowanceFitCheckerRequest,
    result: spendPermissionAllowanceFitCheckerResult,
    example: {
      permission: { account: EXAMPLE_WALLET, spender: EXAMPLE_PAYEE, token: USDC_BASE, allowance: '1000000', period: 86_400, start: 1_767_225_600, end: 1_767_225_600 + 30 * 86_400 },
      planned: Array.from({ length: 48 }, (_, i) => ({ at: 1_767_225_600 + i * 3600, amount_atomic: '50000' })),
      expected_spender: EXAMPLE_PAYEE,
    },
  }),
  defineX402Tool({
    slug: 'agent-payment-recovery-playbook',
    id: 'x402_agent_payment_recovery_playbook',
    title: 'x402 agent payment recovery playbook',
    description:
      'For an agent whose x402 payment failed and was diagnosed (a failure-fact-classifier cause, a canonical error code or a raw x402 code): the ordered recovery plan, each step with its precondition, the time to wait for and whether it can spend (the same payment again or a new one); whether the failure is already complete, must not be retried, needs a human or can be recovered alone.',
    request: agentPaymentRecoveryPlaybookRequest,
    result: agentPaymentRecoveryPlaybookResult,
    example: { cause: 'settlement_pending', stage: 'settle', settlement_status: 'unknown', valid_before: 1060, as_of: 1030, payment_identifier_supported: false },
  }),
  defineX402Tool({
    slug: 'agent-commerce-mandate-receipt-fit-card',
    id: 'x402_agent_commerce_mandate_receipt_fit_card',
    title: 'Agent commerce mandate-receipt fit card',
    description:
      'After an agent purchase, for the user, an auditor or an issuer: does what was paid fit what was authorized? Compares an AP2 mandate set (intent, cart, payment) or an x402 budget with an AP2 PaymentReceipt or an x402 settlement, one card row each for amount, currency, payee, item, time, human presence and linkage (fits, exceeds, mismatch, not stated, not evidenced), exact amounts in atomic units.',
    request: agentCommerceMandateReceiptFitCardRequest,
    result: agentCommerceMandateReceiptFitCardResult,
    example: {
      mandate: { x402_budget: { authorized_max_amount: '0.05', currency: 'USDC', expected_payee: EXAMPLE_PAYEE, purpose: 'One transaction-status lookup', human_present: false, expires_at: '2026-01-02T00:00:00Z', network: 'eip155:8453' } },
      receipt: {
        x402: { settlement: { success: true, transaction: EXAMPLE_TX_1, network: 'eip155:8453', payer: EXAMPLE_BUYER }, amount_atomic: '60000', asset: USDC_BASE, pay_to: EXAMPLE_PAYEE, settled_at: '2026-01-01T12:00:00Z' },
      },
    },
  }),
  defineX402Tool({
    slug: 'paid-tool-upsell-path-optimizer',
    id: 'x402_paid_tool_upsell_path_optimizer',
    title: 'x402 paid tool upsell path optimizer',
    description:
      'Over a ladder of paid tools (prices, what each covers, which tool escalates to which, how often a cheap step settles the goal): the plan with the lowest expected cost within a budget (buy directly, or triage first and escalate only when needed), what it saves against buying directly, and the ladder\'s dead ends and price cliffs.',
    request: paidToolUpsellPathOptimizerRequest,
    result: paidToolUpsellPathOptimizerResult,
    example: {
      goal_tags: ['risk_score'],
      budget: '2',
      tools: [
        { tool_id: 'wallet_triage', price: '0.01', covers: ['triage'], early_exit_probability: 0.8, next: ['wallet_risk_audit'] },
        { tool_id: 'wallet_risk_audit', price: '1.00', covers: ['triage', 'risk_score'], early_exit_probability: 0 },
      ],
    },
  }),
  defineX402Tool({
    slug: 'cache-leakage-guard',
    id: 'x402_cache_leakage_guard',
    title: 'x402 cache leakage guard',
    description:
      'For a seller behind a CDN or proxy, from captured paid and unpaid exchanges: can a shared cache store paid responses, settlement receipts, 402 challenges or cookies (RFC 9111, with CDN-Cache-Control and Surrogate-Control precedence), did a cache already serve a paid path to an unpaid caller (Age, x-cache, cf-cache-status), and which headers close it.',
    request: cacheLeakageGuardRequest,
    result: cacheLeakageGuardResult,
    example: {
      exchanges: [
        { exchange_id: 'paid-1', method: 'GET', path_label: '/api/report', status: 200, paid: true, request_had_payment_header: true, response_headers: { 'cache-control': 'public, max-age=300', vary: 'accept-encoding' }, payment_response_present: true },
        { exchange_id: 'unpaid-1', method: 'GET', path_label: '/api/report', status: 200, paid: false, request_had_payment_header: false, response_headers: { 'cache-control': 'public, max-age=300', age: '120', 'x-cache': 'HIT' } },
      ],
    },
  }),
  defineX402Tool({
    slug: 'agent-checkout-state-simulator',
    id: 'x402_agent_checkout_state_simulator',
    title: 'x402 agent checkout state simulator',
    description:
      'For an integrator with logged events of paid calls (request, 402, signature, verify, handler, settle, response, receipt header): each call replayed through the reference x402 state machine, with every illegal ordering named (handler before verify, settle after a handler error, 200 without settlement, double delivery or settlement, missing receipt, seq gaps) and the state each call ended in.',
    request: agentCheckoutStateSimulatorRequest,
    result: agentCheckoutStateSimulatorResult,
    example: {
      events: [
        { correlation_id: 'call-1', seq: 1, actor: 'client', event: 'request_unpaid' },
        { correlation_id: 'call-1', seq: 2, actor: 'server', event: 'challenge_402' },
        { correlation_id: 'call-1', seq: 3, actor: 'client', event: 'request_paid' },
        { correlation_id: 'call-1', seq: 4, actor: 'facilitator', event: 'verify_ok' },
        { correlation_id: 'call-1', seq: 5, actor: 'server', event: 'handler_error' },
        { correlation_id: 'call-1', seq: 6, actor: 'facilitator', event: 'settle_ok' },
      ],
    },
  }),
  defineX402Tool({
    slug: 'final-total-delta-guard',
    id: 'x402_final_total_delta_guard',
    title: 'x402 final total delta guard',
    description:
      'Just before a buyer agent signs: does the final total still match what the human or the policy approved? The exact delta (atomic, decimal, percent) against a tolerance of max(abs, pct), the line items added, removed or changed (late fees, tax, shipping), and whether to sign, reconfirm or block.',
    request: finalTotalDeltaGuardRequest,
    result: finalTotalDeltaGuardResult,
    example: {
      approved: { amount: '0.05', currency: 'USD', line_items: [{ label: 'Research', amount: '0.05' }] },
      final: { amount: '0.06', currency: 'USDC', line_items: [{ label: 'Research', amount: '0.05' }, { label: 'Service fee', amount: '0.01' }] },
      tolerance: { abs: '0.005', pct: 5 },
    },
  }),
  defineX402Tool({
    slug: 'agent-rendered-checkout-ui-diff',
    id: 'x402_agent_rendered_checkout_ui_diff',
    title: 'x402 agent-rendered checkout UI diff',
    description:
      'Does what an agent or wallet showed the person at checkout match what will actually be paid? The amount, asset, payee (full, truncated or by name), network and recurrence read from the rendered fields and text and compared with the offer, each as match, mismatch, missing or truncated.',
    request: agentRenderedCheckoutUiDiffRequest,
    result: agentRenderedCheckoutUiDiffResult,
    example: {
      rendered: { fields: [{ label: 'Price', value: '$0.01' }, { label: 'Pay to', value: '0x1111…1111' }] },
      actual: { amount_atomic: '100000', asset: USDC_BASE, network: 'eip155:8453', pay_to: '0x1111111111111111111111111111111111111111' },
    },
  }),
  defineX402Tool({
    slug: 'paid-tool-confirmation-prompt-auditor',
    id: 'x402_paid_tool_confirmation_prompt_auditor',
    title: 'x402 paid tool confirmation prompt auditor',
    description:
      'For the author of an agent or MCP client: does the confirmation prompt shown before a paid tool call obtain informed, explicit consent? Findings with evidence (price or currency missing, vague confirm button, paying as the default, no cancel, a prechecked "don\'t ask again", urgency phrases, undisclosed recurrence or destructive effect) and a compliant prompt to start from.',
    request: paidToolConfirmationPromptAuditorRequest,
    result: paidToolConfirmationPromptAuditorResult,
    example: {
      prompt: { body_text: 'Continue to get your report', buttons: [{ label: 'OK', is_default: true, action: 'confirm' }] },
      tool: { name: 'deep_wallet_report', price: '1.00', currency: 'USDC', network: 'eip155:8453' },
    },
  }),
  defineX402Tool({
    slug: 'partial-work-charge-boundary-tester',
    id: 'x402_partial_work_charge_boundary_tester',
    title: 'x402 partial-work charge boundary tester',
    description:
      'For a seller or auditor: given recorded paid calls (status, completed and total units, partial/degraded/timeout/empty flags, what settled) and the declared charge rule (full success only, any 2xx, a completion threshold or proportional), was each charge right? Per case the expected and observed atomic charge and a verdict: correct, overcharge, undercharge or charged on error.',
    request: partialWorkChargeBoundaryTesterRequest,
    result: partialWorkChargeBoundaryTesterResult,
    example: {
      policy: { charge_rule: 'full_success_only', scheme: 'exact' },
      cases: [
        { case_id: 'c1', http_status: 200, completed_units: 10, total_units: 10, settled: true, settled_amount_atomic: '10000', price_atomic: '10000' },
        { case_id: 'c2', http_status: 200, completed_units: 6, total_units: 10, flags: ['partial'], settled: true, settled_amount_atomic: '10000', price_atomic: '10000' },
        { case_id: 'c3', http_status: 500, completed_units: 0, total_units: 10, settled: false, price_atomic: '10000' },
      ],
    },
  }),
  defineX402Tool({
    slug: 'agent-commerce-terms-uri-resolver',
    id: 'x402_agent_commerce_terms_uri_resolver',
    title: 'x402 agent-commerce terms URI resolver',
    description:
      'For a buyer agent before paying: which terms govern this resource across the x402 terms extension, OpenAPI termsOfService, discovery manifests, MCP server.json and llms.txt (precedence, identity as URI or content hash plus version, URI safety), do the top sources conflict, and have the terms changed since the identity it last agreed to? Nothing is fetched.',
    request: agentCommerceTermsUriResolverRequest,
    result: agentCommerceTermsUriResolverResult,
    example: {
      sources: [
        { kind: 'x402_terms_extension', level: 'resource', format: 'uri', terms: 'https://s.example/terms.md', version: '2026-01-15' },
        { kind: 'openapi_terms_of_service', level: 'service', format: 'uri', terms: 'https://s.example/tos' },
      ],
      pinned: { uri: 'https://s.example/terms.md', version: '2025-12-01' },
    },
  }),
  defineX402Tool({
    slug: 'merchant-of-record-boundary-explainer',
    id: 'x402_merchant_of_record_boundary_explainer',
    title: 'x402 merchant-of-record boundary explainer',
    description:
      'When an agentic purchase passes through intermediaries (marketplace, MCP proxy, facilitator, platform, processor): who sets the price, receives the funds, issues the receipt, handles refunds and owns the terms, is that split disclosed to the buyer, and does the cart name the party that is paid? A role table and the merchant-of-record candidate; no legal determination.',
    request: merchantOfRecordBoundaryExplainerRequest,
    result: merchantOfRecordBoundaryExplainerResult,
    example: {
      parties: [
        { party_id: 'P1', label: 'DataCo', kind: 'seller' },
        { party_id: 'P2', label: 'ToolHub MCP', kind: 'mcp_proxy' },
      ],
      roles: { funds_recipient: 'P2', price_setter: 'P2', receipt_issuer: 'P2', refund_handler: 'P1', terms_owner: 'P1' },
      cart_merchant_name: 'DataCo',
      disclosed_to_buyer: ['P2'],
    },
  }),
  defineX402Tool({
    slug: 'post-purchase-event-continuity-checker',
    id: 'x402_post_purchase_event_continuity_checker',
    title: 'x402 post-purchase event continuity checker',
    description:
      'For seller or buyer operations after purchases: is each purchase\'s event stream (settlement, receipt, fulfilment, refunds, disputes, webhooks) complete, in order and ended in a valid terminal state (fulfilled, refunded, dispute resolved) by its deadline, without sequence gaps, duplicates, events after the end, refunds above the payment or fulfilment before payment?',
    request: postPurchaseEventContinuityCheckerRequest,
    result: postPurchaseEventContinuityCheckerResult,
    example: {
      purchases: [{ purchase_id: 'order-1', paid_at: 1_767_225_600, amount_atomic: '50000' }],
      events: [
        { event_id: 'e1', purchase_id: 'order-1', type: 'payment_settled', at: 1_767_225_600, sequence: 1, amount_atomic: '50000' },
        { event_id: 'e2', purchase_id: 'order-1', type: 'receipt_issued', at: 1_767_225_610, sequence: 2 },
        { event_id: 'e4', purchase_id: 'order-1', type: 'fulfillment_started', at: 1_767_225_700, sequence: 4 },
        { event_id: 'e5', purchase_id: 'order-1', type: 'refund_issued', at: 1_767_226_000, sequence: 5, amount_atomic: '50000' },
        { event_id: 'e6', purchase_id: 'order-1', type: 'fulfillment_completed', at: 1_767_226_100, sequence: 6 },
      ],
      as_of: 1_767_312_000,
    },
  }),
  defineX402Tool({
    slug: 'mcp-registry-release-quality-gate',
    id: 'x402_mcp_registry_release_quality_gate',
    title: 'x402 MCP registry release quality gate',
    description:
      'Before publishing an MCP server to the registry (in CI): will its server.json pass the registry rules (name, description, pinned versions, official package registries, mcpb integrity, safe remote URLs, secret environment variables, the 4 KiB publisher _meta, MCP tool names), and does the version bump cover the breaking tool changes since the last release? Failed checks with JSON pointers and the bump the changes require.',
    request: mcpRegistryReleaseQualityGateRequest,
    result: mcpRegistryReleaseQualityGateResult,
    example: {
      server_json: {
        $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
        name: 'io.github.acme/tx-tools',
        description: 'Decodes EVM transactions, explains token transfers and approvals, and prices each paid call in USDC via x402 on Base L2.',
        version: '1.3.0',
        repository: { url: 'https://github.com/acme/tx-tools', source: 'github' },
        packages: [{ registryType: 'npm', identifier: '@acme/tx-tools', version: '^1.3.0', transport: { type: 'stdio' } }],
      },
      tools: [{ name: 'decode_tx', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } }],
      previous: {
        server_json: {
          name: 'io.github.acme/tx-tools',
          description: 'Decodes EVM transactions.',
          version: '1.2.0',
          packages: [{ registryType: 'npm', identifier: '@acme/tx-tools', version: '1.2.0', transport: { type: 'stdio' } }],
        },
        tools: [{ name: 'decode_tx', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx'] } }],
      },
    },
  }),
  defineX402Tool({
    slug: 'agent-commerce-sandbox-seed-pack',
    id: 'x402_agent_commerce_sandbox_seed_pack',
    title: 'x402 agent commerce sandbox seed pack',
    description:
      'For developers testing how an agent handles paid calls: a deterministic, seeded pack of unsigned x402 fixtures (v1 and v2 challenges, payment payloads, verify and settle responses, receipts, 402/409/412/503 answers, MCP payment-required results) for scenarios such as wrong network, swapped payee or a settle timeout, each with the answer the agent should reach (accept, reject, retry or wait, and why). No keys exist behind any address.',
    request: agentCommerceSandboxSeedPackRequest,
    result: agentCommerceSandboxSeedPackResult,
    example: { seed: 42, scenarios: ['wrong_network', 'overpriced'], per_scenario: 2 },
    // §45 names the PRNG seed `seed`, a key the §0 guard refuses; the schema makes it an integer, which cannot carry secret material.
    secretGuardExempt: ['seed'],
  }),
  defineX402Tool({
    slug: 'payment-method-disclosure-map',
    id: 'x402_payment_method_disclosure_map',
    title: 'x402 payment method disclosure map',
    description:
      'Which payment methods (scheme, network, asset) a seller accepts, and on which surfaces (discovery manifest, OpenAPI, A2A card, MCP tools, llms.txt, terms) each is disclosed before the first request: methods only the 402 challenge reveals, advertised methods the challenge does not accept, assets named only by a symbol and undisclosed fees.',
    request: paymentMethodDisclosureMapRequest,
    result: paymentMethodDisclosureMapResult,
    example: {
      surfaces: {
        challenge: EXAMPLE_BASE_SOLANA_CHALLENGE,
        discovery_manifest: { name: 'Quote API', x402: { network: 'base', currency: 'USDC' } },
      },
    },
  }),
  defineX402Tool({
    slug: 'commerce-pii-minimization-check',
    id: 'x402_commerce_pii_minimization_check',
    title: 'x402 commerce PII minimization check',
    description:
      'Before sending or storing a commerce payload (checkout request, mandate, receipt, webhook, tool arguments): what personal data does it carry beyond what its purpose needs? Emails, phones, addresses, names, dates of birth, government ids, Luhn-valid card numbers, mod-97-valid IBANs, IPs, precise locations, wallets and free text, each judged required, optional or unnecessary for the purpose, with a drop/hash/truncate/keep recommendation and a masked value (never the value itself).',
    request: commercePiiMinimizationCheckRequest,
    result: commercePiiMinimizationCheckResult,
    example: {
      purpose: 'digital_goods_x402',
      payload: {
        order_id: 'ord_7f3a',
        resource: '/api/x402/x402-catalog-drift-monitor',
        buyer: { email: 'a@b.co', phone: '+1 415 555 0123', wallet: EXAMPLE_WALLET },
        card: '4111 1111 1111 1111',
      },
    },
  }),
  defineX402Tool({
    slug: 'mcp-elicitation-consent-transcript-auditor',
    id: 'x402_mcp_elicitation_consent_transcript_auditor',
    title: 'x402 MCP elicitation consent transcript auditor',
    description:
      'From the JSON-RPC transcript of one MCP session: did the elicitation exchanges follow MCP 2025-11-25 (declared modes, flat form schemas, no passwords, keys or card data in forms, URL mode with an elicitationId and a safe URL, valid actions, known completions, well-formed -32042 errors), and was a decline or cancel respected before any paid tools/call? Per-elicitation outcomes and findings with the message they point at.',
    request: mcpElicitationConsentTranscriptAuditorRequest,
    result: mcpElicitationConsentTranscriptAuditorResult,
    example: {
      client_capabilities: { elicitation: { form: {} } },
      paid_tool_names: ['svc_wallet_audit'],
      messages: [
        { seq: 1, direction: 'client_to_server', kind: 'request', method: 'tools/call', id: 1, params: { name: 'svc_wallet_audit', arguments: { address: EXAMPLE_WALLET } } },
        {
          seq: 2,
          direction: 'server_to_client',
          kind: 'request',
          method: 'elicitation/create',
          id: 'e1',
          params: { mode: 'form', message: 'Pay 1.00 USDC for a wallet audit?', requestedSchema: { type: 'object', properties: { confirm_purchase: { type: 'boolean' } }, required: ['confirm_purchase'] } },
        },
        { seq: 3, direction: 'client_to_server', kind: 'result', id: 'e1', result: { action: 'decline' } },
        { seq: 4, direction: 'server_to_client', kind: 'result', id: 1, result: { content: [{ type: 'text', text: 'Purchase declined.' }], isError: true } },
        {
          seq: 5,
          direction: 'client_to_server',
          kind: 'request',
          method: 'tools/call',
          id: 2,
          params: { name: 'svc_wallet_audit', arguments: { address: EXAMPLE_WALLET }, _meta: { 'x402/payment': { x402Version: 2, accepted: { scheme: 'exact', network: 'eip155:8453', amount: '1000000' } } } },
        },
      ],
    },
  }),
  defineX402Tool({
    slug: 'machine-payment-treasury-dust-map',
    id: 'x402_machine_payment_treasury_dust_map',
    title: 'x402 machine-payment treasury dust map',
    description:
      'For a seller or agent treasury that collects micropayments on many networks and assets: which balances are worth consolidating to the home network (CCTP for USDC), which are dust below the cost of moving them, and which are lookalike tokens posing as USDC? A per-holding map, a per-network sweep plan and USD totals, computed exactly.',
    request: machinePaymentTreasuryDustMapRequest,
    result: machinePaymentTreasuryDustMapResult,
    example: {
      holdings: [
        { network: 'eip155:8453', asset: USDC_BASE, symbol: 'USDC', balance_atomic: '2500000' },
        { network: 'eip155:137', asset: X402_USDC['eip155:137']!.address, symbol: 'USDC', balance_atomic: '30000' },
        { network: 'eip155:42161', asset: '0xdEaD000000000000000000000000000000000000', symbol: 'USDC', decimals: 6, balance_atomic: '5000000' },
      ],
      sweep_costs: [{ network: 'eip155:137', cost_usd: '0.02' }],
    },
  }),
  defineX402Tool({
    slug: 'a2a-agent-card-trust-radar',
    id: 'x402_a2a_agent_card_trust_radar',
    title: 'x402 A2A agent card trust radar',
    description:
      'Before talking to or paying a remote A2A agent: the trust shape of its agent card on six 0-5 axes (identity, transport, auth, integrity, payment clarity, skill hygiene), with the findings behind each score. JWS card signatures are verified offline against the JWKs supplied; no identity claim is made and nothing is fetched.',
    request: a2aAgentCardTrustRadarRequest,
    result: a2aAgentCardTrustRadarResult,
    secretGuardExempt: TRUST_RADAR_JWS_FIELDS,
    example: {
      agent_card: {
        name: 'Tx explainer',
        description: 'Explains blockchain transactions.',
        url: 'http://agent.example/a2a',
        protocolVersion: '0.3.0',
        version: '1.0.0',
        capabilities: {},
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'explain-tx', name: 'Explain transaction', description: 'Decodes a transaction and explains its token transfers.', tags: ['evm', 'transaction'] }],
      },
    },
  }),
  defineX402Tool({
    slug: 'a2a-skill-to-task-matchmaker',
    id: 'x402_a2a_skill_to_task_matchmaker',
    title: 'x402 A2A skill-to-task matchmaker',
    description:
      'For an orchestrator holding a task and several A2A agent cards: which agent skill fits the task best and why, by deterministic lexical matching (stopwords, stemming, BM25, coverage of the task\'s words) behind hard filters on input and output modes, required tags and the declared x402 price.',
    request: a2aSkillToTaskMatchmakerRequest,
    result: a2aSkillToTaskMatchmakerResult,
    example: {
      task: { description: 'decode a base transaction and explain token transfers', input_modes: ['text/plain'] },
      agent_cards: [
        {
          name: 'Tx decoder',
          description: 'Decodes EVM transactions.',
          url: 'https://decoder.example/a2a',
          protocolVersion: '0.3.0',
          version: '1.0.0',
          capabilities: {},
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['application/json'],
          skills: [{ id: 's1', name: 'Transaction decoder', description: 'decode EVM transactions and token transfers', tags: ['evm', 'transaction', 'decode'] }],
        },
        {
          name: 'Imager',
          description: 'Makes pictures.',
          url: 'https://imager.example/a2a',
          protocolVersion: '0.3.0',
          version: '1.0.0',
          capabilities: {},
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['image/png'],
          skills: [{ id: 's2', name: 'Image generation', description: 'Image generation', tags: ['image'] }],
        },
      ],
    },
  }),
] as const;
