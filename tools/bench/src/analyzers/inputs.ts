import { CHAINS, JSON_DOCUMENT_MAX_DEPTH, toolById, type ToolId } from '@paysight/contracts';
import { prng as seeded, syntheticPaymentsSource } from '@paysight/testkit';
import { notConfiguredNarrator, PAYMENT_HISTORY_CAPS, type ToolPorts } from '@paysight/tools';
import { getAddress } from 'viem';

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
  /** For a tool that reads a chain: the ports it reads through (an in-memory chain), made once per input. */
  ports?: () => ToolPorts;
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
    ports: () => ({ chain: syntheticPaymentsSource('base', head, (block) => headTime - Number(head - block) * 2, payments), narrator: notConfiguredNarrator, reports: undefined as never, savedReportUrl: () => '' }),
  };
}

/** A document nested as deep as the schema allows: the depth bound holds without the body limit. */
function deepDocument(): BenchInput {
  const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? {} : { a: nested(levels - 1) });
  const input = discoveryAudit(400, 10_000);
  (input.body.discovery_documents as Record<string, unknown>).ai = nested(JSON_DOCUMENT_MAX_DEPTH);
  return { ...input, shape: `${input.shape}, /.well-known/ai nested ${JSON_DOCUMENT_MAX_DEPTH} deep` };
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
    discoveryAudit(1400, 100_000),
    discoveryAudit(220, 100_000),
    deepDocument(),
    compatibility(),
    paymentHistory(),
  ];
  for (const input of inputs) toolById(input.tool)!.request.parse(input.body);
  return inputs;
}
