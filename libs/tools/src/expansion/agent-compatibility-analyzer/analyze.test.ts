import { CHAINS, toolById } from '@paysight/contracts';
import { boundCase, shortly, times } from '../../ext/bounds.test-support.js';
import { analyzeAgentCompatibility, type CompatibilityInput } from './index.js';

const entry = toolById('agent_compatibility_analyzer')!;
const RESOURCE = 'https://api.weather.example/v1/history';
const PAYEE = '0x1111111111111111111111111111111111111111';
const USDC_BASE = CHAINS.base.usdc;
type Json = Record<string, unknown>;

const offerV2 = (over: Json = {}): Json => ({ scheme: 'exact', network: 'eip155:8453', amount: '50000', asset: USDC_BASE, payTo: PAYEE, maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' }, ...over });
const offerV1 = (over: Json = {}): Json => ({ scheme: 'exact', network: 'base', maxAmountRequired: '50000', resource: RESOURCE, description: 'History', mimeType: 'application/json', payTo: PAYEE, maxTimeoutSeconds: 60, asset: USDC_BASE, extra: { name: 'USD Coin', version: '2' }, ...over });
const challengeV2 = (accepts: Json[] = [offerV2()], extensions: Json = {}): Json => ({ x402Version: 2, error: 'Payment required', resource: { url: RESOURCE, description: 'History', mimeType: 'application/json' }, accepts, extensions });
/** A 402 body as Paysight and other v1-compatible servers answer it: v1 at the top, the v2 PaymentRequired inside. */
const dualBody = (): Json => ({ x402Version: 1, error: 'Payment required', accepts: [offerV1()], paymentRequired: challengeV2([offerV2()], { 'payment-identifier': { info: { required: false } } }) });
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

type Agent = CompatibilityInput['agent'];
/** A v2 agent that declares everything: USDC on Base, a 1 USDC cap, the v2 header, offer-receipt. */
const agent = (over: Partial<Agent> = {}): Agent => ({
  x402_versions: [2],
  schemes: ['exact'],
  networks: ['base'],
  assets: [{ network: 'eip155:8453', address: USDC_BASE }],
  max_amount_per_payment: '1',
  payment_transports: ['http_payment_signature'],
  extensions: ['offer-receipt', 'payment-identifier'],
  ...over,
});
const request = (agentOver: Partial<Agent> = {}, service: Partial<CompatibilityInput['service']> = {}): CompatibilityInput => ({ agent: agent(agentOver), service: { payment_required: challengeV2(), call_via: 'http', ...service } });
const run = (input: CompatibilityInput) => analyzeAgentCompatibility(entry.request.parse(input) as CompatibilityInput).result;
const nested = (levels: number): Json => (levels <= 1 ? {} : { a: nested(levels - 1) });

/** Paysight-style MCP discovery: the revision, the transport and how a payment is passed. */
const mcpDiscovery = (over: Json = {}): Json => ({ protocolVersion: '2025-11-25', transport: 'streamable-http', payment: { protocol: 'x402', metaKey: 'x402/payment', paymentArguments: ['x402Payment'] }, tools: [], ...over });
const mcpAgent = (over: Partial<Agent> = {}) => agent({ payment_transports: ['mcp_payment_meta'], mcp: { protocol_versions: ['2025-11-25', '2025-06-18'], transports: ['streamable-http'] }, ...over });

describe('agent-compatibility-analyzer request', () => {
  const accepts = boundCase(entry.request, request({ mcp: { protocol_versions: ['2025-11-25'], transports: ['streamable-http'] } }, { mcp_discovery: mcpDiscovery() }));
  it.each(
    (
      [
        ['agent', undefined, false],
        ['agent.x402_versions', [], false],
        ['agent.x402_versions', [1, 2], true],
        ['agent.x402_versions', [3], false],
        ['agent.x402_versions', [2, 2], false],
        ['agent.schemes', [], false],
        ['agent.schemes', times(10, (i) => `s${i}`), true],
        ['agent.schemes', times(11, (i) => `s${i}`), false],
        ['agent.schemes', [' '], false],
        ['agent.networks', times(20, (i) => `eip155:${i + 1}`), true],
        ['agent.networks', times(21, (i) => `eip155:${i + 1}`), false],
        ['agent.networks', ['x'.repeat(65)], false],
        ['agent.assets', times(20, () => ({ network: 'base', address: USDC_BASE })), true],
        ['agent.assets', times(21, () => ({ network: 'base', address: USDC_BASE })), false],
        ['agent.assets', [{ network: 'base', address: USDC_BASE, symbol: 'USDC' }], false],
        ['agent.max_amount_per_payment', null, true],
        ['agent.max_amount_per_payment', '0.000001', true],
        ['agent.max_amount_per_payment', '0.0000001', false],
        ['agent.max_amount_per_payment', 1, false],
        ['agent.payment_transports', [], false],
        ['agent.payment_transports', ['carrier_pigeon'], false],
        ['agent.payment_transports', ['http_x_payment', 'http_x_payment'], false],
        ['agent.payment_transports', ['http_payment_signature', 'http_x_payment', 'mcp_payment_meta', 'mcp_payment_argument'], true],
        ['agent.extensions', times(20, (i) => `e${i}`), true],
        ['agent.extensions', times(21, (i) => `e${i}`), false],
        ['agent.mcp.protocol_versions', ['latest'], false],
        ['agent.mcp.protocol_versions', times(10, (i) => `2025-01-${String(i + 10)}`), true],
        ['agent.mcp.protocol_versions', times(11, (i) => `2025-01-${String(i + 10)}`), false],
        ['agent.mcp.transports', ['websocket'], false],
        ['agent.wallet', '0x11', false],
        ['service.payment_required', base64(challengeV2()), true],
        ['service.payment_required', 'not base64!', false],
        ['service.payment_required', base64([1, 2]), false],
        ['service.payment_required', 'A'.repeat(65_537), false],
        ['service.payment_required', nested(64), true],
        ['service.payment_required', nested(65), false],
        ['service.mcp_discovery', nested(65), false],
        ['service.call_via', 'grpc', false],
        ['service.url', RESOURCE, false],
        ['extra', 1, false],
      ] as [string, unknown, boolean][]
    ).map(([path, value, ok]) => [path, shortly(value), ok, value] as const),
  )('%s = %s accepted: %s', (path, _shown, ok, value) => {
    expect(accepts(path, value)).toBe(ok);
  });
});

describe('agent-compatibility-analyzer decisions', () => {
  it('compatible: a v2 agent that declares USDC on Base and a cap pays the offer with PAYMENT-SIGNATURE', () => {
    const result = run(request());
    expect(result).toMatchObject({ decision: 'compatible', confidence: 'high', blocking: [], warnings: [], risk_flags: [] });
    expect(result.selected_offer).toEqual({ offer: 'v2#0', x402_version: 2, scheme: 'exact', network: 'eip155:8453', asset: USDC_BASE.toLowerCase(), amount_atomic: '50000', pay_to: PAYEE, payment_transport: 'PAYMENT-SIGNATURE' });
    expect(result.checks.map((c) => [c.check, c.status])).toEqual([
      ['x402_version', 'pass'],
      ['payment_transport', 'pass'],
      ['scheme', 'pass'],
      ['network', 'pass'],
      ['asset', 'pass'],
      ['amount', 'pass'],
      ['pay_to', 'pass'],
      ['eip712_domain', 'pass'],
    ]);
  });

  it('compatible, medium confidence: the catalog example assumes USDC (no assets declared)', () => {
    const result = run(entry.example as CompatibilityInput);
    expect(result).toMatchObject({ decision: 'compatible', confidence: 'medium' });
    expect(result.checks).toContainEqual(expect.objectContaining({ code: 'asset_usdc_assumed', status: 'pass' }));
    expect(result.limitations.join(' ')).toMatch(/declares no assets/);
  });

  const warned: [string, CompatibilityInput, string][] = [
    ['an agent without any spending cap', request({ max_amount_per_payment: null }), 'no_spend_cap'],
    ['an agent that ignores signed offers and receipts', request({ extensions: [] }, { payment_required: challengeV2([offerV2()], { 'offer-receipt': { info: { offers: [] } } }) }), 'optional_extension_unused'],
    ['an offer without the token\'s EIP-712 domain', request({}, { payment_required: challengeV2([offerV2({ extra: {} })]) }), 'eip712_domain_missing'],
    ['an MCP server on a revision the agent does not list', request(mcpAgent({ mcp: { protocol_versions: ['2025-06-18'], transports: ['streamable-http'] } }), { mcp_discovery: mcpDiscovery(), call_via: 'mcp' }), 'mcp_protocol_version_unconfirmed'],
    ['an MCP call without the discovery document', request(mcpAgent(), { call_via: 'mcp' }), 'mcp_discovery_missing'],
  ];
  it.each(warned)('compatible_with_warnings: %s', (_name, input, code) => {
    const result = run(input);
    expect(result.decision).toBe('compatible_with_warnings');
    expect(result.warnings).toContain(code);
    expect(result.fixes).toContainEqual(expect.objectContaining({ code }));
    expect(result.selected_offer).not.toBeNull();
  });

  const blocked: [string, CompatibilityInput, string][] = [
    ['the price is above the agent\'s cap', request({ max_amount_per_payment: '0.01' }), 'amount_over_cap'],
    ['2 USDC with no declared cap: the official client refuses above 1 USD', request({ max_amount_per_payment: undefined }, { payment_required: challengeV2([offerV2({ amount: '2000000' })]) }), 'amount_over_default_cap'],
    ['a v1-only agent and a v2-only challenge', request({ x402_versions: [1], payment_transports: ['http_x_payment'] }), 'x402_version_unsupported'],
    ['an agent that pays on Polygon only', request({ networks: ['polygon'], assets: [{ network: 'polygon', address: CHAINS.polygon.usdc }] }), 'network_unsupported'],
    ['an offer in a token the agent does not hold', request({}, { payment_required: challengeV2([offerV2({ asset: '0x2222222222222222222222222222222222222222' })]) }), 'asset_unsupported'],
    ['a required extension the agent lacks', request({ extensions: [] }, { payment_required: challengeV2([offerV2()], { 'payment-identifier': { info: { required: true } } }) }), 'required_extension_unsupported'],
    ['a v2 challenge and an agent that sends only X-PAYMENT', request({ x402_versions: [1, 2], payment_transports: ['http_x_payment'] }), 'payment_header_unsupported'],
    ['a decimal in the amount field', request({}, { payment_required: challengeV2([offerV2({ amount: '0.05' })]) }), 'amount_not_integer'],
    ['an MCP server on an older revision than any the agent speaks', request(mcpAgent({ mcp: { protocol_versions: ['2026-06-01'], transports: ['streamable-http'] } }), { mcp_discovery: mcpDiscovery(), call_via: 'mcp' }), 'mcp_protocol_version_unsupported'],
    ['an MCP server on a transport the agent lacks', request(mcpAgent({ mcp: { protocol_versions: ['2025-11-25'], transports: ['stdio'] } }), { mcp_discovery: mcpDiscovery(), call_via: 'mcp' }), 'mcp_transport_unsupported'],
    ['an MCP payment passed only as an argument to a server that takes _meta', request(mcpAgent({ payment_transports: ['mcp_payment_argument'] }), { mcp_discovery: mcpDiscovery({ payment: { metaKey: 'x402/payment' } }), call_via: 'mcp' }), 'mcp_payment_carrier_unsupported'],
  ];
  it.each(blocked)('incompatible: %s', (_name, input, code) => {
    const result = run(input);
    expect(result.decision).toBe('incompatible');
    expect(result.selected_offer).toBeNull();
    expect(result.blocking).toContain(code);
    expect(result.fixes).toContainEqual(expect.objectContaining({ code }));
    expect(result.checks).toContainEqual(expect.objectContaining({ code, status: 'block' }));
  });

  it('insufficient_evidence: a 402 answer without offers', () => {
    const result = run(request({}, { payment_required: { ok: false, error: { code: 'payment_required', message: 'pay first' } } }));
    expect(result).toMatchObject({ decision: 'insufficient_evidence', confidence: 'low', selected_offer: null, checks: [], blocking: [] });
  });
});

describe('agent-compatibility-analyzer rules', () => {
  it('reads the PAYMENT-REQUIRED header like the object it encodes', () => {
    const fromHeader = run(request({}, { payment_required: base64(challengeV2()) }));
    const fromObject = run(request());
    expect({ ...fromHeader, evidence: { ...fromHeader.evidence, variants: [] } }).toEqual({ ...fromObject, evidence: { ...fromObject.evidence, variants: [] } });
    expect((fromHeader.evidence.variants as { found_in: string }[])[0]!.found_in).toBe('PAYMENT-REQUIRED header');
  });

  it('checks both forms of a v1 body that holds the v2 PaymentRequired; a v1-only agent pays the v1 offer with X-PAYMENT', () => {
    const result = run(request({ x402_versions: [1], payment_transports: ['http_x_payment'], extensions: [] }, { payment_required: dualBody() }));
    expect(result).toMatchObject({ decision: 'compatible', selected_offer: { offer: 'v1#0', x402_version: 1, network: 'eip155:8453', payment_transport: 'X-PAYMENT' } });
    expect(result.evidence.offers).toEqual([
      { offer: 'v2#0', payable: false, blocking: ['x402_version_unsupported', 'payment_header_unsupported'], warnings: ['optional_extension_unused'] },
      { offer: 'v1#0', payable: true, blocking: [], warnings: [] },
    ]);
  });

  it('selects the first payable offer, as the official client takes the first it can pay', () => {
    const solana = offerV2({ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', payTo: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' });
    const result = run(request({}, { payment_required: challengeV2([solana, offerV2()]) }));
    expect(result).toMatchObject({ decision: 'compatible', selected_offer: { offer: 'v2#1' } });
    expect(result.checks).toContainEqual(expect.objectContaining({ offer: 'v2#0', check: 'asset', status: 'skip', code: 'asset_not_checked' }));
  });

  it('checks at most 20 offers per challenge and says how many it left', () => {
    const result = run(request({}, { payment_required: challengeV2(times(25, (i) => offerV2({ amount: String(50_000 + i) }))) }));
    expect(result.evidence.offers).toHaveLength(20);
    expect(result.limitations.join(' ')).toMatch(/Only the first 20 offers of the x402 v2 challenge were checked; 5 more were not/);
  });

  it('compares the cap exactly in micro-USDC: equal passes, one unit more blocks', () => {
    expect(run(request({ max_amount_per_payment: '0.05' })).decision).toBe('compatible');
    expect(run(request({ max_amount_per_payment: '0.049999' })).blocking).toEqual(['amount_over_cap']);
  });

  it('cannot compare a USDC cap with another token, and says so', () => {
    const other = '0x2222222222222222222222222222222222222222';
    const result = run(request({ assets: [{ network: 'base', address: other }] }, { payment_required: challengeV2([offerV2({ asset: other })]) }));
    expect(result).toMatchObject({ decision: 'compatible_with_warnings', warnings: ['cap_not_comparable'] });
  });

  it('warns on an asset it cannot check outside the registry when the agent declares none', () => {
    const sepolia = offerV2({ network: 'eip155:84532', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' });
    const result = run(request({ networks: ['base-sepolia'], assets: undefined }, { payment_required: challengeV2([sepolia]) }));
    expect(result.warnings).toEqual(['asset_unverified', 'cap_not_comparable']);
  });

  it('takes the MCP payment carriers from the discovery document, and assumes _meta without one', () => {
    const declared = run(request(mcpAgent(), { mcp_discovery: mcpDiscovery(), call_via: 'mcp' }));
    expect(declared).toMatchObject({ decision: 'compatible', confidence: 'high', evidence: { mcp_payment_carriers: { carriers: ['mcp_payment_meta', 'mcp_payment_argument'], assumed: false } } });
    const assumed = run(request(mcpAgent(), { mcp_discovery: mcpDiscovery({ payment: undefined }), call_via: 'mcp' }));
    expect(assumed).toMatchObject({ decision: 'compatible', confidence: 'medium', evidence: { mcp_payment_carriers: { carriers: ['mcp_payment_meta'], assumed: true } } });
  });

  it('answers the same input with the same output', () => {
    const input = request({ max_amount_per_payment: null }, { payment_required: dualBody() });
    expect(run(input)).toEqual(run(structuredClone(input)));
  });
});
