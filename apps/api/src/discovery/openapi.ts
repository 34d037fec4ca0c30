import {
  CATALOG,
  type CatalogEntry,
  DISCOVERY_PATHS,
  DISCOVERY_VERSION,
  PAYMENT,
  RECOMMEND_MAX_BODY_BYTES,
  SERVICE_NAME,
  TOOL_FAMILIES,
  TOOL_FAMILY_INFO,
  discoveryManifest,
  errorBodySchema,
  healthReport,
  jsonSchemaOf,
  mcpDiscoveryDocument,
  paymentRequiredBody,
  recommendRequest,
  recommendationResponse,
  requestJsonSchema,
  responseJsonSchema,
  workflowManifest,
  x402ResourceList,
} from '@paysight/contracts';
import { PAYMENT_REQUIRED_HEADER, PAYMENT_RESPONSE_HEADER, PAYMENT_SIGNATURE_HEADER, X_PAYMENT_HEADER, X_PAYMENT_RESPONSE_HEADER } from '@paysight/payment';
import { SAVED_REPORT_ROUTE } from '../routes/saved-report.js';
import { REPLAY_HEADER } from '../routes/paid-tools.js';
import type { DiscoveryDeps } from './deps.js';
import { serviceDescription } from './manifest.js';

/*
 * The OpenAPI 3.1 description of the service, generated from the catalog (every paid route) and the
 * contracts of the free routes. The payment of each paid operation is taken from the 402 challenge
 * its route sends, so the description and the offers cannot disagree.
 */

export const OPENAPI_VERSION = '3.1.0';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, example?: unknown) => ({ 'application/json': { schema, ...(example === undefined ? {} : { example }) } });

/** wallet_snapshot -> WalletSnapshot: the prefix of a tool's component schemas. */
export function schemaNameOf(entry: Pick<CatalogEntry, 'id'>): string {
  return entry.id.replace(/(^|_)([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

const FREE_TAG = 'discovery';

const errorResponse = (description: string) => ({ description, content: json(ref('ErrorBody')) });

const RATE_LIMITED = errorResponse('Too many requests without a payment from this address (`rate_limited`); `Retry-After` says when to try again. Paid requests are never refused this way.');

/** What a paid route answers besides 200 and 402; the error codes are in docs/errors.md. */
const PAID_ERRORS = {
  '400': errorResponse(
    'Invalid input (`invalid_request`, `invalid_json`, `sensitive_input`, or `secret_material_rejected` on the x402-* tools): nothing is charged and no offer is made. Or the payment names a malformed payment identifier (`payment_identifier_invalid`), or none where the service requires one (`payment_identifier_required`): nothing is charged.',
  ),
  '409': {
    ...errorResponse(
      'The same payment is being served by another request (`payment_in_progress`), or was settled for another request and pays for nothing else (`payment_bound_to_other_request`), or its settlement is not confirmed yet (`payment_pending_settlement`): present it again after `Retry-After` for the kept answer once the transfer is found, or 402 once it expired unused (nothing charged). Or the payment identifier was first used for another request (`payment_identifier_conflict`): nothing is charged.',
    ),
    headers: {
      'Retry-After': { description: 'Seconds to wait before presenting a `payment_pending_settlement` payment again (also in `error.details.retryAfterSeconds`).', schema: { type: 'integer', minimum: 1 } },
    },
  },
  '410': errorResponse('The same payment was settled for this request, but its answer is past the retention; only its hash is kept (`result_expired`). Nothing is charged.'),
  '413': errorResponse('The body is larger than the service accepts (`payload_too_large`).'),
  '415': errorResponse('The body is not JSON, or it was sent with a Content-Encoding (`unsupported_media_type`).'),
  '429': RATE_LIMITED,
  '500': errorResponse('The tool failed (`internal_error`). Nothing is charged; the same payment may be presented again.'),
  '503': {
    ...errorResponse('Payments, upstream chain data or the payment ledger are unavailable right now (`facilitator_unavailable`, `chain_unavailable`, `store_unavailable`). Nothing is charged.'),
    headers: {
      'Retry-After': {
        description: 'Seconds to wait, when known: the facilitator circuit breaker is open (also in `error.details.retryAfterSeconds`).',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
};

/** What the document is built from besides the catalog: the public origin, and the source of the 402 offers. */
export interface OpenApiInput {
  baseUrl: string;
  payments: DiscoveryDeps['payments'];
}

function paidOperation(entry: CatalogEntry, input: OpenApiInput): Json {
  const { offer, price } = input.payments.challenge(entry, `${input.baseUrl}${entry.path}`).body;
  const name = schemaNameOf(entry);
  return {
    operationId: entry.id,
    summary: entry.title,
    description: `${entry.description}\n\n${offer.description} Without a payment the route answers 402 with the offer; retry with it signed.`,
    tags: [entry.family],
    security: [{ x402: [] }, { x402v1: [] }],
    'x-payment-info': { paymentRequired: true, authMode: 'required', protocol: 'x402', priceMode: 'fixed', price, offer },
    requestBody: { required: true, content: json(ref(`${name}Request`), entry.example) },
    responses: {
      '200': {
        description: `The paid result. ${price.amount} ${PAYMENT.currency} was settled; the receipt is in the response header. The same payment presented again for the same request gets this answer and receipt again, not charged, marked \`${REPLAY_HEADER}: true\`.`,
        headers: {
          [PAYMENT_RESPONSE_HEADER]: { $ref: '#/components/headers/PaymentResponse' },
          [X_PAYMENT_RESPONSE_HEADER]: { $ref: '#/components/headers/XPaymentResponse' },
          [REPLAY_HEADER]: { description: 'Present (true) when this answer was served before for the same payment and is served again from the ledger.', schema: { type: 'string', enum: ['true'] } },
        },
        content: json(ref(`${name}Response`)),
      },
      '402': {
        description: 'Payment required (or the payment presented was refused): the offer, in the header (x402 v2) and in the body (x402 v1 and v2).',
        headers: { [PAYMENT_REQUIRED_HEADER]: { $ref: '#/components/headers/PaymentRequired' } },
        content: json(ref('PaymentRequiredBody')),
      },
      ...PAID_ERRORS,
    },
  };
}

const AGENT_DISCOVERY_OFF = errorResponse('Agent discovery is turned off on this server (`not_found`).');

/** A GET route answering one JSON document described by a component schema. */
const documentRoute = (operationId: string, schemaName: string, summary: string) => ({
  get: { operationId, summary, tags: [FREE_TAG], responses: { '200': { description: summary, content: json(ref(schemaName)) } } },
});

/** The MCP discovery document takes the same `toolsets` selection as /api/mcp. */
function withToolsets(route: ReturnType<typeof documentRoute>) {
  const toolsets = {
    name: 'toolsets',
    in: 'query',
    required: false,
    description: `Comma-separated families (${TOOL_FAMILIES.join(', ')}) or all: list only their tools, as /api/mcp?toolsets= does.`,
    schema: { type: 'string' },
  };
  return { get: { ...route.get, parameters: [toolsets], responses: { ...route.get.responses, '400': errorResponse('An unknown toolset name (`invalid_request`).') } } };
}

/** A GET route answering text of one media type. */
const textRoute = (operationId: string, summary: string, mediaType: string) => ({
  get: { operationId, summary, tags: [FREE_TAG], responses: { '200': { description: summary, content: { [mediaType]: { schema: { type: 'string' } } } } } },
});

/** The free routes: no payment, no security requirement. */
function freePaths(): Json {
  return {
    [DISCOVERY_PATHS.recommend]: {
      post: {
        operationId: 'recommend',
        summary: 'Recommend the first paid call for a goal (free, read-only: never pays, never runs a tool)',
        tags: [FREE_TAG],
        requestBody: {
          required: true,
          content: json(ref('RecommendRequest'), { goal: 'check a wallet before paying it', walletCount: 1 }),
        },
        responses: {
          '200': { description: 'The recommended first paid call, its schemas and price.', content: json(ref('RecommendationResponse')) },
          '400': errorResponse('The body is not a JSON object, or it holds a secret (`invalid_json`, `invalid_request`, `sensitive_input`).'),
          '404': AGENT_DISCOVERY_OFF,
          '413': errorResponse(`The declared body size is over ${RECOMMEND_MAX_BODY_BYTES} bytes (\`payload_too_large\`); decided before the body is read.`),
          '415': errorResponse('The body was sent with a Content-Encoding (`unsupported_media_type`).'),
          '429': RATE_LIMITED,
        },
      },
    },
    [DISCOVERY_PATHS.workflows]: {
      get: {
        operationId: 'workflowManifest',
        summary: 'Workflows: ordered sequences of paid calls, with what passes between them and their total price',
        tags: [FREE_TAG],
        responses: { '200': { description: 'The workflow manifest.', content: json(ref('WorkflowManifest')) }, '404': AGENT_DISCOVERY_OFF },
      },
    },
    [DISCOVERY_PATHS.manifest]: documentRoute('discoveryManifest', 'DiscoveryManifest', 'The discovery manifest: tools, prices, schemas, MCP and x402 details'),
    [DISCOVERY_PATHS.ai]: documentRoute('wellKnownAi', 'DiscoveryManifest', 'The discovery manifest, at its well-known address'),
    [DISCOVERY_PATHS.mcp]: withToolsets(documentRoute('wellKnownMcp', 'McpDiscoveryDocument', 'Where the MCP server is and the tools it lists')),
    [DISCOVERY_PATHS.x402]: documentRoute('wellKnownX402', 'X402ResourceList', 'Every paid resource with the offer its 402 carries'),
    [DISCOVERY_PATHS.health]: {
      get: {
        operationId: 'health',
        summary: 'Whether the store, the facilitator and each chain answer',
        tags: [FREE_TAG],
        responses: {
          '200': { description: 'The store answers (the facilitator or a chain may still be down: see status).', content: json(ref('HealthReport')) },
          '503': { description: 'The store does not answer: this instance cannot record payments.', content: json(ref('HealthReport')) },
        },
      },
    },
    [DISCOVERY_PATHS.llmsTxt]: textRoute('llmsTxt', 'A markdown index of the service for language models', 'text/markdown'),
    [DISCOVERY_PATHS.agentsPage]: textRoute('agentsPage', 'The catalog for people: tools by family, prices, schemas and examples', 'text/html'),
    [DISCOVERY_PATHS.openapi]: {
      get: {
        operationId: 'openapi',
        summary: 'This description',
        tags: [FREE_TAG],
        responses: { '200': { description: 'The OpenAPI 3.1 description of the service.', content: json({ type: 'object' }) } },
      },
    },
    [SAVED_REPORT_ROUTE.replace(':id', '{id}')]: {
      get: {
        operationId: 'savedReport',
        summary: 'A saved report (unlisted, kept out of indexes): a page, or its JSON with Accept: application/json',
        tags: [FREE_TAG],
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The unguessable id the paid call returned.', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The report.', content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } } },
          '404': errorResponse('No saved report at this address (`not_found`), whether or not the id ever existed.'),
          '503': errorResponse('Saved reports cannot be read right now (`store_unavailable`).'),
        },
      },
    },
    [DISCOVERY_PATHS.mcpEndpoint]: {
      post: {
        operationId: 'mcp',
        summary: 'MCP (Streamable HTTP, stateless): JSON-RPC 2.0 messages; paid tools are paid inside MCP (docs/mcp.md)',
        tags: [FREE_TAG],
        requestBody: { required: true, content: json(ref('JsonRpcMessage'), { jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
        responses: {
          '200': {
            description: 'The JSON-RPC answer; an SSE stream when the call asked for progress.',
            content: { ...json(ref('JsonRpcMessage')), 'text/event-stream': { schema: { type: 'string' } } },
          },
          '400': { description: 'Not a JSON-RPC message.', content: json(ref('JsonRpcMessage')) },
          '403': { description: 'The Host header names a host this server does not answer for.', content: json(ref('JsonRpcMessage')) },
          '413': { description: 'The body is too large.', content: json(ref('JsonRpcMessage')) },
          '415': { description: 'The body was sent with a Content-Encoding.', content: json(ref('JsonRpcMessage')) },
          '429': { description: 'Too many messages without a payment from this address (JSON-RPC error -32029); `Retry-After` says when to try again.', content: json(ref('JsonRpcMessage')) },
        },
      },
    },
  };
}

/** Component schemas of the free routes and the shared error and 402 bodies. */
function sharedSchemas(): Json {
  return {
    ErrorBody: jsonSchemaOf(errorBodySchema, 'output'),
    PaymentRequiredBody: jsonSchemaOf(paymentRequiredBody, 'output'),
    RecommendRequest: jsonSchemaOf(recommendRequest, 'input'),
    RecommendationResponse: jsonSchemaOf(recommendationResponse, 'output'),
    WorkflowManifest: jsonSchemaOf(workflowManifest, 'output'),
    DiscoveryManifest: jsonSchemaOf(discoveryManifest, 'output'),
    McpDiscoveryDocument: jsonSchemaOf(mcpDiscoveryDocument, 'output'),
    X402ResourceList: jsonSchemaOf(x402ResourceList, 'output'),
    HealthReport: jsonSchemaOf(healthReport, 'output'),
    JsonRpcMessage: {
      type: 'object',
      description: 'A JSON-RPC 2.0 request, notification or response (or, in a request body, a batch of them).',
      properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, method: { type: 'string' }, params: { type: 'object' } },
    },
  };
}

const base64Header = (description: string) => ({ description, schema: { type: 'string', contentEncoding: 'base64' } });

/** The whole OpenAPI 3.1.0 document; absolute URLs start with the public origin. */
export function openApiDocument(input: OpenApiInput): Json {
  const toolSchemas = Object.fromEntries(
    CATALOG.flatMap((entry) => [
      [`${schemaNameOf(entry)}Request`, requestJsonSchema(entry)],
      [`${schemaNameOf(entry)}Response`, responseJsonSchema(entry)],
    ]),
  );
  const families = TOOL_FAMILIES.filter((family) => CATALOG.some((entry) => entry.family === family));
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: SERVICE_NAME,
      version: DISCOVERY_VERSION,
      description:
        `${serviceDescription()} ` +
        'Call a paid route without payment to get 402 and its one offer (PAYMENT-REQUIRED header, and the body), then retry with the payment signed ' +
        `(scheme ${PAYMENT.scheme}, ${PAYMENT.currency} on ${PAYMENT.network}). The free routes need no payment and declare no security.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: input.baseUrl }],
    tags: [
      ...families.map((family) => ({ name: family, description: TOOL_FAMILY_INFO[family].about })),
      { name: FREE_TAG, description: 'Free routes: recommendation, manifests, discovery documents, health, MCP.' },
    ],
    paths: {
      ...Object.fromEntries(CATALOG.map((entry) => [entry.path, { post: paidOperation(entry, input) }])),
      ...freePaths(),
    },
    components: {
      schemas: { ...sharedSchemas(), ...toolSchemas },
      headers: {
        PaymentRequired: base64Header(
          'Base64 JSON of the x402 v2 PaymentRequired: the one offer, its EIP-712 signed form (`extensions["offer-receipt"]`), and the Bazaar discovery declaration sized for a header.',
        ),
        PaymentResponse: base64Header(
          'Base64 JSON of the settlement `{success, transaction, network, payer, extensions}`, for a payment made with x402 v2; `extensions` holds the EIP-712 signed receipt (`offer-receipt`) and its binding to the SHA-256 of the answer (`paysight-delivery`).',
        ),
        XPaymentResponse: base64Header('The same receipt, for a payment made with x402 v1.'),
      },
      securitySchemes: {
        x402: {
          type: 'apiKey',
          in: 'header',
          name: PAYMENT_SIGNATURE_HEADER,
          description: `Not a key: a signed x402 v2 payment (base64 JSON PaymentPayload), made for the offer of a 402 answer and good once. Never send a private key or seed phrase.`,
        },
        x402v1: {
          type: 'apiKey',
          in: 'header',
          name: X_PAYMENT_HEADER,
          description: 'The same payment in x402 v1 form.',
        },
      },
    },
  };
}
