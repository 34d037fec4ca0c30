import { type CatalogEntry, type CatalogEntryOf, type ToolId } from '@paysight/contracts';
import type { ToolModule } from './tool-module.js';
import { walletSnapshot } from './wallet/snapshot/index.js';
import { txStatus } from './tx/status/index.js';
import { txDecode } from './tx/decode/index.js';
import { batchWalletSnapshot } from './wallet/batch/index.js';
import { walletAudit } from './wallet/audit/index.js';
import { deepWalletReport, savedReport } from './wallet/report/index.js';
import { receiptAudit } from './trust/receipt-audit/index.js';
import { mandateChainEvidence } from './trust/mandate-chain-evidence/index.js';
import { paymentPreflight } from './trust/payment-preflight/index.js';
import { authenticityScore } from './trust/authenticity-score/index.js';
import { sellerProfile } from './trust/seller-profile/index.js';
import { agentWalletProfile } from './trust/agent-wallet-profile/index.js';
import { serviceDiscoveryAudit } from './expansion/service-discovery-audit/index.js';
import { agentPaymentHistorySummary } from './expansion/agent-payment-history-summary/index.js';
import { agentCompatibilityAnalyzer } from './expansion/agent-compatibility-analyzer/index.js';
import { recursiveCommerceLoopBreaker } from './ext/recursive-commerce-loop-breaker/index.js';
import { micropurchaseFragmentationGuard } from './ext/micropurchase-fragmentation-guard/index.js';
import { conflictOfInterestScanner } from './ext/conflict-of-interest-scanner/index.js';
import { humanIntentChecksum } from './ext/human-intent-checksum/index.js';
import { revocationPropagation } from './ext/revocation-propagation/index.js';
import { versionContinuityProof } from './ext/version-continuity-proof/index.js';
import { economicDryRunSimulator } from './ext/economic-dry-run-simulator/index.js';
import { spendLaunderingDetector } from './ext/spend-laundering-detector/index.js';
import { evidenceBudgetRouter } from './ext/evidence-budget-router/index.js';
import { counterfactualValueMeter } from './ext/counterfactual-value-meter/index.js';
import { reputationReincarnationDetector } from './ext/reputation-reincarnation-detector/index.js';
import { hiddenDependencyMap } from './ext/hidden-dependency-map/index.js';
import { negativeCapability } from './ext/negative-capability/index.js';
import { temporalConsistencyGate } from './ext/temporal-consistency-gate/index.js';
import { serviceExitHandoff } from './ext/service-exit-handoff/index.js';
import { catalogDriftMonitor } from './x402/catalog-drift-monitor/index.js';
import { svcAgentSpendCategoryClassifier } from './x402/svc-agent-spend-category-classifier/index.js';
import { crossProtocolAgentCommerceProfileNormalizer } from './x402/cross-protocol-agent-commerce-profile-normalizer/index.js';
import { mcpPaidToolPermissionScopeAuditor } from './x402/mcp-paid-tool-permission-scope-auditor/index.js';
import { mcpToolChangeBlastRadiusAnalyzer } from './x402/mcp-tool-change-blast-radius-analyzer/index.js';
import { mcpSchemaCurbAppealGrader } from './x402/mcp-schema-curb-appeal-grader/index.js';
import { mcpPaidRouteBoundaryMapper } from './x402/mcp-paid-route-boundary-mapper/index.js';
import { facilitatorCostComparator } from './x402/facilitator-cost-comparator/index.js';
import { priceDisplayUnitSanityChecker } from './x402/price-display-unit-sanity-checker/index.js';
import { defaultAssetTokenamountAdvisor } from './x402/default-asset-tokenamount-advisor/index.js';
import { agentWalletSpendPolicySimulator } from './x402/agent-wallet-spend-policy-simulator/index.js';
import { spendPermissionAllowanceFitChecker } from './x402/spend-permission-allowance-fit-checker/index.js';
import { agentCommerceMandateReceiptFitCard } from './x402/agent-commerce-mandate-receipt-fit-card/index.js';
import { multiChainFacilitatorFailoverPlanner } from './x402/multi-chain-facilitator-failover-planner/index.js';
import { finalTotalDeltaGuard } from './x402/final-total-delta-guard/index.js';
import { agentRenderedCheckoutUiDiff } from './x402/agent-rendered-checkout-ui-diff/index.js';
import { paidToolConfirmationPromptAuditor } from './x402/paid-tool-confirmation-prompt-auditor/index.js';
import { multiProviderChallengeNormalizer } from './x402/multi-provider-challenge-normalizer/index.js';
import { networkTokenRoutePlanner } from './x402/network-token-route-planner/index.js';
import { ap2MandateConstraintGapAuditor } from './x402/ap2-mandate-constraint-gap-auditor/index.js';
import { agentWalletPolicyCoverageGapAnalyzer } from './x402/agent-wallet-policy-coverage-gap-analyzer/index.js';
import { autonomousPurchaseIntentToReceiptReconciler } from './x402/autonomous-purchase-intent-to-receipt-reconciler/index.js';
import { authorizedPayeeRotationNotary } from './x402/authorized-payee-rotation-notary/index.js';
import { paidToolLatencySlaEvidenceNotary } from './x402/paid-tool-latency-sla-evidence-notary/index.js';
import { signedReceiptDeliveryConfidenceScorer } from './x402/signed-receipt-delivery-confidence-scorer/index.js';
import { failureFactClassifier } from './x402/failure-fact-classifier/index.js';
import { agentCommerceErrorTaxonomyNormalizer } from './x402/agent-commerce-error-taxonomy-normalizer/index.js';
import { facilitatorReadinessPassport } from './x402/facilitator-readiness-passport/index.js';
import { paymentIdentifierRetrySafetyLens } from './x402/payment-identifier-retry-safety-lens/index.js';
import { responseContractLinter } from './x402/response-contract-linter/index.js';
import { paidAgentResponseCompletenessDriftLedger } from './x402/paid-agent-response-completeness-drift-ledger/index.js';
import { mcpOperationStabilityLedger } from './x402/mcp-operation-stability-ledger/index.js';
import { responseProvenanceNotary } from './x402/response-provenance-notary/index.js';
import { offerReplayHygieneAuditor } from './x402/offer-replay-hygiene-auditor/index.js';
import { permit2ApprovalFrictionExplainer } from './x402/permit2-approval-friction-explainer/index.js';
import { partialWorkChargeBoundaryTester } from './x402/partial-work-charge-boundary-tester/index.js';
import { agentCommerceTermsUriResolver } from './x402/agent-commerce-terms-uri-resolver/index.js';
import { merchantOfRecordBoundaryExplainer } from './x402/merchant-of-record-boundary-explainer/index.js';
import { machinePaymentTreasuryDustMap } from './x402/machine-payment-treasury-dust-map/index.js';
import { agentPaymentRecoveryPlaybook } from './x402/agent-payment-recovery-playbook/index.js';
import { agentCheckoutStateSimulator } from './x402/agent-checkout-state-simulator/index.js';
import { postPurchaseEventContinuityChecker } from './x402/post-purchase-event-continuity-checker/index.js';
import { paidToolUpsellPathOptimizer } from './x402/paid-tool-upsell-path-optimizer/index.js';
import { cacheLeakageGuard } from './x402/cache-leakage-guard/index.js';
import { agentCommerceSandboxSeedPack } from './x402/agent-commerce-sandbox-seed-pack/index.js';
import { mcpRegistryReleaseQualityGate } from './x402/mcp-registry-release-quality-gate/index.js';
import { commercePiiMinimizationCheck } from './x402/commerce-pii-minimization-check/index.js';
import { mcpElicitationConsentTranscriptAuditor } from './x402/mcp-elicitation-consent-transcript-auditor/index.js';
import { paymentMethodDisclosureMap } from './x402/payment-method-disclosure-map/index.js';
import { a2aAgentCardTrustRadar } from './x402/a2a-agent-card-trust-radar/index.js';
import { a2aSkillToTaskMatchmaker } from './x402/a2a-skill-to-task-matchmaker/index.js';

/** Each tool id's module is declared against that id's own catalog entry. */
type ToolRegistry = { readonly [Id in ToolId]?: ToolModule<CatalogEntryOf<Id>> };

/** The implemented tools, by catalog id. */
export const TOOL_MODULES = {
  wallet_snapshot: walletSnapshot,
  tx_status: txStatus,
  tx_decode: txDecode,
  batch_wallet_snapshot: batchWalletSnapshot,
  wallet_audit: walletAudit,
  deep_wallet_report: deepWalletReport,
  saved_report: savedReport,
  receipt_audit: receiptAudit,
  mandate_chain_evidence: mandateChainEvidence,
  agent_payment_preflight: paymentPreflight,
  authenticity_score: authenticityScore,
  seller_profile: sellerProfile,
  agent_wallet_profile: agentWalletProfile,
  service_discovery_audit: serviceDiscoveryAudit,
  agent_payment_history_summary: agentPaymentHistorySummary,
  agent_compatibility_analyzer: agentCompatibilityAnalyzer,
  recursive_commerce_loop_breaker: recursiveCommerceLoopBreaker,
  micropurchase_fragmentation_guard: micropurchaseFragmentationGuard,
  conflict_of_interest_scanner: conflictOfInterestScanner,
  human_intent_checksum: humanIntentChecksum,
  revocation_propagation: revocationPropagation,
  version_continuity_proof: versionContinuityProof,
  economic_dry_run_simulator: economicDryRunSimulator,
  spend_laundering_detector: spendLaunderingDetector,
  evidence_budget_router: evidenceBudgetRouter,
  counterfactual_value_meter: counterfactualValueMeter,
  reputation_reincarnation_detector: reputationReincarnationDetector,
  hidden_dependency_map: hiddenDependencyMap,
  negative_capability: negativeCapability,
  temporal_consistency_gate: temporalConsistencyGate,
  service_exit_handoff: serviceExitHandoff,
  x402_catalog_drift_monitor: catalogDriftMonitor,
  x402_svc_agent_spend_category_classifier: svcAgentSpendCategoryClassifier,
  x402_cross_protocol_agent_commerce_profile_normalizer: crossProtocolAgentCommerceProfileNormalizer,
  x402_mcp_paid_tool_permission_scope_auditor: mcpPaidToolPermissionScopeAuditor,
  x402_mcp_tool_change_blast_radius_analyzer: mcpToolChangeBlastRadiusAnalyzer,
  x402_mcp_schema_curb_appeal_grader: mcpSchemaCurbAppealGrader,
  x402_mcp_paid_route_boundary_mapper: mcpPaidRouteBoundaryMapper,
  x402_facilitator_cost_comparator: facilitatorCostComparator,
  x402_price_display_unit_sanity_checker: priceDisplayUnitSanityChecker,
  x402_default_asset_tokenamount_advisor: defaultAssetTokenamountAdvisor,
  x402_multi_chain_facilitator_failover_planner: multiChainFacilitatorFailoverPlanner,
  x402_final_total_delta_guard: finalTotalDeltaGuard,
  x402_agent_rendered_checkout_ui_diff: agentRenderedCheckoutUiDiff,
  x402_paid_tool_confirmation_prompt_auditor: paidToolConfirmationPromptAuditor,
  x402_multi_provider_challenge_normalizer: multiProviderChallengeNormalizer,
  x402_network_token_route_planner: networkTokenRoutePlanner,
  x402_ap2_mandate_constraint_gap_auditor: ap2MandateConstraintGapAuditor,
  x402_agent_wallet_policy_coverage_gap_analyzer: agentWalletPolicyCoverageGapAnalyzer,
  x402_autonomous_purchase_intent_to_receipt_reconciler: autonomousPurchaseIntentToReceiptReconciler,
  x402_authorized_payee_rotation_notary: authorizedPayeeRotationNotary,
  x402_paid_tool_latency_sla_evidence_notary: paidToolLatencySlaEvidenceNotary,
  x402_signed_receipt_delivery_confidence_scorer: signedReceiptDeliveryConfidenceScorer,
  x402_failure_fact_classifier: failureFactClassifier,
  x402_agent_commerce_error_taxonomy_normalizer: agentCommerceErrorTaxonomyNormalizer,
  x402_facilitator_readiness_passport: facilitatorReadinessPassport,
  x402_payment_identifier_retry_safety_lens: paymentIdentifierRetrySafetyLens,
  x402_response_contract_linter: responseContractLinter,
  x402_paid_agent_response_completeness_drift_ledger: paidAgentResponseCompletenessDriftLedger,
  x402_mcp_operation_stability_ledger: mcpOperationStabilityLedger,
  x402_response_provenance_notary: responseProvenanceNotary,
  x402_offer_replay_hygiene_auditor: offerReplayHygieneAuditor,
  x402_permit2_approval_friction_explainer: permit2ApprovalFrictionExplainer,
  x402_agent_wallet_spend_policy_simulator: agentWalletSpendPolicySimulator,
  x402_spend_permission_allowance_fit_checker: spendPermissionAllowanceFitChecker,
  x402_agent_commerce_mandate_receipt_fit_card: agentCommerceMandateReceiptFitCard,
  x402_partial_work_charge_boundary_tester: partialWorkChargeBoundaryTester,
  x402_agent_commerce_terms_uri_resolver: agentCommerceTermsUriResolver,
  x402_merchant_of_record_boundary_explainer: merchantOfRecordBoundaryExplainer,
  x402_machine_payment_treasury_dust_map: machinePaymentTreasuryDustMap,
  x402_agent_payment_recovery_playbook: agentPaymentRecoveryPlaybook,
  x402_agent_checkout_state_simulator: agentCheckoutStateSimulator,
  x402_post_purchase_event_continuity_checker: postPurchaseEventContinuityChecker,
  x402_paid_tool_upsell_path_optimizer: paidToolUpsellPathOptimizer,
  x402_cache_leakage_guard: cacheLeakageGuard,
  x402_agent_commerce_sandbox_seed_pack: agentCommerceSandboxSeedPack,
  x402_mcp_registry_release_quality_gate: mcpRegistryReleaseQualityGate,
  x402_commerce_pii_minimization_check: commercePiiMinimizationCheck,
  x402_mcp_elicitation_consent_transcript_auditor: mcpElicitationConsentTranscriptAuditor,
  x402_payment_method_disclosure_map: paymentMethodDisclosureMap,
  x402_a2a_agent_card_trust_radar: a2aAgentCardTrustRadar,
  x402_a2a_skill_to_task_matchmaker: a2aSkillToTaskMatchmaker,
} as const satisfies ToolRegistry;

/**
 * Catalog entries deliberately offered before their analyzer exists, with the reason. They answer
 * 501 before any payment is asked for. A test holds that every entry is served or listed here.
 */
export const NOT_SERVED_YET: Readonly<Partial<Record<ToolId, string>>> = {};

const byId: ReadonlyMap<string, ToolModule> = new Map(Object.values(TOOL_MODULES).map((module: ToolModule) => [module.entry.id, module]));

/** The module that serves a catalog entry, if it is implemented. */
export function toolModuleFor(entry: Pick<CatalogEntry, 'id'>): ToolModule | undefined {
  return byId.get(entry.id);
}
