import { conflictScannerRequest, fragmentationGuardRequest, loopBreakerRequest } from '../schemas/ext.js';
import { conflictScannerResult, fragmentationGuardResult, loopBreakerResult } from '../results/ext.js';
import { counterfactualValueRequest } from '../schemas/ext/counterfactual-value-meter.js';
import { hiddenDependencyMapRequest, type DependencyType } from '../schemas/ext/hidden-dependency-map.js';
import { reincarnationDetectorRequest, type ContinuitySignalType } from '../schemas/ext/reputation-reincarnation-detector.js';
import { counterfactualValueResult } from '../results/ext/counterfactual-value-meter.js';
import { hiddenDependencyMapResult } from '../results/ext/hidden-dependency-map.js';
import { reincarnationDetectorResult } from '../results/ext/reputation-reincarnation-detector.js';
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
] as const;
