import { conflictScannerRequest, fragmentationGuardRequest, loopBreakerRequest } from '../schemas/ext.js';
import { negativeCapabilityRequest } from '../schemas/ext/negative-capability.js';
import { exitHandoffRequest } from '../schemas/ext/service-exit-handoff.js';
import { temporalConsistencyRequest } from '../schemas/ext/temporal-consistency-gate.js';
import { conflictScannerResult, fragmentationGuardResult, loopBreakerResult } from '../results/ext.js';
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
