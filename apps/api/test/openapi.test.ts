import {
  CATALOG,
  DISCOVERY_PATHS,
  DISCOVERY_VERSION,
  errorBodySchema,
  jsonSchemaOf,
  paymentRequiredBody,
  priceOf,
  recommendRequest,
  requestJsonSchema,
  responseJsonSchema,
  workflowManifest,
} from '@paysight/contracts';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_RESPONSE_HEADER, PAYMENT_SIGNATURE_HEADER, priceDeclaration } from '@paysight/payment';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validateOpenApi } from './openapi-validator.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed JSON document, walked by path

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The object a local $ref points at (`#/components/...`). */
function resolve(doc: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => at[key] as Json, doc);
}

const operations = (doc: Json) =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation: operation as Json })),
  );

describe('GET /openapi.json', () => {
  let api: TestApi;
  let res: Response;
  let doc: Json;
  beforeAll(async () => {
    api = await startTestApi();
    res = await fetch(`${api.url}${DISCOVERY_PATHS.openapi}`);
    doc = (await res.json()) as Json;
  });
  afterAll(() => api.close());

  it('is JSON, cacheable, and answers 304 to its own ETag', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${api.url}${DISCOVERY_PATHS.openapi}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('is a valid OpenAPI 3.1.0 document for the maintained validator, which refuses broken copies', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(validateOpenApi(doc)).toEqual({ valid: true, errors: null, version: '3.1' });

    const noVersion = structuredClone(doc);
    delete noVersion.info.version;
    expect(validateOpenApi(noVersion).valid).toBe(false);
    const danglingRef = structuredClone(doc);
    danglingRef.paths[CATALOG[0]!.path].post.requestBody.content['application/json'].schema = { $ref: '#/components/schemas/Nowhere' };
    expect(validateOpenApi(danglingRef).valid).toBe(false);
    const badResponses = structuredClone(doc);
    badResponses.paths[DISCOVERY_PATHS.recommend].post.responses = { ok: { description: 'not a status code' } };
    expect(validateOpenApi(badResponses).valid).toBe(false);
  });

  it('names this server and the discovery version', () => {
    expect(doc.servers).toEqual([{ url: api.url }]);
    expect(doc.info.version).toBe(DISCOVERY_VERSION);
  });

  it.each(CATALOG.map((entry) => [entry.id, entry] as const))('%s: POST with the catalog request schema, response schema, price and x402 payment', async (_id, entry) => {
    const operation = doc.paths[entry.path]?.post as Json;
    expect(operation).toMatchObject({ operationId: entry.id, tags: [entry.family] });
    expect(Object.keys(doc.paths[entry.path])).toEqual(['post']);

    const body = operation.requestBody.content['application/json'];
    expect(operation.requestBody.required).toBe(true);
    expect(resolve(doc, body.schema)).toEqual(requestJsonSchema(entry));
    expect(body.example).toEqual(entry.example);
    expect(resolve(doc, operation.responses['200'].content['application/json'].schema)).toEqual(responseJsonSchema(entry));
    expect(Object.keys(operation.responses['200'].headers)).toContain(PAYMENT_RESPONSE_HEADER);

    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '413', '503']));
    for (const status of ['400', '413', '503']) {
      expect(resolve(doc, operation.responses[status].content['application/json'].schema)).toEqual(jsonSchemaOf(errorBodySchema, 'output'));
    }
    const challenge = operation.responses['402'];
    expect(Object.keys(challenge.headers)).toEqual([PAYMENT_REQUIRED_HEADER]);
    expect(resolve(doc, challenge.content['application/json'].schema)).toEqual(jsonSchemaOf(paymentRequiredBody, 'output'));

    expect(operation.security).toEqual([{ x402: [] }, { x402v1: [] }]);
    const payment = operation['x-payment-info'];
    expect(payment).toMatchObject({ paymentRequired: true, authMode: 'required', protocol: 'x402', priceMode: 'fixed', price: priceDeclaration(entry) });
    expect(payment.offer).toMatchObject({ amount: priceOf(entry).atomic, amountDecimal: entry.price, payTo: api.payTo, recipient: api.payTo });

    // The declared offer is the one the route sends.
    const unpaid = await fetch(`${api.url}${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(entry.example) });
    expect(unpaid.status).toBe(402);
    const sent = paymentRequiredBody.parse(await unpaid.json());
    expect(payment.offer).toEqual(sent.offer);
    expect(payment.price).toEqual(sent.price);
  });

  it('declares x402 as the security of paid operations: the signed payment in PAYMENT-SIGNATURE', () => {
    expect(doc.components.securitySchemes.x402).toMatchObject({ type: 'apiKey', in: 'header', name: PAYMENT_SIGNATURE_HEADER });
    expect(doc.components.securitySchemes.x402.description).toMatch(/never send a private key/i);
    expect(doc.security).toBeUndefined();
  });

  it('documents every free route without any security, recommend with its request and error answers', () => {
    const paid = new Set(CATALOG.map((entry) => entry.path));
    for (const path of Object.values(DISCOVERY_PATHS)) expect(doc.paths[path]).toBeDefined();
    for (const { path, operation } of operations(doc)) {
      if (paid.has(path)) expect(operation.security).toBeDefined();
      else expect(operation.security).toBeUndefined();
    }
    const recommend = doc.paths[DISCOVERY_PATHS.recommend].post as Json;
    expect(resolve(doc, recommend.requestBody.content['application/json'].schema)).toEqual(jsonSchemaOf(recommendRequest, 'input'));
    expect(Object.keys(recommend.responses).sort()).toEqual(['200', '400', '404', '413', '415', '429']);
    const workflows = doc.paths[DISCOVERY_PATHS.workflows].get as Json;
    expect(resolve(doc, workflows.responses['200'].content['application/json'].schema)).toEqual(jsonSchemaOf(workflowManifest, 'output'));
    expect(Object.keys(workflows.responses).sort()).toEqual(['200', '404']);
    expect(Object.keys(doc.paths[DISCOVERY_PATHS.health].get.responses)).toEqual(['200', '503']);
    expect(Object.keys(doc.paths[DISCOVERY_PATHS.llmsTxt].get.responses['200'].content)).toEqual(['text/markdown']);
    expect(Object.keys(doc.paths[DISCOVERY_PATHS.agentsPage].get.responses['200'].content)).toEqual(['text/html']);
  });

  it('describes what the free JSON routes really answer: each body validates against its declared 200 schema', async () => {
    const answers: [string, Response][] = [];
    for (const { path, method, operation } of operations(doc)) {
      const declared = operation.responses['200']?.content?.['application/json'];
      if (method !== 'get' || !declared || path.includes('{')) continue;
      answers.push([path, await fetch(`${api.url}${path}`)]);
    }
    const recommend = doc.paths[DISCOVERY_PATHS.recommend].post as Json;
    const example = recommend.requestBody.content['application/json'].example;
    answers.push([DISCOVERY_PATHS.recommend, await fetch(`${api.url}${DISCOVERY_PATHS.recommend}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(example) })]);
    expect(answers.map(([path]) => path).sort()).toEqual(
      [DISCOVERY_PATHS.workflows, DISCOVERY_PATHS.manifest, DISCOVERY_PATHS.ai, DISCOVERY_PATHS.mcp, DISCOVERY_PATHS.x402, DISCOVERY_PATHS.health, DISCOVERY_PATHS.openapi, DISCOVERY_PATHS.recommend].sort(),
    );
    for (const [path, answer] of answers) {
      expect([path, answer.status]).toEqual([path, 200]);
      const method = path === DISCOVERY_PATHS.recommend ? 'post' : 'get';
      const validate = ajv.compile(resolve(doc, doc.paths[path][method].responses['200'].content['application/json'].schema));
      expect([path, validate(await answer.json()), validate.errors ?? null]).toEqual([path, true, null]);
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations(doc).map(({ operation }) => operation.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
