import { z } from 'zod';
import { NOTARY_RETENTION_CLASSES } from '../../ports/notary.js';
import { x402Decimal, x402Hash } from '../../x402/request-rules.js';

/** Bounds of x402-response-provenance-notary's request (spec document 2; docs/tools/x402/response-provenance-notary.md). */
export const PROVENANCE_NOTARY_LIMITS = {
  idempotencyKey: { min: 32, max: 160 },
  scopeToken: { min: 43, max: 160 },
  notaryId: { min: 24, max: 120 },
  lookupSecret: { min: 43, max: 160 },
  endpointPath: 160,
  toolId: 120,
  schemaVersion: 40,
  operationId: 120,
  mcpToolName: 120,
  paymentNetwork: 64,
  amount: 32,
  serviceLabel: 200,
} as const;

export const NOTARY_MODES = ['create', 'verify'] as const;
export const NOTARY_HASH_FIELDS = ['challenge_hash', 'receipt_hash', 'response_hash', 'metadata_hash'] as const;
export type NotaryHashField = (typeof NOTARY_HASH_FIELDS)[number];
/** The labels: never stored, only hashed together into context_hash. */
export const NOTARY_LABEL_FIELDS = ['endpoint_path', 'tool_id', 'schema_version', 'generated_at', 'operation_id', 'mcp_tool_name', 'payment_network', 'currency', 'amount', 'service_label'] as const;
export type NotaryLabelField = (typeof NOTARY_LABEL_FIELDS)[number];
/** The capability tokens the notary issues or takes: exempt from the x402 secret guard (design sheet §0). */
export const NOTARY_CAPABILITY_TOKEN_FIELDS = ['idempotency_scope_token', 'lookup_secret'] as const;

/** Per mode: the fields it needs and those it refuses with field_not_allowed_in_mode (design sheet §A.4). */
export const NOTARY_MODE_RULES = {
  create: { required: ['idempotency_key', 'idempotency_scope_token', 'endpoint_path', 'tool_id', 'generated_at', 'response_hash'], notAllowed: ['notary_id', 'lookup_secret'] },
  verify: { required: ['notary_id', 'lookup_secret'], notAllowed: ['idempotency_key', 'idempotency_scope_token', 'retention_class'] },
} as const satisfies Record<(typeof NOTARY_MODES)[number], { required: readonly string[]; notAllowed: readonly string[] }>;

const token = (bounds: { min: number; max: number }) =>
  z
    .string()
    .min(bounds.min)
    .max(bounds.max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ and - only');
const label = (max: number) => z.string().min(1).max(max);
const L = PROVENANCE_NOTARY_LIMITS;

/** x402-response-provenance-notary (spec document 2, exact fields; the per-mode rules are the sheet's). */
export const responseProvenanceNotaryRequest = z
  .strictObject({
    mode: z.enum(NOTARY_MODES).meta({ description: 'create writes a hash-only record (or replays it for the same idempotency key); verify checks hashes against a record.' }),
    idempotency_key: token(L.idempotencyKey).optional().meta({ description: 'create only, required: the caller\'s idempotency key; the same key and scope token with the same content replay the record.' }),
    idempotency_scope_token: token(L.scopeToken)
      .optional()
      .meta({ description: 'create only, required: a secret of the caller (at least 43 characters, e.g. 32 random bytes base64url) that scopes the key; only its SHA-256 is used.' }),
    challenge_hash: x402Hash.optional(),
    receipt_hash: x402Hash.optional(),
    response_hash: x402Hash.optional().meta({ description: 'sha256: + 64 hex of the response being notarized; required in create.' }),
    metadata_hash: x402Hash.optional(),
    endpoint_path: label(L.endpointPath).optional().meta({ description: 'Label (required in create): hashed into context_hash, never stored.' }),
    tool_id: label(L.toolId).optional().meta({ description: 'Label (required in create).' }),
    schema_version: label(L.schemaVersion).optional(),
    generated_at: z.iso.datetime({ offset: true }).optional().meta({ description: 'Label (required in create): when the response was generated; normalized to UTC before hashing.' }),
    operation_id: label(L.operationId).optional(),
    mcp_tool_name: label(L.mcpToolName).optional(),
    payment_network: label(L.paymentNetwork).optional().meta({ description: 'Label: a CAIP-2 id or x402 v1 alias, normalized to CAIP-2 before hashing.' }),
    currency: z.literal('USDC').optional(),
    amount: x402Decimal.max(L.amount).optional().meta({ description: 'Label: a decimal amount (0.01), canonicalized before hashing.' }),
    service_label: label(L.serviceLabel).optional(),
    retention_class: z.enum(NOTARY_RETENTION_CLASSES).optional().meta({ description: 'create only: short 7 days, standard 30 (the default), support 180.' }),
    notary_id: token(L.notaryId).optional().meta({ description: 'verify only, required: the id create returned.' }),
    lookup_secret: token(L.lookupSecret).optional().meta({ description: 'verify only, required: the secret create returned once.' }),
  })
  .superRefine((body, ctx) => {
    const rules = NOTARY_MODE_RULES[body.mode];
    const present = (field: string) => (body as Record<string, unknown>)[field] !== undefined;
    for (const field of rules.notAllowed.filter(present)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `not allowed in mode ${body.mode}`, params: { errorCode: 'field_not_allowed_in_mode' } });
    }
    for (const field of rules.required.filter((f) => !present(f))) ctx.addIssue({ code: 'custom', path: [field], message: `required in mode ${body.mode}` });
    if (body.mode === 'verify' && !NOTARY_HASH_FIELDS.some(present)) {
      ctx.addIssue({ code: 'custom', path: [], message: `verify needs at least one of ${NOTARY_HASH_FIELDS.join(', ')}` });
    }
  });
