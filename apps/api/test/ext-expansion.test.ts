import { CATALOG, DISCOVERY_PATHS, DOCUMENT_BODY_LIMIT_BYTES, toolById, type DiscoveryFinding } from '@paysight/contracts';
import { PAYMENT_REQUIRED_HEADER } from '@paysight/payment';
import { readTestStack } from '@paysight/testkit';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { analyzeServiceDiscovery, type DiscoveryAuditInput } from '@paysight/tools';
import { paidToolCallTests } from './paid-tool-call.js';

type Json = Record<string, unknown>;

/** Members the audit does not read (JSON Schemas, extension declarations): a caller drops them to fit the body limit. */
const UNREAD = new Set(['inputSchema', 'outputSchema', 'extensions']);
function withoutSchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSchemas);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !UNREAD.has(key)).map(([key, member]) => [key, withoutSchemas(member)]));
}

/** Paysight's own discovery documents, as the API under test serves them. */
async function ownDocuments(api: TestApi): Promise<Required<DiscoveryAuditInput['discovery_documents']>> {
  const json = async (path: string) => withoutSchemas(await (await fetch(`${api.url}${path}`)).json()) as Json;
  return {
    x402: await json(DISCOVERY_PATHS.x402),
    agent_manifest: await json(DISCOVERY_PATHS.manifest),
    ai: await json(DISCOVERY_PATHS.ai),
    mcp: await json(DISCOVERY_PATHS.mcp),
    llms_text: await (await fetch(`${api.url}${DISCOVERY_PATHS.llmsTxt}`)).text(),
  };
}
const ownAudit = async (api: TestApi): Promise<DiscoveryAuditInput> => ({
  service_url: api.url,
  discovery_documents: await ownDocuments(api),
  expected_resource_path: '/api/x402/service-discovery-audit',
  expected_price: '0.25',
  expected_currency: 'USDC',
  network: 'base',
});

paidToolCallTests('service_discovery_audit', ownAudit, (body) => {
  expect(body).toMatchObject({ decision: 'consistent', confidence: 'high', risk_flags: [], findings: [], checked_documents: ['x402', 'agent_manifest', 'ai', 'mcp', 'llms_text'] });
  expect(body.evidence).toMatchObject({ paths_declared: CATALOG.length, paths_compared: CATALOG.length, expectations: { path: '/api/x402/service-discovery-audit', price_usdc: '0.25', network: 'eip155:8453' } });
});

const sellers = () => readTestStack().devnet.scenario.chains.base.wallets;
paidToolCallTests(
  'agent_payment_history_summary',
  () => ({ chain: 'base', payee: sellers().genuineSeller!.address, currency: 'USDC', lookback_days: 30, resource_path: '/api/data' }),
  (body) => {
    expect(body).toMatchObject({
      decision: 'active',
      payments: { count: 7, distinct_payers: 5, total_usdc: '1.75', eip3009_share: 1 },
      resource_path: { value: '/api/data', attributed: false },
      metadata: { chain: 'base', dataSourceStatus: 'Demo' },
    });
  },
);

/** The official x402 client as an agent runs it: both protocol versions, exact on Base, the HTTP headers and the MCP _meta. */
const officialClient = { x402_versions: [2, 1], schemes: ['exact'], networks: ['eip155:8453'], payment_transports: ['http_payment_signature', 'http_x_payment', 'mcp_payment_meta'], extensions: ['payment-identifier', 'offer-receipt'] };
paidToolCallTests(
  'agent_compatibility_analyzer',
  async (api) => {
    const unpaid = await fetch(`${api.url}/api/x402/wallet-audit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toolById('wallet_audit')!.example) });
    return { agent: officialClient, service: { payment_required: unpaid.headers.get(PAYMENT_REQUIRED_HEADER)!, call_via: 'http' } };
  },
  (body) => {
    // wallet_audit costs 1.00: exactly the official client's default cap, which it may pay.
    expect(body).toMatchObject({ decision: 'compatible', selected_offer: { offer: 'v2#0', network: 'eip155:8453', amount_atomic: '1000000', payment_transport: 'PAYMENT-SIGNATURE' }, blocking: [], warnings: [] });
    expect(body.checks).toContainEqual(expect.objectContaining({ code: 'within_default_cap', status: 'pass' }));
  },
);

describe('service discovery audit of the served documents', () => {
  let api: TestApi;
  let documents: Required<DiscoveryAuditInput['discovery_documents']>;
  beforeAll(async () => {
    api = await startTestApi();
    documents = await ownDocuments(api);
  });
  afterAll(() => api.close());
  const audit = (changed: Partial<DiscoveryAuditInput['discovery_documents']>) =>
    analyzeServiceDiscovery({ service_url: api.url, discovery_documents: { ...documents, ...changed }, expected_currency: 'USDC', network: 'base' }).result;
  const high = (findings: readonly DiscoveryFinding[]) => findings.filter((f) => f.severity === 'high');

  it('finds a price changed in llms.txt', () => {
    const llms = documents.llms_text.replace(/(\/api\/x402\/tx-decode\):.*Price )0\.25( USDC)/, '$10.52$2');
    expect(llms).not.toBe(documents.llms_text);
    const result = audit({ llms_text: llms });
    expect(result.decision).toBe('major_drift');
    expect(high(result.findings)).toEqual([expect.objectContaining({ code: 'price_mismatch', path: '/api/x402/tx-decode', documents: ['llms_text'], expected: '0.25 USDC', observed: '0.52 USDC' })]);
  });

  it('finds an asset that is not Base USDC in the x402 resource list', () => {
    const x402 = structuredClone(documents.x402) as { resources: { accepts: Json[] }[] };
    x402.resources[1]!.accepts[0]!.asset = '0x4200000000000000000000000000000000000006';
    const result = audit({ x402 });
    expect(high(result.findings)).toEqual([expect.objectContaining({ code: 'asset_not_usdc', documents: ['x402'], path: CATALOG[1]!.path })]);
  });

  it('finds an MCP tool whose endpoint points at another host', () => {
    const mcp = structuredClone(documents.mcp) as { tools: { _meta?: Json }[] };
    const tool = mcp.tools.find((t) => t._meta?.x402Endpoint === '/api/x402/seller-profile')!;
    tool._meta!.x402Endpoint = 'https://paysight-payments.example/api/x402/seller-profile';
    expect(high(audit({ mcp }).findings)).toEqual([expect.objectContaining({ code: 'resource_on_foreign_host', documents: ['mcp'], observed: 'https://paysight-payments.example' })]);
  });

  it('finds a tool the manifest no longer lists (minor drift)', () => {
    const manifest = structuredClone(documents.agent_manifest) as { tools: { id: string }[]; resources: { id: string }[] };
    manifest.tools = manifest.tools.filter((t) => t.id !== 'tx_status');
    manifest.resources = manifest.resources.filter((r) => r.id !== 'tx_status');
    const result = audit({ agent_manifest: manifest });
    expect(result).toMatchObject({ decision: 'minor_drift', findings: [expect.objectContaining({ code: 'paths_missing_in_document', path: '/api/x402/tx-status', documents: ['agent_manifest'] })] });
  });
});

describe('expansion tools at the body limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  const post = (path: string, body: unknown) => fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const path = toolById('service_discovery_audit')!.path;

  it('asks for payment for the served documents with the longest llms.txt; refuses a longer one with a free 400 and a document nested too deep likewise', async () => {
    const request = await ownAudit(api);
    const longest = { ...request, discovery_documents: { ...request.discovery_documents, llms_text: request.discovery_documents.llms_text!.padEnd(100_000, '.') } };
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeLessThan(DOCUMENT_BODY_LIMIT_BYTES);
    expect((await post(path, longest)).status).toBe(402);
    const over = await post(path, { ...longest, discovery_documents: { ...longest.discovery_documents, llms_text: `${longest.discovery_documents.llms_text}.` } });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const deep = JSON.parse(`${'{"a":'.repeat(65)}{}${'}'.repeat(65)}`) as Json;
    expect((await post(path, { ...request, discovery_documents: { x402: deep } })).status).toBe(400);
  });

  it('answers 413 to documents past its 1 MiB body limit, then keeps serving', async () => {
    const request = await ownAudit(api);
    const huge = { ...request, discovery_documents: { ...request.discovery_documents, x402: { resources: Array.from({ length: 20_000 }, (_, i) => ({ resource: `${api.url}/api/x402/r-${i}`, price: '0.01' })) } } };
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeGreaterThan(DOCUMENT_BODY_LIMIT_BYTES);
    expect((await post(path, huge)).status).toBe(413);
    expect((await post(path, request)).status).toBe(402);
  });
});
