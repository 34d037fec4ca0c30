import { generateKeyPairSync } from 'node:crypto';
import { TRUST_RADAR_LIMITS, a2aAgentCardTrustRadarRequest, a2aAgentCardTrustRadarResult, canonicalJson, catalogEntry, fingerprint, serializedBytes } from '@paysight/contracts';
import { FlattenedSign } from 'jose';
import { analyzeTrustRadar, registrableDomain } from './analyze.js';
import { checkCardSignatures } from './signature.js';

const X402_EXTENSION = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';
const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const JWK = { ...keys.publicKey.export({ format: 'jwk' }), kid: 'k1' } as Record<string, unknown> & { kty: 'EC' };
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });

async function run(body: Record<string, unknown>) {
  const input = a2aAgentCardTrustRadarRequest.parse(body);
  const output = analyzeTrustRadar(input, await checkCardSignatures(input));
  expect(a2aAgentCardTrustRadarResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

/** A JWS over the card without signatures (RFC 8785), detached: only protected and signature are kept. */
async function sign(card: Record<string, unknown>, kid = 'k1', key = keys.privateKey) {
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalJson(card))).setProtectedHeader({ alg: 'ES256', kid }).sign(key);
  return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
}

/** A v1.0 card with every axis at 5 (before signing). */
const goodCard = () => ({
  name: 'Tx explainer',
  description: 'Explains transactions.',
  version: '2.1.0',
  provider: { organization: 'Example Labs', url: 'https://example.com' },
  documentationUrl: 'https://docs.example.com/agent',
  supportedInterfaces: [
    { url: 'https://agent.example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://grpc.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
  ],
  capabilities: { extensions: [{ uri: X402_EXTENSION, required: true, params: { price: '0.01', network: 'base' } }] },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [{ id: 'explain', name: 'Explain', description: 'Explains a transaction.', tags: ['evm'], inputModes: ['text/*'] }],
});
const context = { expected_domain: 'example.com' };

describe('x402-a2a-agent-card-trust-radar', () => {
  it('the worked example of design §50: a v0.3 card over http, no provider, signatures or schemes is untrusted_shape', async () => {
    const result = await run(catalogEntry('x402_a2a_agent_card_trust_radar').example as Record<string, unknown>);
    expect(result).toMatchObject({ decision: 'untrusted_shape', confidence: 'low', card_version: '0.3' });
    expect(result.radar).toEqual({ identity: 0, transport: 0, auth: 0, integrity: 0, payment_clarity: 0, skill_hygiene: 5 });
    expect(result.findings.find((f) => f.axis === 'transport')).toMatchObject({ code: 'interface_not_https', pointer: '/agent_card/url' });
    expect(result.risk_flags).toEqual(['documentation_off_domain', 'domain_unconfirmed', 'interface_not_https', 'no_security_schemes', 'no_signatures', 'no_x402_extension', 'provider_incomplete']);
  });

  it('trusted_shape with high confidence when a JWS verifies with a supplied JWK', async () => {
    const card = await sign(goodCard());
    const result = await run({ agent_card: card, context, jwks: [JWK] });
    expect(result).toMatchObject({ decision: 'trusted_shape', confidence: 'high', card_version: '1.0', findings: [] });
    expect(result.radar).toEqual({ identity: 5, transport: 5, auth: 5, integrity: 5, payment_clarity: 5, skill_hygiene: 5 });
    expect(result.card_hash).toBe(fingerprint(goodCard()));
  });

  it('integrity: a tampered card fails (untrusted_shape); an unknown kid is unverifiable (2); a matching pin scores 3 (medium)', async () => {
    const signed = await sign(goodCard());
    const tampered = await run({ agent_card: { ...signed, name: 'Other' }, context, jwks: [JWK] });
    expect(tampered).toMatchObject({ decision: 'untrusted_shape', radar: { integrity: 0 } });
    expect(tampered.findings).toEqual([{ axis: 'integrity', code: 'signature_invalid', detail: expect.any(String), pointer: '/agent_card/signatures/0' }]);
    const unknownKey = await run({ agent_card: await sign(goodCard(), 'k2', other.privateKey), context, jwks: [JWK] });
    expect(unknownKey).toMatchObject({ decision: 'caution', confidence: 'low', radar: { integrity: 2 }, risk_flags: ['signature_unverifiable'] });
    const noKeys = await run({ agent_card: signed, context });
    expect(noKeys.radar.integrity).toBe(2);
    const pinned = await run({ agent_card: goodCard(), context: { ...context, pinned_card_hash: fingerprint(goodCard()) } });
    expect(pinned).toMatchObject({ decision: 'trusted_shape', confidence: 'medium', radar: { integrity: 3 } });
    const moved = await run({ agent_card: goodCard(), context: { ...context, pinned_card_hash: `sha256:${'0'.repeat(64)}` } });
    expect(moved).toMatchObject({ decision: 'untrusted_shape', radar: { integrity: 0 }, risk_flags: ['pinned_hash_mismatch'] });
  });

  it('caution: no signature and no pin leaves integrity 0 without failing it', async () => {
    const result = await run({ agent_card: goodCard(), context });
    expect(result).toMatchObject({ decision: 'caution', confidence: 'low', risk_flags: ['no_signatures'] });
  });

  it('auth: API key in the query string scores 3 in either version\'s spelling; schemes without requirements score 0', async () => {
    const v10 = { ...goodCard(), securitySchemes: { key: { apiKeySecurityScheme: { location: 'query', name: 'k' } } }, securityRequirements: [{ schemes: { key: { list: [] } } }] };
    expect((await run({ agent_card: v10, context })).findings.filter((f) => f.axis === 'auth')).toEqual([{ axis: 'auth', code: 'api_key_in_query', detail: expect.any(String), pointer: '/agent_card/securitySchemes/key' }]);
    const v03 = { ...catalogEntry('x402_a2a_agent_card_trust_radar').example.agent_card, securitySchemes: { k: { type: 'apiKey', in: 'query', name: 'k' } }, security: [{ k: [] }] };
    expect((await run({ agent_card: v03 })).radar.auth).toBe(3);
    const unrequired = await run({ agent_card: { ...goodCard(), securityRequirements: [] }, context });
    expect(unrequired.radar.auth).toBe(0);
    expect(unrequired.risk_flags).toContain('no_security_requirements');
  });

  it('transport: a private host is 0, a non-https non-http endpoint is 2 (mixed)', async () => {
    const withInterface = (url: string) => ({ ...goodCard(), supportedInterfaces: [...goodCard().supportedInterfaces, { url, protocolBinding: 'GRPC' }] });
    const privateHost = await run({ agent_card: withInterface('https://10.0.0.5/a2a'), context });
    expect(privateHost).toMatchObject({ decision: 'untrusted_shape', radar: { transport: 0 } });
    expect(privateHost.findings[0]).toMatchObject({ code: 'interface_private_host', pointer: '/agent_card/supportedInterfaces/2/url' });
    const mixed = await run({ agent_card: withInterface('grpc://agent.example.com:50051'), context });
    expect(mixed).toMatchObject({ decision: 'caution', radar: { transport: 2 }, risk_flags: ['interface_unsafe_label', 'no_signatures'] });
  });

  it('identity: provider, interface domain against served_from or expected, documentation domain; co.uk-style suffixes', async () => {
    const mismatch = await run({ agent_card: goodCard(), context: { served_from_label: 'https://evil.example.net/.well-known/agent-card.json' } });
    expect(mismatch.radar.identity).toBe(3);
    expect(mismatch.findings.find((f) => f.axis === 'identity')).toMatchObject({ code: 'domain_mismatch', pointer: '/agent_card/supportedInterfaces/0/url' });
    const served = await run({ agent_card: goodCard(), context: { served_from_label: 'https://www.example.com/.well-known/agent-card.json' } });
    expect(served.radar.identity).toBe(5);
    const bare = await run({ agent_card: { ...goodCard(), provider: { organization: 'Example Labs' }, documentationUrl: 'https://elsewhere.io' }, context });
    expect(bare).toMatchObject({ decision: 'caution', radar: { identity: 2 } });
    const { provider: _p, ...noProvider } = goodCard();
    expect(await run({ agent_card: noProvider })).toMatchObject({ decision: 'untrusted_shape', radar: { identity: 1 } });
    expect(['a.b.example.co.uk', 'example.co.uk', 'api.example.com', 'localhost', '10.0.0.1'].map(registrableDomain)).toEqual(['example.co.uk', 'example.co.uk', 'example.com', 'localhost', '10.0.0.1']);
  });

  it('payment clarity and skill hygiene: declared without price 3, absent 0; penalties floor at 0', async () => {
    const noPrice = { ...goodCard(), capabilities: { extensions: [{ uri: X402_EXTENSION, required: true }] } };
    const result = await run({ agent_card: noPrice, context: { ...context, pinned_card_hash: fingerprint(noPrice) } });
    expect(result).toMatchObject({ decision: 'trusted_shape', radar: { payment_clarity: 3 }, risk_flags: ['x402_price_undeclared'] });
    const messy = { ...goodCard(), defaultOutputModes: ['json'], skills: [{ id: 'a', name: 'A', tags: [] }, { id: 'a', name: 'B', description: 'b', tags: ['t'] }] };
    const hygiene = await run({ agent_card: messy, context: { ...context, pinned_card_hash: fingerprint(messy) } });
    expect(hygiene.radar.skill_hygiene).toBe(0);
    expect(hygiene.decision).toBe('caution');
    expect(hygiene.findings.map((f) => [f.code, f.pointer])).toEqual([
      ['duplicate_skill_ids', '/agent_card/skills/1'],
      ['skill_without_description', '/agent_card/skills/0'],
      ['skill_without_tags', '/agent_card/skills/0'],
      ['malformed_mime_mode', '/agent_card/defaultOutputModes'],
    ]);
    const unknown = await run({ agent_card: { name: 'x' } });
    expect(unknown.card_version).toBe('unknown');
    expect(unknown.risk_flags).toContain('card_version_unknown');
    expect(unknown.risk_flags).toContain('no_skills');
  });

  describe('request bounds', () => {
    const ok = (body: Record<string, unknown>) => expect(a2aAgentCardTrustRadarRequest.safeParse(body).error).toBeUndefined();
    const refused = (body: Record<string, unknown>) => expect(a2aAgentCardTrustRadarRequest.safeParse(body).success).toBe(false);
    const pad = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });

    it('card size, JWK count and privacy, context members, types and extra properties', () => {
      ok({ agent_card: pad(TRUST_RADAR_LIMITS.cardBytes) });
      refused({ agent_card: pad(TRUST_RADAR_LIMITS.cardBytes + 1) });
      ok({ agent_card: {}, jwks: Array(TRUST_RADAR_LIMITS.jwks).fill(JWK) });
      refused({ agent_card: {}, jwks: Array(TRUST_RADAR_LIMITS.jwks + 1).fill(JWK) });
      refused({ agent_card: {}, jwks: [{ ...JWK, d: 'secret' }] });
      refused({ agent_card: {}, jwks: [{ kty: 'oct', k: 'AAAA' }] });
      ok({ agent_card: {}, context: { served_from_label: `https://a.example/${'p'.repeat(2000)}`, expected_domain: 'agent.example.co.uk', pinned_card_hash: fingerprint({}) } });
      refused({ agent_card: {}, context: { expected_domain: 'not a domain' } });
      refused({ agent_card: {}, context: { pinned_card_hash: 'sha256:XYZ' } });
      refused({ agent_card: {}, context: { served_from_label: 'https://a.example', other: 1 } });
      refused({ agent_card: 'card' });
      refused({ context });
      refused({ agent_card: {}, extra: true });
    });

    it('answers a maximum card (64 KiB, five signatures, five JWKs) quickly', async () => {
      const skills = Array.from({ length: 400 }, (_, i) => ({ id: `s${i % 350}`, name: `Skill ${i}`, description: 'Explains one transaction.', tags: ['evm'], inputModes: ['text/plain'], outputModes: ['application/json'] }));
      const base = { ...goodCard(), skills };
      const signed = await sign(base);
      const card = { ...signed, signatures: Array(5).fill(signed.signatures[0]) };
      expect(serializedBytes(card)).toBeGreaterThan(48 * 1024);
      expect(serializedBytes(card)).toBeLessThanOrEqual(TRUST_RADAR_LIMITS.cardBytes);
      const started = performance.now();
      const result = await run({ agent_card: card, context, jwks: Array.from({ length: 5 }, (_, i) => ({ ...JWK, kid: i === 4 ? 'k1' : `k${i + 10}` })) });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result).toMatchObject({ decision: 'trusted_shape', confidence: 'high', radar: { integrity: 5, skill_hygiene: 3 } });
    });
  });
});
