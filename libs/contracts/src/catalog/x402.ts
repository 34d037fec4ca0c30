import type { z } from 'zod';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { responseContractLinterRequest } from '../schemas/x402/response-contract-linter.js';
import { responseContractLinterResult } from '../results/x402/response-contract-linter.js';
import { paidAgentResponseCompletenessDriftLedgerRequest } from '../schemas/x402/paid-agent-response-completeness-drift-ledger.js';
import { paidAgentResponseCompletenessDriftLedgerResult } from '../results/x402/paid-agent-response-completeness-drift-ledger.js';
import { mcpOperationStabilityLedgerRequest } from '../schemas/x402/mcp-operation-stability-ledger.js';
import { mcpOperationStabilityLedgerResult } from '../results/x402/mcp-operation-stability-ledger.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';

/** Price of every x402-* tool (design sheet §0): 0.01 USDC on Base, one exact offer. */
export const X402_FAMILY_PRICE = '0.01';

/** The family identity rule (design sheet §0): one slug gives route, tool id, MCP name and endpoint. */
export function x402Identity<const Slug extends string>(slug: Slug) {
  const underscored = slug.replaceAll('-', '_') as string;
  return {
    id: `x402_${underscored}` as `x402_${string}`,
    slug: `x402-${slug}` as const,
    path: `/api/x402/x402-${slug}` as const,
    mcpName: `svc_x402_${underscored}`,
  };
}

interface X402ToolSpec<Id extends string, Req extends z.ZodType, Res extends z.ZodType> {
  /** The slug without the family prefix (catalog-drift-monitor). */
  slug: string;
  id: Id;
  title: string;
  description: string;
  /** agent_expansion_v2_api for #1 only (spec); the rest are agent_expansion_v3_api. */
  productFamily?: ExpansionProductFamily;
  /** Only the notary (#4) writes, so only it sets readOnlyHint false. */
  annotations?: Partial<ToolAnnotations>;
  request: Req;
  result: Res;
  example: z.input<Req>;
}

/** One x402-* catalog entry: the identity, price, envelope and annotations of §0 around a tool's own schemas. */
export function defineX402Tool<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(spec: X402ToolSpec<Id, Req, Res>): CatalogEntry<Req, Res> & { id: Id } {
  const identity = x402Identity(spec.slug);
  if (identity.id !== spec.id) throw new Error(`catalog: x402 tool ${spec.slug} must have the id ${identity.id}, not ${spec.id}`);
  return defineTool({
    id: spec.id,
    slug: identity.slug,
    path: identity.path,
    mcpName: identity.mcpName,
    title: spec.title,
    description: spec.description,
    price: X402_FAMILY_PRICE,
    family: 'x402',
    envelope: { kind: 'expansion', productFamily: spec.productFamily ?? 'agent_expansion_v3_api', strict: true },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true, ...spec.annotations },
    request: spec.request,
    result: spec.result,
    example: spec.example,
  });
}

/** The x402-* tools built so far (design sheet x402-family.md, in the spec's order). */
export const X402_TOOLS = [
  defineX402Tool({
    slug: 'catalog-drift-monitor',
    id: 'x402_catalog_drift_monitor',
    productFamily: 'agent_expansion_v2_api',
    title: 'x402 catalog drift monitor',
    description:
      'For one paid endpoint: do the catalog entry, the OpenAPI operation, the MCP tool entry and the unpaid 402 challenge agree with each other and with what the caller expects (path, method, tool id, MCP name, price, currency, network, payee)? Mismatches with severity and JSON pointers; documents are submitted, never fetched.',
    request: catalogDriftMonitorRequest,
    result: catalogDriftMonitorResult,
    example: {
      service_url: 'https://api.example.com',
      expected_endpoint: '/api/x402/tx-status',
      expected_price: '0.01',
      expected_network: 'eip155:8453',
      expected_receiver: EXAMPLE_PAYEE,
      payment_challenge_json: {
        x402Version: 2,
        resource: { url: 'https://api.example.com/api/x402/tx-status' },
        accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: X402_USDC['eip155:8453']!.address, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }],
      },
    },
  }),
  defineX402Tool({
    slug: 'response-contract-linter',
    id: 'x402_response_contract_linter',
    title: 'x402 response contract linter',
    description:
      'Does a captured response body satisfy its JSON Schema and the family rules of its kind (plain API, MCP CallToolResult, x402-paid envelope)? Findings with rule ids, severities and JSON pointers, a score out of 100 and pass/warn/fail; nothing is replayed or fetched.',
    request: responseContractLinterRequest,
    result: responseContractLinterResult,
    example: {
      response_sample: { content: [{ type: 'text', text: 'ok' }], structuredContent: { amount: 0.01 } },
      schema_sample: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'string' }, currency: { type: 'string' } } },
      lint_profile: 'auto',
    },
  }),
  defineX402Tool({
    slug: 'paid-agent-response-completeness-drift-ledger',
    id: 'x402_paid_agent_response_completeness_drift_ledger',
    title: 'x402 paid response completeness drift ledger',
    description:
      'For a paid tool called again and again: are its paid answers getting emptier over time (200 and paid, but fields null)? Weighted completeness of tracked JSON pointers per paid 2xx sample, baseline vs recent, per-path drops, and a hash-chained ledger the caller carries forward.',
    request: paidAgentResponseCompletenessDriftLedgerRequest,
    result: paidAgentResponseCompletenessDriftLedgerResult,
    example: {
      tool_label: 'risk-score.example /api/score',
      tracked_paths: [
        { pointer: '/result/riskScore', weight: 2 },
        { pointer: '/result/summary', weight: 1 },
      ],
      samples: [1, 2, 3, 4, 5, 6].map((day) => ({
        sample_id: `s${day}`,
        observed_at: `2026-11-0${day}T00:00:00Z`,
        paid: true,
        http_status: 200,
        body: { result: day <= 3 ? { riskScore: 12, summary: 'low risk' } : { riskScore: null, summary: 'low risk' } },
      })),
    },
  }),
  defineX402Tool({
    slug: 'mcp-operation-stability-ledger',
    id: 'x402_mcp_operation_stability_ledger',
    title: 'x402 MCP operation stability ledger',
    description:
      'From tools/list snapshots of one MCP server over time: which operations are stable enough to hard-wire and which churn (schema changes classified breaking/risky/nonbreaking/cosmetic, removals, safety-annotation flips, price changes, unbumped versions). Returns a hash-chained ledger the caller carries forward.',
    request: mcpOperationStabilityLedgerRequest,
    result: mcpOperationStabilityLedgerResult,
    example: {
      server_label: 'tx-tools.example',
      snapshots: [
        { captured_at: '2026-11-01T00:00:00Z', server_version: '1.0.0', tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' } }, required: ['tx'] } }, { name: 'b', inputSchema: { type: 'object' } }] },
        {
          captured_at: '2026-11-08T00:00:00Z',
          server_version: '1.1.0',
          tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } }, { name: 'b', inputSchema: { type: 'object' } }],
        },
        { captured_at: '2026-11-15T00:00:00Z', server_version: '2.0.0', tools: [{ name: 'a', inputSchema: { type: 'object', properties: { tx: { type: 'string' }, chain: { type: 'string' } }, required: ['tx', 'chain'] } }] },
      ],
    },
  }),
] as const;
