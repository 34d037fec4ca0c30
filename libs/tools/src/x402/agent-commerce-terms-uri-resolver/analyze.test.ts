import { HASH } from '../helpers.js';
import { TERMS_RESOLVER_LIMITS, agentCommerceTermsUriResolverRequest, agentCommerceTermsUriResolverResult } from '@paysight/contracts';
import { analyzeTermsResolution } from './analyze.js';

const source = (kind: string, level: string, terms: string, over: Record<string, unknown> = {}) => ({ kind, level, format: 'uri', terms, ...over });
const x402Resource = (terms = 'https://s.example/terms.md', over: Record<string, unknown> = {}) => source('x402_terms_extension', 'resource', terms, { version: '2026-01-15', ...over });

function run(body: Record<string, unknown>) {
  const input = agentCommerceTermsUriResolverRequest.parse(body);
  const output = analyzeTermsResolution(input);
  expect(agentCommerceTermsUriResolverResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-agent-commerce-terms-uri-resolver', () => {
  it('the worked example of design §41: the x402 resource terms govern, OpenAPI differs lower, the version moved since the pin', () => {
    const result = run({ sources: [x402Resource(), source('openapi_terms_of_service', 'service', 'https://s.example/tos')], pinned: { uri: 'https://s.example/terms.md', version: '2025-12-01' } });
    expect(result.decision).toBe('changed_since_pinned');
    expect(result.effective_terms).toEqual({ source: '/sources/0', kind: 'x402_terms_extension', level: 'resource', format: 'uri', uri: 'https://s.example/terms.md', content_hash: null, version: '2026-01-15' });
    expect(result.other_sources).toEqual([{ source: '/sources/1', kind: 'openapi_terms_of_service', identity: { ref: 'https://s.example/tos', version: null }, relation: 'differs_lower' }]);
    expect(result.change!.fields_changed).toEqual(['version']);
    expect(result.risk_flags).toEqual(['changed_since_pinned', 'lower_sources_differ']);
    expect(result.confidence).toBe('high');
  });

  it('resolved: precedence picks the resource-level x402 source whatever the input order; equal URIs are the same terms', () => {
    const result = run({
      sources: [source('llms_txt', 'service', 'https://S.example/terms.md'), source('openapi_terms_of_service', 'service', 'https://s.example/terms.md', { version: '2026-01-15' }), x402Resource()],
      pinned: { uri: 'https://s.example/terms.md', version: '2026-01-15' },
    });
    expect(result.decision).toBe('resolved');
    expect(result.effective_terms!.source).toBe('/sources/2');
    expect(result.other_sources.map((o) => [o.source, o.relation])).toEqual([
      ['/sources/1', 'same'],
      ['/sources/0', 'same'],
    ]);
    expect(result.change!.fields_changed).toEqual([]);
  });

  it('conflicting: two sources at the top level name different terms (confidence medium)', () => {
    const result = run({ sources: [x402Resource(), x402Resource('https://s.example/other-terms')] });
    expect(result.decision).toBe('conflicting');
    expect(result.other_sources[0]!.relation).toBe('conflict');
    expect(result.confidence).toBe('medium');
    expect(result.change).toBeNull();
  });

  it('unsafe_uri: the effective terms are http, javascript:, file: or a private host; a lower unsafe source is only an issue', () => {
    for (const uri of ['http://s.example/terms', 'javascript:alert(1)', 'file:///etc/passwd', 'https://169.254.169.254/terms', 'https://user@s.example/t']) {
      const result = run({ sources: [x402Resource(uri)] });
      expect([uri, result.decision]).toEqual([uri, 'unsafe_uri']);
      expect(result.issues[0]).toMatchObject({ source: '/sources/0', code: 'unsafe_uri' });
    }
    const lower = run({ sources: [x402Resource(), source('llms_txt', 'service', 'http://s.example/terms')] });
    expect(lower.decision).toBe('resolved');
    expect(lower.risk_flags).toEqual(['lower_sources_differ', 'unsafe_uri']);
  });

  it('missing: blank, relative and undecodable sources identify nothing', () => {
    const result = run({ sources: [x402Resource('   '), source('discovery_manifest', 'service', '/terms'), source('other', 'service', 'data:;base64,***')] });
    expect(result.decision).toBe('missing');
    expect(result.effective_terms).toBeNull();
    expect(result.issues.map((i) => [i.source, i.code])).toEqual([
      ['/sources/0', 'blank_terms'],
      ['/sources/1', 'relative_uri'],
      ['/sources/2', 'undecodable_data_uri'],
    ]);
    expect(result.confidence).toBe('low');
  });

  it('inline and data: terms are identified by HASH of their NFC text, trailing whitespace trimmed; JSON by its parsed value', () => {
    const text = 'Terms of use\nCafe\u0301 rules';
    const hash = HASH('Terms of use\nCafé rules');
    const inline = run({ sources: [x402Resource(`${text}  \n\n`, { format: 'markdown' }), source('mcp_server_json', 'service', `data:text/plain,${encodeURIComponent('Terms of use\nCafé rules')}`)], pinned: { content_hash: hash } });
    expect(inline.effective_terms).toMatchObject({ uri: null, content_hash: hash });
    expect(inline.other_sources[0]).toMatchObject({ identity: { ref: hash, version: null }, relation: 'same' });
    expect(inline.decision).toBe('resolved');
    const json = run({ sources: [x402Resource('{ "b": 1, "a": 2 }', { format: 'json' }), source('other', 'service', '{not json', { format: 'json' })] });
    expect(json.effective_terms!.content_hash).toBe(HASH({ a: 2, b: 1 }));
    expect(json.issues).toEqual([{ source: '/sources/1', code: 'invalid_json', detail: expect.any(String) }]);
  });

  it('a pinned content hash against URI terms cannot be compared: flagged, not counted as a change; a changed uri is', () => {
    const result = run({ sources: [x402Resource()], pinned: { content_hash: `sha256:${'1'.repeat(64)}`, uri: 'https://s.example/old-terms' } });
    expect(result.change!.fields_changed).toEqual(['uri']);
    expect(result.risk_flags).toContain('content_not_comparable');
    expect(result.limitations.join(' ')).toContain('could not be compared');
  });

  it('confidence: low when only llms.txt states terms, medium without a version', () => {
    expect(run({ sources: [source('llms_txt', 'service', 'https://s.example/t', { version: '1' })] }).confidence).toBe('low');
    expect(run({ sources: [x402Resource(undefined, { version: undefined })] }).confidence).toBe('medium');
  });

  describe('request bounds', () => {
    const parse = (body: Record<string, unknown>) => agentCommerceTermsUriResolverRequest.safeParse(body).success;
    const many = (n: number) => Array.from({ length: n }, () => x402Resource());

    it('10 sources and 16 KiB of terms accepted; 11, none, or one byte more refused', () => {
      expect(parse({ sources: many(TERMS_RESOLVER_LIMITS.sources) })).toBe(true);
      expect(parse({ sources: many(11) })).toBe(false);
      expect(parse({ sources: [] })).toBe(false);
      expect(parse({ sources: [x402Resource('x'.repeat(16 * 1024), { format: 'plaintext' })] })).toBe(true);
      expect(parse({ sources: [x402Resource('x'.repeat(16 * 1024 - 1) + 'é', { format: 'plaintext' })] })).toBe(false);
      expect(parse({ sources: [x402Resource(undefined, { version: 'v'.repeat(64) })] })).toBe(true);
      expect(parse({ sources: [x402Resource(undefined, { version: 'v'.repeat(65) })] })).toBe(false);
    });

    it('rejects wrong types, unknown kinds and extra properties', () => {
      expect(parse({ sources: [x402Resource(undefined, { kind: 'robots_txt' })] })).toBe(false);
      expect(parse({ sources: [x402Resource(undefined, { level: 'tool' })] })).toBe(false);
      expect(parse({ sources: [x402Resource(undefined, { extra: 1 })] })).toBe(false);
      expect(parse({ sources: many(1), pinned: { version: 1 } })).toBe(false);
      expect(parse({ sources: many(1), pinned: { content_hash: 'sha256:abc' } })).toBe(false);
      expect(parse({ sources: many(1), pinned: { etag: 'x' } })).toBe(false);
      expect(parse({ sources: many(1), extra: true })).toBe(false);
    });

    it('a maximum input (10 sources of 16 KiB, data: and inline) is answered', () => {
      const big = 'é'.repeat(8 * 1024 - 1);
      const sources = Array.from({ length: 10 }, (_, i) => (i % 2 ? x402Resource(big + i, { format: 'markdown', level: 'service' }) : source('other', 'service', `data:;base64,${Buffer.from('t'.repeat(12_000)).toString('base64')}`)));
      const result = run({ sources, pinned: { content_hash: HASH('x'), version: 'v'.repeat(64), uri: 'https://s.example/'.padEnd(2048, 'x') } });
      expect(result.decision).toBe('conflicting');
      expect(result.other_sources).toHaveLength(9);
    });
  });
});
