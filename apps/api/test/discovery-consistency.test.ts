// Every surface that describes a paid tool against the catalog, and against each other: the REST
// route and its 402, OpenAPI, both manifests, /.well-known/mcp, /.well-known/x402.json, llms.txt,
// the workflow manifest, the recommendation, MCP tools/list and the MCP payment_required result.
// Each check collects its disagreements, so a failure lists every tool, path, price and schema that
// disagrees or is missing, not only the first.
import {
  CATALOG,
  DISCOVERY_PATHS,
  PAYMENT,
  REASON_CODES,
  decimalToAtomic,
  priceOf,
  requestJsonSchema,
  responseJsonSchema,
  type CatalogEntry,
} from '@paysight/contracts';
import { FIND_TOOLS_NAME, PAYMENT_ARGUMENTS } from '@paysight/mcp-adapter';
import { isDeepStrictEqual } from 'node:util';
import { useMcpApi } from './mcp-fixture.js';

type Json = Record<string, unknown>;

const PAID_PREFIXES = ['/api/x402/', '/api/ext/'];
const isPaidPath = (path: string) => PAID_PREFIXES.some((prefix) => path.startsWith(prefix));

/** Resolves local `$ref`s (`#/components/...`) of an OpenAPI document, deeply. */
function dereference(document: Json, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(document, item));
  if (!value || typeof value !== 'object') return value;
  const object = value as Json;
  if (typeof object.$ref === 'string' && object.$ref.startsWith('#/')) {
    const target = object.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    return dereference(document, target);
  }
  return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, dereference(document, child)]));
}

const withoutPaymentArguments = (schema: Json): Json => {
  const properties = { ...(schema.properties as Json) };
  for (const name of PAYMENT_ARGUMENTS) delete properties[name];
  return { ...schema, properties };
};

/** Disagreements of one check, named by tool and surface. */
class Findings {
  readonly list: string[] = [];
  expectEqual(where: string, actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(asJson(actual), asJson(expected))) this.list.push(`${where}: ${short(actual)} where the catalog says ${short(expected)}`);
  }
  missing(where: string): void {
    this.list.push(`${where}: missing`);
  }
  extra(where: string): void {
    this.list.push(`${where}: not in the catalog`);
  }
}

/** As it travels: schemas built in memory may hold undefined members or objects without a prototype. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/** Runs `check` and expects no findings; the failure message lists them all. */
function consistent(check: (findings: Findings) => void): void {
  const findings = new Findings();
  check(findings);
  expect(findings.list).toEqual([]);
}

describe('every surface agrees with the catalog', () => {
  const mcp = useMcpApi();
  const base = () => mcp.api.publicBaseUrl;
  const endpointOf = (entry: CatalogEntry) => `${base()}${entry.path}`;
  const documents: Record<string, unknown> = {};

  beforeAll(async () => {
    const read = async (path: string, as: 'json' | 'text' = 'json') => {
      const res = await fetch(`${base()}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return as === 'json' ? ((await res.json()) as unknown) : await res.text();
    };
    documents.openapi = await read(DISCOVERY_PATHS.openapi);
    documents.manifest = await read(DISCOVERY_PATHS.manifest);
    documents.ai = await read(DISCOVERY_PATHS.ai);
    documents.mcp = await read(DISCOVERY_PATHS.mcp);
    documents.x402 = await read(DISCOVERY_PATHS.x402);
    documents.llms = await read(DISCOVERY_PATHS.llmsTxt, 'text');
    documents.workflows = await read(DISCOVERY_PATHS.workflows);
  });

  test('each REST route answers 402 with the catalog price, the payee and its own resource URL, and MCP offers the same', async () => {
    const findings = new Findings();
    for (const entry of CATALOG) {
      const res = await fetch(endpointOf(entry), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry.example) });
      if (res.status !== 402) {
        findings.list.push(`${entry.id} REST: status ${res.status} instead of 402`);
        continue;
      }
      const header = res.headers.get('payment-required')!;
      const required = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { resource: { url: string }; accepts: [Json, ...Json[]] };
      const body = (await res.json()) as { price: Json; offer: Json; accepts: Json[] };
      const [offer] = required.accepts;
      findings.expectEqual(`${entry.id} 402 accepts`, required.accepts.length, 1);
      findings.expectEqual(`${entry.id} 402 amount`, offer.amount, priceOf(entry).atomic);
      findings.expectEqual(`${entry.id} 402 network`, offer.network, PAYMENT.network);
      findings.expectEqual(`${entry.id} 402 asset`, offer.asset, PAYMENT.asset);
      findings.expectEqual(`${entry.id} 402 payTo`, String(offer.payTo).toLowerCase(), mcp.api.payTo.toLowerCase());
      findings.expectEqual(`${entry.id} 402 resource`, required.resource.url, endpointOf(entry));
      findings.expectEqual(`${entry.id} 402 body price`, body.price.amount, entry.price);
      findings.expectEqual(`${entry.id} 402 body offer`, body.offer.amount, priceOf(entry).atomic);
      findings.expectEqual(`${entry.id} 402 v1 amount`, body.accepts[0]?.maxAmountRequired, priceOf(entry).atomic);

      const listed = mcp.tools.find((tool) => tool.name === entry.mcpName);
      if (!listed) {
        findings.missing(`${entry.id} MCP tools/list (${entry.mcpName})`);
        continue;
      }
      const unpaid = await mcp.client.callTool({ name: entry.mcpName, arguments: entry.example as Json });
      const wrapper = unpaid.structuredContent as { status: string; endpoint: string; paymentRequiredHeader: string | null; price: Json };
      findings.expectEqual(`${entry.id} MCP status`, wrapper.status, 'payment_required');
      findings.expectEqual(`${entry.id} MCP endpoint`, wrapper.endpoint, entry.path);
      findings.expectEqual(`${entry.id} MCP price`, wrapper.price.amount, entry.price);
      findings.expectEqual(`${entry.id} MCP offer`, wrapper.paymentRequiredHeader, header);
    }
    expect(findings.list).toEqual([]);
  });

  test('OpenAPI has one operation per tool with its price, request and response schemas, and every discovery address', () => {
    const openapi = documents.openapi as Json & { paths: Record<string, Record<string, Json>> };
    consistent((findings) => {
      for (const entry of CATALOG) {
        const operation = openapi.paths[entry.path]?.post;
        if (!operation) {
          findings.missing(`${entry.id} OpenAPI POST ${entry.path}`);
          continue;
        }
        const payment = operation['x-payment-info'] as { price: Json; offer: Json };
        const content = (part: unknown) => dereference(openapi, (part as { content: Record<string, { schema: unknown } | undefined> }).content['application/json']?.schema);
        findings.expectEqual(`${entry.id} OpenAPI operationId`, operation.operationId, entry.id);
        findings.expectEqual(`${entry.id} OpenAPI price`, payment.price.amount, entry.price);
        findings.expectEqual(`${entry.id} OpenAPI offer`, payment.offer.amount, priceOf(entry).atomic);
        findings.expectEqual(`${entry.id} OpenAPI request schema`, content(operation.requestBody), dereference(openapi, requestJsonSchema(entry)));
        findings.expectEqual(`${entry.id} OpenAPI 200 schema`, content((operation.responses as Json)['200']), dereference(openapi, responseJsonSchema(entry)));
        for (const status of ['400', '402', '503']) if (!(operation.responses as Json)[status]) findings.missing(`${entry.id} OpenAPI ${status} response`);
      }
      for (const path of Object.keys(openapi.paths)) if (isPaidPath(path) && !CATALOG.some((entry) => entry.path === path)) findings.extra(`OpenAPI path ${path}`);
      for (const [name, path] of Object.entries(DISCOVERY_PATHS)) if (!openapi.paths[path]) findings.missing(`OpenAPI path of ${name} (${path})`);
    });
  });

  test('both manifests are one document listing every tool with its endpoint, price and schemas, and every discovery address', () => {
    expect(documents.ai).toEqual(documents.manifest);
    const manifest = documents.manifest as { tools: Json[]; resources: Json[]; discovery: Record<string, string>; mcp: { tools: string[] } };
    consistent((findings) => {
      for (const entry of CATALOG) {
        const tool = manifest.tools.find((t) => t.id === entry.id);
        const resource = manifest.resources.find((r) => r.id === entry.id);
        if (!tool) findings.missing(`${entry.id} manifest tools`);
        if (!resource) findings.missing(`${entry.id} manifest resources`);
        if (!tool || !resource) continue;
        findings.expectEqual(`${entry.id} manifest endpoint`, tool.endpoint, endpointOf(entry));
        findings.expectEqual(`${entry.id} manifest price`, (tool.price as Json).amount, entry.price);
        findings.expectEqual(`${entry.id} manifest inputSchema`, tool.inputSchema, requestJsonSchema(entry));
        findings.expectEqual(`${entry.id} manifest outputSchema`, tool.outputSchema, responseJsonSchema(entry));
        findings.expectEqual(`${entry.id} manifest resource path`, resource.path, entry.path);
        findings.expectEqual(`${entry.id} manifest resource price`, (resource.price as Json).amount, entry.price);
        findings.expectEqual(`${entry.id} manifest resource inputSchema`, resource.inputSchema, requestJsonSchema(entry));
      }
      for (const tool of manifest.tools) if (!CATALOG.some((entry) => entry.id === tool.id)) findings.extra(`manifest tool ${String(tool.id)}`);
      for (const resource of manifest.resources) if (!CATALOG.some((entry) => entry.id === resource.id)) findings.extra(`manifest resource ${String(resource.id)}`);
      for (const [name, path] of Object.entries(DISCOVERY_PATHS)) findings.expectEqual(`manifest discovery.${name}`, manifest.discovery[name], `${base()}${path}`);
      findings.expectEqual('manifest mcp.tools', [...manifest.mcp.tools].sort(), mcp.tools.map((tool) => tool.name).sort());
    });
  });

  test('/.well-known/mcp lists exactly what tools/list lists, and each paid tool names its catalog id, endpoint, price and request schema', () => {
    const document = documents.mcp as { tools: (Json & { name: string; _meta?: Json })[] };
    expect(document.tools).toEqual(JSON.parse(JSON.stringify(mcp.tools)));
    consistent((findings) => {
      for (const entry of CATALOG) {
        const tool = document.tools.find((t) => t.name === entry.mcpName);
        if (!tool) {
          findings.missing(`${entry.id} /.well-known/mcp (${entry.mcpName})`);
          continue;
        }
        findings.expectEqual(`${entry.id} MCP x402ToolId`, tool._meta?.x402ToolId, entry.id);
        findings.expectEqual(`${entry.id} MCP x402Endpoint`, tool._meta?.x402Endpoint, entry.path);
        findings.expectEqual(`${entry.id} MCP price`, (tool._meta?.price as Json | undefined)?.amount, entry.price);
        findings.expectEqual(`${entry.id} MCP inputSchema`, withoutPaymentArguments(tool.inputSchema as Json), requestJsonSchema(entry));
      }
      for (const tool of document.tools) if (tool.name !== FIND_TOOLS_NAME && !CATALOG.some((entry) => entry.mcpName === tool.name)) findings.extra(`MCP tool ${tool.name}`);
    });
  });

  test('/.well-known/x402.json offers every paid resource exactly as its 402 does', async () => {
    const list = documents.x402 as { resources: (Json & { id: string; accepts: Json[]; price: Json })[] };
    const findings = new Findings();
    for (const entry of CATALOG) {
      const resource = list.resources.find((r) => r.id === entry.id);
      if (!resource) {
        findings.missing(`${entry.id} x402.json`);
        continue;
      }
      const res = await fetch(endpointOf(entry), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry.example) });
      const body = (await res.json()) as { paymentRequired: { accepts: Json[] } };
      findings.expectEqual(`${entry.id} x402.json resource`, resource.resource, endpointOf(entry));
      findings.expectEqual(`${entry.id} x402.json accepts`, resource.accepts, body.paymentRequired.accepts);
      findings.expectEqual(`${entry.id} x402.json price`, resource.price.amount, entry.price);
    }
    for (const resource of list.resources) if (!CATALOG.some((entry) => entry.id === resource.id)) findings.extra(`x402.json resource ${resource.id}`);
    expect(findings.list).toEqual([]);
  });

  test('llms.txt links every tool at its endpoint with its price and MCP name, and no other paid route', () => {
    const text = documents.llms as string;
    consistent((findings) => {
      for (const entry of CATALOG) {
        const line = text.split('\n').find((l) => l.includes(`](${endpointOf(entry)})`));
        if (!line) {
          findings.missing(`${entry.id} llms.txt line`);
          continue;
        }
        if (!line.includes(`${entry.price} ${PAYMENT.currency}`)) findings.list.push(`${entry.id} llms.txt: price ${entry.price} not on its line`);
        if (!line.includes(entry.mcpName)) findings.list.push(`${entry.id} llms.txt: MCP name ${entry.mcpName} not on its line`);
      }
      for (const [, path = ''] of text.matchAll(/\]\(https?:\/\/[^/)]+(\/[^)\s]*)\)/g)) {
        if (isPaidPath(path) && !CATALOG.some((entry) => entry.path === path)) findings.extra(`llms.txt link ${path}`);
      }
    });
  });

  test('the workflow manifest counts the catalog and prices every step as the catalog does', () => {
    const manifest = documents.workflows as { catalogServiceCount: number; workflows: { id: string; steps: Json[]; totalPrice: Json }[] };
    expect(manifest.catalogServiceCount).toBe(CATALOG.length);
    consistent((findings) => {
      for (const workflow of manifest.workflows) {
        let total = 0n;
        for (const step of workflow.steps) {
          const entry = CATALOG.find((e) => e.id === step.tool);
          if (!entry) {
            findings.extra(`workflow ${workflow.id} step ${String(step.tool)}`);
            continue;
          }
          total += BigInt(priceOf(entry).atomic);
          findings.expectEqual(`workflow ${workflow.id} ${entry.id} price`, (step.price as Json).amount, entry.price);
          findings.expectEqual(`workflow ${workflow.id} ${entry.id} endpoint`, step.endpoint, endpointOf(entry));
        }
        findings.expectEqual(`workflow ${workflow.id} total (atomic)`, decimalToAtomic(String(workflow.totalPrice.amount)), total.toString());
      }
    });
  });

  test('each recommendation names its first paid call as the catalog does, with the same schemas', async () => {
    const bodies = [{}, { walletCount: 3 }, { hasTransactionHash: true }, { autonomousCommerce: true }, { riskType: 'seller trust' }, { failureMode: 'paid but got 500' }];
    const seen = new Set<string>();
    const findings = new Findings();
    for (const body of bodies) {
      const res = await fetch(`${base()}${DISCOVERY_PATHS.recommend}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { reasonCode: string; firstPaidCall: Json & { price: Json }; inputSchema: Json; outputSchema: Json };
      seen.add(answer.reasonCode);
      const entry = CATALOG.find((e) => e.id === answer.firstPaidCall.id);
      if (!entry) {
        findings.extra(`recommendation ${JSON.stringify(body)} tool ${String(answer.firstPaidCall.id)}`);
        continue;
      }
      findings.expectEqual(`recommend ${entry.id} path`, answer.firstPaidCall.path, entry.path);
      findings.expectEqual(`recommend ${entry.id} endpoint`, answer.firstPaidCall.endpoint, endpointOf(entry));
      findings.expectEqual(`recommend ${entry.id} price`, answer.firstPaidCall.price.amount, entry.price);
      findings.expectEqual(`recommend ${entry.id} title`, answer.firstPaidCall.title, entry.title);
      findings.expectEqual(`recommend ${entry.id} inputSchema`, answer.inputSchema, requestJsonSchema(entry));
      findings.expectEqual(`recommend ${entry.id} outputSchema`, answer.outputSchema, responseJsonSchema(entry));
    }
    expect(findings.list).toEqual([]);
    expect([...seen].sort()).toEqual([...REASON_CODES].sort());
  });
});
