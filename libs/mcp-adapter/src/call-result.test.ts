import { CATALOG } from '@paysight/contracts';
import { buildChallenge } from '@paysight/payment';
import { toolCallResult } from './call-result.js';
import { MAX_STRUCTURED_RESULT_CHARS } from './fit-result.js';

const ORIGIN = 'https://paysight-production-eu-west.payments.example.com';

/**
 * Tools whose request schema alone is larger than the PAYMENT-REQUIRED header budget: their 402
 * carries no Bazaar declaration (even its most compact form does not fit), and the complete one is
 * in /.well-known/x402.json (docs/paying.md, "The Bazaar discovery extension").
 */
const DECLARED_OUTSIDE_THE_HEADER = new Set([
  'recursive_commerce_loop_breaker',
  'micropurchase_fragmentation_guard',
  'conflict_of_interest_scanner',
  'human_intent_checksum',
  'revocation_propagation',
  'version_continuity_proof',
  'economic_dry_run_simulator',
  'spend_laundering_detector',
  'evidence_budget_router',
  'counterfactual_value_meter',
  'reputation_reincarnation_detector',
  'hidden_dependency_map',
  'temporal_consistency_gate',
  'service_exit_handoff',
  'service_discovery_audit',
  'agent_compatibility_analyzer',
  'x402_svc_agent_spend_category_classifier',
  'x402_facilitator_cost_comparator',
  'x402_network_token_route_planner',
  'x402_agent_wallet_policy_coverage_gap_analyzer',
  'x402_autonomous_purchase_intent_to_receipt_reconciler',
  'x402_authorized_payee_rotation_notary',
  'x402_paid_tool_latency_sla_evidence_notary',
  'x402_signed_receipt_delivery_confidence_scorer',
  'x402_failure_fact_classifier',
  'x402_agent_commerce_error_taxonomy_normalizer',
  'x402_facilitator_readiness_passport',
  'x402_payment_identifier_retry_safety_lens',
  'x402_paid_agent_response_completeness_drift_ledger',
  'x402_mcp_operation_stability_ledger',
  'x402_response_provenance_notary',
  'x402_offer_replay_hygiene_auditor',
  'x402_agent_wallet_spend_policy_simulator',
  'x402_spend_permission_allowance_fit_checker',
  'x402_agent_commerce_mandate_receipt_fit_card',
  'x402_final_total_delta_guard',
  'x402_partial_work_charge_boundary_tester',
  'x402_machine_payment_treasury_dust_map',
  'x402_post_purchase_event_continuity_checker',
  'x402_cache_leakage_guard',
  'x402_mcp_registry_release_quality_gate',
  'x402_mcp_elicitation_consent_transcript_auditor',
  'x402_mcp_paid_route_boundary_mapper',
  'x402_mcp_tool_change_blast_radius_analyzer',
  'x402_a2a_skill_to_task_matchmaker',
]);

describe('a payment_required result', () => {
  it.each(CATALOG.map((entry) => [entry.id, entry] as const))('%s: carries the offer with its Bazaar declaration and stays within the result budget', (_id, entry) => {
    const challenge = buildChallenge(entry, { payTo: '0x2222222222222222222222222222222222222222', resourceUrl: `${ORIGIN}${entry.path}` });
    const result = toolCallResult(entry, { kind: 'payment_required', httpStatus: 402, challenge, x402RequestId: null }, { docsUrl: `${ORIGIN}/agents`, restUrl: `${ORIGIN}${entry.path}` });
    // What x402 MCP clients pay from: the header's PaymentRequired, the form sized to be echoed in a payment.
    expect(JSON.parse(result.content[0]!.text)).toEqual(challenge.body.paymentRequired);
    expect(result.structuredContent.paymentRequired).toEqual(challenge.body.paymentRequired);
    const declared = challenge.body.paymentRequired.extensions?.bazaar;
    if (DECLARED_OUTSIDE_THE_HEADER.has(entry.id)) expect(declared).toBeUndefined();
    else expect(declared?.info.input.body).toEqual(entry.example);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(MAX_STRUCTURED_RESULT_CHARS);
    // The structured content and the text content together: no more than an ok result may carry.
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(2 * MAX_STRUCTURED_RESULT_CHARS);
  });
});
