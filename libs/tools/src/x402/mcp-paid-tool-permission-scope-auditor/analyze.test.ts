import { MCP_ANNOTATION_DEFAULTS, SCOPE_AUDITOR_LIMITS, catalogEntry, mcpPaidToolPermissionScopeAuditorRequest, mcpPaidToolPermissionScopeAuditorResult } from '@paysight/contracts';
import { analyzeScopeAuditor, covers, scopeRisk, type ScopeAuditorInput } from './analyze.js';

type Tool = Record<string, unknown> & { name: string };
const paidTool = (name: string, amount: string | null, extra: Record<string, unknown> = {}): Tool => ({
  name,
  annotations: { readOnlyHint: true },
  _meta: amount === null ? { x402Required: true } : { x402Required: true, price: { amount, currency: 'USDC', network: 'base' } },
  ...extra,
});

function run(body: Record<string, unknown>) {
  const input: ScopeAuditorInput = mcpPaidToolPermissionScopeAuditorRequest.parse(body);
  const output = analyzeScopeAuditor(input);
  expect(mcpPaidToolPermissionScopeAuditorResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const row = (result: ReturnType<typeof run>, tool: string) => result.tool_matrix.find((r) => r.tool === tool)!;

describe('x402-mcp-paid-tool-permission-scope-auditor', () => {
  it('the worked example of design §16: a wildcard grant is over_privileged; wallet_audit unaffordable; suggested grant tx:read', () => {
    const result = run(catalogEntry('x402_mcp_paid_tool_permission_scope_auditor').example as Record<string, unknown>);
    expect(result.decision).toBe('over_privileged');
    expect(result.confidence).toBe('high');
    expect(row(result, 'svc_wallet_audit')).toMatchObject({ paid: true, price: '1', reachable: true, affordable: false, issues: ['unaffordable'] });
    expect(row(result, 'svc_tx_status')).toMatchObject({ paid: true, price: '0.01', reachable: true, affordable: true, network_allowed: true, issues: [] });
    expect(result.suggested_grant).toEqual(['tx:read']);
    expect(result.unused_grant_scopes).toEqual([]);
    expect(result.risk_flags).toEqual(['unaffordable', 'wildcard_grant']);
  });

  it('scope risk: first matching pattern wins; coverage of x:* and wildcards', () => {
    expect(['*', '*:*', 'org:admin', 'wallet:read', 'payments:write', 'files:write', 'files:delete', 'tx:read', 'profile'].map(scopeRisk)).toEqual([
      'critical',
      'critical',
      'high',
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'medium',
    ]);
    expect(covers('tx:*', 'tx:read')).toBe(true);
    expect(covers('tx:*', 'txn:read')).toBe(false);
    expect(covers('*:*', 'anything')).toBe(true);
    expect(covers('tx:read', 'tx:write')).toBe(false);
  });

  it('under_declared: a paid tool without a price, or a read-only tool that needs a write scope (wins over a wildcard)', () => {
    const noPrice = run({ tools: [paidTool('svc_a', null)], tool_scopes: [{ tool_name: 'svc_a', required_scopes: ['a:read'] }], agent_grant: { scopes: ['*'] } });
    expect(noPrice.decision).toBe('under_declared');
    expect(row(noPrice, 'svc_a').issues).toEqual(['price_undeclared']);
    expect(row(noPrice, 'svc_a').affordable).toBe(false);
    const conflict = run({ tools: [paidTool('svc_b', '0.01')], tool_scopes: [{ tool_name: 'svc_b', required_scopes: ['files:write'] }], agent_grant: { scopes: ['files:write'] } });
    expect(conflict.decision).toBe('under_declared');
    expect(conflict.risk_flags).toContain('annotation_scope_conflict');
  });

  it('a :read scope of a sensitive resource does not contradict a read-only hint', () => {
    const result = run({ tools: [paidTool('svc_w', '0.01')], tool_scopes: [{ tool_name: 'svc_w', required_scopes: ['wallet:read'] }], agent_grant: { scopes: ['wallet:read'] } });
    expect(result.decision).toBe('least_privilege');
    expect(row(result, 'svc_w').issues).toEqual([]);
  });

  it('over_privileged without a wildcard: an unused high-risk grant scope', () => {
    const result = run({ tools: [paidTool('svc_t', '0.01')], tool_scopes: [{ tool_name: 'svc_t', required_scopes: ['tx:read'] }], agent_grant: { scopes: ['tx:read', 'payments:transfer', 'notes:read'] } });
    expect(result.decision).toBe('over_privileged');
    expect(result.unused_grant_scopes).toEqual([
      { scope: 'payments:transfer', risk: 'high' },
      { scope: 'notes:read', risk: 'low' },
    ]);
    expect(result.risk_flags).toEqual(['unused_high_risk_scope']);
  });

  it('blocked: scopes not covered, a non-read-only tool (MCP default) not allowed, a disallowed network, over the cap', () => {
    const tools = [
      paidTool('svc_uncovered', '0.01'),
      { name: 'svc_writer', _meta: { price: '0.01' } },
      paidTool('svc_polygon', '0.01', { _meta: { x402Required: true, price: { amount: '0.01', x402Network: 'eip155:137' } } }),
      paidTool('svc_dear', '5'),
    ];
    const result = run({
      tools,
      tool_scopes: [
        { tool_name: 'svc_uncovered', required_scopes: ['x:read'] },
        { tool_name: 'svc_writer', required_scopes: [] },
        { tool_name: 'svc_polygon', required_scopes: [] },
        { tool_name: 'svc_dear', required_scopes: [] },
      ],
      agent_grant: { scopes: [], max_price_per_call: '1', allowed_networks: ['base'] },
    });
    expect(result.decision).toBe('blocked');
    expect(result.tool_matrix.map((r) => r.issues)).toEqual([['scopes_not_covered'], ['network_undeclared', 'non_readonly_not_allowed'], ['network_not_allowed'], ['unaffordable']]);
    expect(MCP_ANNOTATION_DEFAULTS.readOnlyHint).toBe(false);
    expect(result.suggested_grant).toEqual([]);
  });

  it('least_privilege, and allow_non_readonly reaches a tool without annotations', () => {
    const result = run({
      tools: [{ name: 'svc_writer', _meta: { x402Required: true, price: { amount: '0.02', network: 'eip155:8453' } } }],
      tool_scopes: [{ tool_name: 'svc_writer', required_scopes: ['notes:write'] }],
      agent_grant: { scopes: ['notes:*'], max_price_per_call: '0.02', allowed_networks: ['eip155:8453'], allow_non_readonly: true },
    });
    expect(result.decision).toBe('least_privilege');
    expect(result.suggested_grant).toEqual(['notes:write']);
    expect(result.risk_flags).toEqual([]);
  });

  it('confidence: medium with a partial scope map, low without one; invalid MCP names and unknown networks are reported', () => {
    const partial = run({ tools: [paidTool('svc_a', '0.01'), paidTool('bad name!', '0.01')], tool_scopes: [{ tool_name: 'svc_a', required_scopes: [] }], agent_grant: { scopes: [] } });
    expect(partial.confidence).toBe('medium');
    expect(row(partial, 'bad name!').issues).toEqual(['invalid_tool_name', 'scopes_undeclared']);
    const none = run({ tools: [paidTool('svc_a', '0.01', { _meta: { price: { amount: '0.01', network: 'eip155:999' } } })], agent_grant: { scopes: [], allowed_networks: ['base'] } });
    expect(none.confidence).toBe('low');
    expect(none.risk_flags).toEqual(expect.arrayContaining(['network_not_allowed', 'unknown_network']));
    expect(none.tool_matrix[0]!.issues).toEqual(['network_not_allowed', 'unknown_network']);
    expect(none.limitations.some((l) => l.includes('0 of 1 tools'))).toBe(true);
  });

  describe('request bounds', () => {
    const grant = { scopes: [] };
    const tool = { name: 't' };
    const accepts = (body: Record<string, unknown>) => expect(mcpPaidToolPermissionScopeAuditorRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(mcpPaidToolPermissionScopeAuditorRequest.safeParse(body).success).toBe(false);

    it('counts, lengths, types and extra properties', () => {
      accepts({ tools: Array(SCOPE_AUDITOR_LIMITS.tools).fill(tool), agent_grant: grant });
      rejects({ tools: Array(SCOPE_AUDITOR_LIMITS.tools + 1).fill(tool), agent_grant: grant });
      rejects({ tools: [], agent_grant: grant });
      rejects({ tools: [tool] });
      rejects({ tools: [{ title: 'no name' }], agent_grant: grant });
      accepts({ tools: [{ name: 'n'.repeat(256) }], agent_grant: grant });
      rejects({ tools: [{ name: 'n'.repeat(257) }], agent_grant: grant });
      accepts({ tools: [tool], agent_grant: { scopes: Array(100).fill('s:read') } });
      rejects({ tools: [tool], agent_grant: { scopes: Array(101).fill('s:read') } });
      accepts({ tools: [tool], tool_scopes: Array(200).fill({ tool_name: 't', required_scopes: Array(20).fill('a') }), agent_grant: grant });
      rejects({ tools: [tool], tool_scopes: Array(201).fill({ tool_name: 't', required_scopes: [] }), agent_grant: grant });
      rejects({ tools: [tool], tool_scopes: [{ tool_name: 't', required_scopes: Array(21).fill('a') }], agent_grant: grant });
      rejects({ tools: [tool], tool_scopes: [{ tool_name: 't', required_scopes: [], extra: 1 }], agent_grant: grant });
      rejects({ tools: [tool], agent_grant: { scopes: [], extra: true } });
      rejects({ tools: [tool], agent_grant: grant, extra: 1 });
      rejects({ tools: [tool], agent_grant: { scopes: [], max_price_per_call: 0.25 } });
      rejects({ tools: [tool], agent_grant: { scopes: [], max_price_per_call: '0.1234567' } });
      rejects({ tools: [tool], agent_grant: { scopes: [], allowed_networks: [] } });
      rejects({ tools: [tool], agent_grant: { scopes: [], allow_non_readonly: 'yes' } });
      rejects({ tools: [tool], agent_grant: { scopes: ['s'.repeat(201)] } });
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 40; i++) deep = { a: deep };
      rejects({ tools: [{ name: 't', _meta: deep }], agent_grant: grant });
    });

    it('answers at the limits without crashing', () => {
      const tools = Array.from({ length: 200 }, (_, i) => paidTool(`svc_t${i}`, '0.01'));
      const tool_scopes = tools.map((t, i) => ({ tool_name: t.name, required_scopes: Array.from({ length: 20 }, (_, j) => `r${(i + j) % 50}:read`) }));
      const result = run({ tools, tool_scopes, agent_grant: { scopes: Array.from({ length: 100 }, (_, i) => `r${i}:*`), max_price_per_call: '0.01', allowed_networks: ['base'] } });
      expect(result.tool_matrix).toHaveLength(200);
      expect(result.unused_grant_scopes).toHaveLength(50);
      expect(result.decision).toBe('least_privilege');
    });
  });
});
