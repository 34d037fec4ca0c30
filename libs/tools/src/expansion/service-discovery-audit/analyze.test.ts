import { CHAINS, toolById, type DiscoveryFinding } from '@paysight/contracts';
import { boundCase, shortly, times } from '../../ext/bounds.test-support.js';
import { micro } from '../../ext/verdict.js';
import { analyzeServiceDiscovery, DISCOVERY_AUDIT_CAPS, type DiscoveryAuditInput } from './index.js';

const entry = toolById('service_discovery_audit')!;
const SERVICE = 'https://api.weather.example';
const PAYEE = '0x1111111111111111111111111111111111111111';
const OTHER = '0x9999999999999999999999999999999999999999';
const USDC = CHAINS.base.usdc;
type Route = { path: string; price: string };
const ROUTES: Route[] = [
  { path: '/v1/forecast', price: '0.01' },
  { path: '/v1/history', price: '0.05' },
  { path: '/v1/alerts', price: '0.02' },
];
type Json = Record<string, unknown>;

/** A weather API's discovery documents as such a service publishes them, all in agreement. */
const x402Doc = (routes = ROUTES) => ({
  x402Version: 2,
  resources: routes.map(({ path, price }) => ({
    resource: `${SERVICE}${path}`,
    type: 'http',
    method: 'POST',
    accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: micro(price).toString(), asset: USDC, payTo: PAYEE, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' } }],
  })),
});
const manifestDoc = (routes = ROUTES): Json => ({
  name: 'Weather API',
  tools: routes.map(({ path, price }) => ({ id: path.slice(4), method: 'POST', endpoint: `${SERVICE}${path}`, price: { amount: price, currency: 'USDC', network: 'base' }, inputSchema: { type: 'object' } })),
});
const mcpDoc = (routes = ROUTES): Json => ({
  protocolVersion: '2025-11-25',
  payment: { protocol: 'x402', network: 'eip155:8453', currency: 'USDC' },
  tools: [{ name: 'free_search', _meta: {} }, ...routes.map(({ path, price }) => ({ name: `weather_${path.slice(4)}`, inputSchema: { type: 'object' }, _meta: { x402Endpoint: path, price: { amount: price, currency: 'USDC' } } }))],
});
const llms = (routes = ROUTES, price = (r: Route) => `Price ${r.price} USDC`) =>
  ['# Weather API', '', '> Paid weather data over x402, USDC on Base (eip155:8453).', '', '## Free', '', `- [Docs](${SERVICE}/docs): how to call.`, '', '## Paid', '', ...routes.map((r) => `- [${r.path}](${SERVICE}${r.path}): weather data. ${price(r)}.`), ''].join('\n');

const request = (documents: DiscoveryAuditInput['discovery_documents'], expectations: Partial<DiscoveryAuditInput> = {}): DiscoveryAuditInput => ({
  service_url: SERVICE,
  discovery_documents: documents,
  expected_resource_path: '/v1/history',
  expected_price: '0.05',
  expected_currency: 'USDC',
  network: 'base',
  ...expectations,
});
const allFour = () => ({ x402: x402Doc(), agent_manifest: manifestDoc(), mcp: mcpDoc(), llms_text: llms() });
const run = (input: DiscoveryAuditInput) => analyzeServiceDiscovery(entry.request.parse(input) as DiscoveryAuditInput).result;
const codes = (findings: readonly DiscoveryFinding[], severity?: DiscoveryFinding['severity']) => findings.filter((f) => !severity || f.severity === severity).map((f) => f.code);
/** An object nested `levels` deep (the outer object is level 1). */
const nested = (levels: number): Json => (levels <= 1 ? {} : { a: nested(levels - 1) });
const edit = <T>(value: T, change: (copy: T) => void): T => {
  const copy = structuredClone(value);
  change(copy);
  return copy;
};

describe('service-discovery-audit request', () => {
  const accepts = boundCase(entry.request, request(allFour()));
  it.each(([
    ['service_url', undefined, false],
    ['service_url', 'api.weather.example', false],
    ['service_url', 'ftp://api.weather.example', false],
    ['service_url', `${SERVICE}/${'a'.repeat(2048 - SERVICE.length - 1)}`, true],
    ['service_url', `${SERVICE}/${'a'.repeat(2048 - SERVICE.length)}`, false],
    ['discovery_documents', undefined, false],
    ['discovery_documents', {}, true],
    ['discovery_documents.llmsText', 'a typo of llms_text', false],
    ['discovery_documents.mcp', [], false],
    ['discovery_documents.x402', nested(64), true],
    ['discovery_documents.x402', nested(65), false],
    ['discovery_documents.ai', nested(65), false],
    ['discovery_documents.llms_text', 'a'.repeat(100_000), true],
    ['discovery_documents.llms_text', 'a'.repeat(100_001), false],
    ['expected_resource_path', ' ', false],
    ['expected_resource_path', `/${'a'.repeat(2047)}`, true],
    ['expected_resource_path', `/${'a'.repeat(2048)}`, false],
    ['expected_resource_path', `${SERVICE}/v1/history`, true],
    ['expected_price', '0.000001', true],
    ['expected_price', '0.0000001', false],
    ['expected_price', '-1', false],
    ['expected_price', '1e-2', false],
    ['expected_currency', 'USDT', false],
    ['network', 'x'.repeat(64), true],
    ['network', 'x'.repeat(65), false],
    ['network', '', false],
    ['unexpected', true, false],
  ] as [string, unknown, boolean][]).map(([path, value, ok]) => [path, shortly(value), ok, value] as const))('%s = %s accepted: %s', (path, _shown, ok, value) => {
    expect(accepts(path, value)).toBe(ok);
  });

  it('fills in nothing: the validated input is the body as sent', () => {
    const body = request({ llms_text: llms() }, { expected_price: undefined, network: undefined });
    expect(entry.request.parse(body)).toEqual(JSON.parse(JSON.stringify(body)));
  });
});

describe('service-discovery-audit decisions', () => {
  it('consistent: four documents of one service agree with each other and with the expectation', () => {
    const result = run(request(allFour()));
    expect(result).toMatchObject({ decision: 'consistent', confidence: 'high', risk_flags: [], findings: [], checked_documents: ['x402', 'agent_manifest', 'mcp', 'llms_text'] });
    expect(result.evidence).toMatchObject({ paths_declared: 3, paths_compared: 3, declarations_total: 12 });
    const table = result.evidence.declarations as { document: string; path: string; amount_usdc: string; network: string; pay_to: string | null }[];
    expect(table.filter((d) => d.path === '/v1/history').map((d) => [d.document, d.amount_usdc, d.network])).toEqual([
      ['x402', '0.05', 'eip155:8453'],
      ['agent_manifest', '0.05', 'eip155:8453'],
      ['mcp', '0.05', 'eip155:8453'],
      ['llms_text', '0.05', 'eip155:8453'],
    ]);
  });

  it('consistent: the catalog example', () => {
    expect(run(entry.example as DiscoveryAuditInput)).toMatchObject({ decision: 'consistent', confidence: 'high' });
  });

  it('minor_drift: llms.txt leaves out a paid path the other documents declare', () => {
    const result = run(request({ ...allFour(), llms_text: llms(ROUTES.slice(0, 2)) }));
    expect(result.decision).toBe('minor_drift');
    expect(result.findings).toEqual([expect.objectContaining({ code: 'paths_missing_in_document', severity: 'medium', path: '/v1/alerts', documents: ['llms_text'], affected_paths: 1 })]);
    expect(result.risk_flags).toEqual(['paths_missing_in_document']);
  });

  it('minor_drift: the manifest says GET where the others say POST', () => {
    const manifest = edit(manifestDoc(), (m) => ((m.tools as Json[])[0]!.method = 'GET'));
    const result = run(request({ x402: x402Doc(), agent_manifest: manifest, llms_text: llms() }));
    expect(result.decision).toBe('minor_drift');
    expect(result.findings).toEqual([expect.objectContaining({ code: 'method_mismatch', path: '/v1/forecast', documents: ['agent_manifest'], expected: 'POST', observed: 'GET' })]);
  });

  it('minor_drift: a path listed twice in the same list with the same terms', () => {
    const doc = edit(x402Doc(), (d) => d.resources.push(structuredClone(d.resources[0]!)));
    const result = run(request({ x402: doc, agent_manifest: manifestDoc() }));
    expect(result.decision).toBe('minor_drift');
    expect(result.findings).toEqual([expect.objectContaining({ code: 'duplicate_declaration', documents: ['x402'], observed: '/resources/0/accepts/0, /resources/3/accepts/0' })]);
  });

  const major: [string, () => DiscoveryAuditInput, Partial<DiscoveryFinding>][] = [
    [
      'the manifest doubles a price',
      () => request({ ...allFour(), agent_manifest: manifestDoc([ROUTES[0]!, { path: '/v1/history', price: '0.10' }, ROUTES[2]!]) }),
      { code: 'price_mismatch', path: '/v1/history', documents: ['agent_manifest'], expected: '0.05 USDC', observed: '0.1 USDC' },
    ],
    [
      'the manifest writes the unit amount as the price (10000 for 0.01)',
      () => request({ ...allFour(), agent_manifest: manifestDoc([{ path: '/v1/forecast', price: '10000' }, ...ROUTES.slice(1)]) }),
      { code: 'price_unit_confusion', path: '/v1/forecast', documents: ['agent_manifest'], expected: '0.01 USDC', observed: '10000 USDC' },
    ],
    [
      'the x402 list scales the price with 18 decimals',
      () => request({ ...allFour(), x402: edit(x402Doc(), (d) => (d.resources[0]!.accepts[0]!.amount = (10n ** 16n).toString())) }),
      { code: 'price_decimals_confusion', path: '/v1/forecast', documents: ['x402'] },
    ],
    [
      'the x402 list writes a decimal price in the unit amount field',
      () => request({ ...allFour(), x402: edit(x402Doc(), (d) => (d.resources[1]!.accepts[0]!.amount = '0.05')) }),
      { code: 'atomic_amount_not_integer', path: '/v1/history', documents: ['x402'], observed: '0.05' },
    ],
    [
      'one resource pays another address than the payee the other documents name',
      () =>
        request({
          x402: edit(x402Doc(), (d) => (d.resources[2]!.accepts[0]!.payTo = OTHER)),
          agent_manifest: { ...manifestDoc(), x402: { payTo: PAYEE, network: 'base' } },
          mcp: edit(mcpDoc(), (m) => ((m.payment as Json).payTo = PAYEE)),
        }),
      { code: 'payee_mismatch', path: '/v1/alerts', documents: ['x402'], expected: PAYEE, observed: OTHER },
    ],
    [
      'the asset is not the canonical USDC of Base',
      () => request({ ...allFour(), x402: edit(x402Doc(), (d) => (d.resources[0]!.accepts[0]!.asset = OTHER)) }),
      { code: 'asset_not_usdc', path: '/v1/forecast', documents: ['x402'], expected: USDC.toLowerCase(), observed: OTHER },
    ],
    [
      'llms.txt names Base Sepolia for every path',
      () => request({ ...allFour(), llms_text: llms().replace('eip155:8453', 'eip155:84532') }),
      { code: 'network_mismatch', path: '/v1/alerts', documents: ['llms_text'], expected: 'base (eip155:8453)', observed: 'eip155:84532', affected_paths: 3 },
    ],
    [
      'the manifest sends one resource to another host',
      () => request({ ...allFour(), agent_manifest: edit(manifestDoc(), (m) => ((m.tools as Json[])[1]!.endpoint = 'https://weather-payments.example/v1/history')) }),
      { code: 'resource_on_foreign_host', path: '/v1/history', documents: ['agent_manifest'], expected: SERVICE, observed: 'https://weather-payments.example' },
    ],
    [
      'the x402 list declares plain http for an https service',
      () => request({ ...allFour(), x402: edit(x402Doc(), (d) => (d.resources[0]!.resource = 'http://api.weather.example/v1/forecast')) }),
      { code: 'resource_not_https', documents: ['x402'], observed: 'http://api.weather.example' },
    ],
    ['no document declares the expected path', () => request(allFour(), { expected_resource_path: '/v1/radar' }), { code: 'expected_path_missing', path: '/v1/radar', observed: null }],
    [
      'llms.txt prices in another token',
      () => request({ ...allFour(), llms_text: llms(ROUTES, (r) => `Price ${r.price} EURC`) }),
      { code: 'currency_mismatch', documents: ['llms_text'], expected: 'USDC', observed: 'EURC', affected_paths: 3 },
    ],
    [
      'the x402 list declares one path twice at two prices',
      () => request({ x402: edit(x402Doc(), (d) => d.resources.push(edit(d.resources[0]!, (r) => (r.accepts[0]!.amount = '20000')))), agent_manifest: manifestDoc() }),
      { code: 'conflicting_declarations', path: '/v1/forecast', documents: ['x402'] },
    ],
  ];
  it.each(major)('major_drift: %s', (_name, input, finding) => {
    const result = run(input());
    expect(result.decision).toBe('major_drift');
    expect(result.findings).toContainEqual(expect.objectContaining({ severity: 'high', ...finding }));
    expect(result.risk_flags).toContain(finding.code);
    expect(result.recommended_next_action).toMatch(/Do not pay from these documents/);
  });

  it('insufficient_evidence: one document and no expectation', () => {
    const result = run({ service_url: SERVICE, discovery_documents: { llms_text: llms() } });
    expect(result).toMatchObject({ decision: 'insufficient_evidence', confidence: 'low', checked_documents: ['llms_text'], findings: [] });
  });

  it('insufficient_evidence: documents that declare no priced resource, each named', () => {
    const result = run(request({ x402: { hello: 'world' }, agent_manifest: { name: 'Weather API', tools: [{ id: 'x', endpoint: `${SERVICE}/v1/x` }] }, llms_text: '# Weather\n\n- [Docs](https://api.weather.example/docs)\n' }));
    expect(result.decision).toBe('insufficient_evidence');
    expect(codes(result.findings)).toEqual(['document_without_declarations', 'document_without_declarations', 'document_without_declarations']);
    expect(result.limitations.join(' ')).toMatch(/x402, agent_manifest, llms_text declared no paid resource/);
  });

  it('insufficient_evidence: no document at all', () => {
    expect(run(request({})).decision).toBe('insufficient_evidence');
  });

  it('one document checked against the expectation is consistent with low confidence', () => {
    expect(run(request({ x402: x402Doc() }))).toMatchObject({ decision: 'consistent', confidence: 'low', checked_documents: ['x402'] });
    expect(run(request({ agent_manifest: manifestDoc(), mcp: mcpDoc() }))).toMatchObject({ decision: 'consistent', confidence: 'medium' });
  });
});

describe('service-discovery-audit reading', () => {
  it('reads x402 v1 (Bazaar listing items, maxAmountRequired, network names, resource in the requirement) like v2', () => {
    const listing = {
      x402Version: 1,
      items: ROUTES.map(({ path, price }) => ({
        resource: `${SERVICE}${path}`,
        type: 'http',
        x402Version: 1,
        accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: micro(price).toString(), resource: `${SERVICE}${path}`, payTo: PAYEE, asset: USDC, maxTimeoutSeconds: 60 }],
      })),
    };
    const result = run(request({ x402: listing, agent_manifest: manifestDoc() }));
    expect(result.decision).toBe('consistent');
    expect((result.evidence.declarations as { amount_field: string; network: string }[])[0]).toMatchObject({ amount_field: 'atomic', network: 'eip155:8453' });
  });

  it('reads a single 402 answer (v1 body with the v2 PaymentRequired inside) as one declaration', () => {
    const body = { x402Version: 1, accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '50000', resource: `${SERVICE}/v1/history`, payTo: PAYEE, asset: USDC }], paymentRequired: { x402Version: 2, accepts: [] } };
    const result = run(request({ x402: body }));
    expect(result).toMatchObject({ decision: 'consistent', evidence: { declarations_total: 1 } });
  });

  it('lists URL-only resources as unpriced and still compares their presence', () => {
    const result = run(request({ x402: { version: 1, resources: ROUTES.slice(0, 2).map((r) => `${SERVICE}${r.path}`) }, agent_manifest: manifestDoc() }, { expected_price: undefined }));
    expect(result.decision).toBe('minor_drift');
    expect(result.findings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'paths_missing_in_document', documents: ['x402'], path: '/v1/alerts' }), expect.objectContaining({ code: 'unpriced_declaration', severity: 'low', affected_paths: 2 })]));
  });

  it('resolves relative paths against the document\'s base URL, and finds a sibling host', () => {
    const manifest = { apiBaseUrl: 'https://weather.example', resources: ROUTES.map(({ path, price }) => ({ path, method: 'POST', price: { amount: price, currency: 'USDC', network: 'base' } })) };
    const result = run(request({ x402: x402Doc(), agent_manifest: manifest }));
    expect(result.decision).toBe('minor_drift');
    expect(result.findings).toEqual([expect.objectContaining({ code: 'resource_on_related_origin', observed: 'https://weather.example', affected_paths: 3 })]);
  });

  it('normalizes paths (double and trailing slashes) and names a path that differs only in case', () => {
    const manifest = edit(manifestDoc(), (m) => ((m.tools as Json[])[0]!.endpoint = `${SERVICE}/v1//forecast/`));
    expect(run(request({ x402: x402Doc(), agent_manifest: manifest })).decision).toBe('consistent');
    const result = run(request({ x402: x402Doc(), agent_manifest: manifestDoc() }, { expected_resource_path: '/V1/Forecast', expected_price: undefined }));
    expect(result.findings).toEqual([expect.objectContaining({ code: 'expected_path_missing', expected: '/V1/Forecast', observed: '/v1/forecast' })]);
  });

  it('reads Paysight\'s offer form (amount in units beside amountDecimal) and an expected URL for its path', () => {
    const doc = { resources: [{ url: `${SERVICE}/v1/history`, offer: null, price: { amount: '50000', amountDecimal: '0.05', currency: 'USDC', network: 'eip155:8453', payTo: PAYEE } }] };
    expect(run(request({ agent_manifest: doc }, { expected_resource_path: `${SERVICE}/v1/history` }))).toMatchObject({ decision: 'consistent' });
  });

  it('reads no JSON Schema, example or extension: a priced endpoint inside them is not a declaration', () => {
    const schemaOnly = { tools: [{ name: 'audit', inputSchema: { examples: [{ endpoint: `${SERVICE}/v1/secret`, price: '5' }] }, extensions: { bazaar: { endpoint: `${SERVICE}/v1/secret`, price: '5' } } }] };
    expect(run(request({ mcp: schemaOnly })).checked_documents).toEqual([]);
  });

  it('ignores links and prices inside fenced code in llms.txt', () => {
    const text = `${llms()}\n\`\`\`\ncurl ${SERVICE}/v1/radar  # Price 9 USDC\n\`\`\`\n`;
    const result = run(request({ x402: x402Doc(), llms_text: text }));
    expect(result).toMatchObject({ decision: 'consistent', evidence: { documents: { llms_text: { declarations: 3 } } } });
  });

  it('reads $ prices in llms.txt as USDC and networks named by x402 v1 names', () => {
    const result = run(request({ x402: edit(x402Doc(), (d) => d.resources.forEach((r) => (r.accepts[0]!.network = 'base'))), llms_text: llms(ROUTES, (r) => `$${r.price} per call`) }));
    expect(result.decision).toBe('consistent');
  });

  it('checks assets outside Paysight\'s registry only between documents, and says so', () => {
    const sepolia = (doc: ReturnType<typeof x402Doc>) => edit(doc, (d) => d.resources.forEach((r) => Object.assign(r.accepts[0]!, { network: 'base-sepolia', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' })));
    const result = run(request({ x402: sepolia(x402Doc()), llms_text: llms().replace('eip155:8453', 'eip155:84532') }, { network: 'base-sepolia' }));
    expect(result.decision).toBe('consistent');
    expect(result.findings).toEqual([expect.objectContaining({ code: 'asset_unverified', severity: 'low', observed: 'eip155:84532', affected_paths: 3 })]);
  });

  it('lists at most the capped number of findings, most severe first, and says how many there were', () => {
    const routes = times(DISCOVERY_AUDIT_CAPS.findings + 50, (i) => ({ path: `/v1/item-${i}`, price: '0.01' }));
    // Each path a different wrong price: no two findings are the same disagreement.
    const manifest = manifestDoc(routes.map((r, i) => ({ ...r, price: (0.011 + i / 1e6).toFixed(6) })));
    const result = run(request({ x402: x402Doc(routes), agent_manifest: manifest, llms_text: llms(routes.slice(0, 10)) }, { expected_resource_path: undefined, expected_price: undefined }));
    expect(result.findings).toHaveLength(DISCOVERY_AUDIT_CAPS.findings);
    expect(result.evidence.findings_total).toBeGreaterThan(DISCOVERY_AUDIT_CAPS.findings);
    expect(result.findings[0]!.severity).toBe('high');
    expect(result.limitations.join(' ')).toMatch(/findings were made; the first 200/);
  });
});

describe('service-discovery-audit determinism', () => {
  it('answers the same input with the same output, whatever the order of document members', () => {
    const input = request({ ...allFour(), agent_manifest: manifestDoc([ROUTES[0]!, { path: '/v1/history', price: '0.5' }]) });
    expect(run(input)).toEqual(run(structuredClone(input)));
    const reordered = { ...input, discovery_documents: { llms_text: input.discovery_documents.llms_text, mcp: input.discovery_documents.mcp, agent_manifest: input.discovery_documents.agent_manifest, x402: input.discovery_documents.x402 } };
    expect(run(reordered)).toEqual(run(input));
  });
});
