import { DISCLOSURE_MAP_LIMITS, X402_REQUEST_LIMITS, X402_USDC, catalogEntry, paymentMethodDisclosureMapRequest, paymentMethodDisclosureMapResult, serializedBytes } from '@paysight/contracts';
import { analyzeDisclosureMap } from './analyze.js';

const BASE = 'eip155:8453';
const POLYGON = 'eip155:137';
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const USDC_BASE = X402_USDC[BASE]!.address;
const USDC_POLYGON = X402_USDC[POLYGON]!.address;
const USDC_SOLANA = X402_USDC[SOLANA]!.address;
const PAYEE = `0x${'1'.repeat(40)}`;
const X402_EXTENSION = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';

function run(surfaces: Record<string, unknown>) {
  const output = analyzeDisclosureMap(paymentMethodDisclosureMapRequest.parse({ surfaces }));
  expect(paymentMethodDisclosureMapResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const offer = (network: string, asset: string, scheme = 'exact') => ({ scheme, network, amount: '10000', asset, payTo: PAYEE, maxTimeoutSeconds: 60 });
const challenge = (offers: object[], extensions: Record<string, unknown> = {}) => ({ x402Version: 2, resource: { url: 'https://api.example.com/q' }, accepts: offers, extensions });

describe('x402-payment-method-disclosure-map', () => {
  it('the worked example of design §46: Base and Solana USDC accepted, the manifest names only Base; undisclosed_methods', () => {
    const result = run((catalogEntry('x402_payment_method_disclosure_map').example as { surfaces: Record<string, unknown> }).surfaces);
    expect(result.decision).toBe('undisclosed_methods');
    expect(result.confidence).toBe('medium');
    expect(result.methods).toEqual([
      { protocol: 'x402', scheme: 'exact', network: BASE, asset: USDC_BASE, surfaces: ['challenge', 'discovery_manifest'], accepted: true },
      { protocol: 'x402', scheme: 'exact', network: SOLANA, asset: USDC_SOLANA, surfaces: ['challenge'], accepted: true },
    ]);
    expect(result.flags.map((f) => [f.code, f.pointer])).toEqual([
      ['undisclosed_before_request', '/surfaces/challenge/accepts/1'],
      ['fees_undisclosed', '/surfaces/challenge/extensions'],
    ]);
    expect(result.risk_flags).toEqual(['fees_undisclosed', 'undisclosed_before_request']);
  });

  it('fully_disclosed: every accepted method named before the request, fees mentioned; high confidence with two pre-request surfaces', () => {
    const result = run({
      challenge: challenge([offer('base', USDC_BASE)]),
      llms_txt: '# Quote API\nPay per call in USDC on Base.\nNo subscription.',
      terms_text: 'Prices include all fees.',
    });
    expect(result).toMatchObject({ decision: 'fully_disclosed', confidence: 'high', flags: [], risk_flags: [] });
    expect(result.methods).toEqual([{ protocol: 'x402', scheme: 'exact', network: BASE, asset: USDC_BASE, surfaces: ['challenge', 'llms_txt'], accepted: true }]);
  });

  it('partially_disclosed: a dead advertisement (Polygon in the manifest, not accepted) and a scheme the challenge does not take', () => {
    const result = run({
      challenge: challenge([offer(BASE, USDC_BASE)], { facilitatorFees: {} }),
      discovery_manifest: { tools: [{ id: 'q', price: { amount: '0.01', network: 'polygon', currency: 'USDC' } }, { id: 'r', x402: { scheme: 'upto', network: 'base', asset: USDC_BASE } }], x402: { network: 'base' } },
    });
    expect(result.decision).toBe('partially_disclosed');
    expect(result.methods.map((m) => [m.network, m.scheme, m.accepted, m.surfaces])).toEqual([
      [POLYGON, null, false, ['discovery_manifest']],
      [BASE, 'exact', true, ['challenge', 'discovery_manifest']],
      [BASE, 'upto', false, ['discovery_manifest']],
    ]);
    expect(result.methods[0]!.asset).toBe(USDC_POLYGON);
    expect(result.flags.map((f) => [f.code, f.pointer])).toEqual([
      ['dead_advertisement', '/surfaces/discovery_manifest/tools/0/price/network'],
      ['dead_advertisement', '/surfaces/discovery_manifest/x402/network'],
    ]);
  });

  it('asset_unidentified: a symbol other than USDC, or USDC on a network without a reference row; unknown networks flagged', () => {
    const result = run({
      challenge: challenge([offer(BASE, USDC_BASE)]),
      openapi: { 'x-x402': { network: 'base', currency: 'USDC' }, paths: { '/q': { post: { 'x-x402': { network: 'base', currency: 'usdt' } } }, '/r': { get: { 'x-payment': { network: 'moonchain', asset: 'USDC' } } } } },
      terms_text: 'A fee of 1% applies.',
    });
    expect(result.decision).toBe('partially_disclosed');
    const unidentified = result.flags.filter((f) => f.code === 'asset_unidentified');
    expect(unidentified.map((f) => [f.method, f.pointer])).toEqual([
      ['eip155:8453 USDT', '/surfaces/openapi/paths/~1q/post/x-x402/network'],
      ['moonchain USDC', '/surfaces/openapi/paths/~1r/get/x-payment/network'],
    ]);
    expect(result.risk_flags).toEqual(['asset_unidentified', 'dead_advertisement', 'unknown_network']);
  });

  it('fees_undisclosed alone makes partially_disclosed; the facilitatorFees extension or a fee mention clears it', () => {
    const surfaces = { challenge: challenge([offer(BASE, USDC_BASE)]), discovery_manifest: { x402: { network: BASE, asset: USDC_BASE } } };
    expect(run(surfaces)).toMatchObject({ decision: 'partially_disclosed', risk_flags: ['fees_undisclosed'] });
    expect(run({ ...surfaces, challenge: challenge([offer(BASE, USDC_BASE)], { facilitatorFees: {} }) }).decision).toBe('fully_disclosed');
    expect(run({ ...surfaces, llms_txt: 'Network fees are paid by the facilitator.' }).decision).toBe('fully_disclosed');
  });

  it('no_methods: surfaces that name no method', () => {
    const result = run({ llms_txt: 'We accept USDC.', mcp_tools: { tools: [{ name: 'svc_q', _meta: {} }] } });
    expect(result).toMatchObject({ decision: 'no_methods', confidence: 'low', methods: [], flags: [] });
  });

  it('without a readable challenge: accepted is null, nothing is dead or undisclosed, confidence low', () => {
    const card = { name: 'A', supportedInterfaces: [{ url: 'https://a.example' }], skills: [], capabilities: { extensions: [{ uri: X402_EXTENSION, params: { accepts: [offer(SOLANA, USDC_SOLANA)], networks: ['base'] } }] } };
    const result = run({ a2a_agent_card: card, mcp_tools: { tools: [{ name: 'svc_q', _meta: { price: { amount: '0.01', network: 'base' } } }] }, challenge: 'bm90IGpzb24=' });
    expect(result.confidence).toBe('low');
    expect(result.methods.map((m) => [m.network, m.surfaces, m.accepted])).toEqual([
      [BASE, ['a2a_agent_card', 'mcp_tools'], null],
      [SOLANA, ['a2a_agent_card'], null],
    ]);
    expect(result.risk_flags).toEqual(['challenge_unparsed', 'fees_undisclosed']);
    expect(result.flags.map((f) => f.pointer)).toEqual(['/surfaces']);
  });

  it('reads a base64 PAYMENT-REQUIRED header value through X402P', () => {
    const header = Buffer.from(JSON.stringify(challenge([offer(BASE, USDC_BASE)], { facilitatorFees: {} }))).toString('base64');
    const result = run({ challenge: header, llms_txt: 'USDC on base-sepolia for tests, USDC on Base in production' });
    expect(result.methods.map((m) => [m.network, m.accepted])).toEqual([
      [BASE, true],
      ['eip155:84532', false],
    ]);
    expect(result.flags.map((f) => [f.code, f.pointer])).toEqual([['dead_advertisement', '/surfaces/llms_txt']]);
    expect(result.flags[0]!.detail).toContain('llms_txt line 1');
  });

  describe('request bounds', () => {
    const ok = (surfaces: Record<string, unknown>) => expect(paymentMethodDisclosureMapRequest.safeParse({ surfaces }).error).toBeUndefined();
    const refused = (body: unknown) => expect(paymentMethodDisclosureMapRequest.safeParse(body).success).toBe(false);

    it('text and header lengths, at least one surface, types and extra properties', () => {
      ok({ llms_txt: 'x'.repeat(DISCLOSURE_MAP_LIMITS.llmsTxt) });
      refused({ surfaces: { llms_txt: 'x'.repeat(DISCLOSURE_MAP_LIMITS.llmsTxt + 1) } });
      ok({ terms_text: 'x'.repeat(DISCLOSURE_MAP_LIMITS.termsText) });
      refused({ surfaces: { terms_text: 'x'.repeat(DISCLOSURE_MAP_LIMITS.termsText + 1) } });
      ok({ challenge: 'x'.repeat(DISCLOSURE_MAP_LIMITS.challengeHeader) });
      refused({ surfaces: { challenge: 'x'.repeat(DISCLOSURE_MAP_LIMITS.challengeHeader + 1) } });
      refused({ surfaces: {} });
      refused({});
      refused({ surfaces: { openapi: [] } });
      refused({ surfaces: { mcp_tools: 'tools' } });
      refused({ surfaces: { llms_txt: 'x', sitemap: 'y' } });
      refused({ surfaces: { llms_txt: 'x' }, extra: 1 });
      const pad = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      ok({ openapi: pad(X402_REQUEST_LIMITS.documentBytes) });
      refused({ surfaces: { openapi: pad(X402_REQUEST_LIMITS.documentBytes + 1) } });
    });

    it('answers a maximum input (every surface near its limit) quickly', () => {
      const tools = Array.from({ length: 1400 }, (_, i) => ({ id: `t${i}`, price: { amount: '0.01', network: i % 2 ? 'base' : 'polygon', currency: 'USDC' } }));
      const surfaces = {
        challenge: challenge(Array.from({ length: 1000 }, (_, i) => offer(i % 3 ? BASE : SOLANA, i % 3 ? USDC_BASE : USDC_SOLANA))),
        discovery_manifest: { tools },
        mcp_tools: { tools: tools.map((t) => ({ name: t.id, _meta: { price: t.price } })) },
        llms_txt: 'USDC on base, polygon, solana and arbitrum\n'.repeat(800).slice(0, DISCLOSURE_MAP_LIMITS.llmsTxt),
        terms_text: 'USDC on Base. '.repeat(1100).slice(0, DISCLOSURE_MAP_LIMITS.termsText),
      };
      expect(serializedBytes(surfaces)).toBeLessThan(X402_REQUEST_LIMITS.bodyBytes);
      const started = performance.now();
      const result = run(surfaces);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.decision).toBe('partially_disclosed');
      expect(result.methods.map((m) => m.network)).toEqual(['eip155:137', 'eip155:42161', 'eip155:8453', SOLANA]);
    });
  });
});
