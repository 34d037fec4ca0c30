import { CATALOG, requestJsonSchema, resultJsonSchema, toolById } from '../catalog/index.js';
import { REASON_CODES } from './recommend.js';
import { WORKFLOWS, workflowForReason, workflowTotalPrice } from './workflows.js';

type Schema = Record<string, unknown>;

/** The schema at a field path (`a.b[].c`) of a JSON Schema, looking through anyOf/oneOf members; undefined when no such field. */
function schemaAt(schema: Schema, path: string): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const segment of path.split('.')) {
    const [name, ...arrays] = segment.split('[]');
    current = current && property(current, name!);
    for (let i = 0; i < arrays.length && current; i++) current = items(current);
  }
  return current;
}

function members(schema: Schema): Schema[] {
  return [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Schema[])];
}

function property(schema: Schema, name: string): Schema | undefined {
  for (const member of members(schema)) {
    const found = (member.properties as Record<string, Schema> | undefined)?.[name];
    if (found) return found;
  }
  return undefined;
}

function items(schema: Schema): Schema | undefined {
  return members(schema).find((m) => m.type === 'array')?.items as Schema | undefined;
}

const isArray = (schema: Schema | undefined) => !!schema && members(schema).some((m) => m.type === 'array');

describe('workflows', () => {
  it('are a handful of designed sequences with unique ids, each tool at most once per sequence', () => {
    expect(WORKFLOWS.length).toBeGreaterThanOrEqual(5);
    // Sequences of several tools, not one per tool: at most one for every two tools of the catalog.
    expect(WORKFLOWS.length).toBeLessThanOrEqual(Math.floor(CATALOG.length / 2));
    expect(new Set(WORKFLOWS.map((w) => w.id)).size).toBe(WORKFLOWS.length);
    for (const workflow of WORKFLOWS) {
      const tools = workflow.steps.map((s) => s.tool);
      expect([workflow.id, new Set(tools).size]).toEqual([workflow.id, tools.length]);
    }
  });

  it.each(WORKFLOWS.map((w) => [w.id, w] as const))('%s names catalog tools and field paths that exist in their JSON Schemas', (_id, workflow) => {
    workflow.steps.forEach((step, index) => {
      const entry = toolById(step.tool);
      expect(entry?.id).toBe(step.tool);
      const earlier = new Set(workflow.steps.slice(0, index).map((s) => s.tool));
      for (const { field, from } of step.inputs) {
        expect([step.tool, field, schemaAt(requestJsonSchema(entry!), field) !== undefined]).toEqual([step.tool, field, true]);
        if ('caller' in from) continue;
        expect([step.tool, field, earlier.has(from.tool)]).toEqual([step.tool, field, true]);
        const source = toolById(from.tool)!;
        const schema = from.part === 'result' ? resultJsonSchema(source) : requestJsonSchema(source);
        expect([from.tool, from.part, from.path, schemaAt(schema, from.path) !== undefined]).toEqual([from.tool, from.part, from.path, true]);
      }
      if (step.forEach) {
        expect(earlier.has(step.forEach.tool)).toBe(true);
        expect([step.forEach.path, isArray(schemaAt(resultJsonSchema(toolById(step.forEach.tool)!), step.forEach.path))]).toEqual([step.forEach.path, true]);
      }
    });
  });

  it('the path checker fails on a path that does not exist', () => {
    const snapshot = resultJsonSchema(toolById('wallet_snapshot')!);
    expect(schemaAt(snapshot, 'addressSummary.address')).toBeDefined();
    expect(schemaAt(snapshot, 'addressSummary.adress')).toBeUndefined();
    expect(schemaAt(resultJsonSchema(toolById('batch_wallet_snapshot')!), 'escalationCandidates[].address')).toBeDefined();
    expect(schemaAt(resultJsonSchema(toolById('batch_wallet_snapshot')!), 'escalationCandidates.address')).toBeUndefined();
  });

  it('total prices are the sums of the catalog prices', () => {
    const triage = WORKFLOWS.find((w) => w.id === 'wallet_triage_to_report')!;
    expect(workflowTotalPrice(triage)).toEqual({ amount: '6.01', currency: 'USDC', network: 'base' });
    for (const workflow of WORKFLOWS) {
      const cents = workflow.steps.reduce((sum, s) => sum + Math.round(Number(toolById(s.tool)!.price) * 100), 0);
      expect(Math.round(Number(workflowTotalPrice(workflow).amount) * 100)).toBe(cents);
    }
  });

  it('every recommendation reason starts a workflow', () => {
    for (const code of REASON_CODES) expect(workflowForReason(code).reasonCode).toBe(code);
  });

  it('together use every catalog tool', () => {
    const used = new Set(WORKFLOWS.flatMap((w) => w.steps.map((s) => s.tool as string)));
    expect(CATALOG.map((t) => t.id).filter((id) => !used.has(id))).toEqual([]);
  });
});
