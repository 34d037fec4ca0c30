import { toolById, type ObservationGroup, type ObservationReader, type ToolId } from '@paysight/contracts';
import { prng as seeded } from '@paysight/testkit';

const hex = (random: () => number, digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
const address = (random: () => number) => `0x${hex(random, 40)}`;
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
/** An id padded to `length` characters: the loop breaker's longest ids. */
const padded = (prefix: string, i: number, length: number) => `${prefix}-${i}-`.padEnd(length, 'x');

export interface BenchInput {
  tool: ToolId;
  /** What the input is, for the results table. */
  shape: string;
  body: Record<string, unknown>;
  /** The observations a store-reading analyzer gets (negative-capability); request-only tools read none. */
  observations?: ObservationReader;
}

/**
 * recursive-commerce-loop-breaker at its maxima: 1,000 edges between 200-character agent ids, a
 * 900-call chain from the root (the deepest search) plus 100 random back edges (loops for Tarjan),
 * and a proposed call that closes a loop through the whole chain.
 */
function loopBreaker(idLength: number): BenchInput {
  const random = seeded(1);
  const agent = (i: number) => padded('agent', i, idLength);
  const chain = times(900, (i) => ({ fromAgentId: agent(i), toAgentId: agent(i + 1), kind: 'payment', amount: '0.001', callCount: 1 + (i % 5) }));
  const back = times(100, () => {
    const to = Math.floor(random() * 400);
    return { fromAgentId: agent(500 + Math.floor(random() * 400)), toAgentId: agent(to), kind: 'delegation', amount: '0', callCount: 1 };
  });
  return {
    tool: 'recursive_commerce_loop_breaker',
    shape: `1,000 edges, ${idLength}-character ids, a 900-deep chain closed by the proposed call`,
    body: {
      rootAgentId: agent(0),
      proposedCall: { fromAgentId: agent(900), toAgentId: agent(0), kind: 'payment', amount: '0.002' },
      edges: [...chain, ...back],
      policy: { maxDepth: 100, maxProjectedSpend: '1000', maxRepeats: 1000, allowCycles: true },
    },
  };
}

/**
 * micropurchase-fragmentation-guard: `purchases` proposed and as many recent purchases, one buyer
 * group (agents joined by relationships, half of them unverified, so the second grouping pass runs),
 * ten sellers and five resources; near-limit amounts under a window limit that is never exceeded
 * (no critical reason, so every rule runs), requests repeating every 50 purchases.
 */
function fragmentation(purchases: number, relationships: number): BenchInput {
  const random = seeded(2);
  const buyers = times(50, (i) => `agent:buyer-${i}`);
  const item = (eventId: string, i: number) => ({
    eventId,
    buyerAgentId: buyers[i % buyers.length]!,
    buyerWallet: address(random),
    sellerAgentId: `seller:${i % 10}`,
    sellerWallet: `0x${(i % 10).toString(16).padStart(40, '0')}`,
    resourceId: `resource-${i % 5}`,
    requestFingerprint: `sha256:${(i % 50).toString(16).padStart(64, '0')}`,
    amount: (0.9 + random() * 0.1).toFixed(6),
    currency: 'USDC',
    network: 'base',
    timestamp: new Date(Date.UTC(2026, 10, 24) + Math.floor(random() * 86_400_000)).toISOString(),
  });
  return {
    tool: 'micropurchase_fragmentation_guard',
    shape: `${purchases} proposed + ${purchases} recent purchases, ${relationships} relationships${relationships ? ' (half unverified)' : ''}`,
    body: {
      proposedPurchases: times(purchases, (i) => item(`p-${i}`, i)),
      recentPurchases: times(purchases, (i) => item(`r-${i}`, i + 7)),
      verifiedRelationships: times(relationships, (i) => ({ leftId: buyers[i % buyers.length], rightId: buyers[(i + 1) % buyers.length], type: 'delegation', evidenceHash: `sha256:${hex(random, 64)}`, verified: i % 2 === 0 })),
      policy: { singlePurchaseLimit: '1', aggregateWindowLimit: '100000', windowSeconds: 3600, minimumFragmentCount: 3, similarityWindowSeconds: 600, nearThresholdPercent: 90, maxEvents: null },
      principalAgentId: buyers[0],
    },
  };
}

/**
 * conflict-of-interest-scanner: `sellers` candidates with `ids` wallets and `ids` organizations
 * each, the agent with as many, and `relationships` ties chained from the agent's organizations
 * through intermediaries to the sellers' organizations (the breadth-first search visits them all).
 */
function conflict(sellers: number, ids: number, relationships: number): BenchInput {
  const random = seeded(3);
  const candidates = times(sellers, (i) => ({
    sellerId: `seller:${i}`,
    quotedPrice: (0.01 + random()).toFixed(6),
    qualityScore: Math.round(random() * 100),
    latencyMs: Math.floor(random() * 3_600_000),
    successRate: Math.round(random() * 1000) / 1000,
    wallets: times(ids, () => address(random)),
    organizationIds: times(ids, (j) => `org:${i}-${j}`),
  }));
  const agentOrgs = times(ids, (j) => `org:agent-${j}`);
  const ties = times(relationships, (i) => ({
    relationshipId: `rel-${i}`,
    fromId: i % 2 === 0 ? agentOrgs[i % ids]! : `holding-${i - 1}`,
    toId: i % 2 === 0 ? `holding-${i}` : `org:${(i * 7) % sellers}-${i % ids}`,
    type: (['ownership', 'referral', 'commission', 'affiliate', 'shared_infrastructure', 'disclosed_partnership'] as const)[i % 6],
    disclosed: i % 3 === 0,
    verified: i % 4 !== 0,
    evidenceHash: `sha256:${hex(random, 64)}`,
    validFrom: '2026-01-01T00:00:00Z',
    validUntil: i % 10 === 0 ? '2026-06-01T00:00:00Z' : null,
  }));
  return {
    tool: 'conflict_of_interest_scanner',
    shape: `${sellers} sellers with ${ids} wallets and ${ids} organizations each, ${relationships} relationships`,
    body: {
      evaluatedAt: '2026-11-24T12:00:00Z',
      recommendingAgent: { agentId: 'agent:shopper', wallets: times(ids, () => address(random)), organizationIds: agentOrgs },
      selectedSellerId: `seller:${sellers - 1}`,
      candidateSellers: candidates,
      relationships: ties,
      selectionPolicy: { objective: 'best value', weights: { price: 0.4, quality: 0.4, latency: 0.2 }, materialDeviationPercent: 5, allowedDisclosedRelationships: ['disclosed_partnership'], blockUndisclosedFinancialBenefit: true },
    },
  };
}

/**
 * negative-capability over the most groups it reads (5,000: every combination of 5 versions, 10
 * networks, 5 size classes, 2 resource types and 2 latency labels, with 5 outcomes each), asked
 * for the aggregate so that the lattice spans all five dimensions, with a minimum sample of 1 so
 * that every combination can qualify.
 */
function negativeCapability(): BenchInput {
  const random = seeded(4);
  const groups: ObservationGroup[] = [];
  const outcomes = [null, null, 'chain_unavailable', 'internal_error', null] as const;
  for (let v = 0; v < 5; v++)
    for (let n = 0; n < 10; n++)
      for (const size of ['tiny', 'small', 'medium', 'large', 'huge'])
        for (const resourceType of ['wallet', 'tx'])
          for (const latency of [null, 250])
            for (const errorCode of outcomes) {
              const count = 1 + Math.floor(random() * 50);
              groups.push({
                serviceVersion: `0.${v}.0`,
                network: `chain-${n}`,
                resourceType,
                payloadSizeClass: size,
                latencyRequirementMs: latency,
                outcome: errorCode ? 'failed' : 'succeeded',
                errorCode,
                count,
                totalDurationMs: count * 120,
                maxDurationMs: 900,
                firstSeen: new Date('2026-10-25T00:00:00Z'),
                lastSeen: new Date('2026-11-24T11:00:00Z'),
              });
            }
  return {
    tool: 'negative_capability',
    shape: `${groups.length} observation groups over 5 dimensions, aggregate query`,
    body: { agentId: 'svc_wallet_snapshot', operation: 'query', minimumSampleSize: 1, lookbackDays: 30 },
    observations: { retentionDays: 90, summarize: () => Promise.resolve({ groups, truncated: false }) },
  };
}

/**
 * temporal-consistency-gate: 1,000 items, each referencing up to `references` earlier ones (the
 * reference graph's edges), ids of `idLength` characters, sequence numbers with gaps and a
 * regression in ten issuer streams. The worst case makes them all mandates for one subject with
 * overlapping validity (every pair overlaps: the sweep's worst case, 499,500 pairs less the
 * referenced ones) and carries every optional field.
 */
function temporalGate(references: number, idLength: number, worstCase: boolean): BenchInput {
  const id = (i: number) => padded('item', i, idLength);
  const start = Date.UTC(2026, 10, 24, 11);
  const items = times(1000, (i) => ({
    itemId: id(i),
    kind: worstCase ? 'mandate' : 'receipt',
    issuer: `issuer-${i % 10}`,
    ...(worstCase ? { subject: 'agent:shopper', validFrom: new Date(start + i * 1000).toISOString(), contentHash: `sha256:${i.toString(16).padStart(64, '0')}` } : {}),
    issuedAt: new Date(start + i * 1000).toISOString(),
    validUntil: new Date(start + 86_400_000 + i * 1000).toISOString(),
    sequence: i === 500 ? 3 : i * 2,
    references: times(Math.min(i, references), (j) => id(i - 1 - j)),
  }));
  return {
    tool: 'temporal_consistency_gate',
    shape: `1,000 items, ${references} reference${references > 1 ? 's' : ''} each, ${idLength}-character ids${worstCase ? ', one subject: every pair of validity windows overlapping' : ''}`,
    body: { evaluatedAt: '2026-11-24T12:00:00Z', items, policy: { clockSkewToleranceSeconds: 120, expiryWarningSeconds: 3600, requireValidityWindow: ['mandate'], allowSequenceGaps: false } },
  };
}

/**
 * service-exit-handoff: 25 targets and the source with JSON Schemas of `fields` string properties
 * spread over objects nested to depth 8 (the comparison reads up to 2,000 paths per schema),
 * 100 receipt index hashes and 100 required capabilities.
 */
function exitHandoff(fields: number): BenchInput {
  const nested = (count: number, depth: number): Record<string, unknown> => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) properties[i % 7 === 0 ? `receipt${i}` : i % 11 === 0 ? `idempotencyKey${i}` : `field${i}`] = { type: i % 3 ? 'string' : 'integer' };
    if (depth > 1) properties.child = nested(count, depth - 1);
    return { type: 'object', required: ['field1'], properties };
  };
  const perLevel = Math.ceil(fields / 8);
  const capabilities = times(100, (i) => `capability-${i}`);
  return {
    tool: 'service_exit_handoff',
    shape: `25 targets, schemas of ${perLevel * 8} fields over 8 levels, 100 receipt hashes, 100 capabilities`,
    body: {
      sourceService: { serviceId: 'svc:source', manifestHash: `sha256:${'11'.repeat(32)}`, stateSummaryHash: `sha256:${'22'.repeat(32)}`, exportSchema: nested(perLevel, 8), receiptIndexHashes: times(100, (i) => `sha256:${i.toString(16).padStart(64, '0')}`) },
      targetCandidates: times(25, (t) => ({ serviceId: `svc:target-${t}`, manifestHash: `sha256:${'33'.repeat(32)}`, importSchema: nested(perLevel - (t % 5), 8), capabilities: capabilities.slice(t % 10) })),
      requirements: { requiredCapabilities: capabilities, maximumPriceIncreasePercent: 10, maximumDowntimeMs: 600_000, preserveReceipts: true, preserveIdempotencyKeys: true },
      operation: 'plan',
    },
  };
}

/** Each analyzer at its schema maxima, and at what the default 256 KiB body limit admits where that is less. */
export function benchInputs(): BenchInput[] {
  const inputs = [
    loopBreaker(200),
    loopBreaker(10),
    fragmentation(1000, 1000),
    fragmentation(300, 0),
    conflict(200, 50, 1000),
    conflict(200, 5, 300),
    negativeCapability(),
    temporalGate(50, 200, true),
    temporalGate(1, 20, false),
    exitHandoff(2000),
    exitHandoff(160),
  ];
  for (const input of inputs) toolById(input.tool)!.request.parse(input.body);
  return inputs;
}
