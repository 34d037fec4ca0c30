import { conflictScannerRequest, fragmentationGuardRequest, loopBreakerRequest } from '../schemas/ext.js';
import { negativeCapabilityRequest } from '../schemas/ext/negative-capability.js';
import { exitHandoffRequest } from '../schemas/ext/service-exit-handoff.js';
import { temporalConsistencyRequest } from '../schemas/ext/temporal-consistency-gate.js';
import { conflictScannerResult, fragmentationGuardResult, loopBreakerResult } from '../results/ext.js';
import { humanIntentChecksumRequest } from '../schemas/ext/human-intent-checksum.js';
import { revocationPropagationRequest } from '../schemas/ext/revocation-propagation.js';
import { versionContinuityRequest } from '../schemas/ext/version-continuity-proof.js';
import { humanIntentChecksumResult } from '../results/ext/human-intent-checksum.js';
import { revocationPropagationResult } from '../results/ext/revocation-propagation.js';
import { versionContinuityResult } from '../results/ext/version-continuity-proof.js';
import { HUMAN_INTENT_EXAMPLE, REVOCATION_EXAMPLE, VERSION_CONTINUITY_EXAMPLE } from './ext-examples.js';
import { dryRunSimulatorRequest } from '../schemas/ext/economic-dry-run-simulator.js';
import { dryRunSimulatorResult } from '../results/ext/economic-dry-run-simulator.js';
import { spendLaunderingRequest } from '../schemas/ext/spend-laundering-detector.js';
import { spendLaunderingResult } from '../results/ext/spend-laundering-detector.js';
import { evidenceBudgetRouterRequest } from '../schemas/ext/evidence-budget-router.js';
import { evidenceBudgetRouterResult } from '../results/ext/evidence-budget-router.js';
import { counterfactualValueRequest } from '../schemas/ext/counterfactual-value-meter.js';
import { hiddenDependencyMapRequest, type DependencyType } from '../schemas/ext/hidden-dependency-map.js';
import { reincarnationDetectorRequest, type ContinuitySignalType } from '../schemas/ext/reputation-reincarnation-detector.js';
import { counterfactualValueResult } from '../results/ext/counterfactual-value-meter.js';
import { hiddenDependencyMapResult } from '../results/ext/hidden-dependency-map.js';
import { reincarnationDetectorResult } from '../results/ext/reputation-reincarnation-detector.js';
import { negativeCapabilityResult } from '../results/ext/negative-capability.js';
import { exitHandoffResult } from '../results/ext/service-exit-handoff.js';
import { temporalConsistencyResult } from '../results/ext/temporal-consistency-gate.js';
import { defineTool } from './entry.js';

const EXTENDED = { kind: 'extended' } as const;
const HASH = (byte: string) => `sha256:${byte.repeat(32)}`;

const purchase = (eventId: string, amount: string, timestamp: string) => ({
  eventId,
  buyerAgentId: 'agent:research-7',
  buyerWallet: '0x1111111111111111111111111111111111111111',
  sellerAgentId: 'seller:data-feed',
  sellerWallet: '0x2222222222222222222222222222222222222222',
  resourceId: 'GET /v1/prices',
  requestFingerprint: HASH(eventId === 'p-3' ? 'cc' : eventId === 'p-2' ? 'bb' : 'aa'),
  amount,
  currency: 'USDC' as const,
  network: 'base',
  timestamp,
});

/** A decision state of the counterfactual meter's example: options as [optionId, expectedUtility, confidence]. */
const decisionState = (byte: string, selectedOptionId: string, options: [string, string, number][]) => ({
  snapshotHash: HASH(byte),
  selectedOptionId,
  options: options.map(([optionId, expectedUtility, confidence]) => ({ optionId, expectedUtility, confidence })),
});

const signal = (signalId: string, type: ContinuitySignalType, byte: string, strength: string, observedAt: string) => ({
  signalId,
  type,
  valueHash: HASH(byte),
  strength,
  verified: true,
  sourceEvidenceHash: HASH(`e${byte.slice(1)}`),
  observedAt,
  expiresAt: null,
});

const dependency = (dependencyId: string, type: DependencyType, criticality: number, byte: string) => ({ dependencyId, type, criticality, evidenceHash: HASH(byte), verified: true });

/** The /api/ext/ tools served so far (spec document 2, "Extended route catalog"). */
export const EXT_TOOLS = [
  defineTool({
    id: 'recursive_commerce_loop_breaker',
    slug: 'recursive-commerce-loop-breaker',
    path: '/api/ext/recursive-commerce-loop-breaker',
    mcpName: 'ext_recursive_commerce_loop_breaker',
    title: 'Recursive commerce loop breaker',
    description:
      'Before an agent makes a paid or delegated call: does it close a loop in the task\'s delegation and payment graph, how much would the loop spend, and does it break the depth, spend or repeat limits.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: loopBreakerRequest,
    result: loopBreakerResult,
    example: {
      rootAgentId: 'planner',
      proposedCall: { fromAgentId: 'summarizer', toAgentId: 'researcher', kind: 'payment', amount: '0.02' },
      edges: [
        { fromAgentId: 'planner', toAgentId: 'researcher', kind: 'delegation', amount: '0' },
        { fromAgentId: 'researcher', toAgentId: 'summarizer', kind: 'payment', amount: '0.05', callCount: 2 },
      ],
      policy: { maxDepth: 4, maxProjectedSpend: '1.00', maxRepeats: 3, allowCycles: false },
    },
  }),
  defineTool({
    id: 'micropurchase_fragmentation_guard',
    slug: 'micropurchase-fragmentation-guard',
    path: '/api/ext/micropurchase-fragmentation-guard',
    mcpName: 'ext_micropurchase_fragmentation_guard',
    title: 'Micropurchase fragmentation guard',
    description:
      'Finds purchases split into small payments to stay under a spending limit: sliding windows per buyer, seller and resource group (shared wallets and verified relationships joined), near-limit runs and repeated requests.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: fragmentationGuardRequest,
    result: fragmentationGuardResult,
    example: {
      proposedPurchases: [purchase('p-3', '0.95', '2026-11-24T10:20:00Z')],
      recentPurchases: [purchase('p-1', '0.95', '2026-11-24T10:00:00Z'), purchase('p-2', '0.95', '2026-11-24T10:10:00Z')],
      verifiedRelationships: [],
      policy: { singlePurchaseLimit: '1.00', aggregateWindowLimit: '2.50', windowSeconds: 3600, minimumFragmentCount: 3, nearThresholdPercent: 90 },
      principalAgentId: 'agent:research-7',
    },
  }),
  defineTool({
    id: 'conflict_of_interest_scanner',
    slug: 'conflict-of-interest-scanner',
    path: '/api/ext/conflict-of-interest-scanner',
    mcpName: 'ext_conflict_of_interest_scanner',
    title: 'Conflict-of-interest scanner',
    description:
      'Checks an agent\'s seller recommendation: the relationships in force between the agent and the sellers (ownership, shared wallets, commissions, disclosed or not), and how far the chosen seller scores below the best one.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: conflictScannerRequest,
    result: conflictScannerResult,
    example: {
      evaluatedAt: '2026-11-24T12:00:00Z',
      recommendingAgent: { agentId: 'agent:shopper', wallets: ['0x1111111111111111111111111111111111111111'], organizationIds: ['org:acme'] },
      selectedSellerId: 'seller:b',
      candidateSellers: [
        { sellerId: 'seller:a', quotedPrice: '0.010', qualityScore: 90, latencyMs: 300, successRate: 0.99 },
        { sellerId: 'seller:b', quotedPrice: '0.012', qualityScore: 88, latencyMs: 350, successRate: 0.98, organizationIds: ['org:b-holdings'] },
      ],
      relationships: [
        { relationshipId: 'rel-1', fromId: 'org:acme', toId: 'org:b-holdings', type: 'referral', disclosed: true, verified: true, evidenceHash: HASH('ab'), validFrom: '2026-01-01T00:00:00Z', validUntil: null },
      ],
      selectionPolicy: { objective: 'cheapest reliable price feed', weights: { price: 0.5, quality: 0.3, latency: 0.2 }, materialDeviationPercent: 10, allowedDisclosedRelationships: ['referral'], blockUndisclosedFinancialBenefit: true },
    },
  }),
  defineTool({
    id: 'human_intent_checksum',
    slug: 'human-intent-checksum',
    path: '/api/ext/human-intent-checksum',
    mcpName: 'ext_human_intent_checksum',
    title: 'Human intent checksum',
    description:
      'Issues a canonical checksum (RFC 8785, sha256) of what a person allowed an agent to do, or verifies one: the checksum, the person\'s EIP-191 or EIP-712 signature over it, expiry, and a proposed action against the intent\'s limits (amount, payees, resources, networks, currency, purpose).',
    price: '0.05',
    family: 'ext',
    envelope: EXTENDED,
    request: humanIntentChecksumRequest,
    result: humanIntentChecksumResult,
    example: HUMAN_INTENT_EXAMPLE,
  }),
  defineTool({
    id: 'revocation_propagation',
    slug: 'revocation-propagation',
    path: '/api/ext/revocation-propagation',
    mcpName: 'ext_revocation_propagation',
    title: 'Revocation propagation',
    description:
      'Checks that a revocation is signed by the grantor of the revoked grant (not whoever pays for the call), then prepares one signed-revocation notice per opted-in, verified target, bounded in fan-out. Paysight contacts no target: it returns the notices and their hashes for the caller to deliver.',
    price: '0.25',
    family: 'ext',
    envelope: EXTENDED,
    annotations: { readOnlyHint: false, destructiveHint: true },
    request: revocationPropagationRequest,
    result: revocationPropagationResult,
    example: REVOCATION_EXAMPLE,
  }),
  defineTool({
    id: 'version_continuity_proof',
    slug: 'version-continuity-proof',
    path: '/api/ext/version-continuity-proof',
    mcpName: 'ext_version_continuity_proof',
    title: 'Version continuity proof',
    description:
      'Before an agent\'s reputation passes to its new version: is the new version signed by an active owner key of the old one, and what changed (owner keys, wallets, routes, schemas, permission scopes, dependencies). A weighted continuity score against a threshold, with schema breaks and unapproved privilege expansion blocking.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: versionContinuityRequest,
    result: versionContinuityResult,
    example: VERSION_CONTINUITY_EXAMPLE,
  }),
  defineTool({
    id: 'economic_dry_run_simulator',
    slug: 'economic-dry-run-simulator',
    path: '/api/ext/economic-dry-run-simulator',
    mcpName: 'ext_economic_dry_run_simulator',
    title: 'Economic dry-run simulator',
    description:
      'Dry-runs a paid multi-agent plan before any money moves: a seeded, reproducible Monte Carlo over its dependency graph (success, retries and latency per step, failures passed on to dependents) gives cost and latency percentiles and the chance of success, judged against a budget, a deadline and a minimum. No provider is called.',
    price: '0.05',
    family: 'ext',
    envelope: EXTENDED,
    request: dryRunSimulatorRequest,
    result: dryRunSimulatorResult,
    example: {
      seed: 42,
      plan: {
        nodes: [
          { id: 'quote', provider: 'seller:price-feed', price: '0.01', successProbability: 0.98, latencyMs: { minMs: 200, modeMs: 350, maxMs: 900 }, retry: { maxRetries: 2, backoffMs: 500 } },
          { id: 'audit', provider: 'paysight:wallet_audit', price: '1.00', successProbability: 0.95, latencyMs: { minMs: 2000, modeMs: 4000, maxMs: 12000 }, retry: { maxRetries: 1, backoffMs: 1000 } },
          { id: 'summary', provider: 'agent:summarizer', price: '0.05', successProbability: 0.99, latencyMs: { minMs: 1500, modeMs: 2500, maxMs: 6000 }, dependsOn: ['quote', 'audit'] },
          { id: 'translate', provider: 'agent:translator', price: '0.02', successProbability: 0.9, latencyMs: { minMs: 800, modeMs: 1200, maxMs: 3000 }, dependsOn: ['summary'], optional: true, chargeFailedAttempts: false },
        ],
      },
      policy: { budget: '1.50', deadlineMs: 30000, minSuccessProbability: 0.9, iterations: 2000, confidencePercent: 90 },
    },
  }),
  defineTool({
    id: 'spend_laundering_detector',
    slug: 'spend-laundering-detector',
    path: '/api/ext/spend-laundering-detector',
    mcpName: 'ext_spend_laundering_detector',
    title: 'Spend laundering detector',
    description:
      'Follows a principal\'s spending authority down its delegation tree (grants of grants, cycles caught) and sums what the delegates spent in sliding windows: spend split across delegates to stay under each one\'s limit while the whole passes the principal\'s, spend under revoked or expired grants, too deep in the tree, or from wallets outside it.',
    price: '0.05',
    family: 'ext',
    envelope: EXTENDED,
    request: spendLaunderingRequest,
    result: spendLaunderingResult,
    example: {
      principal: { id: 'org:acme-treasury', wallets: ['0x1111111111111111111111111111111111111111'] },
      delegations: [
        { delegationId: 'g-1', from: 'org:acme-treasury', to: 'agent:procurement', wallets: ['0x2222222222222222222222222222222222222222'], spendLimit: '40', validFrom: '2026-11-01T00:00:00Z', validUntil: null, revoked: false, evidenceHash: HASH('a1') },
        { delegationId: 'g-2', from: 'agent:procurement', to: 'agent:buyer-1', wallets: ['0x3333333333333333333333333333333333333333'], spendLimit: '20', validFrom: '2026-11-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z', revoked: false, evidenceHash: HASH('a2') },
        { delegationId: 'g-3', from: 'agent:procurement', to: 'agent:buyer-2', wallets: ['0x4444444444444444444444444444444444444444'], spendLimit: '20', validFrom: '2026-11-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z', revoked: false, evidenceHash: HASH('a3') },
      ],
      spendEvents: [
        { eventId: 'e-1', wallet: '0x2222222222222222222222222222222222222222', agentId: 'agent:procurement', amount: '15', currency: 'USDC', timestamp: '2026-11-24T09:00:00Z', counterparty: 'seller:cloud-gpu' },
        { eventId: 'e-2', wallet: '0x3333333333333333333333333333333333333333', agentId: 'agent:buyer-1', amount: '18.5', currency: 'USDC', timestamp: '2026-11-24T11:30:00Z', counterparty: 'seller:cloud-gpu' },
        { eventId: 'e-3', wallet: '0x4444444444444444444444444444444444444444', agentId: 'agent:buyer-2', amount: '19', currency: 'USDC', timestamp: '2026-11-24T14:10:00Z', counterparty: 'seller:cloud-gpu' },
      ],
      policy: { aggregateLimit: '50', windowSeconds: 86400, maxDelegationDepth: 3, nearLimitPercent: 80, minimumSplitDelegates: 2 },
    },
  }),
  defineTool({
    id: 'evidence_budget_router',
    slug: 'evidence-budget-router',
    path: '/api/ext/evidence-budget-router',
    mcpName: 'ext_evidence_budget_router',
    title: 'Evidence budget router',
    description:
      'Chooses which paid evidence an agent should buy for a decision: an exact branch and bound over the candidate sources (price, latency, reliability, dimensions covered, dependencies, redundant origins) finds the plan of greatest expected value within the budget, deadline and source limit that brings every required dimension to the minimum confidence, in the order to call it.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: evidenceBudgetRouterRequest,
    result: evidenceBudgetRouterResult,
    example: {
      question: 'Pay seller:data-license 250 USDC for a one-year data license?',
      budget: '1.50',
      deadlineMs: 20000,
      dimensions: [
        { dimensionId: 'counterparty_risk', required: true, weight: 1 },
        { dimensionId: 'payment_history', required: true, weight: 0.8 },
        { dimensionId: 'price_fairness', required: false, weight: 0.5 },
      ],
      sources: [
        { sourceId: 'wallet_audit', provider: 'paysight', price: '1.00', latencyMs: 8000, reliability: 0.95, covers: [{ dimensionId: 'counterparty_risk', strength: 0.9 }], redundancyGroup: 'paysight-chain-data' },
        { sourceId: 'wallet_snapshot', provider: 'paysight', price: '0.01', latencyMs: 1500, reliability: 0.95, covers: [{ dimensionId: 'counterparty_risk', strength: 0.4 }], redundancyGroup: 'paysight-chain-data' },
        { sourceId: 'seller_profile', provider: 'paysight', price: '0.25', latencyMs: 5000, reliability: 0.9, covers: [{ dimensionId: 'payment_history', strength: 0.95 }, { dimensionId: 'price_fairness', strength: 0.5 }] },
        { sourceId: 'authenticity_score', provider: 'paysight', price: '1.00', latencyMs: 9000, reliability: 0.9, covers: [{ dimensionId: 'payment_history', strength: 0.8 }], dependsOn: ['seller_profile'] },
        { sourceId: 'price_index', provider: 'api:license-prices', price: '0.02', latencyMs: 600, reliability: 0.85, covers: [{ dimensionId: 'price_fairness', strength: 0.8 }] },
      ],
      policy: { minimumConfidence: 0.8, targetConfidence: 0.85, maxSources: 4 },
    },
  }),
  defineTool({
    id: 'counterfactual_value_meter',
    slug: 'counterfactual-value-meter',
    path: '/api/ext/counterfactual-value-meter',
    mcpName: 'ext_counterfactual_value_meter',
    title: 'Counterfactual value meter',
    description:
      'What a piece of paid evidence was worth to a decision, from decision states the caller supplies: the change of choice and utility before and after it, weighed against its cost, or exact Shapley values of up to 12 evidence items from the utility of every coalition. No causal claim.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: counterfactualValueRequest,
    result: counterfactualValueResult,
    example: {
      mode: 'decision_delta',
      purchase: { purchaseId: 'buy-311', cost: '0.05', currency: 'USDC', evidenceItemId: 'carrier-delay-report', evidenceHash: HASH('d1'), sourceReceiptHash: HASH('d2') },
      utilityScale: { name: 'on-time delivery score', minimum: '0', maximum: '100', higherIsBetter: true },
      baselineDecision: decisionState('b1', 'carrier-a', [
        ['carrier-a', '70', 0.6],
        ['carrier-b', '66', 0.5],
      ]),
      updatedDecision: decisionState('b2', 'carrier-b', [
        ['carrier-a', '55', 0.8],
        ['carrier-b', '68', 0.8],
      ]),
      observedOutcome: null,
      policy: { minimumMaterialUtilityChange: '2', minimumValueToCostRatio: '100', minimumConfidenceChange: 0.1 },
    },
  }),
  defineTool({
    id: 'reputation_reincarnation_detector',
    slug: 'reputation-reincarnation-detector',
    path: '/api/ext/reputation-reincarnation-detector',
    mcpName: 'ext_reputation_reincarnation_detector',
    title: 'Reputation reincarnation detector',
    description:
      'Does a new agent carry the continuity signals (owner keys, funding wallets, certificates, code, infrastructure) of a reference entity, such as a suspended one, without a valid continuity proof or an allowlisted migration? Weighted, verified, unexpired signal matches per entity; no identity or wrongdoing claim.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: reincarnationDetectorRequest,
    result: reincarnationDetectorResult,
    example: {
      evaluatedAt: '2026-11-24T12:00:00Z',
      candidate: {
        agentId: 'agent:quote-bot-v2',
        signals: [
          signal('c-1', 'owner_key', 'a1', 'strong', '2026-11-20T00:00:00Z'),
          signal('c-2', 'wallet_funding', 'a2', 'strong', '2026-11-20T00:00:00Z'),
          signal('c-3', 'schema_fingerprint', 'a3', 'weak', '2026-11-21T00:00:00Z'),
        ],
      },
      referenceEntities: [
        {
          entityId: 'agent:quote-bot',
          status: 'suspended',
          signals: [signal('r-1', 'owner_key', 'a1', 'strong', '2026-06-01T00:00:00Z'), signal('r-2', 'wallet_funding', 'a2', 'strong', '2026-06-01T00:00:00Z')],
        },
        { entityId: 'agent:price-feed', status: 'active', signals: [signal('r-3', 'schema_fingerprint', 'a3', 'weak', '2026-09-01T00:00:00Z')] },
      ],
      authorizedContinuityProofs: [],
      allowlistedMigrations: null,
      policy: { weights: { owner_key: 30, wallet_funding: 20, domain_certificate: null, code_hash: null, schema_fingerprint: 5, infrastructure_fingerprint: null, behavioral_fingerprint: null }, minimumStrongSignals: 1, minimumWeightedScore: 50 },
    },
  }),
  defineTool({
    id: 'hidden_dependency_map',
    slug: 'hidden-dependency-map',
    path: '/api/ext/hidden-dependency-map',
    mcpName: 'ext_hidden_dependency_map',
    title: 'Hidden dependency map',
    description:
      'Do services meant to be independent share what they depend on (models, APIs, clouds, regions, wallets, code, owners)? Workload-weighted exposure per critical dependency, dependencies observed but not declared, overlapping service pairs, and which services are shown to be independent.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: hiddenDependencyMapRequest,
    result: hiddenDependencyMapResult,
    example: {
      services: [
        { serviceId: 'svc:inference-a', workloadShare: 0.5, declaredDependencies: [dependency('model-alpha', 'model', 0.9, 'f1'), dependency('cloud-east', 'cloud', 0.8, 'f2')] },
        {
          serviceId: 'svc:inference-b',
          workloadShare: 0.3,
          declaredDependencies: [dependency('model-beta', 'model', 0.9, 'f3'), dependency('cloud-west', 'cloud', 0.8, 'f4')],
          observedDependencies: [{ ...dependency('auth-gateway', 'api', 0.7, 'f5'), observationSourceHash: HASH('f6') }],
        },
        {
          serviceId: 'svc:inference-c',
          workloadShare: 0.2,
          declaredDependencies: [dependency('model-gamma', 'model', 0.9, 'f7'), dependency('cloud-west', 'cloud', 0.8, 'f4')],
          observedDependencies: [{ ...dependency('auth-gateway', 'api', 0.7, 'f5'), observationSourceHash: HASH('f8') }],
        },
      ],
      policy: { criticalDependencyThreshold: 0.5, maximumSingleDependencyExposurePercent: 60, minimumIndependentServices: 1, includeUnverifiedDependencies: false, maximumPairwiseOverlap: 0.5 },
    },
  }),
  defineTool({
    // The route adds the operation (/query) to the service's name; the id, MCP name and the envelope's
    // service are the name alone, as the spec's decision list and annotation exceptions name the tool.
    id: 'negative_capability',
    slug: 'negative-capability',
    path: '/api/ext/negative-capability/query',
    mcpName: 'ext_negative_capability',
    title: 'Negative capability query',
    description:
      'What an agent has been seen to fail at: failure rate, failures by error code and the failing task contexts, from observations matched exactly on network, resource type, payload size class and latency label. This service observes every run of its own paid tools.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: negativeCapabilityRequest,
    result: negativeCapabilityResult,
    example: { agentId: 'svc_wallet_snapshot', operation: 'query', serviceVersion: null, taskContext: { network: 'base', resourceType: 'wallet' }, minimumSampleSize: 20, lookbackDays: 30 },
  }),
  defineTool({
    id: 'temporal_consistency_gate',
    slug: 'temporal-consistency-gate',
    path: '/api/ext/temporal-consistency-gate',
    mcpName: 'ext_temporal_consistency_gate',
    title: 'Temporal consistency gate',
    description:
      'Before an agent acts on time-stamped evidence (quotes, mandates, receipts, attestations): expired, not yet valid, future-dated or stale items, items issued before what they reference, reference cycles, sequence regressions and gaps per issuer, and overlapping validity for one subject.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    request: temporalConsistencyRequest,
    result: temporalConsistencyResult,
    example: {
      evaluatedAt: '2026-11-24T12:00:00Z',
      items: [
        { itemId: 'mandate-7', kind: 'mandate', issuer: 'user:alice', subject: 'agent:shopper', issuedAt: '2026-11-20T09:00:00Z', validUntil: '2026-12-20T09:00:00Z', sequence: 7 },
        { itemId: 'quote-42', kind: 'quote', issuer: 'seller:data-feed', subject: 'GET /v1/prices', issuedAt: '2026-11-24T11:58:30Z', validUntil: '2026-11-24T12:03:30Z', sequence: 42, contentHash: HASH('4a') },
        { itemId: 'intent-1', kind: 'other', issuer: 'agent:shopper', issuedAt: '2026-11-24T11:59:00Z', references: ['mandate-7', 'quote-42'] },
      ],
      policy: { clockSkewToleranceSeconds: 120, maxAgeSeconds: { quote: 300 }, expiryWarningSeconds: 60, requireValidityWindow: ['mandate', 'quote'], allowSequenceGaps: true },
    },
  }),
  defineTool({
    id: 'service_exit_handoff',
    slug: 'service-exit-handoff',
    path: '/api/ext/service-exit-handoff/plan',
    mcpName: 'ext_service_exit_handoff',
    title: 'Service exit handoff plan',
    description:
      'Plans leaving one service for another: per candidate target, coverage of the required capabilities and of the exported fields (JSON Schema paths and types), receipt and idempotency-key carry-over, a downtime estimate; the targets ranked and a step-by-step plan for the best. Contacts no service.',
    price: '0.01',
    family: 'ext',
    envelope: EXTENDED,
    annotations: { readOnlyHint: false },
    request: exitHandoffRequest,
    result: exitHandoffResult,
    example: {
      sourceService: {
        serviceId: 'svc:orders-v1',
        manifestHash: HASH('11'),
        stateSummaryHash: HASH('22'),
        exportSchema: {
          type: 'object',
          required: ['orderId', 'amount'],
          properties: { orderId: { type: 'string' }, amount: { type: 'string' }, idempotencyKey: { type: 'string' }, receipt: { type: 'object', properties: { hash: { type: 'string' }, settledAt: { type: 'string' } } } },
        },
        receiptIndexHashes: [HASH('33')],
      },
      targetCandidates: [
        {
          serviceId: 'svc:orders-v2',
          manifestHash: HASH('44'),
          importSchema: {
            type: 'object',
            required: ['orderId', 'amount'],
            properties: { orderId: { type: 'string' }, amount: { type: 'string' }, idempotencyKey: { type: 'string' }, receipt: { type: 'object', properties: { hash: { type: 'string' }, settledAt: { type: 'string' } } }, note: { type: 'string' } },
          },
          capabilities: ['orders', 'receipts', 'idempotency'],
        },
        { serviceId: 'svc:orders-lite', manifestHash: HASH('55'), importSchema: { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string' }, amount: { type: 'number' } } }, capabilities: ['orders'] },
      ],
      requirements: { requiredCapabilities: ['orders', 'receipts'], maximumPriceIncreasePercent: 10, maximumDowntimeMs: 300_000, preserveReceipts: true, preserveIdempotencyKeys: true },
      operation: 'plan',
    },
  }),
] as const;
