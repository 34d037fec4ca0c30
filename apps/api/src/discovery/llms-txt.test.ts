import { CATALOG, DISCOVERY_PATHS, TOOL_FAMILIES, TOOL_FAMILY_INFO, type DiscoveryAddress } from '@paysight/contracts';
import { buildLlmsTxt, llmsToolLine } from './llms-txt.js';

const BASE = 'https://paysight.example';
const allNames = CATALOG.map((e) => e.mcpName);

function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThan(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line.startsWith('- '));
}

describe('buildLlmsTxt', () => {
  it('follows the llms.txt layout: H1, blockquote, then H2 sections of links', () => {
    const lines = buildLlmsTxt({ baseUrl: BASE, agentDiscovery: true, mcpToolNames: allNames }).split('\n');
    expect(lines[0]).toBe('# Paysight');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> .+/);
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('lists every free address but itself exactly once, without the agent endpoints when they are off', () => {
    const on = section(buildLlmsTxt({ baseUrl: BASE, agentDiscovery: true, mcpToolNames: allNames }), '## Free addresses');
    const expected = (Object.keys(DISCOVERY_PATHS) as DiscoveryAddress[]).filter((name) => name !== 'llmsTxt');
    for (const name of expected) expect({ name, count: on.filter((line) => line.includes(`](${BASE}${DISCOVERY_PATHS[name]})`)).length }).toEqual({ name, count: 1 });
    expect(on).toHaveLength(expected.length);
    const off = section(buildLlmsTxt({ baseUrl: BASE, agentDiscovery: false, mcpToolNames: allNames }), '## Free addresses');
    expect(off).toHaveLength(expected.length - 2);
    expect(off.join('\n')).not.toMatch(/recommend|workflows/);
  });

  it('lists every tool under its family with its URL, price and MCP name', () => {
    const text = buildLlmsTxt({ baseUrl: BASE, agentDiscovery: true, mcpToolNames: allNames });
    for (const entry of CATALOG) expect(text).toContain(`${llmsToolLine(entry, BASE, true)}\n`);
    // Each family's tools under its heading; a family without a tool has no heading.
    for (const family of TOOL_FAMILIES) {
      const heading = `## ${TOOL_FAMILY_INFO[family].title}`;
      const tools = CATALOG.filter((e) => e.family === family).length;
      if (tools) expect({ family, lines: section(text, heading).length }).toEqual({ family, lines: tools });
      else expect({ family, heading: text.includes(heading) }).toEqual({ family, heading: false });
    }
  });

  it('writes one tool line in the agreed form, and says when MCP does not list the tool', () => {
    const entry = CATALOG.find((e) => e.id === 'tx_decode')!;
    expect(llmsToolLine(entry, BASE, true)).toBe(`- [${entry.title}](${BASE}/api/x402/tx-decode): ${entry.description} Price 0.25 USDC. MCP \`svc_tx_hash_lookup\``);
    expect(llmsToolLine(entry, BASE, false)).toMatch(/MCP `svc_tx_hash_lookup` \(not listed by this server\)$/);
  });
});
