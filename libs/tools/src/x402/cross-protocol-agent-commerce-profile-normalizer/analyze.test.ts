import { PROFILE_NORMALIZER_LIMITS, X402_REQUEST_LIMITS, catalogEntry, crossProtocolAgentCommerceProfileNormalizerRequest, crossProtocolAgentCommerceProfileNormalizerResult } from '@paysight/contracts';
import { analyzeProfileNormalizer, type ProfileNormalizerInput } from './analyze.js';
import { a2aCardVersion } from '../a2a-card.js';
import { opKey } from './sources.js';

const ONES = `0x${'1'.repeat(40)}`;
const TWOS = `0x${'2'.repeat(40)}`;
const X402_EXTENSION = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';

function run(documents: Record<string, unknown>) {
  const input: ProfileNormalizerInput = crossProtocolAgentCommerceProfileNormalizerRequest.parse({ service_label: 'Seller', documents });
  const output = analyzeProfileNormalizer(input);
  expect(crossProtocolAgentCommerceProfileNormalizerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const manifest = { name: 'Seller API', tools: [{ id: 'tx_status', method: 'POST', endpoint: 'https://s.example/api/tx-status', price: { amount: '0.01', currency: 'USDC', network: 'base', payTo: ONES } }] };
const mcp = (price: unknown = { amount: '0.01', currency: 'USDC', network: 'eip155:8453', payTo: ONES }) => ({ tools: [{ name: 'svc_tx_status', _meta: { x402ToolId: 'tx_status', x402Endpoint: '/api/tx-status', x402Required: true, price } }] });
/** An A2A v0.3 card with the fields a2a.json v0.3.0 requires. */
const cardV03 = {
  name: 'seller api',
  description: 'd',
  url: 'https://s.example/a2a',
  protocolVersion: '0.3.0',
  version: '1.0.0',
  capabilities: { extensions: [{ uri: X402_EXTENSION, required: true }] },
  defaultInputModes: ['application/json'],
  defaultOutputModes: ['application/json'],
  skills: [{ id: 'tx-status', name: 'Tx status', description: 'd', tags: ['tx'] }],
};
/** An A2A v1.0 card (a2a.proto v1.0.0, proto3 JSON names). */
const cardV10 = {
  name: 'Seller',
  description: 'd',
  supportedInterfaces: [{ url: 'https://s.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  version: '1',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'wallet_audit', name: 'Wallet audit', description: 'd', tags: [] }],
};

describe('x402-cross-protocol-agent-commerce-profile-normalizer', () => {
  it('the worked example of design §15: manifest 0.01 against MCP _meta 0.02 is a price conflict on tx_status', () => {
    const example = catalogEntry('x402_cross_protocol_agent_commerce_profile_normalizer').example as { documents: Record<string, unknown> };
    const result = run(example.documents);
    expect(result.decision).toBe('conflicting');
    expect(result.confidence).toBe('medium');
    expect(result.conflicts).toEqual([
      {
        op_key: 'tx_status',
        field: 'price',
        values: [
          { source: 'x402_manifest', value: '0.01' },
          { source: 'mcp_tools', value: '0.02' },
        ],
      },
    ]);
    expect(result.profile.operations).toEqual([expect.objectContaining({ op_key: 'tx_status', price_decimal: '0.01', mcp_name: 'svc_tx_status', sources: ['x402_manifest', 'mcp_tools'] })]);
    expect(result.coverage).toEqual({ operations: 1, in_all_sources: 1, single_source: 0 });
    expect(result.risk_flags).toEqual(['price_conflict']);
  });

  it('coherent across five sources (A2A v0.3 and llms.txt included); aliases and address case are no conflict; confidence high', () => {
    const result = run({
      x402_manifest: manifest,
      mcp_tools: mcp({ amount: '0.010', network: 'eip155:8453', payTo: ONES.toUpperCase().replace('0X', '0x') }),
      a2a_agent_card: cardV03,
      openapi: { info: { title: 'Seller API' }, paths: { '/api/tx-status': { post: { operationId: 'txStatus', 'x-x402': { amount: '0.01', network: 'base', payTo: ONES } } }, '/api/health': { get: {} } } },
      llms_txt: '# Seller API\n\n- [Tx status](/api/tx-status) (0.01 USDC)\n- Docs at https://s.example/docs/index\n',
    });
    expect(result.decision).toBe('coherent');
    expect(result.confidence).toBe('high');
    expect(result.conflicts).toEqual([]);
    expect(result.profile).toMatchObject({ display_names: ['Seller API'], protocols: ['a2a', 'mcp', 'rest', 'x402'], networks: ['eip155:8453'], receivers: [ONES] });
    expect(result.profile.operations.map((o) => [o.op_key, o.sources.length])).toEqual([
      ['health', 1],
      ['tx_status', 5],
    ]);
    expect(result.profile.operations[1]).toMatchObject({ path: '/api/tx-status', method: 'POST', a2a_skill_id: 'tx-status', currency: 'USDC' });
    expect(result.coverage).toEqual({ operations: 2, in_all_sources: 1, single_source: 1 });
  });

  it('network and receiver conflicts, merged by path when the keys differ; display names compared case-folded', () => {
    const result = run({
      x402_manifest: { name: 'Seller', resources: [{ id: 'status', path: '/api/tx-status', price: { amount: '0.01', network: 'base', payTo: ONES } }] },
      openapi: { info: { title: 'Other name' }, paths: { '/api/tx-status': { post: { operationId: 'getTxStatus', 'x-price': { amount: '0.01', network: 'eip155:1', payTo: TWOS } } } } },
      a2a_agent_card: cardV10,
    });
    expect(result.decision).toBe('conflicting');
    expect(result.conflicts.map((c) => [c.op_key, c.field])).toEqual([
      ['status', 'network'],
      ['status', 'receiver'],
    ]);
    expect(result.profile.display_names).toEqual(['Other name', 'Seller']);
    expect(result.risk_flags).toEqual(['display_name_mismatch', 'network_conflict', 'receiver_conflict']);
    expect(result.profile.operations.find((o) => o.op_key === 'wallet_audit')).toMatchObject({ a2a_skill_id: 'wallet_audit', sources: ['a2a_agent_card'] });
    expect(result.profile.protocols).toEqual(['a2a', 'rest', 'x402']);
  });

  it('sparse: one source, or sources without operations; unparsed documents are flagged', () => {
    const one = run({ x402_manifest: manifest });
    expect(one).toMatchObject({ decision: 'sparse', confidence: 'low' });
    const empty = run({ mcp_tools: { tools: [] }, openapi: { paths: {} } });
    expect(empty.decision).toBe('sparse');
    expect(empty.confidence).toBe('medium');
    const broken = run({ mcp_tools: { items: [] }, a2a_agent_card: { title: 'no card' } });
    expect(broken.decision).toBe('sparse');
    expect(broken.risk_flags).toEqual(['a2a_agent_card_unparsed', 'a2a_card_version_unknown', 'mcp_tools_unparsed']);
  });

  it('A2A card versions by their markers (v0.3 url/protocolVersion, v1.0 supportedInterfaces); an incomplete card is flagged', () => {
    expect(a2aCardVersion(cardV03)).toBe('0.3');
    expect(a2aCardVersion(cardV10)).toBe('1.0');
    expect(a2aCardVersion({ name: 'x' })).toBeNull();
    const result = run({ a2a_agent_card: { supportedInterfaces: [], skills: [{ id: 'a' }] }, llms_txt: '/api/a (0.5 USDC)' });
    expect(result.risk_flags).toEqual(['a2a_card_incomplete']);
    expect(result.decision).toBe('coherent');
  });

  it('op_key: lowercase, "-" to "_", svc_ and x402_ stripped, operationId snake-cased', () => {
    expect(['svc_x402_catalog_drift_monitor', 'x402_catalog_drift_monitor', 'x402-catalog-drift-monitor', 'catalogDriftMonitor', 'svc_tx_status', 'Tx-Status'].map(opKey)).toEqual([
      'catalog_drift_monitor',
      'catalog_drift_monitor',
      'catalog_drift_monitor',
      'catalog_drift_monitor',
      'tx_status',
      'tx_status',
    ]);
  });

  it('unparseable prices and unknown networks are flagged, not guessed', () => {
    const result = run({ x402_manifest: { tools: [{ id: 'a', price: 'ten', network: 'moon' }] }, mcp_tools: mcp('0.0000001') });
    expect(result.risk_flags).toEqual(['unknown_network', 'unparseable_price']);
  });

  describe('request bounds', () => {
    const accepts = (body: Record<string, unknown>) => expect(crossProtocolAgentCommerceProfileNormalizerRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(crossProtocolAgentCommerceProfileNormalizerRequest.safeParse(body).success).toBe(false);

    it('lengths, types, at least one document and extra properties', () => {
      accepts({ service_label: 's'.repeat(200), documents: { llms_txt: 'x'.repeat(PROFILE_NORMALIZER_LIMITS.llmsTxt) } });
      rejects({ service_label: 's'.repeat(201), documents: { llms_txt: 'x' } });
      rejects({ service_label: 's', documents: { llms_txt: 'x'.repeat(PROFILE_NORMALIZER_LIMITS.llmsTxt + 1) } });
      rejects({ service_label: 's', documents: {} });
      rejects({ service_label: 's' });
      rejects({ service_label: '', documents: { llms_txt: 'x' } });
      rejects({ service_label: 's', documents: { llms_txt: 'x', other: {} } });
      rejects({ service_label: 's', documents: { llms_txt: 'x' }, extra: 1 });
      rejects({ service_label: 's', documents: { openapi: [] } });
      rejects({ service_label: 's', documents: { mcp_tools: 'tools' } });
      const pad = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      accepts({ service_label: 's', documents: { openapi: pad(X402_REQUEST_LIMITS.documentBytes) } });
      rejects({ service_label: 's', documents: { openapi: pad(X402_REQUEST_LIMITS.documentBytes + 1) } });
    });

    it('answers at the limits without crashing', () => {
      const n = 1500;
      const tools = Array.from({ length: n }, (_, i) => ({ id: `op_${i}`, path: `/api/op-${i}`, price: { amount: '0.01', network: 'base', payTo: ONES } }));
      const result = run({
        x402_manifest: { tools },
        mcp_tools: { tools: tools.map((t, i) => ({ name: `svc_op_${i}`, _meta: { x402Endpoint: t.path, price: '0.02' } })) },
        llms_txt: tools.map((t) => `- ${t.path} (0.01 USDC)`).join('\n').slice(0, PROFILE_NORMALIZER_LIMITS.llmsTxt),
      });
      expect(result.decision).toBe('conflicting');
      expect(result.profile.operations).toHaveLength(n);
    });
  });
});
