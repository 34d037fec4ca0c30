import { BOUNDARY_MAPPER_LIMITS, catalogEntry, mcpPaidRouteBoundaryMapperRequest, mcpPaidRouteBoundaryMapperResult } from '@paysight/contracts';
import { analyzeBoundaryMapper, readSample, routeKey } from './analyze.js';

function run(body: Record<string, unknown>) {
  const output = analyzeBoundaryMapper(mcpPaidRouteBoundaryMapperRequest.parse(body));
  expect(mcpPaidRouteBoundaryMapperResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const paid = (name: string, price: string | null, meta: Record<string, unknown> = {}) => ({ name, _meta: { x402Required: true, ...(price === null ? {} : { price }), ...meta } });
const route = (path: string, isPaid: boolean, price?: string) => ({ path, paid: isPaid, ...(price === undefined ? {} : { price }) });
const challenge = { x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', payTo: '0x1111111111111111111111111111111111111111', maxTimeoutSeconds: 60 }] };

describe('x402-mcp-paid-route-boundary-mapper', () => {
  it('the worked example of design §27: an unpaid sample returns data without a signal, so svc_tx_status is a bypass and the boundary leaky', () => {
    const result = run(catalogEntry('x402_mcp_paid_route_boundary_mapper').example as Record<string, unknown>);
    expect(result.decision).toBe('leaky');
    expect(result.boundary_map[0]).toEqual({
      tool: 'svc_tx_status',
      route: '/api/tx-status',
      mapped_by: 'naming_convention',
      mcp_paid: true,
      rest_paid: true,
      mcp_price: '0.01',
      rest_price: '0.01',
      signal: 'none',
      status: 'bypass',
      evidence: ['/mcp_tools/0/_meta/price', '/rest_routes/0/paid', '/unpaid_call_samples/0/result/structuredContent'],
    });
    expect(result.boundary_map[1]).toMatchObject({ tool: 'svc_wallet_audit', mapped_by: 'x402_endpoint', status: 'gated', signal: 'not_sampled' });
    expect(result.counts).toEqual({ gated: 1, bypass: 1, unsignalled: 0, price_split: 0, free: 0, unmapped: 0 });
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toEqual(['bypass']);
  });

  it('reads the payment signal in the transport order', () => {
    expect(readSample({ isError: true, structuredContent: challenge }).signal).toBe('structured_payment_required');
    expect(readSample({ isError: true, structuredContent: { 'x402/error': { code: 402, data: challenge } } })).toEqual({ outcome: 'signalled', signal: 'structured_x402_error', at: '/structuredContent/x402~1error/data' });
    expect(readSample({ isError: true, content: [{ type: 'text', text: JSON.stringify({ 'x402/error': { data: challenge } }) }] }).signal).toBe('text_json');
    expect(readSample({ isError: true, content: [{ type: 'text', text: JSON.stringify(challenge) }] }).signal).toBe('text_json');
    expect(readSample({ status: 'payment_required', httpStatus: 402 }).signal).toBe('wrapper_payment_required');
    expect(readSample({ isError: true, content: [{ type: 'text', text: 'Payment required' }] })).toEqual({ outcome: 'error', signal: 'none', at: '/isError' });
    expect(readSample({ status: 'error', httpStatus: 500 }).outcome).toBe('error');
    expect(readSample({ status: 'ok', response: {} }).outcome).toBe('data');
    expect(readSample({ isError: true, structuredContent: { 'x402/error': { data: { accepts: [] } } } }).outcome).toBe('error');
  });

  it('sealed: every paid tool gated on both surfaces with a parseable signal; the explicit map wins', () => {
    const result = run({
      mcp_tools: [paid('svc_tx_status', '0.01', { x402Endpoint: '/api/elsewhere' }), { name: 'svc_ping' }],
      rest_routes: [route('https://api.example.com/api/tx-status/', true, '0.010'), route('/api/elsewhere', true, '0.01'), route('/api/ping', false)],
      tool_route_map: [{ tool_name: 'svc_tx_status', path: '/api/tx-status' }],
      unpaid_call_samples: [{ tool_name: 'svc_tx_status', result: { isError: true, structuredContent: challenge } }],
    });
    expect(result.decision).toBe('ambiguous');
    expect(result.boundary_map.map((r) => [r.tool, r.route, r.mapped_by, r.status])).toEqual([
      ['svc_tx_status', '/api/tx-status', 'tool_route_map', 'gated'],
      ['svc_ping', '/api/ping', 'naming_convention', 'free'],
      [null, '/api/elsewhere', null, 'unmapped'],
    ]);
    expect(result.risk_flags).toEqual(['unmapped_paid_route']);
    const sealed = run({ mcp_tools: [paid('svc_tx_status', '0.01')], rest_routes: [route('/api/tx-status', true, '0.01')], unpaid_call_samples: [{ tool_name: 'svc_tx_status', result: { isError: true, structuredContent: challenge } }] });
    expect(sealed.decision).toBe('sealed');
    expect(sealed.confidence).toBe('high');
    expect(sealed.boundary_map[0]!.signal).toBe('structured_payment_required');
  });

  it('leaky when REST is paid and MCP free, or MCP paid and REST free', () => {
    const mcpFree = run({ mcp_tools: [{ name: 'svc_a' }], rest_routes: [route('/api/a', true, '0.01')] });
    expect(mcpFree.decision).toBe('leaky');
    expect(mcpFree.risk_flags).toEqual(['bypass', 'mcp_tool_free']);
    const restFree = run({ mcp_tools: [paid('svc_a', '0.01')], rest_routes: [route('/api/a', false)] });
    expect(restFree.boundary_map[0]!.status).toBe('bypass');
    expect(restFree.risk_flags).toEqual(['bypass', 'rest_route_free']);
  });

  it('ambiguous: unsignalled, price_split and unmapped paid tools', () => {
    const result = run({
      mcp_tools: [paid('svc_a', '0.01'), paid('svc_b', '0.02'), paid('svc_c', null), paid('svc_d', '0.01', { x402Endpoint: '/api/gone' })],
      rest_routes: [route('/api/a', true, '0.01'), route('/api/b', true, '0.05'), route('/api/c', true)],
      unpaid_call_samples: [
        { tool_name: 'svc_a', result: { isError: true, content: [{ type: 'text', text: 'pay first' }] } },
        { tool_name: 'svc_a', result: { isError: true, structuredContent: challenge } },
        { tool_name: 'svc_zz', result: {} },
      ],
    });
    expect(result.decision).toBe('ambiguous');
    expect(result.boundary_map.map((r) => r.status)).toEqual(['unsignalled', 'price_split', 'gated', 'unmapped']);
    expect(result.risk_flags).toEqual(['mapped_route_not_listed', 'price_split', 'price_undeclared', 'sample_for_unknown_tool', 'unmapped_paid_tool', 'unsignalled']);
    expect(result.boundary_map[0]!.evidence).toContain('/unpaid_call_samples/0/result/isError');
  });

  it('no_paid_tools, with low confidence only when paid tools exist and none is sampled', () => {
    const free = run({ mcp_tools: [{ name: 'svc_a' }], rest_routes: [route('/api/a', false)] });
    expect(free.decision).toBe('no_paid_tools');
    expect(free.confidence).toBe('high');
    const unsampled = run({ mcp_tools: [paid('svc_a', '0.01')] });
    expect(unsampled.decision).toBe('ambiguous');
    expect(unsampled.confidence).toBe('low');
    expect(unsampled.limitations.some((l) => l.includes('No REST routes'))).toBe(true);
    expect(routeKey('https://x.example/api/a/?q=1')).toBe('/api/a');
  });

  describe('request bounds', () => {
    const tool = { name: 't' };
    const accepts = (body: Record<string, unknown>) => expect(mcpPaidRouteBoundaryMapperRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(mcpPaidRouteBoundaryMapperRequest.safeParse(body).success).toBe(false);

    it('counts, sizes, types and extra properties', () => {
      accepts({ mcp_tools: Array(BOUNDARY_MAPPER_LIMITS.tools).fill(tool) });
      rejects({ mcp_tools: Array(BOUNDARY_MAPPER_LIMITS.tools + 1).fill(tool) });
      rejects({ mcp_tools: [] });
      accepts({ mcp_tools: [tool], rest_routes: Array(200).fill(route('/a', true)), tool_route_map: Array(200).fill({ tool_name: 't', path: '/a' }) });
      rejects({ mcp_tools: [tool], rest_routes: Array(201).fill(route('/a', true)) });
      rejects({ mcp_tools: [tool], tool_route_map: Array(201).fill({ tool_name: 't', path: '/a' }) });
      accepts({ mcp_tools: [tool], unpaid_call_samples: Array(50).fill({ tool_name: 't', result: {} }) });
      rejects({ mcp_tools: [tool], unpaid_call_samples: Array(51).fill({ tool_name: 't', result: {} }) });
      accepts({ mcp_tools: [tool], unpaid_call_samples: [{ tool_name: 't', result: { text: 'x'.repeat(64 * 1024 - 20) } }] });
      rejects({ mcp_tools: [tool], unpaid_call_samples: [{ tool_name: 't', result: { text: 'x'.repeat(64 * 1024) } }] });
      rejects({ mcp_tools: [tool], rest_routes: [{ path: '/a' }] });
      rejects({ mcp_tools: [tool], rest_routes: [{ path: '/a', paid: 'yes' }] });
      rejects({ mcp_tools: [tool], rest_routes: [{ path: '/a', paid: true, price: 0.01 }] });
      rejects({ mcp_tools: [tool], rest_routes: [{ path: '/a', paid: true, extra: 1 }] });
      rejects({ mcp_tools: [tool], extra: 1 });
    });

    it('answers at the limits without crashing', () => {
      const mcp_tools = Array.from({ length: 200 }, (_, i) => paid(`svc_op_${i}`, '0.01'));
      const rest_routes = Array.from({ length: 200 }, (_, i) => route(`/api/op-${i}`, true, i % 2 === 0 ? '0.01' : '0.02'));
      const unpaid_call_samples = Array.from({ length: 50 }, (_, i) => ({ tool_name: `svc_op_${i}`, result: { isError: true, structuredContent: challenge } }));
      const result = run({ mcp_tools, rest_routes, unpaid_call_samples });
      expect(result.boundary_map).toHaveLength(200);
      expect(result.counts).toMatchObject({ gated: 100, price_split: 100 });
      expect(result.confidence).toBe('medium');
    });
  });
});
