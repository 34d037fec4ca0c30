import { AGENT_ENDPOINTS, CATALOG, DISCOVERY_PATHS, TOOL_FAMILIES, requestJsonSchema, toolById, type CatalogEntry } from '@paysight/contracts';
import { sha256Source } from '../page/csp.js';
import { escapeHtml } from '../page/html.js';
import { AGENTS_PAGE_CSP, renderAgentsPage } from './page.js';

const BASE = 'https://paysight.example';
const page = renderAgentsPage({ baseUrl: BASE, agentDiscovery: true });

/** Each tool's card, by tool id (cards do not nest). */
function toolCards(markup: string): Map<string, string> {
  const cards = new Map<string, string>();
  for (const match of markup.matchAll(/<article class="tool"[^>]* data-tool="([^"]+)"[^>]*>([\s\S]*?)<\/article>/g)) cards.set(match[1]!, match[2]!);
  return cards;
}

const linkedDocuments = (markup: string) => [...markup.matchAll(/<li data-document="[^"]+">[\s\S]*?<a href="([^"]+)">/g)].map((m) => m[1]);

test('every catalog tool has a card with its title, description, price, endpoint, MCP name, schema and example', () => {
  const cards = toolCards(page);
  expect([...cards.keys()]).toEqual(TOOL_FAMILIES.flatMap((family) => CATALOG.filter((e) => e.family === family).map((e) => e.id)));
  for (const entry of CATALOG) {
    const card = cards.get(entry.id)!;
    expect(card).toContain(`>${escapeHtml(entry.title)}</h3>`);
    expect(card).toContain(escapeHtml(entry.description));
    expect(card).toContain(`<span class="price" data-field="price">${entry.price} USDC</span>`);
    expect(card).toContain(`<code data-field="endpoint">POST ${BASE}${entry.path}</code>`);
    expect(card).toContain(`<code data-field="mcp-name">${entry.mcpName}</code>`);
    expect(card).toContain(escapeHtml(JSON.stringify(requestJsonSchema(entry), null, 2)));
    expect(card).toContain(escapeHtml(JSON.stringify(entry.example, null, 2)));
  }
});

test('tools are grouped under the families the catalog has, and only those', () => {
  const present = TOOL_FAMILIES.filter((family) => CATALOG.some((e) => e.family === family));
  expect([...page.matchAll(/data-family="([^"]+)"/g)].map((m) => m[1])).toEqual(present);
  expect(present).toEqual(expect.arrayContaining(['wallet', 'tx', 'trust']));
});

test('the spend-control and --max-usd examples appear exactly in the cards of tools above 1 USD', () => {
  const cards = toolCards(page);
  const above = CATALOG.filter((e) => Number(e.price) > 1).map((e) => e.id);
  expect(above).toContain('deep_wallet_report');
  expect(CATALOG.some((e) => e.price === '1.00')).toBe(true);
  expect([...cards].filter(([, card]) => card.includes('.setSpendControls(')).map(([id]) => id)).toEqual(above);
  expect([...cards].filter(([, card]) => card.includes('--max-usd')).map(([id]) => id)).toEqual(above);
});

test('every discovery document is linked by its absolute URL, this page excepted', () => {
  const expected = Object.entries(DISCOVERY_PATHS)
    .filter(([key]) => key !== 'agentsPage')
    .map(([, path]) => `${BASE}${path}`);
  expect(linkedDocuments(page).sort()).toEqual(expected.sort());
});

test('with agent discovery off, the recommend and workflow links are left out and the rest stay', () => {
  const off = renderAgentsPage({ baseUrl: BASE, agentDiscovery: false });
  const hidden = AGENT_ENDPOINTS.map((key) => `${BASE}${DISCOVERY_PATHS[key]}`);
  expect(hidden).toEqual([`${BASE}/api/agents/recommend`, `${BASE}/api/agents/workflows/manifest`]);
  for (const url of hidden) {
    expect(linkedDocuments(page)).toContain(url);
    expect(off).not.toContain(url);
  }
  expect(linkedDocuments(off)).toHaveLength(linkedDocuments(page).length - 2);
});

test('a tool the MCP endpoint does not list shows no MCP name and no MCP examples', () => {
  const listed = new Set(CATALOG.filter((entry) => entry.family !== 'trust').map((entry) => entry.mcpName));
  const partial = renderAgentsPage({ baseUrl: BASE, agentDiscovery: true, mcpToolNames: listed });
  for (const entry of CATALOG) {
    const card = partial.slice(partial.indexOf(`id="tool-${entry.id}"`), partial.indexOf('</article>', partial.indexOf(`id="tool-${entry.id}"`)));
    expect(card.includes(`<code data-field="mcp-name">${entry.mcpName}</code>`)).toBe(listed.has(entry.mcpName));
    expect(card.includes('data-snippet="mcp"')).toBe(listed.has(entry.mcpName));
  }
});

test('every catalog string is escaped: a hostile entry cannot add markup or break out of an attribute', () => {
  const evil = `"><script>alert('x')</script><img src=x onerror=alert(1)>`;
  const hostile: CatalogEntry = {
    ...toolById('wallet_snapshot')!,
    id: `evil${evil}`,
    title: `Title ${evil}`,
    description: `Description ${evil}`,
    mcpName: `svc_${evil}`,
    path: `/api/x402/${evil}`,
    price: '0.01',
    example: { address: evil, chain: 'base' },
  };
  const markup = renderAgentsPage({ baseUrl: BASE, agentDiscovery: true, catalog: [hostile] });
  expect(markup.match(/<script/g)).toHaveLength(1);
  expect(markup).not.toContain('<img');
  expect(markup).not.toContain(evil);
  expect(markup).toContain(escapeHtml(`Title ${evil}`));
  expect(markup).toContain(escapeHtml(`Description ${evil}`));
  expect(markup).toContain(`data-tool="${escapeHtml(`evil${evil}`)}"`);
});

test('the Content-Security-Policy admits exactly the inline stylesheet and script of the page, and nothing from elsewhere', () => {
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!;
  expect(AGENTS_PAGE_CSP).toContain(`style-src ${sha256Source(style)}`);
  expect(AGENTS_PAGE_CSP).toContain(`script-src ${sha256Source(script)}`);
  expect(AGENTS_PAGE_CSP).toContain("default-src 'none'");
  expect(AGENTS_PAGE_CSP).not.toMatch(/https?:|unsafe-inline|\*/);
});

test('readable without script: the search box starts hidden, the tools and examples are in the markup', () => {
  expect(page).toMatch(/<div class="search" id="search" role="search" hidden>/);
  expect(toolCards(page).size).toBe(CATALOG.length);
  expect(page.match(/<details>/g)).toHaveLength(CATALOG.length);
});
