import { createJsonRpcChainSource } from '@paysight/chain-data';
import { canonicalJson, toolById } from '@paysight/contracts';
import { devnetChainSourceConfig } from '@paysight/devnet';
import { fundedBuyer, officialPaymentClient, payingFetch, readTestStack } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { connectMcp } from './mcp-fixture.js';
import { paidToolCallTests } from './paid-tool-call.js';
import { useUnpaidPosts } from './unpaid-post.js';
import { callWithX402 } from './x402-mcp-client.js';

const fingerprintOf = (body: Record<string, unknown>) => `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
const example = (id: 'negative_capability' | 'temporal_consistency_gate' | 'service_exit_handoff') => () => toolById(id)!.example as Record<string, unknown>;

// A fresh service has observed nothing yet: the example's question cannot be answered.
paidToolCallTests('negative_capability', example('negative_capability'), (body) => {
  expect(body).toMatchObject({ service: 'negative-capability', decision: 'insufficient_evidence', agentId: 'svc_wallet_snapshot', samples: 0, failureRate: null, limitationsFound: [] });
  expect(body.inputFingerprint).toBe(fingerprintOf(example('negative_capability')()));
});

paidToolCallTests('temporal_consistency_gate', example('temporal_consistency_gate'), (body) => {
  expect(body).toMatchObject({ decision: 'allow', riskScore: 0, consistent: true, causalOrder: ['mandate-7', 'quote-42', 'intent-1'], actBefore: '2026-11-24T12:03:30.000Z' });
  expect(body.inputFingerprint).toBe(fingerprintOf(example('temporal_consistency_gate')()));
});

paidToolCallTests('service_exit_handoff', example('service_exit_handoff'), (body) => {
  expect(body).toMatchObject({ service: 'service-exit-handoff', decision: 'completed', bestTargetId: 'svc:orders-v2', plan: { strategy: 'staged', outboundActions: 'disabled' } });
  expect(body.inputFingerprint).toBe(fingerprintOf(example('service_exit_handoff')()));
});

/** A port nothing listens on: the chain node of that URL is down. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('negative-capability over the observations of real paid calls', () => {
  const stack = readTestStack();
  const alice = stack.devnet.scenario.chains.base.wallets.alice!.address;
  const snapshot = toolById('wallet_snapshot')!;
  const capability = toolById('negative_capability')!;
  let api: TestApi;
  let mcp: Client;

  beforeAll(async () => {
    // Polygon's node is down: wallet snapshots on polygon fail with 503 chain_unavailable, nothing charged.
    const { rpc } = devnetChainSourceConfig(stack.devnet, { retryCount: 0 });
    const chainSource = createJsonRpcChainSource({ ...rpc, chains: { ...rpc.chains, polygon: { rpcUrl: `http://127.0.0.1:${await closedPort()}`, demo: true } } });
    api = await startTestApi({ chainSource });
    mcp = await connectMcp(`${api.url}/api/mcp`);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
  });

  const post = async (path: string, body: unknown) => {
    const res = await payingFetch(await fundedBuyer())(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const query = async (body: Record<string, unknown>) => {
    const answer = await post(capability.path, { agentId: snapshot.mcpName, minimumSampleSize: 2, ...body });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('sees the paid calls that succeeded and the ones whose chain was down, by network', async () => {
    for (let i = 0; i < 2; i++) expect((await post(snapshot.path, { address: alice, chain: 'base' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await post(snapshot.path, { address: alice, chain: 'polygon' })).toMatchObject({ status: 503, body: { error: { code: 'chain_unavailable' } } });
    const { result } = await callWithX402(mcp, officialPaymentClient(await fundedBuyer()), snapshot.mcpName, { address: alice, chain: 'polygon' });
    expect(result.structuredContent).toMatchObject({ status: 'error', httpStatus: 503 });
    await api.observations.flush();

    const polygon = await query({ taskContext: { network: 'polygon', resourceType: 'wallet' } });
    expect(polygon).toMatchObject({ decision: 'block', samples: 3, successes: 0, failures: 3, failureRate: 1, failuresByCode: { chain_unavailable: 3 } });
    expect(await query({ taskContext: { network: 'base', payloadSizeClass: 'tiny' } })).toMatchObject({ decision: 'allow', samples: 2, failures: 0 });

    const everything = await query({});
    expect(everything).toMatchObject({ decision: 'block', samples: 5, failures: 3, evidence: { query: { aggregate: true }, byServiceVersion: { '0.1.0': { samples: 5, failures: 3 } } } });
    expect(everything.limitationsFound).toEqual([{ dimensions: { network: 'polygon' }, samples: 3, failures: 3, failureRate: 1, failuresByCode: { chain_unavailable: 3 } }]);
  });

  it('matches labels exactly: no latency label is recorded, and other agents have no observations', async () => {
    expect(await query({ taskContext: { network: 'base', latencyRequirementMs: 500 } })).toMatchObject({ decision: 'insufficient_evidence', samples: 0, reasons: [{ code: 'no_matching_observations' }, { code: 'latency_label_not_recorded' }] });
    expect(await query({ taskContext: { network: 'eip155:8453' } })).toMatchObject({ decision: 'insufficient_evidence', samples: 0 });
    expect(await query({ agentId: 'agent:some-other-service' })).toMatchObject({ decision: 'insufficient_evidence', evidence: { observedByThisService: false } });
    // Its own paid runs are observed like any tool's.
    await api.observations.flush();
    expect(await query({ agentId: capability.mcpName, taskContext: { network: 'base', resourceType: 'ext' } })).toMatchObject({ decision: 'allow', failures: 0 });
  });
});

describe('temporal-consistency-gate and service-exit-handoff at the body limit', () => {
  const { post } = useUnpaidPosts();

  it('validates 1,000 evidence items within 256 KiB and asks for payment; refuses 1,001 with a free 400 and a larger body with 413', async () => {
    const gate = toolById('temporal_consistency_gate')!;
    const items = (n: number, id = (i: number) => `receipt-${i}`) =>
      Array.from({ length: n }, (_, i) => ({ itemId: id(i), kind: 'receipt', issuer: 'seller:feed', issuedAt: '2026-11-24T11:00:00Z', sequence: i, references: i ? [id(i - 1)] : [] }));
    const body = { evaluatedAt: '2026-11-24T12:00:00Z', items: items(1000), policy: {} };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * 1024);
    expect((await post(gate.path, body)).status).toBe(402);
    const over = await post(gate.path, { ...body, items: items(1001) });
    expect([over.status, ((await over.json()) as { error: { code: string } }).error.code]).toEqual([400, 'invalid_request']);
    expect((await post(gate.path, { ...body, items: items(1000, (i) => `${'r'.repeat(190)}-${i}`) })).status).toBe(413);
    expect((await post(gate.path, gate.example)).status).toBe(402);
  });

  it('validates 25 targets with 100-field import schemas and asks for payment', async () => {
    const handoff = toolById('service_exit_handoff')!;
    const schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`field${i}`, { type: 'string' }])) };
    const body = { ...(handoff.example as Record<string, unknown>), targetCandidates: Array.from({ length: 25 }, (_, i) => ({ serviceId: `svc:${i}`, manifestHash: `sha256:${'ab'.repeat(32)}`, importSchema: schema, capabilities: ['orders'] })) };
    expect((await post(handoff.path, body)).status).toBe(402);
    expect((await post(handoff.path, { ...body, targetCandidates: [...body.targetCandidates, body.targetCandidates[0]] })).status).toBe(400);
  });
});
