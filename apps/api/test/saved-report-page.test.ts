import type { Store } from '@paysight/contracts';
import { openStore } from '@paysight/store';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import type { Page } from 'playwright-core';
import { TOP_COUNTERPARTIES } from '../src/report-page/charts-section.js';
import { savedReportPath } from '../src/routes/saved-report.js';
import { CHROMIUM_SETUP_TIMEOUT_MS, describeWithChromium, ensureChromium, launchChromium, watchProblems, type Chromium } from './saved-report-browser.js';
import { fixtureReport } from './saved-report-fixture.js';

describeWithChromium('saved report page in headless Chromium', () => {
  const report = fixtureReport();
  let store: Store;
  let api: TestApi;
  let browser: Chromium;
  let url: string;
  const requested: string[] = [];

  beforeAll(async () => {
    ensureChromium();
    store = await openStore({ dataDir: 'memory://' });
    api = await startTestApi({ store });
    const saved = await store.reports.save({ toolId: 'saved_report', chain: report.subject.chain, subject: report.subject.address, document: report });
    url = `${api.url}${savedReportPath(saved.id)}`;
    browser = await launchChromium();
    browser.context.on('request', (request) => requested.push(request.url()));
  }, CHROMIUM_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await store?.close();
  });

  /** Opens the page, failing on any console error, uncaught page error or failed request. */
  async function open(target: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const problems = watchProblems(page);
    const response = await page.goto(target);
    expect(response?.status()).toBe(200);
    return { page, problems };
  }

  const text = (page: Page, selector: string) => page.locator(selector).innerText();

  test('a person sees the subject, the score, the summary and every flag with its evidence', async () => {
    const { page, problems } = await open(url);
    expect(await page.title()).toBe(`Wallet report · ${report.subject.address.slice(0, 6)}…${report.subject.address.slice(-4)} on Base · Paysight`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet report' }).isVisible()).resolves.toBe(true);
    expect(await text(page, '[data-field=subject-address]')).toBe(report.subject.address);
    expect(await text(page, '[data-field=chain]')).toBe('Base · chain 8453');
    expect(await text(page, '[data-field=account-type]')).toBe('Delegated account (EIP-7702)');
    expect(await page.locator('.gauge-score').textContent()).toBe('72');
    expect(await text(page, '[data-field=risk-label]')).toBe('High risk');
    expect(await text(page, '[data-field=summary]')).toBe(report.summary);

    expect(await page.locator('[data-flag]').count()).toBe(report.riskFlags.length);
    for (const flag of report.riskFlags) {
      const card = page.locator(`[data-flag="${flag.id}"]`);
      await expect(card.isVisible()).resolves.toBe(true);
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(flag.title);
      expect((await card.locator('[data-field=severity]').innerText()).toLowerCase()).toBe(flag.severity);
      expect(await card.locator('[data-field=weight]').innerText()).toBe(`+${flag.weight} to score`);
      expect(await card.innerText()).toContain(flag.explanation);
      const items = card.locator('.evidence li');
      expect(await items.count()).toBe(flag.evidence.length);
      for (const [i, evidence] of flag.evidence.entries()) {
        const item = items.nth(i);
        await expect(item.isVisible()).resolves.toBe(true);
        if (evidence.transactionHash) expect(await item.locator('[data-field=evidence-transaction]').innerText()).toBe(evidence.transactionHash);
        if (evidence.address) expect(await item.locator('[data-field=evidence-address]').innerText()).toBe(evidence.address);
        expect(await item.innerText()).toContain(evidence.detail);
      }
    }
    expect(problems).toEqual([]);
  });

  test('four charts drawn from the report: balance, daily flows, top counterparties, exposure', async () => {
    const { page, problems } = await open(url);
    const figures = page.locator('figure[data-figure]');
    expect(await figures.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-figure')))).toEqual(['balance', 'exposure', 'flows', 'counterparties']);
    for (const chart of await page.locator('svg[data-chart]').all()) {
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(100);
    }

    const days = report.timeline.points;
    const balance = page.locator('svg[data-chart=balance] [data-point]');
    expect(await balance.count()).toBe(days.length);
    expect(await balance.last().getAttribute('data-value')).toBe(report.exposure.native.formatted);
    expect(await balance.first().getAttribute('data-date')).toBe(days[0]!.date);

    const [nativeFlows, stablecoinFlows] = await page.locator('[data-figure=flows] svg[data-chart=flows]').all();
    expect(await nativeFlows!.locator('[data-point]').count()).toBe(days.length);
    expect(await stablecoinFlows!.locator('[data-point]').evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-in'), n.getAttribute('data-out')]))).toEqual(
      days.map((d) => [d.stablecoinInUsd, d.stablecoinOutUsd]),
    );

    const counterparties = await page.locator('svg[data-chart=counterparties] [data-point]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-value')));
    expect(counterparties).toEqual(report.counterparties.slice(0, TOP_COUNTERPARTIES).map((c) => String(c.interactions)));

    const exposure = await page.locator('svg[data-chart=exposure] [data-point]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-label')));
    expect(exposure).toEqual(['USDC', 'USDbC', 'DAI', 'ETH (native)', 'WETH', 'AERO']);
    expect(await page.locator('[data-figure=exposure] figcaption').innerText()).toContain('$13,740.75');
    expect(problems).toEqual([]);
  });

  test('the flows table, the report section, the data sources, notes and limitations', async () => {
    const { page, problems } = await open(url);
    const rows = page.locator('table.flows tbody tr');
    expect(await rows.count()).toBe(report.flows.length);
    const first = report.flows[0]!;
    expect(await rows.first().getAttribute('data-flow')).toBe(first.transactionHash);
    expect(await rows.first().innerText()).toContain(`+${first.formatted}`);
    expect(await page.locator('table.flows thead th').allInnerTexts()).toEqual(['TIME', 'DIRECTION', 'ASSET', 'AMOUNT', 'COUNTERPARTY', 'TRANSACTION', 'FLAGS']);

    await expect(page.getByRole('heading', { level: 2, name: report.reportSection.title }).isVisible()).resolves.toBe(true);
    const findings = page.locator('.findings');
    for (const finding of report.reportSection.findings) await expect(findings.getByText(finding.value, { exact: true }).isVisible()).resolves.toBe(true);
    expect(await text(page, '[data-field=data-source-status]')).toContain('Demo');
    for (const line of [...report.dataNotes, ...report.limitations]) await expect(page.getByText(line, { exact: true }).isVisible()).resolves.toBe(true);

    // The stylesheet applied (the CSP admitted it by its hash) and the page runs no script.
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(244, 245, 248)');
    expect(await page.evaluate('document.scripts.length')).toBe(0);
    expect(problems).toEqual([]);
  });

  test('on a phone the page fits the screen and each flow becomes a card', async () => {
    const { page, problems } = await open(url, { width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expect(page.locator('table.flows thead').isVisible()).resolves.toBe(false);
    const card = await page.locator('table.flows tbody tr').first().boundingBox();
    expect(card!.width).toBeLessThanOrEqual(390);
    for (const chart of await page.locator('svg[data-chart]').all()) expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  test('the same address gives the JSON to a client that asks for it', async () => {
    const res = await browser.context.request.get(url, { headers: { accept: 'application/json' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await res.json()).toMatchObject({ ok: true, id: url.split('/').pop(), toolId: 'saved_report', report });
  });

  test('an unknown id is a 404 that tells nothing', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${api.url}${savedReportPath('Z'.repeat(43))}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(JSON.parse(await page.locator('body').innerText())).toEqual({ ok: false, error: { code: 'not_found', message: 'No saved report at this address.' } });
  });

  // Runs last: covers every page and request the tests above made.
  test('no request left 127.0.0.1', () => {
    expect(requested.length).toBeGreaterThanOrEqual(5);
    expect(requested.filter((u) => !u.startsWith(`${api.url}/`) && !u.startsWith('data:'))).toEqual([]);
  });
});
