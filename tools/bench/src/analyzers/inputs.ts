import { CHAINS, JSON_DOCUMENT_MAX_DEPTH, PROVENANCE_NOTARY_LIMITS, X402_CCTP_DOMAINS, X402_USDC, fingerprint, toolById, type ObservationGroup, type ToolId, CHECKOUT_EVENTS, CHECKOUT_SIMULATOR_LIMITS, CONTINUITY_LIMITS, PURCHASE_EVENT_TYPES, RECOVERY_PLAYBOOK_LIMITS, DISCLOSURE_MAP_LIMITS, SKILL_MATCHMAKER_LIMITS, canonicalJson } from '@paysight/contracts';
import { generateKeyPairSync, sign } from 'node:crypto';
import { prng as seeded, syntheticPaymentsSource } from '@paysight/testkit';
import { createNotaryKey, grantSignedPayload, intentChecksumOf, intentSignedPayload, PAYMENT_HISTORY_CAPS, revocationIdOf, revocationSignedPayload, rotationRecord, type SignedPayload, type ToolPorts } from '@paysight/tools';
import { OFFER_RECEIPT, createReceiptSigner } from '@paysight/payment';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

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
  /** For a tool that reads a chain or the store: the ports it reads through (in-memory), made once per input; request-only tools read none. */
  ports?: () => Partial<ToolPorts>;
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

/** Fixed test keys (Hardhat/Anvil test mnemonic accounts 0 and 1): the signatures are real. */
const PERSON = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const OWNER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const signTyped = async (payload: Required<SignedPayload>) => ({
  scheme: 'eip712' as const,
  signer: PERSON.address,
  chainId: 8453,
  signature: await PERSON.signTypedData({ domain: { ...payload.typedData.domain, chainId: 8453 }, types: payload.typedData.types, primaryType: payload.typedData.primaryType, message: payload.typedData.message }),
});

/**
 * human-intent-checksum in verify mode with every allow-list at its maximum (100 payees of 200
 * characters, 100 resource patterns of 1,024, 20 networks), an action whose resource matches only
 * the last prefix pattern. `tampered`: the intent was changed after it was signed, so the signature is
 * recovered twice (over the recomputed and over the supplied checksum), the costliest path.
 */
async function humanIntent(tampered: boolean): Promise<BenchInput> {
  const strings = (n: number, length: number, prefix: string) => times(n, (i) => `${prefix}${i}/`.padEnd(length, 'x'));
  const intent = {
    intentId: 'intent-bench',
    principal: PERSON.address,
    agentId: 'agent:bench',
    purpose: 'p'.repeat(500),
    maxAmount: '5',
    maxTotalAmount: '500',
    currency: 'USDC',
    allowedPayees: strings(100, 200, 'payee:'),
    allowedResources: strings(100, 1023, 'https://api.example.com/').map((prefix) => `${prefix}*`),
    allowedNetworks: strings(20, 64, 'network-'),
    notBefore: '2026-01-01T00:00:00Z',
    expiresAt: '2027-01-01T00:00:00Z',
    nonce: 'bench',
  };
  const checksum = intentChecksumOf(intent);
  const sent = tampered ? { ...intent, maxAmount: '50' } : intent;
  return {
    tool: 'human_intent_checksum',
    shape: `verify, allow-lists at their maxima (100 payees, 100 resources of 1,024 characters, 20 networks), EIP-712${tampered ? ', intent changed after signing (two recoveries)' : ''}`,
    body: {
      mode: 'verify',
      intent: sent,
      intentChecksum: checksum,
      authorization: await signTyped(intentSignedPayload(intent, checksum)),
      proposedAction: { agentId: 'agent:bench', payee: intent.allowedPayees[99]!, resource: `${intent.allowedResources[99]!.slice(0, -1)}z`, amount: '4.5', currency: 'usdc', network: intent.allowedNetworks[19]!, purpose: 'p'.repeat(500), spentSoFar: '100' },
      policy: { evaluatedAt: '2026-11-24T12:00:00Z', requireSignature: true, allowedSchemes: ['eip712'] },
    },
  };
}

/**
 * revocation-propagation at its maximum: 25 opted-in, verified targets with 2,048-character
 * endpoint labels, an EIP-712 revocation and an EIP-191 grant proof; every target gets a notice
 * (25 canonical hashes of the revocation and its proof).
 */
async function revocation(): Promise<BenchInput> {
  const grantChecksum = fingerprint({ grant: 'bench' });
  const revoked = { grantId: 'g'.repeat(200), grantType: 'human_intent', grantor: PERSON.address, grantee: 'a'.repeat(200), grantChecksum, effectiveAt: '2026-11-24T00:00:00Z', reason: 'r'.repeat(500), nonce: 'n'.repeat(128) } as const;
  return {
    tool: 'revocation_propagation',
    shape: '25 opted-in targets with 2,048-character endpoint labels, EIP-712 revocation and EIP-191 grant proof',
    body: {
      authorizationProof: {
        revokerSignature: await signTyped(revocationSignedPayload(revoked, revocationIdOf(revoked))),
        grantSignature: { scheme: 'eip191', signer: PERSON.address, signature: await PERSON.signMessage({ message: grantSignedPayload(grantChecksum).message }) },
      },
      revocation: revoked,
      targets: times(25, (i) => ({
        targetId: `target-${i}-`.padEnd(200, 'x'),
        endpoint: `https://target-${i}.example/`.padEnd(2048, 'x'),
        identityVerified: true,
        optIn: { evidenceHash: `sha256:${i.toString(16).padStart(64, '0')}`, verified: true, optedInAt: '2026-01-01T00:00:00Z', expiresAt: null, grantTypes: ['human_intent', 'delegation'] },
      })),
      policy: { maxTargets: 25, requireGrantProof: true, requireVerifiedIdentity: true },
    },
  };
}

/**
 * version-continuity-proof with both versions at every list maximum (50 owner keys and wallets, 200
 * routes, request and response schemas and scopes, 500 dependencies), half of each list replaced in
 * the current version, which an owner key of the previous one signed (eip191).
 */
async function versionContinuity(): Promise<BenchInput> {
  const hash = (i: number) => `sha256:${i.toString(16).padStart(64, '0')}`;
  const version = (shift: number, signedAt: string) => ({
    agentId: 'agent:bench',
    manifestHash: hash(1_000_000 + shift),
    codeHash: hash(2_000_000 + shift),
    signedAt,
    ownerKeys: times(50, (i) => (i === 0 ? { keyId: 'owner-0', algorithm: 'eip191', publicKeyOrAddress: OWNER.address, status: 'active' } : { keyId: `key-${i + shift}`, algorithm: 'eip191', publicKeyOrAddress: `0x${(i + shift).toString(16).padStart(40, '0')}`, status: 'active' })),
    paymentWallets: times(50, (i) => ({ network: i % 2 ? 'base' : 'eip155:8453', address: `0x${(10_000 + i + shift).toString(16).padStart(40, '0')}` })),
    routes: times(200, (i) => ({ method: i % 2 ? 'get' : 'POST', path: `/api/v1/resource-${i + shift * 4}`, operationId: `op${i + shift * 4}` })),
    requestSchemaHashes: times(200, (i) => hash(20_000 + i + shift * 4)),
    responseSchemaHashes: times(200, (i) => hash(30_000 + i + shift * 4)),
    permissionScopes: times(200, (i) => `scope:${i + shift * 4}`),
    dependencyHashes: times(500, (i) => hash(40_000 + i + shift * 10)),
  });
  const sign = async (unsigned: ReturnType<typeof version>) => ({ ...unsigned, signature: { keyId: 'owner-0', algorithm: 'eip191', value: await OWNER.signMessage({ message: fingerprint(unsigned) }) } });
  return {
    tool: 'version_continuity_proof',
    shape: 'both versions at every list maximum (50 keys, 50 wallets, 200 routes, schemas and scopes, 500 dependencies), half replaced, eip191 signature',
    body: {
      previousVersion: await sign(version(0, '2026-06-01T00:00:00Z')),
      currentVersion: await sign(version(25, '2026-11-20T00:00:00Z')),
      rotationProofs: times(100, (i) => ({ proofId: `proof-${i}` })),
      policy: { requireSameOwner: true, maximumSchemaBreakPercent: 100, blockPrivilegeExpansionWithoutApproval: true, reputationTransferThreshold: 70 },
    },
  };
}

/**
 * economic-dry-run-simulator at its maxima: 200 steps of 6 attempts each (5 retries), every step
 * after the twentieth waiting for 20 earlier ones, uncertain successes and spread latencies (so the
 * Monte Carlo runs), 10,000 runs asked for (the work limit cuts them), every policy limit set.
 */
function dryRun(): BenchInput {
  const random = seeded(4);
  const nodes = times(200, (i) => ({
    id: `step-${i}`,
    provider: `provider-${i % 17}`,
    price: (0.001 + random() * 0.5).toFixed(6),
    successProbability: Math.round((0.7 + random() * 0.3) * 1000) / 1000,
    latencyMs: { minMs: 50, modeMs: 200 + Math.floor(random() * 800), maxMs: 5000 },
    // Twenty distinct earlier steps, spread over the whole plan so far.
    dependsOn: i < 20 ? [] : times(20, (j) => `step-${Math.floor((i * (j + 1)) / 21)}`),
    retry: { maxRetries: 5, backoffMs: 250 },
    optional: i % 10 === 9,
  }));
  return {
    tool: 'economic_dry_run_simulator',
    shape: '200 steps, 5 retries each, up to 20 dependencies each, 10,000 runs asked for',
    body: { seed: 7, plan: { nodes }, policy: { budget: '150', deadlineMs: 600_000, minSuccessProbability: 0.5, iterations: 10_000, confidencePercent: 95 } },
  };
}

/**
 * spend-laundering-detector: `delegations` grants in a tree five deep (every tenth one revoked
 * part-way, a few looping back), `wallets` wallets per grant, `events` payments spread over two days
 * at distinct instants (one authority search each) from the delegates' wallets, a tenth from wallets
 * outside the tree attributed by evidence.
 */
function laundering(delegations: number, wallets: number, events: number): BenchInput {
  const random = seeded(5);
  const agent = (i: number) => (i < 0 ? 'org:principal' : `agent:${i}`);
  const grants = times(delegations, (i) => ({
    delegationId: `g-${i}`,
    from: i % 25 === 24 ? agent(i + 1) : agent(i < 5 ? -1 : Math.floor(i / 5) - 1),
    to: agent(i),
    wallets: times(wallets, () => address(random)),
    spendLimit: (5 + random() * 20).toFixed(2),
    validFrom: '2026-11-01T00:00:00Z',
    validUntil: i % 7 === 0 ? '2026-11-25T00:00:00Z' : null,
    revoked: i % 10 === 0,
    revokedAt: i % 10 === 0 ? '2026-11-24T18:00:00Z' : null,
    evidenceHash: `sha256:${hex(random, 64)}`,
  }));
  const start = Date.UTC(2026, 10, 24);
  const spendEvents = times(events, (i) => {
    const grant = grants[Math.floor(random() * grants.length)]!;
    const outside = i % 10 === 0;
    return {
      eventId: `e-${i}`,
      wallet: outside ? address(random) : grant.wallets[i % wallets]!,
      agentId: grant.to,
      amount: (random() * 2).toFixed(6),
      currency: 'USDC',
      timestamp: new Date(start + i * 172_000).toISOString(),
      counterparty: `seller:${i % 30}`,
      ...(outside ? { attributionEvidenceHash: `sha256:${hex(random, 64)}` } : {}),
    };
  });
  return {
    tool: 'spend_laundering_detector',
    shape: `${delegations} delegations with ${wallets} wallets each, ${events} spend events`,
    body: {
      principal: { id: 'org:principal', wallets: times(50, () => address(random)) },
      delegations: grants,
      spendEvents,
      policy: { aggregateLimit: '100000', windowSeconds: 3600, perDelegateLimit: '10', maxDelegationDepth: 4, nearLimitPercent: 80, minimumSplitDelegates: 2 },
    },
  };
}

/**
 * evidence-budget-router at its maxima: 50 sources covering 20 dimensions each with close values per
 * USDC (the branch and bound cannot cut early), every tenth source in a shared redundancy group, a
 * dependency chain through the first ten, and a budget that buys about a third of them.
 */
function evidenceRouter(): BenchInput {
  const random = seeded(6);
  const dimensions = times(20, (i) => ({ dimensionId: `dimension-${i}`, required: i < 8, weight: Math.round((0.3 + random() * 0.7) * 100) / 100 }));
  const sources = times(50, (i) => ({
    sourceId: `source-${i}`,
    provider: `provider-${i % 9}`,
    price: (0.05 + random() * 0.1).toFixed(6),
    latencyMs: Math.floor(random() * 10_000),
    reliability: Math.round((0.6 + random() * 0.4) * 1000) / 1000,
    covers: times(20, (j) => ({ dimensionId: `dimension-${j}`, strength: Math.round(random() * 600) / 1000 })),
    dependsOn: i > 0 && i < 10 ? [`source-${i - 1}`] : [],
    redundancyGroup: i % 10 === 0 ? 'shared-indexer' : null,
  }));
  return {
    tool: 'evidence_budget_router',
    shape: '50 sources x 20 dimensions, a budget for about a third of them',
    body: { question: 'Which evidence to buy?', budget: '1.60', deadlineMs: 60_000, dimensions, sources, policy: { minimumConfidence: 0.8, targetConfidence: 0.95, maxSources: 20 } },
  };
}

const HASH = (random: () => number) => `sha256:${hex(random, 64)}`;

/**
 * counterfactual-value-meter, coalition_attribution: `items` evidence items (12 is the schema
 * maximum) and the utility of every one of their 2^items coalitions, the empty one included, on a
 * 0-100 scale; a purchase of the first item.
 */
function coalitions(items: number): BenchInput {
  const random = seeded(4);
  const ids = times(items, (i) => `ev-${i}`);
  const hashes = ids.map(() => HASH(random));
  return {
    tool: 'counterfactual_value_meter',
    shape: `coalition_attribution, ${items} evidence items, all ${2 ** items} coalitions (empty one included)`,
    body: {
      mode: 'coalition_attribution',
      purchase: { purchaseId: 'buy-1', cost: '0.05', currency: 'USDC', evidenceItemId: ids[0], evidenceHash: hashes[0], sourceReceiptHash: null },
      utilityScale: { name: 'score', minimum: '0', maximum: '100', higherIsBetter: true },
      evidenceItems: ids.map((evidenceItemId, i) => ({ evidenceItemId, evidenceHash: hashes[i] })),
      coalitionUtilities: times(2 ** items, (mask) => ({
        coalitionIds: ids.filter((_, i) => mask & (1 << i)),
        utility: (40 + random() * 60).toFixed(6),
        provenanceHash: HASH(random),
      })),
      policy: { minimumMaterialUtilityChange: '0.5', minimumValueToCostRatio: '10', minimumConfidenceChange: null },
    },
  };
}

/**
 * reputation-reincarnation-detector: a candidate with `own` signals and `references` entities of
 * `perReference` signals each; every reference shares a quarter of its signals with the candidate
 * (the join finds many pairs), statuses cycle through the four classes, a tenth of the signals are
 * unverified or expired, and proofs cover some entities.
 */
function reincarnation(own: number, references: number, perReference: number): BenchInput {
  const random = seeded(5);
  const types = ['owner_key', 'wallet_funding', 'domain_certificate', 'code_hash', 'schema_fingerprint', 'infrastructure_fingerprint', 'behavioral_fingerprint'] as const;
  const strengths = ['strong', 'medium', 'weak', 'Strong'];
  const value = (i: number) => `${(i % 7).toString(16)}${i.toString(16).padStart(63, '0')}`;
  const signal = (signalId: string, i: number) => ({
    signalId,
    type: types[i % 7],
    valueHash: value(i),
    strength: strengths[i % 4],
    verified: i % 10 !== 0,
    sourceEvidenceHash: hex(random, 64),
    observedAt: '2026-06-01T00:00:00Z',
    expiresAt: i % 10 === 5 ? '2026-07-01T00:00:00Z' : null,
  });
  const statuses = ['suspended', 'active', 'retired', 'under review'];
  return {
    tool: 'reputation_reincarnation_detector',
    shape: `candidate with ${own} signals, ${references} reference entities with ${perReference} signals each`,
    body: {
      evaluatedAt: '2026-11-24T12:00:00Z',
      candidate: { agentId: 'agent:candidate', signals: times(own, (i) => signal(`c${i}`, i)) },
      referenceEntities: times(references, (e) => ({
        entityId: `agent:ref-${e}`,
        status: statuses[e % 4],
        signals: times(perReference, (j) => signal(`r${e}-${j}`, j % 4 === 0 ? Math.floor(random() * own) : own + e * perReference + j)),
      })),
      authorizedContinuityProofs: times(Math.min(100, references / 5), (p) => ({ proofId: `proof-${p}`, fromEntityId: `agent:ref-${p * 5}`, toAgentId: 'agent:candidate', signatureStatus: p % 2 ? 'valid' : 'invalid', expiresAt: null })),
      allowlistedMigrations: null,
      policy: { weights: { owner_key: null, wallet_funding: null, domain_certificate: null, code_hash: null, schema_fingerprint: null, infrastructure_fingerprint: null, behavioral_fingerprint: null }, minimumStrongSignals: 1, minimumWeightedScore: 30, maximumReferences: null },
    },
  };
}

/**
 * hidden-dependency-map: `services` services with `declared` declared and `observed` observed
 * dependencies each, drawn from a pool of `pool` dependencies of which the first ten are hubs that
 * about half of the services use (the overlap pass touches most pairs through them).
 */
function dependencyMap(services: number, declared: number, observed: number, pool: number): BenchInput {
  const random = seeded(6);
  const types = ['model', 'api', 'data_source', 'cloud', 'region', 'wallet', 'codebase', 'owner', 'other'] as const;
  const pick = () => (random() < 0.3 ? Math.floor(random() * 10) : Math.floor(random() * pool));
  const dependency = (d: number) => ({ dependencyId: `dep-${d}`, type: types[d % 9], criticality: Math.round(random() * 100) / 100, evidenceHash: hex(random, 64), verified: random() < 0.9 });
  return {
    tool: 'hidden_dependency_map',
    shape: `${services} services, ${declared} declared + ${observed} observed dependencies each, from ${pool}`,
    body: {
      services: times(services, (s) => ({
        serviceId: `svc-${s}`,
        workloadShare: 1 / services,
        declaredDependencies: times(declared, () => dependency(pick())),
        observedDependencies: times(observed, () => ({ ...dependency(pick()), observationSourceHash: hex(random, 64) })),
      })),
      policy: { criticalDependencyThreshold: 0.3, maximumSingleDependencyExposurePercent: 100, minimumIndependentServices: 1, includeUnverifiedDependencies: false, maximumPairwiseOverlap: 0.3, maximumServices: null, maximumDependencies: null },
    },
  };
}

/**
 * hidden-dependency-map's worst case for the overlap pass: every service lists the same `shared`
 * dependencies, so each is shared by all services and every pair is touched once per dependency.
 */
function dependencyMapAllShared(services: number, shared: number): BenchInput {
  const input = dependencyMap(services, 0, 0, 1);
  const same = times(shared, (d) => ({ dependencyId: `shared-${d}`, type: 'cloud', criticality: 0.9, evidenceHash: '0'.repeat(64), verified: true }));
  for (const service of input.body.services as { declaredDependencies: unknown[] }[]) service.declaredDependencies = same;
  return { ...input, shape: `${services} services all listing the same ${shared} critical dependencies (worst case of the overlap pass)` };
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
    ports: () => ({ observations: { retentionDays: 90, summarize: () => Promise.resolve({ groups, truncated: false }) } }),
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

/**
 * service-discovery-audit: `paths` paid paths declared by an x402 resource list, an agent manifest,
 * /.well-known/ai and an MCP discovery document (JSON Schemas left out, as a caller does to fit the
 * body limit), and an llms.txt of up to its 100,000 characters; every 7th path priced differently in
 * the manifest, every 11th on another host in the MCP document, every 13th missing from llms.txt, so
 * every rule and the finding cap are exercised.
 */
function discoveryAudit(paths: number, llmsCharacters: number): BenchInput {
  const service = 'https://api.bench.example';
  const payee = '0x1111111111111111111111111111111111111111';
  const route = (i: number) => ({ path: `/api/x402/tool-${i}`, price: `0.0${(i % 9) + 1}` });
  const routes = times(paths, route);
  const manifestOf = () => ({ name: 'Bench', x402: { network: 'base', currency: 'USDC' }, tools: routes.map(({ path, price }, i) => ({ id: `tool_${i}`, method: 'POST', endpoint: `${service}${path}`, price: { amount: i % 7 === 0 ? '10000' : price, currency: 'USDC', network: 'base' } })) });
  const lines = routes.filter((_, i) => i % 13 !== 0).map(({ path, price }) => `- [Tool](${service}${path}): a paid tool. Price ${price} USDC.`);
  // Its tool lines, then free text without links up to `llmsCharacters` (the schema's maximum is 100,000).
  const llms = `# Bench\n\n> Paid tools over x402, USDC on Base (eip155:8453).\n\n${lines.join('\n')}\n`.padEnd(llmsCharacters, 'Free text with no link or price. ').slice(0, llmsCharacters);
  return {
    tool: 'service_discovery_audit',
    shape: `${paths} paths in 4 JSON documents and an llms.txt of ${(llms.length / 1000).toFixed(0)}k characters, drift planted`,
    body: {
      service_url: service,
      discovery_documents: {
        x402: { x402Version: 2, resources: routes.map(({ path, price }) => ({ resource: `${service}${path}`, method: 'POST', accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: String(Math.round(Number(price) * 1e6)), asset: CHAINS.base.usdc, payTo: payee, maxTimeoutSeconds: 60 }] })) },
        agent_manifest: manifestOf(),
        ai: manifestOf(),
        mcp: { payment: { network: 'eip155:8453', currency: 'USDC' }, tools: routes.map(({ path, price }, i) => ({ name: `tool_${i}`, _meta: { x402Endpoint: i % 11 === 0 ? `https://elsewhere.example${path}` : path, price: { amount: price, currency: 'USDC' } } })) },
        llms_text: llms,
      },
      expected_resource_path: route(1).path,
      expected_price: route(1).price,
      expected_currency: 'USDC',
      network: 'base',
    },
  };
}

/**
 * agent-compatibility-analyzer at its maxima: every agent list full (20 networks and assets, 10
 * schemes and MCP revisions, 20 extensions), a 402 body with both variants of 25 offers each (20
 * checked) and 20 declared extensions, over MCP with a discovery document; only the last offer of the
 * v2 variant is payable, so every offer is checked.
 */
function compatibility(): BenchInput {
  const payee = '0x1111111111111111111111111111111111111111';
  const networks = [...Object.values(CHAINS).map((c) => c.caip2), ...times(15, (i) => `eip155:${100_000 + i}`)];
  const offer = (i: number, v1: boolean) => ({
    scheme: 'exact',
    network: i === 19 ? (v1 ? 'base' : 'eip155:8453') : `eip155:${900_000 + i}`,
    ...(v1 ? { maxAmountRequired: '50000', resource: 'https://api.bench.example/paid' } : { amount: '50000' }),
    asset: CHAINS.base.usdc,
    payTo: payee,
    maxTimeoutSeconds: 60,
    extra: { name: 'USD Coin', version: '2' },
  });
  const extensions = Object.fromEntries(times(20, (i) => [`extension-${i}`, { info: { required: false } }]));
  return {
    tool: 'agent_compatibility_analyzer',
    shape: 'full agent lists, 2 variants of 25 offers (20 checked each), 20 extensions, over MCP',
    body: {
      agent: {
        x402_versions: [2, 1],
        schemes: ['exact', ...times(9, (i) => `scheme-${i}`)],
        networks,
        assets: networks.map((network) => ({ network, address: CHAINS.base.usdc })),
        max_amount_per_payment: '1',
        payment_transports: ['http_payment_signature', 'http_x_payment', 'mcp_payment_meta', 'mcp_payment_argument'],
        extensions: times(20, (i) => `extension-${i}`),
        mcp: { protocol_versions: times(10, (i) => `2025-${String(i + 1).padStart(2, '0')}-01`), transports: ['streamable-http', 'sse', 'stdio'] },
      },
      service: {
        payment_required: { x402Version: 1, accepts: times(25, (i) => offer(i, true)), paymentRequired: { x402Version: 2, resource: { url: 'https://api.bench.example/paid' }, accepts: times(25, (i) => offer(i, false)), extensions } },
        mcp_discovery: { protocolVersion: '2025-10-01', transport: 'streamable-http', payment: { metaKey: 'x402/payment', paymentArguments: ['x402Payment'] }, tools: [] },
        call_via: 'mcp',
      },
    },
  };
}

/**
 * agent-payment-history-summary at its caps, on an in-memory Base: 365 days asked (the window capped
 * at 2,000,000 blocks, 8 pages), 100 more payments than the 5,000 kept, from 1,000 payers, half of
 * them by EIP-3009 authorization, on as many blocks (block times interpolated between 200 headers).
 */
function paymentHistory(): BenchInput {
  const random = seeded(4);
  const head = 30_000_000n;
  const headTime = Date.UTC(2026, 10, 24, 12) / 1000;
  const payee = getAddress('0x2222222222222222222222222222222222222222');
  const payers = times(1000, () => getAddress(address(random)));
  const count = PAYMENT_HISTORY_CAPS.maxPayments + 100;
  const payments = times(count, (i) => ({ from: payers[Math.floor(random() * payers.length)]!, to: payee, amount: BigInt(10_000 * (1 + (i % 5))), block: head - BigInt(i * 350), byAuthorization: i % 2 === 0 }));
  return {
    tool: 'agent_payment_history_summary',
    shape: `${count} payments by 1,000 payers over 8 pages of logs, 365 days asked (capped), times interpolated`,
    body: { chain: 'base', payee, currency: 'USDC', lookback_days: 365, resource_path: '/api/x402/paid' },
    ports: () => ({ chain: syntheticPaymentsSource('base', head, (block) => headTime - Number(head - block) * 2, payments) }),
  };
}

/** A document nested as deep as the schema allows: the depth bound holds without the body limit. */
function deepDocument(): BenchInput {
  const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? {} : { a: nested(levels - 1) });
  const input = discoveryAudit(400, 10_000);
  (input.body.discovery_documents as Record<string, unknown>).ai = nested(JSON_DOCUMENT_MAX_DEPTH);
  return { ...input, shape: `${input.shape}, /.well-known/ai nested ${JSON_DOCUMENT_MAX_DEPTH} deep` };
}

/**
 * x402-catalog-drift-monitor with its largest document at the 256 KiB a document may have (the
 * family's bodies may be 1 MiB): a catalog of `tools` entries whose
 * matching entry is last (by tool id, so the path search reads them all), the MCP list as long with
 * the matching tool last, an OpenAPI document with as many paths, and a challenge of 50 offers on
 * other networks before the expected one. Drift planted on every field.
 */
function catalogDrift(tools: number): BenchInput {
  const payee = '0x1111111111111111111111111111111111111111';
  const endpoint = '/api/x402/bench-target';
  const entries = times(tools, (i) => ({ id: `tool_${i}`, path: `/api/x402/tool-${i}`, method: 'POST', mcpName: `svc_tool_${i}`, price: { amount: '0.01', currency: 'USDC', network: 'base', payTo: payee } }));
  entries.push({ id: 'bench_target', path: '/api/x402/bench-target-v2', method: 'GET', mcpName: 'svc_other', price: { amount: '0.02', currency: 'USDC', network: 'eip155:1', payTo: '0x2222222222222222222222222222222222222222' } });
  const offer = (network: string) => ({ scheme: 'exact', network, amount: '20000', asset: CHAINS.base.usdc, payTo: '0x3333333333333333333333333333333333333333', maxTimeoutSeconds: 60 });
  return {
    tool: 'x402_catalog_drift_monitor',
    shape: `catalog of ${tools + 1} tools and as many MCP tools (match last), OpenAPI of ${tools} paths, challenge of 51 offers; drift on every field`,
    body: {
      service_url: 'https://api.bench.example',
      expected_endpoint: endpoint,
      expected_tool_id: 'bench_target',
      mcp_tool_name: 'svc_bench_target',
      expected_price: '0.01',
      expected_currency: 'USDC',
      expected_network: 'base',
      expected_receiver: payee,
      catalog_json: { tools: entries, mcp: { tools: [...times(tools, (i) => ({ name: `svc_tool_${i}` })), { name: 'svc_bench_target', _meta: { x402ToolId: 'other', x402Endpoint: '/api/x402/elsewhere', price: { amount: '0.005', currency: 'USDC', network: 'base' } } }] } },
      openapi_json: { openapi: '3.1.0', paths: Object.fromEntries([...times(tools, (i) => [`/api/x402/tool-${i}`, { post: { 'x-x402': { amount: '0.01' } } }]), [endpoint, { get: { 'x-price': { amount: '0.03', currency: 'USDC', network: 'base', payTo: payee } } }]]) },
      payment_challenge_json: { x402Version: 2, resource: { url: 'https://api.bench.example/api/x402/other' }, accepts: [...times(50, (i) => offer(`eip155:${900_000 + i}`)), offer('eip155:8453')] },
    },
  };
}

/**
 * x402-svc-agent-spend-category-classifier at its item maximum within the default body: 1000 lines
 * that miss the 50 custom rules and the catalog, with long paths that miss the path rules and
 * descriptions the keywords must score, so every line runs every rule.
 */
function spendClassifier(items: number): BenchInput {
  return {
    tool: 'x402_svc_agent_spend_category_classifier',
    shape: `${items} lines (every rule tried on each), 50 custom rules that never match`,
    body: {
      items: times(items, (i) => ({
        item_id: `line-${i}`,
        amount: `${i % 7}.${String(i).padStart(6, '0')}`,
        resource_label: `https://s${i}.bench.example/v1/${'seg/'.repeat(5)}item-${i}`,
        tool_id: `unknown_${i}`,
        description: 'nightly model tokens for the research agent',
      })),
      custom_rules: times(50, (i) => ({ field: i % 2 === 0 ? 'resource_host' : 'resource_path_prefix', op: i % 2 === 0 ? 'equals' : 'prefix', value: `/nomatch-${i}`, category: 'other' })),
    },
  };
}

/** x402-cross-protocol-agent-commerce-profile-normalizer: five sources listing the same `ops` operations, prices conflicting on every one. */
function profileNormalizer(ops: number): BenchInput {
  const payee = '0x1111111111111111111111111111111111111111';
  const llms = ['# Bench seller', ...times(ops, (i) => `- [Op ${i}](/api/op-${i}) (0.03 USDC)`)].join('\n');
  return {
    tool: 'x402_cross_protocol_agent_commerce_profile_normalizer',
    shape: `${ops} operations in each of 5 sources (manifest, MCP, A2A v1.0, OpenAPI, llms.txt of ${(llms.length / 1000).toFixed(0)}k characters), a price conflict on each`,
    body: {
      service_label: 'Bench seller',
      documents: {
        x402_manifest: { name: 'Bench seller', tools: times(ops, (i) => ({ id: `op_${i}`, method: 'POST', endpoint: `https://bench.example/api/op-${i}`, price: { amount: '0.01', currency: 'USDC', network: 'base', payTo: payee } })) },
        mcp_tools: { tools: times(ops, (i) => ({ name: `svc_op_${i}`, _meta: { x402ToolId: `op_${i}`, x402Endpoint: `/api/op-${i}`, x402Required: true, price: { amount: '0.02', network: 'eip155:8453' } } })) },
        a2a_agent_card: { name: 'bench seller', supportedInterfaces: [], skills: times(ops, (i) => ({ id: `op-${i}`, name: `Op ${i}`, description: 'd', tags: [] })) },
        openapi: { info: { title: 'Bench seller' }, paths: Object.fromEntries(times(ops, (i) => [`/api/op-${i}`, { post: { operationId: `op${i}`, 'x-x402': { amount: '0.01', network: 'base', payTo: payee } } }])) },
        llms_txt: llms,
      },
    },
  };
}

/** x402-mcp-paid-tool-permission-scope-auditor at its maxima: 200 paid tools, 20 scopes each, a grant of 100 scopes. */
function scopeAuditor(): BenchInput {
  return {
    tool: 'x402_mcp_paid_tool_permission_scope_auditor',
    shape: '200 paid tools with 20 required scopes each, a grant of 100 scopes (wildcards per resource)',
    body: {
      tools: times(200, (i) => ({ name: `svc_tool_${i}`, annotations: { readOnlyHint: i % 3 !== 0 }, _meta: { x402Required: true, price: { amount: `0.0${i % 9}`, currency: 'USDC', network: 'base' } } })),
      tool_scopes: times(200, (i) => ({ tool_name: `svc_tool_${i}`, required_scopes: times(20, (j) => `res${(i + j) % 120}:${j % 2 === 0 ? 'read' : 'write'}`) })),
      agent_grant: { scopes: times(100, (i) => `res${i}:*`), max_price_per_call: '0.05', allowed_networks: ['base'], allow_non_readonly: false },
    },
  };
}

/**
 * x402-mcp-paid-route-boundary-mapper at its maxima: 200 paid tools (a third mapped explicitly, a
 * third by _meta.x402Endpoint, the rest by naming convention), 200 routes with every other price split,
 * and 50 unpaid samples of about 16 KiB whose signal is in the last place read (the text JSON).
 */
function boundaryMapper(): BenchInput {
  const challenge = { x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', payTo: '0x1111111111111111111111111111111111111111', maxTimeoutSeconds: 60 }] };
  return {
    tool: 'x402_mcp_paid_route_boundary_mapper',
    shape: '200 paid tools, 200 routes (100 price splits), 200 explicit map entries, 50 unpaid samples of 16 KiB with the signal in content[0].text',
    body: {
      mcp_tools: times(200, (i) => ({ name: `svc_op_${i}`, description: 'd'.repeat(200), _meta: { x402Required: true, price: { amount: '0.01', network: 'base' }, ...(i % 3 === 1 ? { x402Endpoint: `/api/op-${i}` } : {}) } })),
      rest_routes: times(200, (i) => ({ path: `https://bench.example/api/op-${i}/`, method: 'POST', paid: true, price: i % 2 === 0 ? '0.01' : '0.02' })),
      tool_route_map: times(200, (i) => ({ tool_name: `svc_op_${i}`, path: i % 3 === 0 ? `/api/op-${i}` : `/api/missing-${i}` })),
      unpaid_call_samples: times(50, (i) => ({ tool_name: `svc_op_${i}`, result: { isError: true, structuredContent: { note: 'x'.repeat(8_000) }, content: [{ type: 'text', text: JSON.stringify({ 'x402/error': { code: 402, data: challenge }, pad: 'y'.repeat(8_000) }) }] } })),
    },
  };
}

/**
 * x402-mcp-schema-curb-appeal-grader at its maxima: 100 definitions of about 10 KiB (bloated, 60
 * properties each), whose 300-word descriptions differ by one word, so every pair is compared in full
 * and every pair is a lookalike.
 */
function curbAppealGrader(): BenchInput {
  const words = times(300, (i) => `capability${i}`);
  return {
    tool: 'x402_mcp_schema_curb_appeal_grader',
    shape: '100 definitions of ~10 KiB with 60 properties and 300-word descriptions differing by one word (4950 lookalike pairs)',
    body: {
      tools: times(100, (i) => ({
        name: `svc_tool_${i}`,
        title: `Tool ${i}`,
        description: words.map((w, j) => (j === i ? `distinct${i}` : w)).join(' '),
        inputSchema: { type: 'object', properties: Object.fromEntries(times(60, (j) => [`field_${j}`, { type: 'string', maxLength: 64, description: `Field ${j} of the request.` }])), required: ['field_0'], additionalProperties: false },
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
        _meta: { x402Required: true, price: '0.01' },
      })),
    },
  };
}

/**
 * x402-mcp-tool-change-blast-radius-analyzer at its maxima within the 1 MiB body: 100 tools before
 * and after whose 12 enum properties each lose half their values, and 500 consumers sending 8
 * arguments with 20 values each, half of them now outside the enum.
 */
function blastRadius(): BenchInput {
  const definition = (i: number, values: number) => ({
    name: `svc_tool_${i}`,
    inputSchema: { type: 'object', properties: Object.fromEntries(times(12, (j) => [`arg_${j}`, { type: 'string', enum: times(values, (k) => `v${k}`) }])), required: ['arg_0'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { status: { type: 'string' }, detail: { type: 'object' } }, required: ['status'] },
    _meta: { price: '0.01' },
  });
  return {
    tool: 'x402_mcp_tool_change_blast_radius_analyzer',
    shape: '100 tools before and after (12 enum properties each shrinking from 10 to 5 values), 500 consumers with 8 arguments × 20 seen values and 20 output paths',
    body: {
      before: times(100, (i) => definition(i, 10)),
      after: times(100, (i) => definition(i, 5)),
      consumers: times(500, (i) => ({
        consumer_id: `consumer-${i}`,
        tool_name: `svc_tool_${i % 100}`,
        arguments_used: times(8, (j) => ({ name: `arg_${j}`, values_seen: times(20, (k) => `v${k % 10}`) })),
        output_paths_read: times(20, (k) => `/detail/f${k}`),
        pinned_max_price: '0.01',
        calls_per_day: 100 + i,
      })),
    },
  };
}

/** A /supported answer with `kinds` v2 exact kinds (the listed networks last, so matching reads them all) and `signers` EVM signers. */
function supportedDocument(kinds: number, networks: string[], signers: string[]) {
  const kind = (network: string) => ({ x402Version: 2, scheme: 'exact', network });
  return { kinds: [...times(kinds, (i) => kind(`eip155:${7_000_000 + i}`)), ...networks.map(kind)], extensions: ['bazaar', 'payment-identifier'], signers: { 'eip155:*': signers } };
}

/**
 * x402-facilitator-cost-comparator at its maxima within the 256 KiB body: 10 facilitators, each with
 * a /supported answer of 300 kinds (the payment's network last) and a full quote, alternating flat
 * and capped bps (25 break-even pairs), free tiers, 78-digit amounts and 10^9 payments a month.
 */
function facilitatorCost(): BenchInput {
  const random = seeded(13);
  const facilitators = times(10, (i) => ({
    label: `facilitator-${i}`.padEnd(120, 'x'),
    supported: supportedDocument(300, ['eip155:8453'], [address(random)]),
    quote: { model: i % 2 ? 'bps' : 'flat', ...(i % 2 ? { bps: 10 + i, minFee: '1', maxFee: '9'.repeat(70) } : { flatFee: `${1000 + i}` }), asset: CHAINS.base.usdc, expiry: 1_900_000_000, quoteId: `quote-${i}`, facilitatorAddress: address(random), signatureScheme: 'eip191' },
    free_per_month: i * 1000,
    extra_fixed_atomic: `${i}`,
  }));
  return {
    tool: 'x402_facilitator_cost_comparator',
    shape: '10 facilitators with 301-kind /supported answers and full quotes (5 flat, 5 capped bps: 25 break-even pairs)',
    body: { payment: { network: 'base', amount_atomic: '9'.repeat(78), monthly_count: 1_000_000_000 }, facilitators, as_of: '2026-11-28T00:00:00Z' },
  };
}

/**
 * x402-multi-chain-facilitator-failover-planner at its maxima within the 256 KiB body: 10 networks,
 * 8 facilitators with 200 other kinds and 250 signers each; every pair of neighbours shares one
 * signer, so the domains chain across all of them.
 */
function failoverPlan(): BenchInput {
  const random = seeded(26);
  const networks = times(10, (i) => `eip155:${[8453, 84532, 1, 137, 42161, 10, 43114, 43113, 11155111, 80002][i]}`);
  const shared = times(9, () => address(random));
  const facilitators = times(8, (i) => ({
    label: `facilitator-${i}`,
    supported: supportedDocument(200, networks.slice(0, 10 - (i % 3)), [...times(248, () => address(random)), shared[i]!, ...(i > 0 ? [shared[i - 1]!] : [])]),
    ...(i % 4 === 3 ? {} : { availability_ratio: 0.99 + i / 1000, settle_p95_ms: 500 + i * 100 }),
  }));
  return { tool: 'x402_multi_chain_facilitator_failover_planner', shape: '10 networks, 8 facilitators with 200+ kinds and 250 signers each, chained by shared signers', body: { networks, facilitators, max_fallbacks: 3 } };
}

/** x402-default-asset-tokenamount-advisor at its maxima: a 40-character price, 20 networks, 20 overrides of 36 decimals (rounding on every network). */
function tokenAmounts(): BenchInput {
  const networks = times(20, (i) => (i < 7 ? ['base', 'base-sepolia', 'ethereum', 'polygon', 'arbitrum', 'optimism', 'avalanche'][i]! : `eip155:${9_000_000 + i}`));
  const asset_overrides = times(20, (i) => ({ network: `eip155:${9_000_000 + i}`, asset: `0x${`${i}`.padStart(40, '4')}`, decimals: 36, eip712_name: 'Token'.padEnd(64, 'x'), eip712_version: '1', asset_transfer_method: i % 2 ? 'permit2' : 'eip3009' }));
  return { tool: 'x402_default_asset_tokenamount_advisor', shape: '40-character price, 20 networks, 20 overrides (36 decimals)', body: { price: `$${'9'.repeat(11)}.${'1234567'.repeat(3)}01 USD`, networks, asset_overrides, rounding: 'half_up' } };
}

/** x402-price-display-unit-sanity-checker at its maxima: 100 items with 64-character displays, 78-digit amounts and 36-digit decimal fields. */
function priceDisplay(): BenchInput {
  const items = times(100, (i) => ({
    item_id: `item-${i}`.padEnd(120, 'x'),
    display_text: `US$${'9'.repeat(25)},${'999,'.repeat(6)}999.${'9'.repeat(6)}`.slice(0, 64).replace(/[,.]$/, ''),
    amount_atomic: '9'.repeat(78),
    amount_decimal: `${'9'.repeat(42)}.${'9'.repeat(36)}`,
    asset: i % 3 ? CHAINS.base.usdc : `0x${'4'.repeat(40)}`,
    network: 'base',
    declared_decimals: i % 3 ? 6 : 36,
  }));
  return { tool: 'x402_price_display_unit_sanity_checker', shape: '100 items, 64-character displays, 78-digit amounts, 36-digit decimals', body: { items } };
}

/**
 * x402-multi-provider-challenge-normalizer at its 20 challenges, within the default 256 KiB body:
 * 12 v2 objects of 70 offers, 4 base64 PAYMENT-REQUIRED headers of 40 offers, 2 v1 bodies of 40
 * offers and 2 L402 challenges; payees shared across providers, testnet and mainnet mixed.
 */
function challengeNormalizer(): BenchInput {
  const offer = (i: number) => ({ scheme: 'exact', network: i % 9 === 0 ? 'eip155:84532' : 'eip155:8453', amount: String(9000 + (i % 37) * 100), asset: i % 9 === 0 ? '0x036CbD53842c5426634e7929541eC2318f3dCF7e' : CHAINS.base.usdc, payTo: `0x${String(i % 7).repeat(40)}`, maxTimeoutSeconds: i % 13 === 0 ? 7200 : 60 });
  const v2 = (n: number) => ({ x402Version: 2, resource: { url: 'https://api.bench.example/quote' }, accepts: times(n, offer) });
  const challenges = [
    ...times(12, (i) => ({ provider_label: `object-${i}`, format: 'x402_v2_object', body: v2(70) })),
    ...times(4, (i) => ({ provider_label: `header-${i}`, format: 'x402_v2_header', header_value: Buffer.from(JSON.stringify(v2(40))).toString('base64') })),
    ...times(2, (i) => ({ provider_label: `v1-${i}`, format: 'x402_v1_body', body: { x402Version: 1, accepts: times(40, (j) => ({ ...offer(j), network: 'base', maxAmountRequired: '10000', resource: 'https://api.bench.example/quote', description: '' })) } })),
    ...times(2, (i) => ({ provider_label: `l402-${i}`, format: 'l402_www_authenticate', header_value: `L402 macaroon="AgEEbHNhdAJCAAA${i}", invoice="lnbc${25 + i}u1pvjluezpp5qqqsyq"` })),
  ];
  return { tool: 'x402_multi_provider_challenge_normalizer', shape: '20 challenges (12 v2 objects × 70 offers, 4 v2 headers × 40, 2 v1 bodies × 40, 2 L402)', body: { challenges } };
}

/** x402-network-token-route-planner at its maxima: 20 offers on five networks (half Permit2), 50 holdings, gas everywhere, bridging allowed. */
function routePlanner(): BenchInput {
  const networks = [CHAINS.base, CHAINS.arbitrum, CHAINS.ethereum, CHAINS.polygon, CHAINS.optimism];
  const accepts = times(20, (i) => ({ scheme: 'exact', network: networks[i % 5]!.caip2, amount: String(10_000 + i), asset: networks[i % 5]!.usdc, payTo: '0x1111111111111111111111111111111111111111', maxTimeoutSeconds: 60, extra: i % 2 ? { assetTransferMethod: 'permit2' } : {} }));
  const holdings = times(50, (i) => ({ network: networks[(i + 1) % 5]!.caip2, asset: networks[(i + 1) % 5]!.usdc, balance_atomic: String(5000 + i * 200) }));
  return {
    tool: 'x402_network_token_route_planner',
    shape: '20 offers on 5 networks, 50 holdings (the first 25 too small), gas on every network, bridging allowed',
    body: { accepts, holdings, native_gas: networks.map((n) => ({ network: n.caip2, has_gas: true })), permit2_allowances: [], preferences: { allow_bridge: true, network_order: networks.map((n) => n.caip2) } },
  };
}

/**
 * x402-ap2-mandate-constraint-gap-auditor at its maxima within the default 256 KiB body: 100
 * merchants and 500 SKUs, 200 spending rules, a cart of `items` display items (every other one
 * outside the SKUs) from a merchant that is the last allowed, and a payment mandate whose total differs.
 */
function ap2MandateAudit(items: number): BenchInput {
  const skus = times(500, (i) => `SKU-${i}`.padEnd(40, 'x'));
  const amount = (value: number) => ({ currency: 'USD', value });
  const rules = times(200, (i) => (i % 2 ? { rule_id: `r${i}`, rule_type: 'amount_constraint', description: 'cap', limit_amount: amount(1000 - i) } : { rule_id: `r${i}`, rule_type: 'merchant_constraint', description: 'allow', merchant_ids: [`m-${i}`], constraint_type: 'allow' }));
  const display = times(items, (i) => ({ label: i % 2 ? skus[i % 500]! : `other-${i}`, amount: amount(1.25) }));
  return {
    tool: 'x402_ap2_mandate_constraint_gap_auditor',
    shape: `100 merchants, 500 SKUs, 200 spending rules, a cart of ${items} items, a mismatching payment mandate`,
    body: {
      intent_mandate: { natural_language_description: 'Restock the office with the listed supplies', user_cart_confirmation_required: false, merchants: times(100, (i) => `merchant-${i}`), skus, requires_refundability: true, intent_expiry: '2026-12-01T00:00:00Z', spending_rules: rules },
      intent_signed_by_user: true,
      budget: { currency: 'USD', value: '500' },
      cart_mandate: { contents: { id: 'cart-1', user_cart_confirmation_required: false, merchant_name: 'merchant-99', cart_expiry: '2026-11-25T00:00:00Z', payment_request: { method_data: [{ supported_methods: 'CARD' }], details: { id: 'order-1', display_items: display, total: { label: 'Total', amount: amount(items * 1.25) } } } } },
      payment_mandate: { payment_mandate_contents: { payment_mandate_id: 'pm-1', payment_details_id: 'order-2', payment_details_total: { label: 'Total', amount: amount(1) }, payment_response: { request_id: 'order-1', method_name: 'CARD' }, merchant_agent: 'merchant-99' } },
      as_of: '2026-11-24T12:00:00Z',
    },
  };
}

/** x402-agent-wallet-policy-coverage-gap-analyzer at its list maxima (200 payees and hosts, 20 networks, 50 assets, 10 schemes, 20 planned networks). */
function walletPolicyCoverage(): BenchInput {
  return {
    tool: 'x402_agent_wallet_policy_coverage_gap_analyzer',
    shape: '200 payees, 200 hosts, 20 networks (mixed classes), 50 assets, 10 schemes with upto, 20 planned networks',
    body: {
      policy: {
        per_tx_max: '1',
        weekly_max: '100000',
        allowed_payees: times(200, (i) => `0x${String(i).padStart(40, '0')}`),
        allowed_networks: times(20, (i) => (i % 2 ? `eip155:${i}` : 'base-sepolia')),
        allowed_assets: times(50, (i) => ({ network: 'base', asset: `0x${String(i).padStart(40, 'a')}` })),
        allowed_hosts: times(200, (i) => `host-${i}.example.com`),
        allowed_schemes: times(10, (i) => (i === 9 ? 'upto' : `scheme-${i}`)),
        max_authorization_validity_seconds: 1800,
        max_tx_per_minute: 500,
        dedupe_window_seconds: 30,
      },
      planned_usage: { typical_price: '0.01', calls_per_day: 1_000_000, networks: times(20, (i) => `eip155:${i + 1}`) },
    },
  };
}

/**
 * x402-autonomous-purchase-intent-to-receipt-reconciler at its maxima: 100 intents on 10 paths
 * (allowed payees at 20), 500 payments (a fifth orphaned by payee, value or path, some failed or
 * mismatched settlements) and 500 deliveries with a third not 2xx.
 */
function purchaseReconciliation(): BenchInput {
  const payee = (i: number) => `0x${String(i % 20).padStart(40, '0')}`;
  const path = (i: number) => `/api/x402/tool-${i % 10}`;
  const network = 'eip155:8453';
  return {
    tool: 'x402_autonomous_purchase_intent_to_receipt_reconciler',
    shape: '100 intents on 10 paths, 500 payments (a fifth orphaned, some settlements failed or mismatched), 500 deliveries',
    body: {
      intents: times(100, (i) => ({ intent_id: `intent-${i}`, resource_path: path(i), max_amount: '0.05', allowed_payees: times(20, payee), network, created_at: '2026-11-01T00:00:00Z', expires_at: '2026-11-30T00:00:00Z', max_uses: 4 })),
      payments: times(500, (i) => ({
        payment_id: `payment-${i}`,
        from: '0x9999999999999999999999999999999999999999',
        to: i % 17 === 0 ? '0x8888888888888888888888888888888888888888' : payee(i),
        value_atomic: i % 13 === 0 ? '60000' : '10000',
        network: 'base',
        nonce_hash: `sha256:${String(i).padStart(64, '0')}`,
        resource_path: i % 19 === 0 ? '/api/x402/elsewhere' : path(i),
        authorized_at: new Date(Date.parse('2026-11-10T00:00:00Z') + (i % 50) * 60_000).toISOString(),
        settlement: { success: i % 23 !== 0, transaction: `0x${String(i).padStart(64, '0')}`, network: i % 29 === 0 ? 'eip155:1' : network, payer: '0x9999999999999999999999999999999999999999' },
      })),
      deliveries: times(500, (i) => ({ payment_id: `payment-${i}`, http_status: i % 3 === 0 ? 502 : 200, received_at: '2026-11-10T01:00:00Z', response_hash: `sha256:${String(i).padStart(64, '1')}` })),
    },
  };
}

/**
 * x402-authorized-payee-rotation-notary at its maxima: every fact set, strings at 500 characters,
 * rotation_sequence 10,000, in verify mode (recompute, every rule, the status table).
 */
function payeeRotation(): BenchInput {
  const hash = (label: string) => fingerprint(label);
  const facts = {
    seller_id_hash: hash('seller'),
    previous_payee_hash: hash('previous'),
    new_payee_hash: hash('new'),
    rotation_evidence_hash: hash('evidence'),
    listing_hash: hash('listing'),
    challenge_hash: hash('challenge'),
    effective_at: '2026-02-01T00:00:00Z',
    service_url_label: `https://${'a'.repeat(480)}.example`,
    chain_id: 'c'.repeat(500),
    currency: 'U'.repeat(500),
    rotation_sequence: 10_000,
    prior_record_id: hash('prior'),
    announced_at: '2026-01-20T00:00:00Z',
    grace_until: '2026-02-08T00:00:00Z',
  };
  return {
    tool: 'x402_authorized_payee_rotation_notary',
    shape: 'verify, every fact set, 500-character labels, sequence 10,000, record_id matching',
    body: { mode: 'verify', facts: { ...facts, record_id: fingerprint(rotationRecord(facts)), observed_payee_hash: hash('previous'), observed_at: '2026-02-05T00:00:00Z' } },
  };
}

/**
 * x402-signed-receipt-delivery-confidence-scorer at its maxima: an EIP-712 receipt signed as this
 * service signs them, to recover twice (the extension's domain, then the network's, as its signer
 * is not authorized), a 200 KiB settlement response, 10 authorized signers and 5 JWKs.
 */
async function receiptScorer(): Promise<BenchInput> {
  const seller = createReceiptSigner('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  const payer = '0x1111111111111111111111111111111111111111';
  const transaction = `0x${'ab'.repeat(32)}` as const;
  const resourceUrl = 'https://api.bench.example/paid';
  const extensions = await seller.signReceipt({ resourceUrl, payer, transaction, x402RequestId: 'bench', responseHash: `0x${'cd'.repeat(32)}` });
  const jwk = { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' };
  return {
    tool: 'x402_signed_receipt_delivery_confidence_scorer',
    shape: 'EIP-712 receipt by an unlisted signer (two recoveries), 200 KiB settlement, 10 signers, 5 JWKs',
    body: {
      expected: { payer, network: 'base', resource_url: resourceUrl, pay_to: payer, transaction },
      settlement: { success: true, payer, network: 'eip155:8453', transaction, extensions: { ...extensions, padding: 'x'.repeat(200 * 1024) } },
      delivery: { channel: 'http_header', exposed_to_client: true },
      receipt: extensions[OFFER_RECEIPT].info.receipt,
      authorized_signers: times(10, (i) => `did:pkh:eip155:8453:0x${String(i).repeat(40).slice(0, 40)}`),
      jwks: times(5, (i) => ({ ...jwk, kid: `k${i}` })),
    },
  };
}

/**
 * x402-paid-tool-latency-sla-evidence-notary at its maxima (5,000 paid samples, an 812 KiB body)
 * and at what the default 256 KiB body admits: samples with all four phases, every target set, a
 * window, a share of errors and slow calls to attribute.
 */
function latencySla(count: number): BenchInput {
  const samples = times(count, (i) => ({
    started_at: new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString(),
    duration_ms: (i * 7919) % 3000,
    http_status: i % 97 === 0 ? 503 : 200,
    paid: true,
    phases: { challenge_ms: 5, verify_ms: i % 100, handler_ms: i % 700, settle_ms: i % 900 },
  }));
  return {
    tool: 'x402_paid_tool_latency_sla_evidence_notary',
    shape: `${count} paid samples with phases, all targets, a window`,
    body: { sla: { p50_ms: 1000, p95_ms: 2000, p99_ms: 2500, max_error_rate: 0.01, timeout_ms: 2900 }, samples, window: { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' } },
  };
}

/** x402-failure-fact-classifier at its maxima: every field at its longest, 40 header names, expectations that all differ. */
function failureFacts(): BenchInput {
  return {
    tool: 'x402_failure_fact_classifier',
    shape: 'every fact at its maximum length, 40 header names of 80 characters, every expectation different',
    body: {
      failure_facts: {
        http_status: 503,
        x402_version: 2,
        scheme: 's'.repeat(64),
        network: 'base',
        currency: 'USDC',
        amount: '9'.repeat(32),
        receiver: `0x${'1'.repeat(40)}`,
        resource_path: `/${'p'.repeat(159)}`,
        facilitator_error_code: 'invalid_exact_evm_payload_recipient_mismatch',
        target_error_code: `invalid_exact_svm_${'a'.repeat(102)}`,
        retry_status: 'pending'.padEnd(64, '.'),
        present_header_names: times(40, (i) => `X-PAYMENT-${i}`.padEnd(80, 'x')),
      },
      expected_facts: { resource_path: '/api/x402/other', tool_id: 't'.repeat(120), scheme: 'exact', network: 'eip155:84532', currency: 'USDC', amount: '0.01', receiver: `0x${'2'.repeat(40)}` },
      caller_context: { environment: 'production', integration_step: 'settle', client_name: 'c'.repeat(80), client_version: 'v'.repeat(40) },
    },
  };
}

/** x402-agent-commerce-error-taxonomy-normalizer at its maxima: 200 errors, most unmapped so every lookup step and the keyword scan of a 500-character message run, and a 50-row custom map. */
function errorTaxonomy(): BenchInput {
  const sources = ['x402_facilitator', 'http', 'mcp_jsonrpc', 'mcp_tool_result', 'eip1193', 'permit2', 'l402', 'custom'];
  return {
    tool: 'x402_agent_commerce_error_taxonomy_normalizer',
    shape: '200 errors of 120-character codes with 500-character messages (keyword fallback), custom map of 50',
    body: {
      errors: times(200, (i) => ({ source: sources[i % sources.length], code: `vendor_code_${i}`.padEnd(120, 'x'), http_status: 418, message: `${'nothing to match here '.repeat(22)}user rejected`.slice(-500) })),
      custom_map: times(50, (i) => ({ source: 'custom', code: `acme_${i}`, canonical_code: 'RATE_LIMITED' })),
    },
  };
}

/** x402-facilitator-readiness-passport at what the body limit admits: a /supported of 2,400 kinds and 200 signer entries, 2 versions × 20 networks, 10 required extensions, 1,000 + 1,000 latencies and 500 error codes. */
function readinessPassport(): BenchInput {
  const signer = `0x${'a'.repeat(40)}`;
  return {
    tool: 'x402_facilitator_readiness_passport',
    shape: '/supported of 2,400 kinds, 100 extensions, 200 signer entries; 40 stamps; 1,000 + 1,000 latencies; 500 error codes',
    body: {
      facilitator_label: `https://${'f'.repeat(180)}.example`,
      supported_response: {
        kinds: times(2400, (i) => ({ x402Version: 1 + (i % 2), scheme: 'exact', network: `eip155:${i}` })),
        extensions: times(100, (i) => `ext-${i}`),
        signers: Object.fromEntries(times(200, (i) => [`eip155:${2 * i}`, [signer]])),
      },
      target: { x402_versions: [1, 2], networks: times(20, (i) => `eip155:${i * 7}`), required_extensions: times(10, (i) => `ext-${i * 3}`) },
      observations: { verify_ms: times(1000, (i) => (i * 7919) % 1000), settle_ms: times(1000, (i) => (i * 104_729) % 5000), error_codes: times(500, (i) => (i % 3 === 0 ? 'unexpected_settle_error' : i % 3 === 1 ? '503' : `vendor_${i}`)) },
    },
  };
}

/** x402-payment-identifier-retry-safety-lens at its maxima: 50 attempts sharing identifiers with alternating payloads, one unknown settlement, and a plan that breaks several rules. */
function retryLens(): BenchInput {
  const hash = (i: number) => `sha256:${String(i % 2).repeat(64)}`;
  return {
    tool: 'x402_payment_identifier_retry_safety_lens',
    shape: '50 attempts, 3 identifiers reused with two payloads, one unknown settlement, a planned retry that breaks four rules',
    body: {
      server_supports_payment_identifier: true,
      attempts: times(50, (i) => ({ attempt_no: i + 1, at: 1_000 + i, payment_identifier: `id_${String(i % 3).repeat(125)}`, payload_hash: hash(i), valid_before: 2_000 + i, http_status: i % 2 ? 0 : 504, settle_status: i === 49 ? 'unknown' : 'failed', response_received: false })),
      planned_next: { payment_identifier: `${'x'.repeat(200)} !`, payload_hash: hash(1), new_authorization: true, at: 1_500 },
      clock_skew_seconds: 300,
    },
  };
}

/** A 256 KiB MCP result whose every row breaks the 64 KiB schema twice and trips the money and time rules: the most findings a sample can give. */
function responseContract(rows: number): BenchInput {
  const properties = Object.fromEntries(times(400, (i) => [`field_${i}`, { type: 'string', maxLength: 64, pattern: '^[a-z0-9_]+$' }]));
  const structuredContent = { rows: times(rows, (i) => ({ amount: i, settled_at: 'yesterday' })) };
  return {
    tool: 'x402_response_contract_linter',
    shape: `MCP result with ${rows} rows (each: a float amount of the wrong type, a bad timestamp), 400-property schema, no text mirror`,
    body: {
      response_sample: { content: [{ type: 'text', text: 'see structuredContent' }], structuredContent },
      schema_sample: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { amount: { type: 'string' }, settled_at: { type: 'string', format: 'date-time' }, ...properties } } } } },
      tool_context: { mcp_tool_name: 'svc_bench', endpoint_path: '/api/x402/x402-bench' },
    },
  };
}

/** 60 snapshots of 200 tools where every tool's input schema, annotations and price change at every snapshot, under one server_version. */
function operationLedger(snapshots: number, tools: number): BenchInput {
  const tool = (i: number, k: number) => ({
    name: `svc_tool_${i}`,
    description: `Tool ${i}`,
    inputSchema: { type: 'object', additionalProperties: false, required: k % 2 ? ['q', 'chain'] : ['q'], properties: { q: { type: 'string', maxLength: 100 - (k % 2) }, chain: { enum: k % 2 ? ['base'] : ['base', 'ethereum'] } } },
    annotations: { readOnlyHint: k % 2 === 0, destructiveHint: false },
    _meta: { price: { amount: k % 2 ? '0.02' : '0.01' } },
  });
  return {
    tool: 'x402_mcp_operation_stability_ledger',
    shape: `${snapshots} snapshots × ${tools} tools, every tool changing (schema, safety flip, price) at every snapshot, one server_version`,
    body: {
      server_label: 'bench.example',
      snapshots: times(snapshots, (k) => ({ captured_at: new Date(Date.UTC(2026, 0, 1) + k * 86_400_000).toISOString(), server_version: '1.0.0', tools: times(tools, (i) => tool(i, k)) })),
    },
  };
}

/** 500 paid samples × 100 weighted paths, completeness falling over time; and what fits the 256 KiB default body. */
function completenessLedger(samples: number, paths: number): BenchInput {
  const tracked = times(paths, (j) => ({ pointer: `/result/f${j}`, weight: 1 + (j % 10) }));
  return {
    tool: 'x402_paid_agent_response_completeness_drift_ledger',
    shape: `${samples} paid samples × ${paths} tracked paths, fields going null over time`,
    body: {
      tool_label: 'bench.example /api/score',
      tracked_paths: tracked,
      samples: times(samples, (i) => ({
        sample_id: `s${i}`,
        observed_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        paid: true,
        http_status: 200,
        body: { result: Object.fromEntries(times(paths, (j) => [`f${j}`, (i * paths + j) % (samples - i + 2) === 0 ? null : j])) },
      })),
    },
  };
}

/**
 * x402-response-provenance-notary: a create with every field at its maximum; the in-memory store
 * answers with the same record already there, so the tool derives every value and compares every hash
 * (record_replayed). Its own cost only: the store's round trip is not in it.
 */
function provenanceNotary(): BenchInput {
  const L = PROVENANCE_NOTARY_LIMITS;
  const hash = (digit: string) => `sha256:${digit.repeat(64)}`;
  return {
    tool: 'x402_response_provenance_notary',
    shape: 'create with every field at its maximum, answered by the record already stored (every hash compared)',
    body: {
      mode: 'create',
      idempotency_key: 'k'.repeat(L.idempotencyKey.max),
      idempotency_scope_token: 't'.repeat(L.scopeToken.max),
      challenge_hash: hash('1'),
      receipt_hash: hash('2'),
      response_hash: hash('3'),
      metadata_hash: hash('4'),
      endpoint_path: '/'.padEnd(L.endpointPath, 'p'),
      tool_id: 'i'.repeat(L.toolId),
      schema_version: 'v'.repeat(L.schemaVersion),
      generated_at: '2026-11-24T12:00:00+02:00',
      operation_id: 'o'.repeat(L.operationId),
      mcp_tool_name: 'm'.repeat(L.mcpToolName),
      payment_network: 'base',
      currency: 'USDC',
      amount: `${'9'.repeat(25)}.999999`,
      service_label: 's'.repeat(L.serviceLabel),
      retention_class: 'support',
    },
    ports: () => ({
      notary: {
        key: createNotaryKey('bench', new Uint8Array(32).fill(1)),
        records: { create: (record) => Promise.resolve({ created: false, record }), find: () => Promise.resolve(null) },
      },
    }),
  };
}

/**
 * x402-offer-replay-hygiene-auditor at its maxima: 50 offers (half signed JWS), 2000 authorizations
 * from 20 payers with random nonces, every tenth a counter, 100 replayed keys, windows and arrival
 * times that raise every authorization finding.
 */
function replayAuditor(): BenchInput {
  const random = seeded(21);
  const payers = times(20, () => address(random));
  const nonces = times(1900, () => `0x${hex(random, 64)}`);
  const payTo = '0x1111111111111111111111111111111111111111';
  const jws = (i: number) => `eyJhbGciOiJFUzI1NksifQ.${Buffer.from(JSON.stringify({ version: 1, resourceUrl: 'https://api.bench.example/quote', scheme: 'exact', network: 'eip155:8453', asset: CHAINS.base.usdc, payTo, amount: '10000', ...(i % 4 ? { validUntil: 1_800_000_300 } : {}) })).toString('base64url')}.c2ln`;
  const offers = times(50, (i) => (i % 2 ? { format: 'jws', signature: jws(i) } : { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: CHAINS.base.usdc, payTo, maxTimeoutSeconds: i % 6 === 0 ? 7200 : 60 }));
  const authorizations = times(2000, (i) => ({
    from: payers[i % 20]!,
    to: i % 50 === 0 ? address(random) : payTo,
    value_atomic: '10000',
    valid_after: 1_800_000_000,
    valid_before: 1_800_000_000 + (i % 9 === 0 ? 86_400 : 60),
    nonce: i % 10 === 0 ? `0x${'5'.repeat(32)}${i.toString(16).padStart(32, '0')}` : nonces[i % 1900]!,
    resource_path: `/api/x402/quote/${i % 7}`,
    received_at: 1_800_000_000 + (i % 130) - 35,
    delivered: i % 3 !== 0,
    settled: i % 4 !== 0,
  }));
  return { tool: 'x402_offer_replay_hygiene_auditor', shape: '50 offers (25 signed JWS), 2000 authorizations from 20 payers, 100 replayed keys, 200 counter nonces', body: { offers, authorizations } };
}

/** x402-permit2-approval-friction-explainer at its maxima: a 256 KiB offer, 10000 planned payments, both sponsoring extensions, the longest route. */
function permit2Explainer(): BenchInput {
  const offer = { scheme: 'exact', network: CHAINS.base.caip2, amount: '10000', asset: CHAINS.base.usdc, payTo: '0x1111111111111111111111111111111111111111', maxTimeoutSeconds: 60, extra: { assetTransferMethod: 'permit2' }, description: 'x'.repeat(256 * 1024 - 400) };
  return {
    tool: 'x402_permit2_approval_friction_explainer',
    shape: 'a 256 KiB Permit2 offer without EIP-712 domain, both sponsoring extensions, 10000 planned payments, allowance short',
    body: { offer, extensions: { eip2612GasSponsoring: {}, erc20ApprovalGasSponsoring: {} }, payer: { permit2_allowance_atomic: '99999999', has_native_gas: true }, planned_payments: 10_000 },
  };
}

/**
 * x402-agent-wallet-spend-policy-simulator at its maxima: 1000 events a second apart, every list at
 * its bound, a rolling 24 h window, and events that hit the approval, rate and daily rules.
 */
function spendPolicySimulator(): BenchInput {
  const random = seeded(30);
  const payees = times(200, () => address(random));
  const policy = {
    per_tx_max: '0.05',
    daily_max: '5',
    weekly_max: '20',
    require_approval_above: '0.04',
    max_tx_per_minute: 30,
    day_boundary: 'rolling_24h',
    allowed_payees: payees,
    denied_payees: times(200, () => address(random)),
    allowed_networks: times(20, (i) => (i === 0 ? 'base' : `eip155:${i + 100}`)),
    allowed_assets: times(50, (i) => (i === 0 ? CHAINS.base.usdc : address(random))),
    allowed_hosts: times(200, (i) => `api${i}.bench.example`),
  };
  const events = times(1000, (i) => ({
    event_id: `event-${String(i).padStart(4, '0')}`,
    at: new Date(Date.UTC(2026, 0, 5) + i * 1000).toISOString(),
    amount: i % 7 === 0 ? '0.045' : '0.02',
    asset: CHAINS.base.usdc,
    network: i % 50 === 0 ? 'eip155:1' : 'eip155:8453',
    pay_to: payees[i % 200]!,
    resource_host: `api${i % 200}.bench.example`,
    approved_by_human: i % 14 === 0,
  }));
  return { tool: 'x402_agent_wallet_spend_policy_simulator', shape: '1000 events, every policy list at its bound, rolling 24 h window; approval, rate and daily rules hit', body: { policy, start_state: { spent_today: '1', spent_this_week: '3' }, events } };
}

/** x402-spend-permission-allowance-fit-checker at its maxima: 2000 spends in 2000 one-second periods at the uint48 end, a uint160 allowance. */
function spendPermissionFit(): BenchInput {
  const end = 2 ** 48 - 1;
  const permission = { account: '0x1111111111111111111111111111111111111111', spender: '0x2222222222222222222222222222222222222222', token: CHAINS.base.usdc, allowance: (2n ** 160n - 1n).toString(), period: 1, start: 0, end, salt: '9'.repeat(78), extraData: `0x${'ab'.repeat(1024)}` };
  const planned = times(2000, (i) => ({ at: end - 1 - ((i * 7919) % 2000), amount_atomic: '9'.repeat(48) }));
  return { tool: 'x402_spend_permission_allowance_fit_checker', shape: '2000 planned spends out of order over 2000 periods, uint160 allowance, uint48 times', body: { permission, planned, already_spent_in_current_period: '1', expected_spender: permission.spender } };
}

/** x402-agent-commerce-mandate-receipt-fit-card at its maxima: AP2 intent (17000 SKUs, 2000 merchants), a 2000-item cart and a padded payment mandate, each under 256 KiB. */
function mandateReceiptFit(): BenchInput {
  const skus = times(17_000, (i) => `SKU-${i}`);
  const usd = (value: number) => ({ currency: 'USD', value });
  const intent_mandate = { natural_language_description: 'Office supplies for the quarter', intent_expiry: '2026-02-01T00:00:00Z', user_cart_confirmation_required: false, merchants: times(2000, (i) => `Shop ${i}`), skus, budget: usd(5000) };
  const cart_mandate = {
    contents: {
      id: 'cart-1',
      user_cart_confirmation_required: false,
      merchant_name: 'Shop 1999',
      cart_expiry: '2026-01-10T00:00:00Z',
      payment_request: { method_data: [{ supported_methods: 'CARD' }], details: { id: 'order-1', display_items: times(2000, (i) => ({ label: skus[i * 8]!, amount: usd(1) })), total: { label: 'Total', amount: usd(2000) } } },
    },
  };
  const payment_mandate = { payment_mandate_contents: { payment_mandate_id: 'pm-1', payment_details_id: 'order-1', payment_details_total: { label: 'Total', amount: usd(2000) }, payment_response: { request_id: 'order-1', method_name: 'CARD' }, merchant_agent: 'shop' }, user_authorization: 'x'.repeat(250_000) };
  const receipt = { ap2: { payment_mandate_id: 'pm-1', payment_id: 'pay-1', amount: { currency: 'USD', value: '2000.00' }, payment_status: { merchant_confirmation_id: 'mc-1' }, timestamp: '2026-01-05T10:00:00Z' } };
  return { tool: 'x402_agent_commerce_mandate_receipt_fit_card', shape: 'AP2 intent with 17000 SKUs and 2000 merchants, 2000-item cart, 250 KiB payment mandate, AP2 receipt', body: { mandate: { ap2: { intent_mandate, cart_mandate, payment_mandate, intent_signed_by_user: true } }, receipt, merchant_label: 'Shop 1999' } };
}

/** x402-final-total-delta-guard at its maxima: 100 line items a side with 120-character labels, all changed, a 78-digit atomic total. */
function finalTotalGuard(): BenchInput {
  const items = (amount: string) => times(100, (i) => ({ label: `Line item ${i} `.padEnd(120, 'x'), amount }));
  return {
    tool: 'x402_final_total_delta_guard',
    shape: '100 line items a side (120-character labels, every one changed), a 78-digit atomic final total',
    body: {
      approved: { amount: '999999999999.999999', currency: 'USD', approved_at: '2026-11-28T06:00:00Z', line_items: items('9999999999.999999') },
      final: { amount_atomic: '9'.repeat(78), asset: CHAINS.base.usdc, network: 'base', currency: 'USDC', line_items: items('9999999999.999998') },
      tolerance: { abs: '999999.999999', pct: 99.9999 },
    },
  };
}

/**
 * x402-agent-rendered-checkout-ui-diff at its maxima: 100 fields of 256 characters and 8000 characters of
 * text, dense with amounts, full and shortened addresses and network names, for a recurring payment.
 */
function checkoutUiDiff(): BenchInput {
  const payee = '0x1111111111111111111111111111111111111111';
  const dense = `$0.01 0.10 USDC 0x1111…1111 ${payee} Base Sepolia eip155:8453 every `;
  const fields = times(100, (i) => ({ label: ['Price', 'Pay to', 'Network', 'Billing', 'Note'][i % 5]!.padEnd(80, ' '), value: dense.repeat(4).slice(0, 256) }));
  return {
    tool: 'x402_agent_rendered_checkout_ui_diff',
    shape: '100 fields of 256 characters and 8000 characters of text, each full of amounts, addresses and network names',
    body: { rendered: { fields, text: dense.repeat(120).slice(0, 8000) }, actual: { amount_atomic: '100000', asset: CHAINS.base.usdc, network: 'base', pay_to: payee, merchant_name: 'Acme Research'.padEnd(120, 'x'), recurring: true, resource_label: `https://api.example.com/${'r'.repeat(2000)}` } },
  };
}

/** x402-paid-tool-confirmation-prompt-auditor at its maxima: a 120-character title, 4000 characters of body dense with amounts and pressure phrases, five buttons. */
function confirmationPrompt(): BenchInput {
  const body = 'Hurry, act now: pay $1.00 or 1.00 USDC every day to run deep wallet report, limited time, you will regret it! '.repeat(40).slice(0, 4000);
  const buttons = times(5, (i) => ({ label: `Pay 1.00 USDC, last chance ${i}`.padEnd(40, '!'), is_default: true, action: i === 4 ? 'cancel' : 'confirm' }));
  return {
    tool: 'x402_paid_tool_confirmation_prompt_auditor',
    shape: '120-character title, 4000-character body dense with amounts and pressure phrases, five buttons, a prechecked skip',
    body: {
      prompt: { title: 'Limited time offer: '.repeat(6).slice(0, 120), body_text: body, buttons, dont_ask_again: { present: true, prechecked: true } },
      tool: { name: 'deep_wallet_report'.padEnd(128, '_'), price: `${'9'.repeat(30)}.999999`, currency: 'USDC', network: 'base', readOnlyHint: false, destructiveHint: true, recurring: true },
      approval_free_below: '0.5',
    },
  };
}

/** x402-partial-work-charge-boundary-tester at its maximum: 500 cases with 78-digit prices, proportional under upto (BigInt floor per case). */
function chargeBoundary(): BenchInput {
  const price = '9'.repeat(78);
  const cases = times(500, (i) => ({
    case_id: `case-${String(i).padStart(120, '0')}`,
    http_status: i % 7 === 0 ? 503 : 200,
    completed_units: i % 1000,
    total_units: 999 + (i % 2),
    flags: ['partial', 'degraded', 'timeout', 'empty'],
    settled: i % 3 !== 0,
    settled_amount_atomic: i % 5 === 0 ? price : '1'.repeat(77),
    price_atomic: price,
  }));
  return { tool: 'x402_partial_work_charge_boundary_tester', shape: '500 cases, 78-digit prices, proportional under upto, every verdict', body: { policy: { charge_rule: 'proportional', scheme: 'upto' }, cases } };
}

/** x402-agent-commerce-terms-uri-resolver at its maximum: 10 sources of 16 KiB (inline markdown in NFC-changing text, data: URIs in base64), all pins. */
function termsResolver(): BenchInput {
  const inline = (i: number) => ({ kind: 'x402_terms_extension', level: 'service', format: 'markdown', terms: `${'Cafe\u0301 '.repeat(2340)}${i}`, version: 'v'.repeat(64) });
  const data = (i: number) => ({ kind: 'other', level: 'resource', format: 'uri', terms: `data:text/markdown;base64,${Buffer.from(`${'t'.repeat(12_000)}${i}`).toString('base64')}` });
  return {
    tool: 'x402_agent_commerce_terms_uri_resolver',
    shape: '10 sources of 16 KiB (5 inline markdown needing NFC, 5 base64 data: URIs), uri, content_hash and version pinned',
    body: { sources: times(10, (i) => (i % 2 ? inline(i) : data(i))), pinned: { uri: `https://s.example/${'x'.repeat(2000)}`, content_hash: fingerprint('pinned'), version: 'v'.repeat(64) } },
  };
}

/** x402-merchant-of-record-boundary-explainer at its maximum: 10 parties, every role on another party, 10 disclosures (3 unknown), a 200-character cart name. */
function merchantOfRecord(): BenchInput {
  const parties = times(10, (i) => ({ party_id: `party-${String(i).padStart(58, '0')}`, label: `Party ${i} `.padEnd(120, 'x'), kind: (['seller', 'marketplace', 'mcp_proxy', 'facilitator', 'platform', 'payment_processor'] as const)[i % 6] }));
  const id = (i: number) => parties[i]!.party_id;
  return {
    tool: 'x402_merchant_of_record_boundary_explainer',
    shape: '10 parties, six roles on six parties, 10 disclosures (3 unknown ids), 200-character cart name',
    body: {
      parties,
      roles: { funds_recipient: id(3), price_setter: id(1), receipt_issuer: id(2), refund_handler: id(0), terms_owner: id(4), support_contact: id(5) },
      cart_merchant_name: 'M'.repeat(200),
      disclosed_to_buyer: [...times(7, (i) => id(9 - i)), 'unknown-a', 'unknown-b', 'unknown-c'],
    },
  };
}

/** USDC of the networks CCTP reaches (the reference data), for the treasury dust map's holdings. */
const CCTP_USDC: Readonly<Record<string, string>> = Object.fromEntries(Object.keys(X402_CCTP_DOMAINS).map((network) => [network, X402_USDC[network]!.address]));

/** x402-machine-payment-treasury-dust-map at its maximum: 500 holdings on 30 networks (78-digit balances, 36 decimals), lookalikes, 30 sweep costs. */
function treasuryDust(): BenchInput {
  const networks = [...Object.keys(CCTP_USDC), ...times(23, (i) => `eip155:${100_000 + i}`)].slice(0, 30);
  const holding = (i: number) => {
    const network = networks[i % 30]!;
    if (i % 3 === 0 && CCTP_USDC[network]) return { network, asset: CCTP_USDC[network], symbol: 'USDC', decimals: 6, balance_atomic: String(10_000 * i) };
    return { network, asset: `0x${String(i).padStart(40, '0')}`, symbol: i % 25 === 0 ? 'USD Coin' : 'TOKEN', decimals: 36, balance_atomic: '9'.repeat(78), price_usd: '123456.123456' };
  };
  return {
    tool: 'x402_machine_payment_treasury_dust_map',
    shape: '500 holdings on 30 networks (USDC and 36-decimal tokens with 78-digit balances, lookalikes), 30 sweep costs',
    body: { holdings: times(500, holding), sweep_costs: networks.map((network, i) => ({ network, cost_usd: `${i}.123456` })), policy: { dust_multiple: 99.999999, home_network: 'eip155:8453', min_batch_value_usd: '1.5' } },
  };
}

/**
 * x402-paid-tool-upsell-path-optimizer at its maxima: 60 tools with 120-character ids, 20 covers of
 * 64 characters and 5 next edges each, every tool covering the 10 goal tags (so all 1,800 two- and
 * three-step ladders are candidates), plus the built-in catalog.
 */
function upsellPath(): BenchInput {
  const goal_tags = times(10, (i) => padded('goal', i, 64));
  const id = (i: number) => padded('tool', i % 60, 120);
  const tools = times(60, (i) => ({
    tool_id: id(i),
    price: `${1 + (i % 7)}.${String(i).padStart(2, '0')}`,
    covers: [...goal_tags, ...times(10, (j) => padded('cover', j, 64))],
    early_exit_probability: (i % 10) / 10,
    next: times(5, (j) => id(i + j + 1)),
  }));
  return { tool: 'x402_paid_tool_upsell_path_optimizer', shape: '60 tools × 20 covers × 5 next edges, 10 goal tags all covered (1,800 ladders), built-in catalog', body: { goal_tags, budget: '1000', tools, use_builtin_catalog: true } };
}

/**
 * x402-cache-leakage-guard at its maxima: 100 exchanges on 10 paths of 2048 characters, every
 * response header at 512 characters, so directive parsing, Vary and hit markers run on the longest values.
 */
function cacheGuard(): BenchInput {
  const directives = (text: string) => Array.from({ length: 40 }, (_, i) => `ext-${i}=1`).join(', ').concat(`, ${text}`).padEnd(512, ' ');
  const exchanges = times(100, (i) => ({
    exchange_id: padded('exchange', i, 120),
    method: 'GET',
    path_label: padded('/api/route', i % 10, 2048),
    status: 200,
    paid: i % 7 === 0,
    request_had_payment_header: i % 7 === 0,
    payment_response_present: i % 7 === 0,
    set_cookie_present: i % 3 === 0,
    response_headers: {
      'cache-control': directives('public, max-age=300'),
      'cdn-cache-control': directives('s-maxage=60'),
      'surrogate-control': directives('max-age=60'),
      vary: times(40, (j) => `x-header-${j}`).join(', ').padEnd(512, ' '),
      age: '120'.padEnd(512, ' '),
      'x-cache': 'MISS, MISS'.padEnd(512, ' '),
      'cf-cache-status': 'DYNAMIC'.padEnd(512, ' '),
      expires: 'Sun, 06 Nov 1994 08:49:37 GMT'.padEnd(512, ' '),
      pragma: 'no-cache'.padEnd(512, ' '),
      etag: `"${'e'.repeat(500)}"`,
      'last-modified': 'Sun, 06 Nov 1994 08:49:37 GMT'.padEnd(512, ' '),
    },
  }));
  return { tool: 'x402_cache_leakage_guard', shape: '100 exchanges on 10 paths, every header 512 characters (40+ directives each), paid and unpaid hits', body: { exchanges } };
}

/** x402-agent-commerce-sandbox-seed-pack at its maxima: 20 scenarios (every one, the happy paths twice) × 10 variants, cut at 200 fixtures. */
function seedPack(): BenchInput {
  const scenarios = ['happy_path_v2', 'happy_path_v1', 'wrong_network', 'wrong_asset', 'overpriced', 'payee_swapped', 'expired_authorization', 'not_yet_valid', 'insufficient_funds', 'facilitator_503', 'settle_timeout_pending', 'duplicate_nonce', 'permit2_allowance_required', 'idempotency_conflict_409', 'receipt_missing', 'mcp_payment_required_result'];
  return {
    tool: 'x402_agent_commerce_sandbox_seed_pack',
    shape: '20 scenarios × 10 variants (210 fixtures requested, 200 generated), both versions',
    body: { seed: Number.MAX_SAFE_INTEGER, scenarios: [...scenarios, 'happy_path_v2', 'happy_path_v1', 'wrong_network', 'overpriced'], per_scenario: 10, price: '999999.999999', x402_versions: [2, 1] },
  };
}

/** A tools/list of `count` tools with `props` string properties each (the first `required` required) and an output schema. */
function wideTools(count: number, props: number, required: number) {
  const properties = Object.fromEntries(times(props, (j) => [`p${j}`, { type: 'string', maxLength: 200, description: `argument ${j}` }]));
  return times(count, (i) => ({ name: `tool_${i}`, inputSchema: { type: 'object', properties, required: times(required, (j) => `p${j}`) }, outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }));
}

/**
 * x402-mcp-registry-release-quality-gate at its maxima: a 62 KiB server.json (50 packages of 10
 * credential environment variables, all failing), 200 tools of 25 arguments on both sides, every tool
 * gaining a required argument under a minor bump.
 */
function releaseGate(): BenchInput {
  const packages = times(50, (i) => ({ registryType: 'npm', registryBaseUrl: 'https://npm.mirror.example', identifier: `@bench/pkg-${i}`, version: '^1.0.0', transport: { type: 'stdio' }, environmentVariables: times(10, (j) => ({ name: `BENCH_TOKEN_${j}`, description: 'x'.repeat(24), default: 'demo' })) }));
  const server = { name: 'io.github.bench/server', description: 'x'.repeat(101), version: '1.1.0', packages, _meta: { 'com.bench/ci': {}, 'io.modelcontextprotocol.registry/publisher-provided': { blob: 'x'.repeat(2000) } } };
  return {
    tool: 'x402_mcp_registry_release_quality_gate',
    shape: 'a 62 KiB server.json (50 packages × 10 secret env vars), 200 tools × 25 arguments before and after, a breaking change per tool',
    body: { server_json: server, tools: wideTools(200, 25, 2), previous: { server_json: { ...server, version: '1.0.0', packages: [] }, tools: wideTools(200, 25, 1) } },
  };
}

/**
 * x402-mcp-elicitation-consent-transcript-auditor at its maxima: 500 messages, 125 call → form →
 * answer → result rounds over 20 paid tools, forms of 40 fields (every tenth sensitive, every
 * seventh nested), half the paid calls after a decline.
 */
function elicitationTranscript(): BenchInput {
  const properties = Object.fromEntries(times(40, (j) => [j % 10 === 0 ? `card_number_${j}` : `field_${j}`, j % 7 === 0 ? { type: 'object', properties: { a: { type: 'string' } } } : { type: 'string', description: 'x'.repeat(40) }]));
  const messages = times(125, (i) => [
    { seq: 4 * i, direction: 'client_to_server', kind: 'request', method: 'tools/call', id: i, params: { name: `tool_${i % 20}`, arguments: {}, ...(i % 2 ? { _meta: { 'x402/payment': { x402Version: 2 } } } : {}) } },
    { seq: 4 * i + 1, direction: 'server_to_client', kind: 'request', method: 'elicitation/create', id: `e${i}`, params: { mode: i % 5 ? 'form' : 'url', message: 'Confirm', requestedSchema: { type: 'object', properties }, url: 'https://pay.bench.example/confirm', elicitationId: `u${i}` } },
    { seq: 4 * i + 2, direction: 'client_to_server', kind: 'result', id: `e${i}`, result: { action: i % 3 ? 'decline' : 'accept' } },
    { seq: 4 * i + 3, direction: 'server_to_client', kind: 'result', id: i, result: { content: [] } },
  ]).flat();
  return { tool: 'x402_mcp_elicitation_consent_transcript_auditor', shape: '500 messages: 125 paid-call rounds, 40-field forms, 200 paid tool names', body: { client_capabilities: { elicitation: { form: {} } }, paid_tool_names: times(200, (i) => `tool_${i}`), messages } };
}

/**
 * x402-commerce-pii-minimization-check at its maxima: a 64 KiB payload of 400 order rows, each with
 * a card number, an email, a phone, a wallet, coordinates and a note (2400 values to classify), and 50
 * declared_needed pointers that each match nothing (every finding is compared with all of them).
 */
function piiCheck(): BenchInput {
  const rows = times(400, (i) => ({ card: '4111111111111111', email: `u${i}@ex.org`, phone: '+14155550123', wallet: CHAINS.base.usdc, lat: 52.52001, note: 'ring twice' }));
  return { tool: 'x402_commerce_pii_minimization_check', shape: '400 rows × 6 personal values (63 KiB), 50 unmatched declared_needed pointers', body: { purpose: 'digital_goods_x402', payload: { rows }, declared_needed: times(50, (i) => `/none/${i}`) } };
}

/**
 * x402-payment-method-disclosure-map at its maxima: a 1000-offer challenge on Base and Solana, a
 * manifest and an MCP list of 1400 priced tools each (Base and Polygon), llms.txt and terms at their
 * limits naming four networks on every line.
 */
function disclosureMap(): BenchInput {
  const payTo = '0x1111111111111111111111111111111111111111';
  const accepts = times(1000, (i) => ({ scheme: 'exact', network: i % 3 ? CHAINS.base.caip2 : 'solana', amount: '10000', asset: i % 3 ? CHAINS.base.usdc : 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', payTo, maxTimeoutSeconds: 60 }));
  const tools = times(1400, (i) => ({ id: `t${i}`, price: { amount: '0.01', network: i % 2 ? 'base' : 'polygon', currency: 'USDC' } }));
  return {
    tool: 'x402_payment_method_disclosure_map',
    shape: '1000 challenge offers, 1400 manifest and 1400 MCP prices, llms.txt (32 KiB) and terms (16 KiB) naming networks on every line',
    body: {
      surfaces: {
        challenge: { x402Version: 2, resource: { url: 'https://api.bench.example/quote' }, accepts },
        discovery_manifest: { tools },
        mcp_tools: { tools: tools.map((t) => ({ name: t.id, _meta: { price: t.price } })) },
        llms_txt: 'USDC on base, polygon, solana and arbitrum\n'.repeat(800).slice(0, DISCLOSURE_MAP_LIMITS.llmsTxt),
        terms_text: 'USDC on Base. '.repeat(1200).slice(0, DISCLOSURE_MAP_LIMITS.termsText),
      },
    },
  };
}

/** x402-a2a-agent-card-trust-radar at its maxima: a 64 KiB v1.0 card of 390 skills with five ES256 signatures (one verifies), five JWKs. */
function trustRadar(): BenchInput {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const skills = times(390, (i) => ({ id: `s${i % 350}`, name: `Skill ${i}`, description: 'Explains one transaction.', tags: ['evm'], inputModes: ['text/plain'], outputModes: ['application/json'] }));
  const card = {
    name: 'Bench agent',
    description: 'Explains transactions.',
    version: '1.0.0',
    provider: { organization: 'Bench', url: 'https://bench.example' },
    documentationUrl: 'https://docs.bench.example',
    supportedInterfaces: [{ url: 'https://agent.bench.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2', params: { price: '0.01' } }] },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills,
  };
  const header = (kid: string) => Buffer.from(JSON.stringify({ alg: 'ES256', kid })).toString('base64url');
  const payload = Buffer.from(canonicalJson(card)).toString('base64url');
  const signature = (kid: string) => sign('sha256', Buffer.from(`${header(kid)}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  const signatures = times(5, (i) => ({ protected: header(`k${i}`), signature: signature(`k${i}`) }));
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    tool: 'x402_a2a_agent_card_trust_radar',
    shape: 'a 64 KiB v1.0 card, 390 skills (40 duplicate ids), five ES256 signatures each checked against five JWKs',
    body: { agent_card: { ...card, signatures }, context: { expected_domain: 'bench.example' }, jwks: times(5, (i) => ({ ...jwk, kid: `k${i}` })) },
  };
}

/** x402-a2a-skill-to-task-matchmaker at its maxima: 20 cards of 125 skills (about 1 MiB), a 2000-character task, every filter set. */
function matchmaker(): BenchInput {
  const skills = times(125, (i) => ({ id: `s${i}`, name: `Skill ${i}`, description: `decode transaction ${i} token transfers and summarize wallet activity across chains with evidence`.repeat(3), tags: ['evm', `t${i}`], examples: ['decode this transaction'] }));
  const card = (i: number) => ({ name: `Agent ${i}`, url: `https://a${i}.bench.example`, protocolVersion: '0.3.0', defaultInputModes: ['text/*'], defaultOutputModes: ['*/*'], skills });
  return {
    tool: 'x402_a2a_skill_to_task_matchmaker',
    shape: '20 cards of 125 skills (2500 BM25 documents), a 2000-character task, modes, tags and a price cap',
    body: {
      task: { description: 'decode a base transaction and explain token transfers '.repeat(40).slice(0, SKILL_MATCHMAKER_LIMITS.description), input_modes: ['text/plain'], output_modes: ['application/json'], required_tags: ['evm'], max_price: '0.05' },
      agent_cards: times(20, card),
    },
  };
}

/** Each analyzer at its schema maxima, and at what the default 256 KiB body limit admits where that is less. */
/** x402-agent-payment-recovery-playbook at its maxima: the longest raw code (resolved through the taxonomy's scheme pattern), unknown settlement, every alternative, the attempt limit reached and no human. */
function recoveryPlaybook(): BenchInput {
  return {
    tool: 'x402_agent_payment_recovery_playbook',
    shape: 'a 120-character raw scheme code, settlement unknown, every alternative, attempts at the limit, no human',
    body: {
      cause: `invalid_exact_${'a'.repeat(96)}_signature`,
      stage: 'settle',
      settlement_status: 'unknown',
      valid_before: Number.MAX_SAFE_INTEGER,
      as_of: 1_800_000_000,
      payment_identifier_supported: false,
      receipt_present: false,
      alternatives: { other_offer_available: true, other_network_funded: true },
      attempts_so_far: RECOVERY_PLAYBOOK_LIMITS.maxAttemptsSoFar,
      max_attempts: RECOVERY_PLAYBOOK_LIMITS.maxAttempts,
      human_available: false,
    },
  };
}

/** x402-agent-checkout-state-simulator at its maxima: 2,000 events of 128-character correlation ids, 20 calls of 100 shuffled events with repeated seqs, every event kind. */
function checkoutSimulator(): BenchInput {
  const L = CHECKOUT_SIMULATOR_LIMITS;
  return {
    tool: 'x402_agent_checkout_state_simulator',
    shape: '2,000 events in 20 calls of 100, shuffled, seqs repeated and skipped, every event kind and actor',
    body: {
      events: times(L.events, (i) => ({
        correlation_id: `call-${i % 20}`.padEnd(L.correlationId, 'x'),
        seq: (i * 7919) % 1999,
        actor: (['client', 'server', 'facilitator'] as const)[i % 3],
        event: CHECKOUT_EVENTS[i % CHECKOUT_EVENTS.length],
      })),
    },
  };
}

/**
 * x402-post-purchase-event-continuity-checker at its maxima within the 1 MiB body: 100 purchases,
 * 5,000 events (some for unknown purchases, some ids repeated), every type, 40-character ids and
 * 78-digit amounts on the money events.
 */
function continuityChecker(): BenchInput {
  const L = CONTINUITY_LIMITS;
  const id = (prefix: string, i: number) => `${prefix}-${i}`.padEnd(40, 'x');
  const money = new Set(['payment_settled', 'refund_issued']);
  return {
    tool: 'x402_post_purchase_event_continuity_checker',
    shape: '100 purchases, 5,000 events of every type across 101 purchase ids (40-character ids), shuffled times, skipped sequences, repeated event ids',
    body: {
      purchases: times(L.purchases, (i) => ({ purchase_id: id('p', i), paid_at: 1_000, amount_atomic: '9'.repeat(78) })),
      events: times(L.events, (i) => ({
        event_id: id('e', i % 4_990),
        purchase_id: id('p', i % 101),
        type: PURCHASE_EVENT_TYPES[i % PURCHASE_EVENT_TYPES.length],
        at: 1_000 + ((i * 7919) % 5_000),
        sequence: Math.floor(i / 101) * 2,
        ...(money.has(PURCHASE_EVENT_TYPES[i % PURCHASE_EVENT_TYPES.length]!) ? { amount_atomic: '9'.repeat(78) } : {}),
      })),
      fulfilment_deadline_seconds: L.maxDeadlineSeconds,
      as_of: 1_800_000_000,
    },
  };
}

export async function benchInputs(): Promise<BenchInput[]> {
  const inputs = [loopBreaker(200), loopBreaker(10), fragmentation(1000, 1000), fragmentation(300, 0), conflict(200, 50, 1000), conflict(200, 5, 300)];
  inputs.push(await humanIntent(false), await humanIntent(true), await revocation(), await versionContinuity());
  inputs.push(dryRun(), laundering(100, 20, 1000), laundering(100, 5, 700), evidenceRouter());
  inputs.push(coalitions(12), coalitions(10), reincarnation(5000, 500, 20), reincarnation(210, 500, 1), dependencyMap(500, 20, 10, 2000), dependencyMap(500, 1, 1, 300), dependencyMapAllShared(500, 20), dependencyMapAllShared(500, 2));
  inputs.push(negativeCapability(), temporalGate(50, 200, true), temporalGate(1, 20, false), exitHandoff(2000), exitHandoff(160));
  inputs.push(discoveryAudit(1400, 100_000), discoveryAudit(220, 100_000), deepDocument(), compatibility(), paymentHistory());
  inputs.push(catalogDrift(1150));
  inputs.push(spendClassifier(1000), profileNormalizer(330), scopeAuditor());
  inputs.push(facilitatorCost(), priceDisplay(), tokenAmounts(), failoverPlan());
  inputs.push(challengeNormalizer(), routePlanner(), replayAuditor(), permit2Explainer());
  inputs.push(ap2MandateAudit(2300), walletPolicyCoverage(), purchaseReconciliation());
  inputs.push(payeeRotation(), latencySla(5000), latencySla(1500), await receiptScorer());
  inputs.push(failureFacts(), errorTaxonomy(), readinessPassport(), retryLens());
  inputs.push(responseContract(5500), operationLedger(60, 50), operationLedger(60, 13), completenessLedger(500, 100), completenessLedger(150, 100));
  inputs.push(provenanceNotary());
  inputs.push(spendPolicySimulator(), spendPermissionFit(), mandateReceiptFit());
  inputs.push(finalTotalGuard(), checkoutUiDiff(), confirmationPrompt());
  inputs.push(chargeBoundary(), termsResolver(), merchantOfRecord(), treasuryDust());
  inputs.push(recoveryPlaybook(), checkoutSimulator(), continuityChecker());
  inputs.push(upsellPath(), cacheGuard(), seedPack());
  inputs.push(releaseGate(), piiCheck(), elicitationTranscript());
  inputs.push(boundaryMapper(), curbAppealGrader(), blastRadius());
  inputs.push(disclosureMap(), trustRadar(), matchmaker());
  for (const input of inputs) toolById(input.tool)!.request.parse(input.body);
  return inputs;
}
