import { CATALOG, SPEND_CATEGORY_BY_TOOL_ID, SPEND_CLASSIFIER_LIMITS, catalogEntry, svcAgentSpendCategoryClassifierRequest, svcAgentSpendCategoryClassifierResult } from '@paysight/contracts';
import { analyzeSpendClassifier, type SpendClassifierInput } from './analyze.js';
import { catalogMatch } from './catalog-map.js';

function run(body: Record<string, unknown>) {
  const input: SpendClassifierInput = svcAgentSpendCategoryClassifierRequest.parse(body);
  const output = analyzeSpendClassifier(input);
  expect(svcAgentSpendCategoryClassifierResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

const item = (item_id: string, amount: string, extra: Record<string, unknown> = {}) => ({ item_id, amount, ...extra });
const rules = (result: ReturnType<typeof run>) => result.lines.map((l) => [l.category, l.rule]);

describe('x402-svc-agent-spend-category-classifier', () => {
  it('the worked example of design §14: wallet_research, inference_compute, unclassified; share 0.9906; classified', () => {
    const result = run(catalogEntry('x402_svc_agent_spend_category_classifier').example as Record<string, unknown>);
    expect(rules(result)).toEqual([
      ['wallet_research', 'catalog'],
      ['inference_compute', 'path'],
      ['unclassified', 'none'],
    ]);
    expect(result.classified_value_share).toBe('0.9906');
    expect(result.decision).toBe('classified');
    expect(result.confidence).toBe('high');
    expect(result.totals).toEqual([
      { category: 'wallet_research', amount_decimal: '1', count: 1 },
      { category: 'inference_compute', amount_decimal: '0.05', count: 1 },
      { category: 'unclassified', amount_decimal: '0.01', count: 1 },
    ]);
  });

  it('the catalog map is read from CATALOG: every tool id and MCP name (svc_ / svc_x402_ stripped) has a category', () => {
    for (const entry of CATALOG) {
      expect(catalogMatch(entry.id)?.id).toBe(entry.id);
      expect(catalogMatch(entry.mcpName)?.id).toBe(entry.id);
    }
    expect(catalogMatch('svc_x402_catalog_drift_monitor')?.category).toBe('discovery_and_registry');
    expect(catalogMatch('catalog_drift_monitor')?.id).toBe('x402_catalog_drift_monitor');
    expect(catalogMatch('x402_mcp_paid_tool_permission_scope_auditor')?.category).toBe('payment_infrastructure');
    expect(catalogMatch('not_a_tool')).toBeNull();
    for (const id of Object.keys(SPEND_CATEGORY_BY_TOOL_ID)) expect(CATALOG.some((e) => e.id === id)).toBe(true);
  });

  it('custom rules come first, in order, case-insensitive; equals and prefix on each field', () => {
    const result = run({
      items: [
        item('a', '1', { tool_id: 'wallet_audit', pay_to: '0xAbCdEf0000000000000000000000000000000001' }),
        item('b', '1', { resource_label: 'https://Media.Example/api/llm/x' }),
        item('c', '1', { resource_label: '/v2/feeds/eth' }),
        item('d', '1', { mcp_tool_name: 'svc_Store_Put' }),
      ],
      custom_rules: [
        { field: 'pay_to', op: 'equals', value: '0xabcdef0000000000000000000000000000000001', category: 'other' },
        { field: 'resource_host', op: 'equals', value: 'media.example', category: 'content_media' },
        { field: 'resource_path_prefix', op: 'prefix', value: '/v2/', category: 'data_feed' },
        { field: 'mcp_tool_name', op: 'prefix', value: 'svc_store_', category: 'storage_hosting' },
        { field: 'resource_path_prefix', op: 'prefix', value: '/', category: 'agent_services' },
      ],
    });
    expect(rules(result)).toEqual([
      ['other', 'custom'],
      ['content_media', 'custom'],
      ['data_feed', 'custom'],
      ['storage_hosting', 'custom'],
    ]);
    expect(result.lines[2]!.rule_detail).toBe('custom_rules[2]: resource_path_prefix prefix "/v2/" (case-insensitive)');
    expect(result.confidence).toBe('high');
  });

  it('keywords need 2 points and a lead of 1; confidence low when keywords carry most value', () => {
    const result = run({
      items: [
        item('k1', '3', { description: 'GPU inference batch' }),
        item('k2', '1', { description: 'wallet' }),
        item('tie', '1', { description: 'video oracle' }),
        item('weak', '1', { description: 'model' }),
      ],
    });
    expect(rules(result)).toEqual([
      ['inference_compute', 'keywords'],
      ['wallet_research', 'keywords'],
      ['unclassified', 'none'],
      ['unclassified', 'none'],
    ]);
    expect(result.lines[0]!.rule_detail).toBe('description scores 4 for inference_compute, 0 for wallet_research');
    expect(result.classified_value_share).toBe('0.6667');
    expect(result.decision).toBe('partially_classified');
    expect(result.confidence).toBe('low');
    expect(result.risk_flags).toEqual(['keyword_classified_spend', 'unclassified_spend']);
  });

  it('unclassified_majority below half; medium when mostly by path; shares compared exactly', () => {
    const result = run({ items: [item('p', '0.49', { resource_label: 'https://x.example/quote/eth' }), item('n', '0.51')] });
    expect(result.decision).toBe('unclassified_majority');
    expect(result.confidence).toBe('medium');
    const half = run({ items: [item('p', '0.5', { resource_label: 'https://x.example/quote/eth' }), item('n', '0.5')] });
    expect(half.decision).toBe('partially_classified');
    const ninety = run({ items: [item('p', '0.9', { tool_id: 'tx_status' }), item('n', '0.1')] });
    expect(ninety.decision).toBe('classified');
  });

  it('all-zero amounts share by count; USD and USDC at par are flagged; unknown networks flagged', () => {
    const result = run({ items: [item('a', '0', { tool_id: 'tx_status', currency: 'USD' }), item('b', '0', { network: 'eip155:424242' })] });
    expect(result.classified_value_share).toBe('0.5000');
    expect(result.decision).toBe('partially_classified');
    expect(result.risk_flags).toEqual(['mixed_currency', 'unclassified_spend', 'unknown_network']);
    expect(result.limitations.some((l) => l.includes('by count'))).toBe(true);
    expect(result.limitations.some((l) => l.includes('on item(s) b.'))).toBe(true);
  });

  describe('request bounds', () => {
    const one = [item('a', '1')];
    const accepts = (body: Record<string, unknown>) => expect(svcAgentSpendCategoryClassifierRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(svcAgentSpendCategoryClassifierRequest.safeParse(body).success).toBe(false);

    it('counts, lengths, types and extra properties', () => {
      accepts({ items: Array(SPEND_CLASSIFIER_LIMITS.items).fill(one[0]) });
      rejects({ items: Array(SPEND_CLASSIFIER_LIMITS.items + 1).fill(one[0]) });
      rejects({ items: [] });
      const rule = { field: 'tool_id', op: 'equals', value: 'x', category: 'other' };
      accepts({ items: one, custom_rules: Array(50).fill(rule) });
      rejects({ items: one, custom_rules: Array(51).fill(rule) });
      rejects({ items: one, custom_rules: [{ ...rule, category: 'unclassified' }] });
      rejects({ items: one, custom_rules: [{ ...rule, op: 'regex' }] });
      rejects({ items: one, custom_rules: [{ ...rule, extra: 1 }] });
      accepts({ items: [item('a', '1', { resource_label: 'r'.repeat(2048), tool_id: 't'.repeat(120), mcp_tool_name: 'm'.repeat(128), description: 'd'.repeat(300), item_id: 'i'.repeat(120) })] });
      rejects({ items: [item('a', '1', { resource_label: 'r'.repeat(2049) })] });
      rejects({ items: [item('a', '1', { tool_id: 't'.repeat(121) })] });
      rejects({ items: [item('a', '1', { mcp_tool_name: 'm'.repeat(129) })] });
      rejects({ items: [item('a', '1', { description: 'd'.repeat(301) })] });
      rejects({ items: [item('i'.repeat(121), '1')] });
      rejects({ items: [item('a', '0.1234567')] });
      rejects({ items: [{ item_id: 'a', amount: 1 }] });
      rejects({ items: [item('a', '1', { currency: 'EUR' })] });
      rejects({ items: [item('a', '1', { timestamp: 'yesterday' })] });
      rejects({ items: [item('a', '1', { extra: 1 })] });
      rejects({ items: one, extra: 1 });
    });

    it('answers at the limits without crashing', () => {
      const items = Array.from({ length: 1000 }, (_, i) => item(`i${i}`, `${i}.123456`, { resource_label: `https://h${i}.example/${'seg/'.repeat(400)}x`, description: 'd '.repeat(150) }));
      const custom_rules = Array.from({ length: 50 }, (_, i) => ({ field: 'resource_host', op: 'equals', value: `nohit${i}.example`, category: 'other' }));
      const result = run({ items, custom_rules });
      expect(result.lines).toHaveLength(1000);
      expect(result.decision).toBe('unclassified_majority');
    });
  });
});
