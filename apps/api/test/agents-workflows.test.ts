import { CATALOG, DISCOVERY_PATHS, WORKFLOWS, toolById, workflowManifest, workflowTotalPrice } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';

describe('GET /api/agents/workflows/manifest', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('publishes every designed workflow, priced from the catalog, with absolute endpoints', async () => {
    const res = await fetch(`${api.url}${DISCOVERY_PATHS.workflows}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-required')).toBeNull();
    const manifest = workflowManifest.parse(await res.json());
    expect(manifest).toMatchObject({
      page: `${api.publicBaseUrl}${DISCOVERY_PATHS.agentsPage}`,
      workflowCount: WORKFLOWS.length,
      catalogServiceCount: CATALOG.length,
      guidance: expect.stringContaining(DISCOVERY_PATHS.recommend),
    });
    expect(manifest.name).toBeTruthy();
    expect(manifest.workflows.map((w) => w.id)).toEqual(WORKFLOWS.map((w) => w.id));
    for (const [i, published] of manifest.workflows.entries()) {
      const workflow = WORKFLOWS[i]!;
      expect(published.toolIds).toEqual(workflow.steps.map((s) => s.tool));
      expect(published.totalPrice).toEqual(workflowTotalPrice(workflow));
      for (const step of published.steps) {
        const entry = toolById(step.tool)!;
        expect(step).toMatchObject({ path: entry.path, endpoint: `${api.publicBaseUrl}${entry.path}`, price: { amount: entry.price, currency: 'USDC', network: 'base' } });
      }
      expect(published.steps.map((s) => s.step)).toEqual(published.steps.map((_s, n) => n + 1));
    }
  });

  it('the batch workflow audits each escalation candidate and says its total is per item', async () => {
    const manifest = workflowManifest.parse(await (await fetch(`${api.url}${DISCOVERY_PATHS.workflows}`)).json());
    const batch = manifest.workflows.find((w) => w.id === 'batch_screening_then_audit')!;
    expect(batch.steps[1]).toMatchObject({ tool: 'wallet_audit', forEach: { tool: 'batch_wallet_snapshot', path: 'escalationCandidates' } });
    expect(batch.steps[1]!.inputs).toContainEqual({ field: 'address', from: { tool: 'batch_wallet_snapshot', part: 'result', path: 'escalationCandidates[].address' } });
    expect(batch.totalPrice.amount).toBe('1.05');
    expect(batch.totalPriceNote).toMatch(/each item/);
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${api.url}${DISCOVERY_PATHS.workflows}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
