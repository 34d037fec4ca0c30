import { CATALOG, DISCOVERY_PATHS, requestJsonSchema, toolById } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { Page } from 'playwright-core';
import { renderAgentsPage } from '../src/agents-page/page.js';
import { CHROMIUM_SETUP_TIMEOUT_MS, describeWithChromium, ensureChromium, launchChromium, watchProblems, type Chromium } from './saved-report-browser.js';

// Without a browser: runs also where chromium cannot be had.
describe('GET /agents over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  test('the page is served with a strict CSP, a public cache lifetime, and to HEAD; other methods get 405', async () => {
    const url = `${api.url}${DISCOVERY_PATHS.agentsPage}`;
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(get.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; img-src data:/);
    expect(get.headers.get('cache-control')).toBe('public, max-age=300');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await get.text();
    // The page of the builder, on the service's public origin, with agent discovery on (the default).
    expect(page).toBe(renderAgentsPage({ baseUrl: api.publicBaseUrl, agentDiscovery: true }));

    const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page)));
    expect(get.headers.get('content-encoding')).toBe('gzip');
    expect(get.headers.get('etag')).toMatch(/^"[\w-]+-gzip"$/);
    expect(await head.text()).toBe('');

    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual({ ok: false, error: { code: 'method_not_allowed', message: '/agents is a document: read it with GET or HEAD.' } });
    }
  });
});

describeWithChromium('the /agents page in headless Chromium', () => {
  let api: TestApi;
  let browser: Chromium;
  let url: string;
  const requested: string[] = [];

  beforeAll(async () => {
    ensureChromium();
    api = await startTestApi();
    url = `${api.url}${DISCOVERY_PATHS.agentsPage}`;
    browser = await launchChromium();
    browser.context.on('request', (request) => requested.push(request.url()));
  }, CHROMIUM_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  async function open(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const problems = watchProblems(page);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    return { page, problems };
  }

  const visibleTools = (page: Page) => page.locator('[data-tool]:visible').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-tool')));

  test('every catalog tool is listed under its family with its price, endpoint and MCP name; nothing fails to load', async () => {
    const { page, problems } = await open();
    expect(await page.title()).toBe('Tools for agents · Paysight');
    await expect(page.getByRole('heading', { level: 1, name: 'Paysight tools for agents' }).isVisible()).resolves.toBe(true);
    expect(await visibleTools(page)).toHaveLength(CATALOG.length);
    for (const entry of CATALOG) {
      const card = page.locator(`[data-family="${entry.family}"] [data-tool="${entry.id}"]`);
      await expect(card.isVisible()).resolves.toBe(true);
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(entry.title);
      expect(await card.locator('[data-field=price]').innerText()).toBe(`${entry.price} USDC`);
      expect(await card.locator('[data-field=endpoint]').innerText()).toBe(`POST ${api.url}${entry.path}`);
      expect(await card.locator('[data-field=mcp-name]').innerText()).toBe(entry.mcpName);
    }
    // The stylesheet and the script ran: the CSP admitted both by their hashes.
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(244, 245, 248)');
    await expect(page.locator('#tool-search').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  test('typing in the search box filters the tools and the families; clearing it shows them all again', async () => {
    const { page, problems } = await open();
    const search = page.getByRole('searchbox', { name: 'Search the tools' });
    const matching = (...words: string[]) =>
      CATALOG.filter((e) => words.every((w) => `${e.id} ${e.title} ${e.description} ${e.mcpName} ${e.path} ${e.family} ${e.price} usdc`.toLowerCase().includes(w))).map((e) => e.id);

    await search.fill('receipt');
    const receipt = await visibleTools(page);
    expect(receipt).toContain('receipt_audit');
    expect(receipt).toEqual(matching('receipt'));
    await expect(page.locator('[data-tool=wallet_snapshot]').isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-family=wallet]').isVisible()).resolves.toBe(false);
    expect(await page.locator('#search-status').innerText()).toBe(`${receipt.length} of ${CATALOG.length} tools match`);

    await search.fill('Wallet  0.01');
    const cheapWallets = await visibleTools(page);
    expect(cheapWallets).toContain('wallet_snapshot');
    expect(cheapWallets).not.toContain('batch_wallet_snapshot');
    expect(cheapWallets).toEqual(matching('wallet', '0.01'));

    await search.fill('no such tool anywhere');
    expect(await visibleTools(page)).toEqual([]);
    await expect(page.locator('#no-match').isVisible()).resolves.toBe(true);

    await search.press('Escape');
    expect(await visibleTools(page)).toHaveLength(CATALOG.length);
    await expect(page.locator('#no-match').isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
  });

  test("a tool's details open on its request schema, example and copy-paste examples", async () => {
    const { page, problems } = await open();
    const entry = toolById('deep_wallet_report')!;
    const card = page.locator(`[data-tool="${entry.id}"]`);
    const schema = card.locator('pre[data-snippet=schema]');
    await expect(schema.isVisible()).resolves.toBe(false);
    await card.getByText('Request schema and examples').click();
    await expect(schema.isVisible()).resolves.toBe(true);
    expect(JSON.parse(await schema.innerText())).toEqual(requestJsonSchema(entry));
    expect(JSON.parse(await card.locator('pre[data-snippet=example]').innerText())).toEqual(entry.example);
    expect(JSON.parse(await card.locator('pre[data-snippet=mcp]').innerText())).toMatchObject({ method: 'tools/call', params: { name: entry.mcpName } });
    expect(await card.locator('pre[data-snippet=shell]').innerText()).toContain(`npm run paysight -- call ${entry.id}`);
    expect(await card.locator('pre[data-snippet=typescript]').innerText()).toContain(`.setSpendControls({ maxAmountPerPayment: "$${entry.price}" })`);
    expect(problems).toEqual([]);
  });

  test('a copy button puts the example on the clipboard', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
    const { page, problems } = await open();
    const card = page.locator('[data-tool=wallet_snapshot]');
    await card.getByText('Request schema and examples').click();
    const example = card.locator('.snippet').filter({ has: page.locator('pre[data-snippet=example]') });
    await example.getByRole('button', { name: 'Copy: wallet_snapshot example body' }).click();
    await page.waitForFunction((button) => button?.textContent === 'Copied', await example.getByRole('button').elementHandle());
    expect(JSON.parse(await page.evaluate<string>('navigator.clipboard.readText()'))).toEqual(toolById('wallet_snapshot')!.example);
    expect(problems).toEqual([]);
  });

  test('the discovery links are absolute URLs on the public origin, and each one answers', async () => {
    const { page, problems } = await open();
    const hrefs = await page.locator('#documents a').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
    const expected = Object.entries(DISCOVERY_PATHS).filter(([key]) => key !== 'agentsPage');
    expect(hrefs.sort()).toEqual(expected.map(([, path]) => `${api.url}${path}`).sort());

    const posted: readonly string[] = [DISCOVERY_PATHS.mcpEndpoint, DISCOVERY_PATHS.recommend];
    for (const [, path] of expected.filter(([, path]) => !posted.includes(path))) {
      const res = await browser.context.request.get(`${api.url}${path}`);
      expect({ path, status: res.status() }).toEqual({ path, status: 200 });
    }
    const recommendation = await browser.context.request.post(`${api.url}${DISCOVERY_PATHS.recommend}`, { data: { goal: 'triage one wallet' } });
    expect(recommendation.status()).toBe(200);
    const mcp = await browser.context.request.post(`${api.url}${DISCOVERY_PATHS.mcpEndpoint}`, {
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.status()).toBe(200);
    const listed = ((await mcp.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(listed).toEqual(expect.arrayContaining(CATALOG.map((e) => e.mcpName)));
    expect(problems).toEqual([]);
  });

  test('on a phone the page fits the screen', async () => {
    const { page, problems } = await open({ width: 390, height: 844 });
    await page.locator('[data-tool=deep_wallet_report]').getByText('Request schema and examples').click();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  test('without JavaScript the whole catalog is readable and the search box, which would do nothing, is hidden', async () => {
    const noScript = await launchChromium({ javaScriptEnabled: false });
    try {
      const page = await noScript.context.newPage();
      const problems = watchProblems(page);
      expect((await page.goto(url))?.status()).toBe(200);
      await expect(page.locator('#tool-search').isVisible()).resolves.toBe(false);
      expect(await visibleTools(page)).toHaveLength(CATALOG.length);
      const card = page.locator('[data-tool=receipt_audit]');
      await card.getByText('Request schema and examples').click();
      await expect(card.locator('pre[data-snippet=schema]').isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await noScript.close();
    }
  });

  // Runs last: covers every page and request the tests above made.
  test('no request left 127.0.0.1', () => {
    expect(requested.length).toBeGreaterThanOrEqual(6);
    expect(requested.filter((u) => !u.startsWith(`${api.url}/`) && !u.startsWith('data:'))).toEqual([]);
  });
});
