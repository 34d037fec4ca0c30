import { CATALOG, requestJsonSchema, responseJsonSchema, toolById } from '@paysight/contracts';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { type BodyDiscoveryExtension, sanitizeResourceServiceMetadata, validateDiscoveryExtension, validateDiscoveryExtensionSpec } from '@x402/extensions/bazaar';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { officialPaymentHeaders } from '../test/support/official-client.js';
import { bazaarExtension, fittingBazaarExtension, schemaFieldNames, schemaOutline, withoutAnnotations } from './bazaar.js';
import { OFFER_VALIDITY_SECONDS } from './challenge-cache.js';
import { type ChallengeReason, PAYMENT_REQUIRED_HEADER_BUDGET, buildChallenge } from './challenge.js';
import { createReceiptSigner } from './signed-receipts.js';
import { MAX_PAYMENT_HEADER_LENGTH, PAYMENT_SIGNATURE_HEADER, decodePayment } from './decode.js';
import { paymentIdentifierDeclaration } from './payment-identifier.js';

const PAYEE = '0x2222222222222222222222222222222222222222';
const buyer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
// A long public origin, so that the measured headers are not flattered by a short one.
const resourceUrlOf = (path: string) => `https://paysight-production-eu-west.payments.example.com${path}`;
const challengeOf = (entry: (typeof CATALOG)[number]) => buildChallenge(entry, { payTo: PAYEE, resourceUrl: resourceUrlOf(entry.path) });
const signer = createReceiptSigner(generatePrivateKey());
/** The 402 as the service sends it: with the signed offers, which are fitted first. */
async function signedChallengeOf(entry: (typeof CATALOG)[number], reason?: ChallengeReason) {
  const resourceUrl = resourceUrlOf(entry.path);
  const signedOffers = await signer.signOffers(resourceUrl, challengeOf(entry).body.paymentRequired.accepts, OFFER_VALIDITY_SECONDS);
  return buildChallenge(entry, { payTo: PAYEE, resourceUrl, signedOffers, extensions: paymentIdentifierDeclaration(false), ...(reason ? { reason } : {}) });
}
/** The tools with the largest requests: with the signed offers in the header, their Bazaar declaration has room for the request only. */
const WITHOUT_RESPONSE_OUTLINE = [
  'agent_payment_preflight',
  'receipt_audit',
  'mandate_chain_evidence',
  'negative_capability',
  'agent_payment_history_summary',
  'x402_price_display_unit_sanity_checker',
  'x402_default_asset_tokenamount_advisor',
  'x402_agent_commerce_sandbox_seed_pack',
  'x402_commerce_pii_minimization_check',
];

/** Asserts the library's own checks: `info` validates against `schema`, and the Bazaar spec's invariants hold. */
function expectValidDeclaration(extension: BodyDiscoveryExtension) {
  expect(validateDiscoveryExtension(extension)).toEqual({ valid: true });
  expect(validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>)).toEqual({ valid: true });
}

const outputSchemaOf = (extension: BodyDiscoveryExtension) =>
  (extension.schema.properties.output as { properties: { example: Record<string, unknown> } } | undefined)?.properties.example;

// The library warns about formats its validator does not know (uri); the schema still compiles.
beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

describe('the Bazaar discovery extension of every offer', () => {
  it.each(CATALOG.map((entry) => [entry.id, entry] as const))('%s: the complete declaration is the catalog entry (POST, JSON, example, request and response schemas)', (_id, entry) => {
    const extension = bazaarExtension(entry);
    expectValidDeclaration(extension);
    expect(extension.info).toEqual({ input: { type: 'http', method: 'POST', bodyType: 'json', body: entry.example }, output: { type: 'json' } });
    expect(extension.schema.properties.input.properties.body).toEqual(requestJsonSchema(entry));
    expect(outputSchemaOf(extension)).toEqual(responseJsonSchema(entry));
  });

  it('a facilitator refuses a declaration whose example does not fit its schema (the check can fail)', () => {
    const entry = toolById('wallet_snapshot')!;
    const complete = bazaarExtension(entry);
    const broken = { ...complete, info: { ...complete.info, input: { ...complete.info.input, body: { address: 42 } } } };
    expect(validateDiscoveryExtension(broken).valid).toBe(false);
  });

  it('the offered resource names the service and tags it with the tool family, as the Bazaar rules allow', () => {
    for (const entry of CATALOG) {
      const { resource } = challengeOf(entry).body.paymentRequired;
      expect(sanitizeResourceServiceMetadata(resource)).toEqual({ serviceName: 'Paysight', tags: [entry.family] });
    }
  });

  it('shares no object with the catalog: freezing a cached challenge leaves the catalog schemas and examples alone', () => {
    const freeze = (value: unknown): void => {
      if (value && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        Object.values(value).forEach(freeze);
      }
    };
    for (const entry of CATALOG) {
      freeze(challengeOf(entry));
      expect([Object.isFrozen(requestJsonSchema(entry)), Object.isFrozen(responseJsonSchema(entry)), Object.isFrozen(entry.example)]).toEqual([false, false, false]);
    }
  });

  it('offer descriptions stay short enough for listings (500 characters at most)', () => {
    for (const entry of CATALOG) {
      const { body } = challengeOf(entry);
      for (const description of [body.paymentRequired.resource.description, body.accepts[0].description, body.offer.description]) {
        expect(description.length).toBeLessThanOrEqual(500);
      }
    }
  });
});

/**
 * Tools whose request schema does not fit the header budget beside the signed offers (for most, not
 * even alone; x402_catalog_drift_monitor's fits only without the signed offers): their signed 402
 * carries no Bazaar declaration, the complete one is in /.well-known/x402.json (docs/paying.md).
 * Every other tool's header must carry one.
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
  'x402_catalog_drift_monitor',
  'x402_svc_agent_spend_category_classifier',
  'x402_cross_protocol_agent_commerce_profile_normalizer',
  'x402_mcp_paid_tool_permission_scope_auditor',
  'x402_facilitator_cost_comparator',
  'x402_multi_chain_facilitator_failover_planner',
  'x402_multi_provider_challenge_normalizer',
  'x402_network_token_route_planner',
  'x402_ap2_mandate_constraint_gap_auditor',
  'x402_agent_wallet_policy_coverage_gap_analyzer',
  'x402_autonomous_purchase_intent_to_receipt_reconciler',
  'x402_authorized_payee_rotation_notary',
  'x402_paid_tool_latency_sla_evidence_notary',
  'x402_signed_receipt_delivery_confidence_scorer',
  'x402_failure_fact_classifier',
  'x402_agent_commerce_error_taxonomy_normalizer',
  'x402_facilitator_readiness_passport',
  'x402_payment_identifier_retry_safety_lens',
  'x402_response_contract_linter',
  'x402_paid_agent_response_completeness_drift_ledger',
  'x402_mcp_operation_stability_ledger',
  'x402_response_provenance_notary',
  'x402_offer_replay_hygiene_auditor',
  'x402_permit2_approval_friction_explainer',
  'x402_agent_wallet_spend_policy_simulator',
  'x402_spend_permission_allowance_fit_checker',
  'x402_agent_commerce_mandate_receipt_fit_card',
  'x402_final_total_delta_guard',
  'x402_agent_rendered_checkout_ui_diff',
  'x402_paid_tool_confirmation_prompt_auditor',
  'x402_partial_work_charge_boundary_tester',
  'x402_agent_commerce_terms_uri_resolver',
  'x402_merchant_of_record_boundary_explainer',
  'x402_machine_payment_treasury_dust_map',
  'x402_agent_payment_recovery_playbook',
  'x402_agent_checkout_state_simulator',
  'x402_post_purchase_event_continuity_checker',
  'x402_paid_tool_upsell_path_optimizer',
  'x402_cache_leakage_guard',
  'x402_mcp_registry_release_quality_gate',
  'x402_mcp_elicitation_consent_transcript_auditor',
  'x402_mcp_paid_route_boundary_mapper',
  'x402_mcp_schema_curb_appeal_grader',
  'x402_mcp_tool_change_blast_radius_analyzer',
  'x402_payment_method_disclosure_map',
  'x402_a2a_agent_card_trust_radar',
  'x402_a2a_skill_to_task_matchmaker',
]);
const inHeader = CATALOG.filter((entry) => !DECLARED_OUTSIDE_THE_HEADER.has(entry.id));

describe('the PAYMENT-REQUIRED header stays within its budget', () => {
  it.each([...DECLARED_OUTSIDE_THE_HEADER])('%s: within the budget with the signed offer, without a Bazaar declaration', async (id) => {
    const challenge = await signedChallengeOf(CATALOG.find((entry) => entry.id === id)!);
    expect(challenge.header.length).toBeLessThanOrEqual(PAYMENT_REQUIRED_HEADER_BUDGET);
    expect(challenge.body.paymentRequired.extensions?.bazaar).toBeUndefined();
  });

  it.each(inHeader.map((entry) => [entry.id, entry] as const))(
    '%s: with the signed offers, the request declared exactly and, where it fits, an outline of the response',
    async (_id, entry) => {
      const challenge = await signedChallengeOf(entry);
      expect(challenge.header.length).toBeLessThanOrEqual(PAYMENT_REQUIRED_HEADER_BUDGET);
      const carried = decodePaymentRequiredHeader(challenge.header);
      expect(carried).toEqual(challenge.body.paymentRequired);
      expect(carried.extensions?.['offer-receipt']).toEqual({ info: { offers: [expect.objectContaining({ format: 'eip712', acceptIndex: 0 })] } });
      const extension = challenge.body.paymentRequired.extensions!.bazaar!;
      expectValidDeclaration(extension);
      expect(extension.info.input.body).toEqual(entry.example);
      // The complete request schema when the whole declaration fits, else the same without its descriptions.
      expect([requestJsonSchema(entry), withoutAnnotations(requestJsonSchema(entry))]).toContainEqual(extension.schema.properties.input.properties.body);
      expect(outputSchemaOf(extension) !== undefined).toBe(!WITHOUT_RESPONSE_OUTLINE.includes(entry.id));
    },
  );

  it('a refusal with a long reason still fits: the declaration gets shorter (or, at 600 characters or for the largest requests, may go), never the signed offer, never the header longer', async () => {
    for (const length of [200, 600]) {
      for (const entry of inHeader) {
        const refused = await signedChallengeOf(entry, { code: 'payment_mismatch', message: 'The payment differs from the offer: '.padEnd(length, 'x') });
        expect(refused.header.length).toBeLessThanOrEqual(PAYMENT_REQUIRED_HEADER_BUDGET);
        expect(refused.body.paymentRequired.extensions?.['offer-receipt']).toBeDefined();
        // The largest requests have room for their request part only even without a reason: a long reason may push it out.
        if (length === 200 && !WITHOUT_RESPONSE_OUTLINE.includes(entry.id)) expect(refused.body.paymentRequired.extensions?.bazaar).toBeDefined();
      }
    }
  });

  it.each(CATALOG.map((entry) => [entry.id, entry] as const))(
    '%s: the official client echoes the header extension into a PAYMENT-SIGNATURE the service accepts',
    async (_id, entry) => {
      const challenge = await signedChallengeOf(entry);
      const headers = await officialPaymentHeaders(buyer, challenge, 2);
      expect(headers[PAYMENT_SIGNATURE_HEADER]!.length).toBeLessThanOrEqual(MAX_PAYMENT_HEADER_LENGTH);
      const decoded = decodePayment(headers);
      if (decoded.status !== 'decoded' || decoded.payment.version !== 2) throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
      expect(decoded.payment.payload.extensions).toEqual(challenge.body.paymentRequired.extensions);
    },
  );

  it('the shorter forms are tried in order: complete, without annotations, response outlines, request only, none', () => {
    const entry = toolById('tx_decode')!;
    const tried: BodyDiscoveryExtension[] = [];
    expect(fittingBazaarExtension(entry, (candidate) => (tried.push(candidate), false))).toBeNull();
    const sizes = tried.map((candidate) => JSON.stringify(candidate).length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(tried[0]).toBe(bazaarExtension(entry));
    expect(outputSchemaOf(tried.at(-1)!)).toBeUndefined();
    expect(tried.slice(0, -1).every((candidate) => outputSchemaOf(candidate))).toBe(true);
    for (const candidate of tried) expectValidDeclaration(candidate);
    expect(fittingBazaarExtension(entry, () => true)).toBe(bazaarExtension(entry));
  });
});

describe('schema reductions', () => {
  const schema = {
    type: 'object',
    description: 'a wallet',
    properties: {
      description: { type: 'string', description: 'a field named description stays' },
      kind: { const: { title: 'data is never stripped' }, title: 'Kind' },
      nested: {
        type: 'object',
        properties: { deep: { type: 'array', items: { type: 'object', properties: { x: { type: 'string', pattern: '^a' } } } } },
        required: ['deep'],
      },
      either: { anyOf: [{ type: 'string', minLength: 3 }, { type: 'null' }] },
    },
    required: ['description'],
    additionalProperties: false,
  };

  it('withoutAnnotations drops descriptions and titles, never a property, a required name or data', () => {
    expect(withoutAnnotations(schema)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        kind: { const: { title: 'data is never stripped' } },
        nested: schema.properties.nested,
        either: schema.properties.either,
      },
      required: ['description'],
      additionalProperties: false,
    });
  });

  it('schemaFieldNames keeps only the names of the top-level fields', () => {
    expect(schemaFieldNames({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: {} } } }, required: ['a'] })).toEqual({
      type: 'object',
      properties: { a: {}, b: {} },
    });
  });

  it('schemaOutline keeps the fields of the first levels and only the type below them', () => {
    const bare = withoutAnnotations(schema);
    expect(schemaOutline(bare, 1)).toEqual({
      ...bare,
      properties: { description: { type: 'string' }, kind: {}, nested: { type: 'object' }, either: {} },
    });
    expect(schemaOutline(bare, 2).properties.nested).toEqual({ type: 'object', properties: { deep: { type: 'array' } }, required: ['deep'] });
    expect(schemaOutline(bare, 2).properties.either).toEqual(schema.properties.either);
    expect(schemaOutline(bare, 10)).toEqual(bare);
  });
});
