import { createHash } from 'node:crypto';
import { errorBodySchema, type Store, type WalletReport } from '@paysight/contracts';
import { openStore } from '@paysight/store';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { savedReportPath } from '../src/routes/saved-report.js';
import { fixtureReport } from './saved-report-fixture.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

/** The fixture with markup planted in every kind of string the page shows. */
function hostileReport(): WalletReport {
  const report = fixtureReport();
  const [flag] = report.riskFlags;
  return {
    ...report,
    summary: `Summary ${HOSTILE}`,
    subject: { ...report.subject, accountType: HOSTILE },
    riskFlags: [
      {
        ...flag!,
        title: `Flag ${HOSTILE}`,
        explanation: HOSTILE,
        evidence: [{ kind: 'dataset', dataset: { id: HOSTILE, entry: HOSTILE, snapshotDate: '2026-11-01' }, detail: HOSTILE }],
        limits: [HOSTILE],
      },
    ],
    exposureFindings: [{ id: 'targeted_by_poisoning', title: HOSTILE, explanation: HOSTILE, evidence: [{ kind: 'address', detail: HOSTILE }], limits: [HOSTILE] }],
    subjectType: { ...report.subjectType!, reasons: [HOSTILE] },
    counterparties: report.counterparties.map((c) => ({ ...c, label: HOSTILE })),
    exposure: { ...report.exposure, tokens: report.exposure.tokens.map((t) => ({ ...t, symbol: HOSTILE, name: HOSTILE })) },
    flows: report.flows.map((f) => ({ ...f, asset: { ...f.asset, symbol: HOSTILE }, flags: [HOSTILE] })),
    reportSection: { ...report.reportSection, title: HOSTILE, findings: [{ label: HOSTILE, value: HOSTILE, note: HOSTILE }] },
    aiSections: [{ title: HOSTILE, text: `${HOSTILE}\n\n${HOSTILE}` }],
    dataNotes: [HOSTILE],
    limitations: [HOSTILE],
  };
}

describe('GET /reports/:id', () => {
  let store: Store;
  let api: TestApi;
  const report = fixtureReport();
  let url: string;

  beforeAll(async () => {
    store = await openStore({ dataDir: 'memory://' });
    api = await startTestApi({ store });
    const saved = await store.reports.save({ toolId: 'saved_report', chain: report.subject.chain, subject: report.subject.address, document: report });
    url = `${api.url}${savedReportPath(saved.id)}`;
  });
  afterAll(async () => {
    await api?.close();
    await store?.close();
  });

  const get = (target: string, accept?: string) => fetch(target, { headers: accept === undefined ? {} : { accept } });

  const expectPrivate = (res: Response) => {
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private');
  };

  test('Accept: application/json gives the report as saved, with its id and time', async () => {
    const res = await get(url, 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept');
    expectPrivate(res);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      ok: true,
      id: url.split('/').pop(),
      toolId: 'saved_report',
      chain: 'base',
      subject: report.subject.address,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      report,
    });
  });

  test.each([
    ['no Accept header', undefined],
    ['*/*', '*/*'],
    ['a browser', BROWSER_ACCEPT],
    ['JSON preferred less than HTML', 'application/json;q=0.5, text/html'],
    ['a type we do not serve', 'text/plain'],
  ])('%s gets the HTML page', async (_case, accept) => {
    const res = await get(url, accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toMatch(/^<!doctype html>/);
  });

  test('the page shows the subject type and what was done to the wallet, apart from the scored flags', async () => {
    const page = await (await get(url, BROWSER_ACCEPT)).text();
    expect(page).toMatch(/data-field="subject-type" title="The account&#39;s code is an EIP-7702 delegation designator to 0x[0-9a-fA-F]{40}\.">EIP-7702 delegated account</);
    const exposure = /<section[^>]*data-section="exposure"[\s\S]*?<\/section>/.exec(page)![0];
    expect(exposure).toContain('data-exposure="targeted_by_poisoning"');
    expect(exposure).toContain('Not scored');
    expect(exposure).toContain(report.exposureFindings![0]!.evidence[0]!.transactionHash!);
    expect(page.indexOf('data-section="exposure"')).toBeGreaterThan(page.indexOf('id="flags-title"'));
  });

  test('a report saved before subject types and exposure existed still renders, without those parts', async () => {
    const { exposureFindings: _e, subjectType: _s, ...older } = report;
    const saved = await store.reports.save({ toolId: 'saved_report', chain: older.subject.chain, subject: older.subject.address, document: older });
    const res = await get(`${api.url}${savedReportPath(saved.id)}`, BROWSER_ACCEPT);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('id="flags-title"');
    expect(page).not.toContain('data-section="exposure"');
    expect(page).not.toContain('data-field="subject-type"');
  });

  test('the page is self-contained, private and allowed nothing but its own stylesheet', async () => {
    const res = await get(url, BROWSER_ACCEPT);
    const page = await res.text();
    expectPrivate(res);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(page).not.toMatch(/<script|<iframe|<object|<embed|<form|@import|url\(/i);
    // Every src or href is inline data or a link within the page.
    expect([...page.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!.slice(0, 5))).toEqual(['data:']);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('the page never repeats its own id', async () => {
    const id = url.split('/').pop()!;
    expect(await (await get(url)).text()).not.toContain(id);
  });

  test('every string from the report is escaped', async () => {
    const saved = await store.reports.save({ toolId: 'saved_report', chain: 'base', subject: report.subject.address, document: hostileReport() });
    const page = await (await get(`${api.url}${savedReportPath(saved.id)}`)).text();
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page.match(/&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;&lt;img src=x onerror=alert\(1\)&gt;/g)!.length).toBeGreaterThan(20);
  });

  test('unknown and malformed ids get one and the same 404, whatever is asked for', async () => {
    const unknown = savedReportPath(url.split('/').pop()!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    const answers = await Promise.all(
      [unknown, '/reports/x', `/reports/${'a'.repeat(42)}+`, '/reports/..%2F..%2Fetc', `/reports/${'z'.repeat(5000)}`, "/reports/' OR 1=1 --", '/reports/%E0%A4%A', '/reports/%'].flatMap((path) =>
        [undefined, 'application/json'].map(async (accept) => {
          const res = await get(`${api.url}${path}`, accept);
          expectPrivate(res);
          return { status: res.status, body: await res.json() };
        }),
      ),
    );
    const expected = { status: 404, body: { ok: false, error: { code: 'not_found', message: 'No saved report at this address.' } } };
    expect(answers).toEqual(answers.map(() => expected));
    expect(errorBodySchema.parse(expected.body)).toEqual(expected.body);
  });

  test('a stored document that is not a wallet report: JSON still served, the page is a clear 500', async () => {
    const saved = await store.reports.save({ toolId: 'future_tool', chain: 'base', subject: 'x', document: { kind: 'something_else', version: 9 } });
    const path = `${api.url}${savedReportPath(saved.id)}`;
    const json = await get(path, 'application/json');
    expect(json.status).toBe(200);
    expect(((await json.json()) as { report: unknown }).report).toEqual({ kind: 'something_else', version: 9 });
    const page = await get(path);
    expect(page.status).toBe(500);
    expect(await page.json()).toMatchObject({ ok: false, error: { code: 'internal_error', message: expect.stringContaining('Accept: application/json') } });
  });

  test('other methods are refused with Allow: GET, HEAD', async () => {
    const res = await fetch(url, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'method_not_allowed' } });
    await expect(store.reports.get(url.split('/').pop()!)).resolves.not.toBeNull();
  });

  test('HEAD answers like GET, without a body', async () => {
    const res = await fetch(url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  // Runs last: it closes the store the other tests share.
  test('when the store cannot be reached: 503 store_unavailable, without details', async () => {
    await store.close();
    const res = await get(url, 'application/json');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'store_unavailable', message: 'Saved reports cannot be read right now. Try again shortly.' } });
  });
});
