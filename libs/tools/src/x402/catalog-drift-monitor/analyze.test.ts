import { X402_REFERENCE_DATA_VERSION, X402_REQUEST_LIMITS, catalogDriftMonitorRequest, catalogDriftMonitorResult, catalogEntry, type CatalogDriftMismatch } from '@paysight/contracts';
import { analyzeCatalogDrift, type CatalogDriftInput } from './analyze.js';

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ONES = `0x${'1'.repeat(40)}`;
const TWOS = `0x${'2'.repeat(40)}`;
const ENDPOINT = '/api/x402/tx-status';

const challenge = (offer: Record<string, unknown> = {}, url = `https://s.example${ENDPOINT}`) => ({
  resource: { url },
  accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: ONES, maxTimeoutSeconds: 60, ...offer }],
});

function run(body: Record<string, unknown>) {
  const input: CatalogDriftInput = catalogDriftMonitorRequest.parse({ service_url: 'https://s.example', expected_endpoint: ENDPOINT, ...body });
  const output = analyzeCatalogDrift(input);
  expect(catalogDriftMonitorResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

const fields = (mismatches: CatalogDriftMismatch[]) => mismatches.map((m) => [m.field, m.severity]);

describe('x402-catalog-drift-monitor', () => {
  it('the worked example of design §1: an overpriced challenge is major drift, low confidence', () => {
    const { result, metadata } = run({
      expected_price: '0.01',
      expected_network: 'eip155:8453',
      expected_receiver: ONES,
      payment_challenge_json: challenge({ amount: '20000' }),
    });
    expect(result.checked_surfaces).toEqual(['payment_challenge']);
    expect(result.mismatches).toEqual([
      { field: 'price', severity: 'high', expected: '0.01', observed: '0.02', source: '/payment_challenge_json/accepts/0/amount', explanation: expect.any(String) },
    ]);
    expect(result.decision).toBe('major_drift');
    expect(result.confidence).toBe('low');
    expect(result.risk_flags).toEqual(['price_mismatch']);
    expect(metadata.reference_data_version).toBe(X402_REFERENCE_DATA_VERSION);
  });

  it('consistent: four surfaces agree; alias and format differences are low only; confidence high', () => {
    const { result } = run({
      expected_price: '0.01',
      expected_network: 'base',
      expected_receiver: ONES.toUpperCase().replace('0X', '0x'),
      expected_currency: 'USDC',
      expected_tool_id: 'tx_status',
      mcp_tool_name: 'svc_tx_status',
      payment_challenge_json: challenge(),
      openapi_json: { paths: { [ENDPOINT]: { post: { 'x-x402': { amount: '0.010', currency: 'USDC', network: 'eip155:8453', payTo: ONES } } } } },
      catalog_json: {
        tools: [{ id: 'tx_status', path: ENDPOINT, method: 'POST', mcpName: 'svc_tx_status', price: { amount: '0.01', currency: 'USDC', network: 'base', payTo: ONES } }],
        mcp: { tools: [{ name: 'svc_tx_status', _meta: { x402ToolId: 'tx_status', x402Endpoint: ENDPOINT, price: { amount: '0.01', currency: 'USDC', network: 'base' } } }] },
      },
    });
    expect(result.decision).toBe('consistent');
    expect(result.confidence).toBe('high');
    expect(result.checked_surfaces).toEqual(['catalog', 'mcp_tool', 'openapi', 'payment_challenge']);
    expect(result.mismatches.length).toBeGreaterThan(0);
    expect(result.mismatches.every((m) => m.severity === 'low')).toBe(true);
    expect(result.risk_flags).toEqual(['alias_or_format_difference']);
    expect(result.mismatches.find((m) => m.field === 'price')).toMatchObject({ expected: '0.01', observed: '0.010', source: `/openapi_json/paths/~1api~1x402~1tx-status/post/x-x402/amount` });
  });

  it('minor_drift: a cheaper price and another method are medium; confidence medium with two surfaces', () => {
    const { result } = run({
      expected_price: '0.01',
      payment_challenge_json: challenge({ amount: '5000' }),
      openapi_json: { paths: { [ENDPOINT]: { get: { 'x-price': { amount: '0.005' } } } } },
    });
    expect(result.decision).toBe('minor_drift');
    expect(result.confidence).toBe('medium');
    expect(fields(result.mismatches)).toEqual([
      ['method', 'medium'],
      ['price', 'medium'],
      ['price', 'medium'],
    ]);
    expect(result.risk_flags).toEqual(['method_mismatch', 'price_mismatch']);
  });

  it('without expectations the challenge is the reference: a catalog with another payee and network is major drift', () => {
    const { result } = run({
      payment_challenge_json: challenge(),
      catalog_json: { resources: [{ endpoint: `https://s.example${ENDPOINT}`, price: { amount: '0.01', currency: 'USDC', network: 'eip155:1', payTo: TWOS } }] },
    });
    expect(result.decision).toBe('major_drift');
    expect(fields(result.mismatches)).toEqual([
      ['network', 'high'],
      ['receiver', 'high'],
    ]);
    expect(result.mismatches[0]).toMatchObject({ expected: 'eip155:8453', observed: 'eip155:1', source: '/catalog_json/resources/0/price/network' });
  });

  it('high: a challenge whose resource path differs, or whose asset is not the network\'s USDC', () => {
    const { result } = run({ expected_currency: 'USDC', payment_challenge_json: challenge({ asset: TWOS }, 'https://s.example/api/x402/other') });
    expect(result.decision).toBe('major_drift');
    expect(fields(result.mismatches)).toEqual([
      ['currency', 'high'],
      ['endpoint', 'high'],
    ]);
  });

  it('medium: the endpoint absent from a supplied catalog', () => {
    const { result } = run({ expected_price: '0.01', payment_challenge_json: challenge(), catalog_json: { tools: [{ id: 'other', path: '/api/other' }] } });
    expect(result.decision).toBe('minor_drift');
    expect(result.mismatches).toEqual([expect.objectContaining({ field: 'endpoint', severity: 'medium', observed: null, source: '/catalog_json/tools' })]);
  });

  it('reads a v1 challenge (maxAmountRequired, resource per offer, alias network) and picks the offer on the expected network', () => {
    const v1 = {
      x402Version: 1,
      accepts: [
        { scheme: 'exact', network: 'base-sepolia', maxAmountRequired: '10000', resource: `https://s.example${ENDPOINT}`, asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', payTo: ONES },
        { scheme: 'exact', network: 'base', maxAmountRequired: '10000', resource: `https://s.example${ENDPOINT}`, asset: USDC_BASE, payTo: ONES },
      ],
    };
    const { result } = run({ expected_network: 'eip155:8453', expected_price: '0.01', expected_currency: 'usdc', payment_challenge_json: v1 });
    expect(result.decision).toBe('consistent');
    expect(result.mismatches).toEqual([expect.objectContaining({ field: 'network', severity: 'low', expected: 'eip155:8453', observed: 'base', source: '/payment_challenge_json/accepts/1/network' })]);
  });

  it('insufficient_evidence: no surface, an unparseable surface, or nothing to compare', () => {
    expect(run({}).result).toMatchObject({ decision: 'insufficient_evidence', confidence: 'low', checked_surfaces: [] });
    const unparsed = run({ payment_challenge_json: { error: 'nope' } }).result;
    expect(unparsed).toMatchObject({ decision: 'insufficient_evidence', checked_surfaces: [] });
    expect(unparsed.risk_flags).toEqual(['challenge_unparsed']);
    const nothing = run({ payment_challenge_json: { accepts: [{ scheme: 'exact' }] } }).result;
    expect(nothing).toMatchObject({ decision: 'insufficient_evidence', checked_surfaces: ['payment_challenge'], mismatches: [] });
  });

  it('unsafe_target: a private service_url or a non-root-relative endpoint stops the comparison', () => {
    for (const body of [{ service_url: 'https://169.254.169.254/' }, { service_url: 'http://s.example' }, { expected_endpoint: '//evil.example/x' }, { expected_endpoint: '/x?y=1' }, { expected_endpoint: 'api/x' }]) {
      const { result } = run({ payment_challenge_json: challenge({ amount: '99999' }), ...body });
      expect(result).toMatchObject({ decision: 'unsafe_target', checked_surfaces: [], mismatches: [] });
    }
    expect(run({ service_url: 'https://localhost' }).result.risk_flags).toEqual(['unsafe_service_url']);
  });

  it('an unknown network is kept verbatim and flagged; its asset is not judged without reference data', () => {
    const { result } = run({ payment_challenge_json: challenge({ network: 'eip155:424242', asset: TWOS }), expected_network: 'eip155:424242', expected_currency: 'USDC' });
    expect(result.risk_flags).toEqual(['asset_unverifiable', 'unknown_network']);
    expect(result.decision).toBe('consistent');
    expect(result.limitations.some((l) => l.includes('eip155:424242'))).toBe(true);
  });

  describe('request bounds (spec document 2: no extra properties)', () => {
    const base = { service_url: 'https://s.example', expected_endpoint: ENDPOINT };
    const rejects = (body: Record<string, unknown>) => expect(catalogDriftMonitorRequest.safeParse(body).success).toBe(false);
    const accepts = (body: Record<string, unknown>) => expect(catalogDriftMonitorRequest.safeParse(body).error).toBeUndefined();

    it('takes the catalog example and applies the POST default', () => {
      expect(catalogDriftMonitorRequest.parse(catalogEntry('x402_catalog_drift_monitor').example).expected_method).toBe('POST');
    });

    it('refuses extra properties, missing required fields and out-of-range strings', () => {
      rejects({ ...base, extra: 1 });
      rejects({ expected_endpoint: ENDPOINT });
      rejects({ service_url: 'https://s.example' });
      rejects({ ...base, service_url: `https://s.example/${'a'.repeat(2048)}` });
      accepts({ ...base, expected_endpoint: `/${'a'.repeat(255)}` });
      rejects({ ...base, expected_endpoint: `/${'a'.repeat(256)}` });
      rejects({ ...base, expected_method: 'PUT' });
      accepts({ ...base, mcp_tool_name: 'm'.repeat(120), expected_tool_id: 't'.repeat(120), expected_receiver: 'r'.repeat(120), expected_currency: 'c'.repeat(20), expected_network: 'n'.repeat(40) });
      rejects({ ...base, mcp_tool_name: 'm'.repeat(121) });
      rejects({ ...base, expected_tool_id: 't'.repeat(121) });
      rejects({ ...base, expected_receiver: 'r'.repeat(121) });
      rejects({ ...base, expected_currency: 'c'.repeat(21) });
      rejects({ ...base, expected_network: 'n'.repeat(41) });
      accepts({ ...base, expected_price: '0.123456' });
      rejects({ ...base, expected_price: '0.1234567' });
      rejects({ ...base, expected_price: '-1' });
      rejects({ ...base, expected_price: '1e2' });
      rejects({ ...base, expected_price: 0.01 });
      rejects({ ...base, catalog_json: [] });
      rejects({ ...base, openapi_json: 'x' });
    });

    it('bounds each embedded document at 256 KiB and 32 levels', () => {
      const nest = (levels: number) => {
        let doc: Record<string, unknown> = {};
        for (let i = 1; i < levels; i++) doc = { a: doc };
        return doc;
      };
      accepts({ ...base, catalog_json: nest(32) });
      rejects({ ...base, catalog_json: nest(33) });
      const pad = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      accepts({ ...base, openapi_json: pad(X402_REQUEST_LIMITS.documentBytes) });
      rejects({ ...base, openapi_json: pad(X402_REQUEST_LIMITS.documentBytes + 1) });
      rejects({ ...base, payment_challenge_json: nest(10_000) });
    });

    it('answers at the limits without crashing', () => {
      const tools = Array.from({ length: 3000 }, (_, i) => ({ id: `t${i}`, path: `/api/t${i}`, price: '0.01' }));
      const { result } = run({ expected_price: '0.01', catalog_json: { tools, mcp: { tools: tools.map((t) => ({ name: t.id })) } }, mcp_tool_name: 't2999', payment_challenge_json: challenge() });
      expect(result.checked_surfaces).toEqual(['catalog', 'mcp_tool', 'payment_challenge']);
    });
  });
});
