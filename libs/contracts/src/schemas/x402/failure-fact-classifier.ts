import { z } from 'zod';

/** Bounds of x402-failure-fact-classifier's request (spec document 2; docs/tools/x402/failure-fact-classifier.md). */
export const FAILURE_FACT_LIMITS = { scheme: 64, network: 64, amount: 32, receiver: 80, resourcePath: 160, toolId: 120, retryStatus: 64, headerNames: 40, headerName: 80 } as const;

export const FAILURE_INTEGRATION_STEPS = ['challenge', 'sign', 'retry', 'verify', 'settle', 'target_response', 'unknown'] as const;
export const FAILURE_ENVIRONMENTS = ['local', 'preview', 'production', 'test', 'unknown'] as const;

const L = FAILURE_FACT_LIMITS;
const errorCode = z.string().regex(/^[A-Za-z0-9_.:-]{1,120}$/, 'must be 1 to 120 letters, digits, _ . : -');
const currency = z.literal('USDC');

/** x402-failure-fact-classifier (spec document 2, exact fields; no other properties at any level). */
export const failureFactClassifierRequest = z.strictObject({
  failure_facts: z
    .strictObject({
      http_status: z.int().min(100).max(599).optional(),
      x402_version: z.int().min(1).max(2).optional(),
      scheme: z.string().max(L.scheme).optional(),
      network: z.string().max(L.network).optional().meta({ description: 'CAIP-2 id or x402 v1 alias; compared after normalization (base = eip155:8453).' }),
      currency: currency.optional(),
      amount: z.string().max(L.amount).optional().meta({ description: 'The amount the payment carried, in the same unit as expected_facts.amount; compared numerically.' }),
      receiver: z.string().max(L.receiver).optional(),
      resource_path: z.string().max(L.resourcePath).optional(),
      facilitator_error_code: errorCode.optional().meta({ description: 'The facilitator invalidReason / errorReason, such as invalid_exact_evm_payload_authorization_valid_before.' }),
      target_error_code: errorCode.optional().meta({ description: 'The error code the paid resource (or its MCP x402/error) returned.' }),
      retry_status: z.string().max(L.retryStatus).optional().meta({ description: 'What the client saw of its retry or of settlement, such as timeout or pending.' }),
      present_header_names: z.array(z.string().max(L.headerName)).max(L.headerNames).optional().meta({ description: 'Names (never values) of the x402 headers seen in the failed exchange, request and response.' }),
    })
    .meta({ description: 'Sanitized facts of the failed call: codes, status and header names, never secrets or raw payloads.' }),
  expected_facts: z
    .strictObject({
      resource_path: z.string().max(L.resourcePath).optional(),
      tool_id: z.string().max(L.toolId).optional(),
      scheme: z.string().max(L.scheme).optional(),
      network: z.string().max(L.network).optional(),
      currency: currency.optional(),
      amount: z.string().max(L.amount).optional(),
      receiver: z.string().max(L.receiver).optional(),
    })
    .optional()
    .meta({ description: 'What the offer said: each failure fact that differs from its expectation is evidence.' }),
  caller_context: z
    .strictObject({
      environment: z.enum(FAILURE_ENVIRONMENTS).optional(),
      integration_step: z.enum(FAILURE_INTEGRATION_STEPS).optional(),
      client_name: z.string().regex(/^[A-Za-z0-9_. -]{1,80}$/, 'must be 1 to 80 letters, digits, _ . space -').optional(),
      client_version: z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'must be 1 to 40 letters, digits, _ . : -').optional(),
    })
    .optional(),
});
