import { RELEASE_GATE_LIMITS, catalogEntry, mcpRegistryReleaseQualityGateRequest, mcpRegistryReleaseQualityGateResult } from '@paysight/contracts';
import { analyzeReleaseGate, baseUrlAllowed, bumpOf, parseSemver, type ReleaseGateInput } from './analyze.js';

function run(body: Record<string, unknown>) {
  const input: ReleaseGateInput = mcpRegistryReleaseQualityGateRequest.parse(body);
  const output = analyzeReleaseGate(input);
  expect(mcpRegistryReleaseQualityGateResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const server = (extra: Record<string, unknown> = {}) => ({
  name: 'io.github.acme/tx-tools',
  description: 'Decodes EVM transactions.',
  version: '1.0.0',
  repository: { url: 'https://github.com/acme/tx-tools', source: 'github' },
  packages: [{ registryType: 'npm', registryBaseUrl: 'https://registry.npmjs.org', identifier: '@acme/tx-tools', version: '1.0.0', transport: { type: 'stdio' } }],
  ...extra,
});
const tool = (name: string, required: string[] = ['tx'], properties: Record<string, unknown> = { tx: { type: 'string' }, chain: { type: 'string' } }) => ({
  name,
  inputSchema: { type: 'object', properties, required },
});
const rules = (result: ReturnType<typeof run>) => result.checks.map((c) => `${c.severity}:${c.rule}:${c.path}`);

describe('x402-mcp-registry-release-quality-gate', () => {
  it('the worked example of design §44: a 120-char description, an npm range and a minor bump over a new required argument are three errors', () => {
    const result = run(catalogEntry('x402_mcp_registry_release_quality_gate').example as Record<string, unknown>);
    expect(result.decision).toBe('blocked');
    expect(result.confidence).toBe('high');
    expect(rules(result)).toEqual([
      'error:description_invalid:/server_json/description',
      'error:package_version_unpinned:/server_json/packages/0/version',
      'error:semver_understates_breaking:/server_json/version',
    ]);
    expect(result.checks[0]!.detail).toContain('120 characters');
    expect(result.semver).toEqual({
      previous: '1.2.0',
      current: '1.3.0',
      bump: 'minor',
      required_bump: 'major',
      breaking_changes: [{ tool: 'decode_tx', kind: 'property_required', path: '/inputSchema/required' }],
    });
    expect(result.risk_flags).toEqual(['description_invalid', 'package_version_unpinned', 'semver_understates_breaking']);
  });

  it('release_ready: a clean server.json, valid tools and a major bump over a breaking change', () => {
    const result = run({ server_json: server({ version: '2.0.0' }), tools: [tool('decode_tx', ['tx', 'chain'])], previous: { server_json: server(), tools: [tool('decode_tx')] } });
    expect(result.decision).toBe('release_ready');
    expect(result.checks).toEqual([]);
    expect(result.semver).toMatchObject({ bump: 'major', required_bump: 'major' });
  });

  it('a minor bump is enough while the major is 0; a removed tool is breaking', () => {
    const ok = run({ server_json: server({ version: '0.4.0' }), tools: [], previous: { server_json: server({ version: '0.3.2' }), tools: [tool('decode_tx')] } });
    expect(ok.semver).toMatchObject({ bump: 'minor', required_bump: 'minor', breaking_changes: [{ tool: 'decode_tx', kind: 'tool_removed', path: '' }] });
    expect(ok.decision).toBe('release_ready');
    const patch = run({ server_json: server({ version: '0.3.3' }), tools: [], previous: { server_json: server({ version: '0.3.2' }), tools: [tool('decode_tx')] } });
    expect(rules(patch)).toEqual(['error:semver_understates_breaking:/server_json/version']);
  });

  it('release_with_warnings: a dropped _meta key and a namespace that is not the repository owner', () => {
    const result = run({ server_json: server({ repository: { url: 'https://github.com/someone-else/tx-tools', source: 'github' }, _meta: { 'com.acme/build': { ci: true }, 'io.modelcontextprotocol.registry/publisher-provided': { tool: 'ci' } } }) });
    expect(result.decision).toBe('release_with_warnings');
    expect(result.confidence).toBe('medium');
    expect(rules(result)).toEqual(['warning:meta_key_dropped:/server_json/_meta/com.acme~1build', 'warning:namespace_repository_mismatch:/server_json/repository/url']);
    expect(result.semver).toBeNull();
  });

  it('blocked by each server.json rule, with the pointer to the field', () => {
    const result = run({
      server_json: {
        name: 'tx-tools',
        description: '',
        version: 'latest',
        packages: [
          { registryType: 'cargo', identifier: 'x', version: '1.0.0' },
          { registryType: 'npm', registryBaseUrl: 'https://npm.mirror.example', identifier: '@a/b', version: '1.x', environmentVariables: [{ name: 'ACME_API_KEY', default: 'demo' }, { name: 'PORT' }] },
          { registryType: 'mcpb', identifier: 'https://example.com/b.mcpb', version: '1.0.0', fileSha256: 'ABC' },
          { registryType: 'oci', registryBaseUrl: 'https://europe-docker.pkg.dev', identifier: 'acme/tx', version: '1.0.0' },
        ],
        remotes: [{ type: 'streamable-http', url: 'http://169.254.169.254/mcp' }],
        _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { blob: 'x'.repeat(4100) } },
      },
      tools: [{ name: 'bad name!' }, { name: 'ok_name' }],
    });
    expect(result.decision).toBe('blocked');
    expect(rules(result)).toEqual([
      'error:name_invalid:/server_json/name',
      'error:description_invalid:/server_json/description',
      'error:version_invalid:/server_json/version',
      'error:package_registry_type_unknown:/server_json/packages/0/registryType',
      'error:package_version_unpinned:/server_json/packages/1/version',
      'error:package_registry_base_url_not_allowed:/server_json/packages/1/registryBaseUrl',
      'error:mcpb_integrity_missing:/server_json/packages/2/fileSha256',
      'error:mcpb_integrity_missing:/server_json/packages/2/identifier',
      'error:remote_url_unsafe:/server_json/remotes/0/url',
      'error:secret_env_not_marked:/server_json/packages/1/environmentVariables/0/isSecret',
      'error:secret_has_default:/server_json/packages/1/environmentVariables/0/default',
      'error:publisher_meta_too_large:/server_json/_meta/io.modelcontextprotocol.registry~1publisher-provided',
      'error:tool_name_invalid:/tools/0/name',
    ]);
  });

  it('republishing the same version is refused', () => {
    const result = run({ server_json: server(), tools: [tool('decode_tx')], previous: { server_json: server(), tools: [tool('decode_tx')] } });
    expect(rules(result)).toEqual(['error:version_not_bumped:/server_json/version']);
    expect(result.semver).toMatchObject({ bump: 'none', required_bump: 'none', breaking_changes: [] });
  });

  it('without tools on both sides the version check cannot see tool changes', () => {
    const result = run({ server_json: server({ version: '1.0.1' }), previous: { server_json: server() } });
    expect(result.decision).toBe('release_ready');
    expect(result.semver).toMatchObject({ bump: 'patch', required_bump: 'none' });
    expect(result.limitations.join(' ')).toContain('previous.tools or tools is missing');
  });

  it('semver parsing, bump kinds and the base-URL allow list', () => {
    expect(bumpOf(parseSemver('1.2.3'), parseSemver('1.2.4'))).toBe('patch');
    expect(bumpOf(parseSemver('1.2.3'), parseSemver('1.2.2'))).toBe('downgrade');
    expect(bumpOf(parseSemver('2.0.0-rc.1'), parseSemver('2.0.0'))).toBe('prerelease');
    expect(bumpOf(parseSemver('2.0.0'), parseSemver('2.0.0-rc.1'))).toBe('downgrade');
    expect(bumpOf(parseSemver('2024.1'), parseSemver('2.0.0'))).toBe('unparseable');
    expect(baseUrlAllowed('npm', 'https://registry.npmjs.org/')).toBe(true);
    expect(baseUrlAllowed('oci', 'https://myacr.azurecr.io')).toBe(true);
    expect(baseUrlAllowed('oci', 'https://azurecr.io.evil.example')).toBe(false);
    expect(baseUrlAllowed('nuget', 'https://api.nuget.org')).toBe(true);
    expect(baseUrlAllowed('pypi', 'https://test.pypi.org')).toBe(false);
  });

  describe('request bounds', () => {
    const parse = (body: unknown) => mcpRegistryReleaseQualityGateRequest.safeParse(body).success;
    it('server_json up to 64 KiB, tools up to 200, strict objects, types', () => {
      const sized = (bytes: number) => ({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) });
      expect(parse({ server_json: sized(RELEASE_GATE_LIMITS.serverJsonBytes) })).toBe(true);
      expect(parse({ server_json: sized(RELEASE_GATE_LIMITS.serverJsonBytes + 1) })).toBe(false);
      expect(parse({ server_json: server(), tools: Array.from({ length: 200 }, (_, i) => ({ name: `t${i}` })) })).toBe(true);
      expect(parse({ server_json: server(), tools: Array.from({ length: 201 }, (_, i) => ({ name: `t${i}` })) })).toBe(false);
      expect(parse({ server_json: 'server.json' })).toBe(false);
      expect(parse({})).toBe(false);
      expect(parse({ server_json: server(), extra: 1 })).toBe(false);
      expect(parse({ server_json: server(), previous: { server_json: server(), extra: 1 } })).toBe(false);
    });

    it('answers at the limits without crashing', () => {
      const wide = (i: number, required: string[]) => tool(`tool_${i}`, required, Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`p${j}`, { type: 'string', maxLength: 100 }])));
      const started = performance.now();
      const result = run({
        server_json: server({ version: '1.1.0', packages: Array.from({ length: 60 }, (_, i) => ({ registryType: 'npm', identifier: `@a/p${i}`, version: '^1', environmentVariables: Array.from({ length: 10 }, (_, j) => ({ name: `TOKEN_${j}` })) })) }),
        tools: Array.from({ length: 200 }, (_, i) => wide(i, ['p0', 'p1'])),
        previous: { server_json: server(), tools: Array.from({ length: 200 }, (_, i) => wide(i, ['p0'])) },
      });
      expect(result.decision).toBe('blocked');
      expect(result.semver!.breaking_changes).toHaveLength(50);
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });
});
