import { z } from 'zod';

/** Every non-2xx answer has this body; codes are stable and documented in docs/errors.md. */
export const ERROR_CODES = [
  'invalid_json',
  'invalid_request',
  'sensitive_input',
  'secret_material_rejected',
  'field_not_allowed_in_mode',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'notary_record_not_found',
  'method_not_allowed',
  'rate_limited',
  'not_implemented',
  'payment_required',
  'payment_invalid',
  'payment_mismatch',
  'payment_already_used',
  'payment_in_progress',
  'payment_pending_settlement',
  'payment_bound_to_other_request',
  'payment_identifier_required',
  'payment_identifier_invalid',
  'payment_identifier_conflict',
  'result_expired',
  'settlement_failed',
  'facilitator_unavailable',
  'chain_unavailable',
  'store_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  ok: z.literal(false),
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export interface FieldIssue {
  path: string;
  message: string;
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

/** A failure that maps to one HTTP answer: its status and the error body. Thrown by handlers, turned into a response at the edge. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}
