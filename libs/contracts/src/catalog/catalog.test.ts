import { z } from 'zod';
import { responseSchema } from '../envelopes/index.js';
import { CATALOG, priceOf, requestJsonSchema, toolByMcpName, toolByPath } from './index.js';

/** The price table of spec document 1, transcribed: path, tool id, amount, atomic amount. */
const SPEC_PRICES: [string, string, string, string][] = [
  ['/api/x402/wallet-snapshot', 'wallet_snapshot', '0.01', '10000'],
  ['/api/x402/batch-wallet-snapshot', 'batch_wallet_snapshot', '0.05', '50000'],
  ['/api/x402/tx-status', 'tx_status', '0.01', '10000'],
  ['/api/x402/wallet-audit', 'wallet_audit', '1.00', '1000000'],
  ['/api/x402/deep-wallet-report', 'deep_wallet_report', '5.00', '5000000'],
  ['/api/x402/tx-decode', 'tx_decode', '0.25', '250000'],
  ['/api/x402/saved-report', 'saved_report', '1.00', '1000000'],
  ['/api/x402/payment-preflight', 'agent_payment_preflight', '0.01', '10000'],
  ['/api/x402/seller-profile', 'seller_profile', '0.25', '250000'],
  ['/api/x402/authenticity-score', 'authenticity_score', '1.00', '1000000'],
  ['/api/x402/receipt-audit', 'receipt_audit', '0.01', '10000'],
  ['/api/x402/agent-wallet-profile', 'agent_wallet_profile', '0.01', '10000'],
  ['/api/x402/mandate-chain-evidence', 'mandate_chain_evidence', '0.25', '250000'],
  // Spec document 2, "Extended route catalog": the expansion routes.
  ['/api/x402/service-discovery-audit', 'service_discovery_audit', '0.25', '250000'],
  ['/api/x402/agent-payment-history-summary', 'agent_payment_history_summary', '0.25', '250000'],
  ['/api/x402/agent-compatibility-analyzer', 'agent_compatibility_analyzer', '0.25', '250000'],
  // Spec document 2, "Extended route catalog": the /api/ext/ tools served so far.
  ['/api/ext/recursive-commerce-loop-breaker', 'recursive_commerce_loop_breaker', '0.01', '10000'],
  ['/api/ext/micropurchase-fragmentation-guard', 'micropurchase_fragmentation_guard', '0.01', '10000'],
  ['/api/ext/conflict-of-interest-scanner', 'conflict_of_interest_scanner', '0.01', '10000'],
  ['/api/ext/human-intent-checksum', 'human_intent_checksum', '0.05', '50000'],
  ['/api/ext/revocation-propagation', 'revocation_propagation', '0.25', '250000'],
  ['/api/ext/version-continuity-proof', 'version_continuity_proof', '0.01', '10000'],
  ['/api/ext/economic-dry-run-simulator', 'economic_dry_run_simulator', '0.05', '50000'],
  ['/api/ext/spend-laundering-detector', 'spend_laundering_detector', '0.05', '50000'],
  ['/api/ext/evidence-budget-router', 'evidence_budget_router', '0.01', '10000'],
  ['/api/ext/counterfactual-value-meter', 'counterfactual_value_meter', '0.01', '10000'],
  ['/api/ext/reputation-reincarnation-detector', 'reputation_reincarnation_detector', '0.01', '10000'],
  ['/api/ext/hidden-dependency-map', 'hidden_dependency_map', '0.01', '10000'],
  ['/api/ext/negative-capability/query', 'negative_capability', '0.01', '10000'],
  ['/api/ext/temporal-consistency-gate', 'temporal_consistency_gate', '0.01', '10000'],
  ['/api/ext/service-exit-handoff/plan', 'service_exit_handoff', '0.01', '10000'],
  // Spec document 2: the x402-* routes built so far (design sheet x402-family.md), 0.01 each.
  ['/api/x402/x402-catalog-drift-monitor', 'x402_catalog_drift_monitor', '0.01', '10000'],
  ['/api/x402/x402-svc-agent-spend-category-classifier', 'x402_svc_agent_spend_category_classifier', '0.01', '10000'],
  ['/api/x402/x402-cross-protocol-agent-commerce-profile-normalizer', 'x402_cross_protocol_agent_commerce_profile_normalizer', '0.01', '10000'],
  ['/api/x402/x402-mcp-paid-tool-permission-scope-auditor', 'x402_mcp_paid_tool_permission_scope_auditor', '0.01', '10000'],
  ['/api/x402/x402-mcp-paid-route-boundary-mapper', 'x402_mcp_paid_route_boundary_mapper', '0.01', '10000'],
  ['/api/x402/x402-mcp-schema-curb-appeal-grader', 'x402_mcp_schema_curb_appeal_grader', '0.01', '10000'],
  ['/api/x402/x402-mcp-tool-change-blast-radius-analyzer', 'x402_mcp_tool_change_blast_radius_analyzer', '0.01', '10000'],
  ['/api/x402/x402-facilitator-cost-comparator', 'x402_facilitator_cost_comparator', '0.01', '10000'],
  ['/api/x402/x402-price-display-unit-sanity-checker', 'x402_price_display_unit_sanity_checker', '0.01', '10000'],
  ['/api/x402/x402-default-asset-tokenamount-advisor', 'x402_default_asset_tokenamount_advisor', '0.01', '10000'],
  ['/api/x402/x402-multi-chain-facilitator-failover-planner', 'x402_multi_chain_facilitator_failover_planner', '0.01', '10000'],
  ['/api/x402/x402-agent-wallet-spend-policy-simulator', 'x402_agent_wallet_spend_policy_simulator', '0.01', '10000'],
  ['/api/x402/x402-spend-permission-allowance-fit-checker', 'x402_spend_permission_allowance_fit_checker', '0.01', '10000'],
  ['/api/x402/x402-agent-commerce-mandate-receipt-fit-card', 'x402_agent_commerce_mandate_receipt_fit_card', '0.01', '10000'],
  ['/api/x402/x402-final-total-delta-guard', 'x402_final_total_delta_guard', '0.01', '10000'],
  ['/api/x402/x402-agent-rendered-checkout-ui-diff', 'x402_agent_rendered_checkout_ui_diff', '0.01', '10000'],
  ['/api/x402/x402-paid-tool-confirmation-prompt-auditor', 'x402_paid_tool_confirmation_prompt_auditor', '0.01', '10000'],
  ['/api/x402/x402-mcp-registry-release-quality-gate', 'x402_mcp_registry_release_quality_gate', '0.01', '10000'],
  ['/api/x402/x402-commerce-pii-minimization-check', 'x402_commerce_pii_minimization_check', '0.01', '10000'],
  ['/api/x402/x402-mcp-elicitation-consent-transcript-auditor', 'x402_mcp_elicitation_consent_transcript_auditor', '0.01', '10000'],
  ['/api/x402/x402-multi-provider-challenge-normalizer', 'x402_multi_provider_challenge_normalizer', '0.01', '10000'],
  ['/api/x402/x402-network-token-route-planner', 'x402_network_token_route_planner', '0.01', '10000'],
  ['/api/x402/x402-ap2-mandate-constraint-gap-auditor', 'x402_ap2_mandate_constraint_gap_auditor', '0.01', '10000'],
  ['/api/x402/x402-agent-wallet-policy-coverage-gap-analyzer', 'x402_agent_wallet_policy_coverage_gap_analyzer', '0.01', '10000'],
  ['/api/x402/x402-autonomous-purchase-intent-to-receipt-reconciler', 'x402_autonomous_purchase_intent_to_receipt_reconciler', '0.01', '10000'],
  ['/api/x402/x402-authorized-payee-rotation-notary', 'x402_authorized_payee_rotation_notary', '0.01', '10000'],
  ['/api/x402/x402-paid-tool-latency-sla-evidence-notary', 'x402_paid_tool_latency_sla_evidence_notary', '0.01', '10000'],
  ['/api/x402/x402-signed-receipt-delivery-confidence-scorer', 'x402_signed_receipt_delivery_confidence_scorer', '0.01', '10000'],
  ['/api/x402/x402-failure-fact-classifier', 'x402_failure_fact_classifier', '0.01', '10000'],
  ['/api/x402/x402-agent-commerce-error-taxonomy-normalizer', 'x402_agent_commerce_error_taxonomy_normalizer', '0.01', '10000'],
  ['/api/x402/x402-facilitator-readiness-passport', 'x402_facilitator_readiness_passport', '0.01', '10000'],
  ['/api/x402/x402-payment-identifier-retry-safety-lens', 'x402_payment_identifier_retry_safety_lens', '0.01', '10000'],
  ['/api/x402/x402-response-contract-linter', 'x402_response_contract_linter', '0.01', '10000'],
  ['/api/x402/x402-paid-agent-response-completeness-drift-ledger', 'x402_paid_agent_response_completeness_drift_ledger', '0.01', '10000'],
  ['/api/x402/x402-mcp-operation-stability-ledger', 'x402_mcp_operation_stability_ledger', '0.01', '10000'],
  ['/api/x402/x402-response-provenance-notary', 'x402_response_provenance_notary', '0.01', '10000'],
  ['/api/x402/x402-offer-replay-hygiene-auditor', 'x402_offer_replay_hygiene_auditor', '0.01', '10000'],
  ['/api/x402/x402-permit2-approval-friction-explainer', 'x402_permit2_approval_friction_explainer', '0.01', '10000'],
  ['/api/x402/x402-partial-work-charge-boundary-tester', 'x402_partial_work_charge_boundary_tester', '0.01', '10000'],
  ['/api/x402/x402-agent-commerce-terms-uri-resolver', 'x402_agent_commerce_terms_uri_resolver', '0.01', '10000'],
  ['/api/x402/x402-merchant-of-record-boundary-explainer', 'x402_merchant_of_record_boundary_explainer', '0.01', '10000'],
  ['/api/x402/x402-machine-payment-treasury-dust-map', 'x402_machine_payment_treasury_dust_map', '0.01', '10000'],
  ['/api/x402/x402-agent-payment-recovery-playbook', 'x402_agent_payment_recovery_playbook', '0.01', '10000'],
  ['/api/x402/x402-agent-checkout-state-simulator', 'x402_agent_checkout_state_simulator', '0.01', '10000'],
  ['/api/x402/x402-post-purchase-event-continuity-checker', 'x402_post_purchase_event_continuity_checker', '0.01', '10000'],
  ['/api/x402/x402-paid-tool-upsell-path-optimizer', 'x402_paid_tool_upsell_path_optimizer', '0.01', '10000'],
  ['/api/x402/x402-cache-leakage-guard', 'x402_cache_leakage_guard', '0.01', '10000'],
  ['/api/x402/x402-agent-commerce-sandbox-seed-pack', 'x402_agent_commerce_sandbox_seed_pack', '0.01', '10000'],
  ['/api/x402/x402-payment-method-disclosure-map', 'x402_payment_method_disclosure_map', '0.01', '10000'],
  ['/api/x402/x402-a2a-agent-card-trust-radar', 'x402_a2a_agent_card_trust_radar', '0.01', '10000'],
  ['/api/x402/x402-a2a-skill-to-task-matchmaker', 'x402_a2a_skill_to_task_matchmaker', '0.01', '10000'],
];

/** Requests the spec marks "additional properties allowed"; every other request is closed. */
const OPEN_REQUESTS = new Set(['micropurchase_fragmentation_guard', 'conflict_of_interest_scanner', 'counterfactual_value_meter', 'reputation_reincarnation_detector', 'hidden_dependency_map', 'negative_capability']);

const SPEC_MCP_NAMES: Record<string, string> = {
  wallet_snapshot: 'svc_wallet_snapshot',
  batch_wallet_snapshot: 'svc_batch_wallet_snapshot',
  tx_status: 'svc_tx_status',
  wallet_audit: 'svc_wallet_audit',
  deep_wallet_report: 'svc_deep_wallet_report',
  tx_decode: 'svc_tx_hash_lookup',
  saved_report: 'svc_saved_report',
  agent_payment_preflight: 'svc_agent_payment_preflight',
  seller_profile: 'svc_x402_seller_profile',
  authenticity_score: 'svc_x402_authenticity_score',
  receipt_audit: 'svc_x402_receipt_audit',
  agent_wallet_profile: 'svc_agent_wallet_profile',
  mandate_chain_evidence: 'svc_mandate_chain_evidence',
  service_discovery_audit: 'svc_service_discovery_audit',
  agent_payment_history_summary: 'svc_agent_payment_history_summary',
  agent_compatibility_analyzer: 'svc_agent_compatibility_analyzer',
  recursive_commerce_loop_breaker: 'ext_recursive_commerce_loop_breaker',
  micropurchase_fragmentation_guard: 'ext_micropurchase_fragmentation_guard',
  conflict_of_interest_scanner: 'ext_conflict_of_interest_scanner',
  human_intent_checksum: 'ext_human_intent_checksum',
  revocation_propagation: 'ext_revocation_propagation',
  version_continuity_proof: 'ext_version_continuity_proof',
  economic_dry_run_simulator: 'ext_economic_dry_run_simulator',
  spend_laundering_detector: 'ext_spend_laundering_detector',
  evidence_budget_router: 'ext_evidence_budget_router',
  counterfactual_value_meter: 'ext_counterfactual_value_meter',
  reputation_reincarnation_detector: 'ext_reputation_reincarnation_detector',
  hidden_dependency_map: 'ext_hidden_dependency_map',
  negative_capability: 'ext_negative_capability',
  temporal_consistency_gate: 'ext_temporal_consistency_gate',
  service_exit_handoff: 'ext_service_exit_handoff',
  // Spec document 2: svc_<tool id>, and the tool id of /api/x402/x402-<slug> is x402_<slug with underscores>.
  x402_catalog_drift_monitor: 'svc_x402_catalog_drift_monitor',
  x402_svc_agent_spend_category_classifier: 'svc_x402_svc_agent_spend_category_classifier',
  x402_cross_protocol_agent_commerce_profile_normalizer: 'svc_x402_cross_protocol_agent_commerce_profile_normalizer',
  x402_mcp_paid_tool_permission_scope_auditor: 'svc_x402_mcp_paid_tool_permission_scope_auditor',
  x402_mcp_paid_route_boundary_mapper: 'svc_x402_mcp_paid_route_boundary_mapper',
  x402_mcp_schema_curb_appeal_grader: 'svc_x402_mcp_schema_curb_appeal_grader',
  x402_mcp_tool_change_blast_radius_analyzer: 'svc_x402_mcp_tool_change_blast_radius_analyzer',
  x402_facilitator_cost_comparator: 'svc_x402_facilitator_cost_comparator',
  x402_price_display_unit_sanity_checker: 'svc_x402_price_display_unit_sanity_checker',
  x402_default_asset_tokenamount_advisor: 'svc_x402_default_asset_tokenamount_advisor',
  x402_multi_chain_facilitator_failover_planner: 'svc_x402_multi_chain_facilitator_failover_planner',
  x402_agent_wallet_spend_policy_simulator: 'svc_x402_agent_wallet_spend_policy_simulator',
  x402_spend_permission_allowance_fit_checker: 'svc_x402_spend_permission_allowance_fit_checker',
  x402_agent_commerce_mandate_receipt_fit_card: 'svc_x402_agent_commerce_mandate_receipt_fit_card',
  x402_final_total_delta_guard: 'svc_x402_final_total_delta_guard',
  x402_agent_rendered_checkout_ui_diff: 'svc_x402_agent_rendered_checkout_ui_diff',
  x402_paid_tool_confirmation_prompt_auditor: 'svc_x402_paid_tool_confirmation_prompt_auditor',
  x402_mcp_registry_release_quality_gate: 'svc_x402_mcp_registry_release_quality_gate',
  x402_commerce_pii_minimization_check: 'svc_x402_commerce_pii_minimization_check',
  x402_mcp_elicitation_consent_transcript_auditor: 'svc_x402_mcp_elicitation_consent_transcript_auditor',
  x402_multi_provider_challenge_normalizer: 'svc_x402_multi_provider_challenge_normalizer',
  x402_network_token_route_planner: 'svc_x402_network_token_route_planner',
  x402_ap2_mandate_constraint_gap_auditor: 'svc_x402_ap2_mandate_constraint_gap_auditor',
  x402_agent_wallet_policy_coverage_gap_analyzer: 'svc_x402_agent_wallet_policy_coverage_gap_analyzer',
  x402_autonomous_purchase_intent_to_receipt_reconciler: 'svc_x402_autonomous_purchase_intent_to_receipt_reconciler',
  x402_authorized_payee_rotation_notary: 'svc_x402_authorized_payee_rotation_notary',
  x402_paid_tool_latency_sla_evidence_notary: 'svc_x402_paid_tool_latency_sla_evidence_notary',
  x402_signed_receipt_delivery_confidence_scorer: 'svc_x402_signed_receipt_delivery_confidence_scorer',
  x402_failure_fact_classifier: 'svc_x402_failure_fact_classifier',
  x402_agent_commerce_error_taxonomy_normalizer: 'svc_x402_agent_commerce_error_taxonomy_normalizer',
  x402_facilitator_readiness_passport: 'svc_x402_facilitator_readiness_passport',
  x402_payment_identifier_retry_safety_lens: 'svc_x402_payment_identifier_retry_safety_lens',
  x402_response_contract_linter: 'svc_x402_response_contract_linter',
  x402_paid_agent_response_completeness_drift_ledger: 'svc_x402_paid_agent_response_completeness_drift_ledger',
  x402_mcp_operation_stability_ledger: 'svc_x402_mcp_operation_stability_ledger',
  x402_response_provenance_notary: 'svc_x402_response_provenance_notary',
  x402_offer_replay_hygiene_auditor: 'svc_x402_offer_replay_hygiene_auditor',
  x402_permit2_approval_friction_explainer: 'svc_x402_permit2_approval_friction_explainer',
  x402_partial_work_charge_boundary_tester: 'svc_x402_partial_work_charge_boundary_tester',
  x402_agent_commerce_terms_uri_resolver: 'svc_x402_agent_commerce_terms_uri_resolver',
  x402_merchant_of_record_boundary_explainer: 'svc_x402_merchant_of_record_boundary_explainer',
  x402_machine_payment_treasury_dust_map: 'svc_x402_machine_payment_treasury_dust_map',
  x402_agent_payment_recovery_playbook: 'svc_x402_agent_payment_recovery_playbook',
  x402_agent_checkout_state_simulator: 'svc_x402_agent_checkout_state_simulator',
  x402_post_purchase_event_continuity_checker: 'svc_x402_post_purchase_event_continuity_checker',
  x402_paid_tool_upsell_path_optimizer: 'svc_x402_paid_tool_upsell_path_optimizer',
  x402_cache_leakage_guard: 'svc_x402_cache_leakage_guard',
  x402_agent_commerce_sandbox_seed_pack: 'svc_x402_agent_commerce_sandbox_seed_pack',
  x402_payment_method_disclosure_map: 'svc_x402_payment_method_disclosure_map',
  x402_a2a_agent_card_trust_radar: 'svc_x402_a2a_agent_card_trust_radar',
  x402_a2a_skill_to_task_matchmaker: 'svc_x402_a2a_skill_to_task_matchmaker',
};

describe('catalog', () => {
  it.each(SPEC_PRICES)('%s is %s at %s USDC (%s atomic)', (path, id, amount, atomic) => {
    const entry = toolByPath(path);
    expect(entry?.id).toBe(id);
    expect(priceOf(entry!)).toEqual({ amount, atomic });
    expect(entry!.mcpName).toBe(SPEC_MCP_NAMES[id]);
    expect(toolByMcpName(SPEC_MCP_NAMES[id]!)).toBe(entry);
  });

  it('holds exactly the spec tools served so far', () => {
    expect(CATALOG.map((t) => t.path).sort()).toEqual(SPEC_PRICES.map(([p]) => p).sort());
  });

  it('marks only the spec exceptions as not read-only, and revocation propagation as destructive', () => {
    const notReadOnly = CATALOG.filter((t) => !t.annotations.readOnlyHint).map((t) => t.id).sort();
    expect(notReadOnly).toEqual(['deep_wallet_report', 'revocation_propagation', 'saved_report', 'service_exit_handoff', 'x402_response_provenance_notary']);
    for (const t of CATALOG) {
      expect(t.annotations).toMatchObject({ destructiveHint: t.id === 'revocation_propagation', idempotentHint: false, openWorldHint: true });
    }
  });

  it('uses the slug as the last path segment, or the one before the operation the request names', () => {
    for (const t of CATALOG) {
      const operation = (requestJsonSchema(t).properties as Record<string, { const?: string }> | undefined)?.operation?.const;
      expect({ tool: t.id, path: t.path }).toEqual({ tool: t.id, path: operation ? `/api/ext/${t.slug}/${operation}` : expect.stringMatching(new RegExp(`/${t.slug}$`)) });
    }
  });

  it('exports every request and response schema to JSON Schema', () => {
    for (const t of CATALOG) {
      const input = z.toJSONSchema(t.request, { io: 'input' }) as { type?: string; additionalProperties?: boolean };
      expect(input.type).toBe('object');
      expect({ tool: t.id, additionalProperties: input.additionalProperties }).toEqual({ tool: t.id, additionalProperties: OPEN_REQUESTS.has(t.id) ? {} : false });
      expect(() => z.toJSONSchema(responseSchema(t), { io: 'output', unrepresentable: 'any' })).not.toThrow();
    }
  });

  it('carries a valid example request for every tool', () => {
    for (const t of CATALOG) {
      const parsed = t.request.safeParse(t.example);
      expect({ tool: t.id, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ tool: t.id, issues: [] });
    }
  });
});
