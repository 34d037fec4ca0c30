/**
 * The error taxonomy of the x402-* family (design sheet §R): one canonical code per error a paying
 * agent meets, with family, retry class, owner and backoff. Read by the failure-fact classifier (#3),
 * the taxonomy normalizer (#18), the facilitator readiness passport (#20) and the recovery playbook
 * (#32). Versioned with X402_REFERENCE_DATA_VERSION.
 *
 * Sources of the codes (the families, retry classes, owners and backoffs are our own table):
 * - the 15 x402 error codes: coinbase/x402 specs/x402-specification-v2.md §9 "Error Handling"
 *   (Apache-2.0). @x402/evm 2.27 spells some of them without `payload_`
 *   (invalid_exact_evm_recipient_mismatch, invalid_exact_evm_signature, ...) and adds more
 *   (insufficient_balance, nonce_already_used, token_name_mismatch, ...): X402_EXACT_PATTERNS.
 * - permit2_allowance_required and its HTTP 412: @x402/core 2.27 (http and server: status 412 when
 *   the PaymentRequired error is permit2_allowance_required) and @x402/evm's exact facilitator.
 * - JSON-RPC 2.0 −32700/−32600/−32601/−32602/−32603; MCP 2025-11-25 −32042 (URL elicitation required).
 * - EIP-1193 provider errors 4001, 4100, 4200, 4900, 4901 (CC0).
 * - HTTP status semantics (RFC 9110; 429 RFC 6585); L402's 402 (Lightning Labs' L402 protocol).
 */

export const ERROR_FAMILIES = ['protocol', 'authorization', 'funds', 'pricing', 'availability', 'consent', 'client_input', 'idempotency', 'rate_limit', 'unknown'] as const;
export type ErrorFamily = (typeof ERROR_FAMILIES)[number];
export const ERROR_RETRY_CLASSES = ['retry_now', 'retry_after_delay', 'retry_after_fix', 'never'] as const;
export type ErrorRetryClass = (typeof ERROR_RETRY_CLASSES)[number];
export const ERROR_OWNERS = ['buyer_agent', 'seller', 'facilitator', 'wallet', 'human'] as const;
export type ErrorOwner = (typeof ERROR_OWNERS)[number];
/** Where an error came from (#18's `source`). */
export const ERROR_SOURCES = ['x402_facilitator', 'http', 'mcp_jsonrpc', 'mcp_tool_result', 'eip1193', 'permit2', 'l402', 'custom'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

export interface CanonicalError {
  family: ErrorFamily;
  retry: ErrorRetryClass;
  owner: ErrorOwner;
  /** Seconds to wait before the retry its class allows; 0 when waiting does not help. */
  backoff_seconds: number;
}

const c = (family: ErrorFamily, retry: ErrorRetryClass, owner: ErrorOwner, backoff_seconds = 0): CanonicalError => ({ family, retry, owner, backoff_seconds });

/** Every canonical code, with what a handler needs to act on it. */
export const CANONICAL_ERRORS = {
  // funds and pricing
  FUNDS_INSUFFICIENT: c('funds', 'retry_after_fix', 'buyer_agent'),
  PRICING_AMOUNT_MISMATCH: c('pricing', 'retry_after_fix', 'buyer_agent'),
  PAYMENT_REQUIRED: c('pricing', 'retry_after_fix', 'buyer_agent'),
  L402_PAYMENT_REQUIRED: c('pricing', 'retry_after_fix', 'buyer_agent'),
  // authorization (the signed payment and the caller's rights)
  AUTH_EXPIRED: c('authorization', 'retry_after_fix', 'buyer_agent'),
  AUTH_NOT_YET_VALID: c('authorization', 'retry_after_delay', 'buyer_agent', 5),
  AUTH_SIGNATURE_INVALID: c('authorization', 'retry_after_fix', 'buyer_agent'),
  AUTH_RECIPIENT_MISMATCH: c('authorization', 'retry_after_fix', 'buyer_agent'),
  AUTH_EIP712_DOMAIN_MISMATCH: c('authorization', 'retry_after_fix', 'seller'),
  AUTH_PAYLOAD_INVALID: c('authorization', 'retry_after_fix', 'buyer_agent'),
  AUTH_PERMIT2_ALLOWANCE_REQUIRED: c('authorization', 'retry_after_fix', 'wallet'),
  AUTH_UNAUTHENTICATED: c('authorization', 'retry_after_fix', 'buyer_agent'),
  AUTH_FORBIDDEN: c('authorization', 'never', 'seller'),
  WALLET_UNAUTHORIZED: c('authorization', 'retry_after_fix', 'human'),
  // protocol
  PROTOCOL_NETWORK_INVALID: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_SCHEME_INVALID: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_SCHEME_UNSUPPORTED: c('protocol', 'retry_after_fix', 'facilitator'),
  PROTOCOL_VERSION_UNSUPPORTED: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_PAYLOAD_INVALID: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_REQUIREMENTS_INVALID: c('protocol', 'retry_after_fix', 'seller'),
  PROTOCOL_PARSE_ERROR: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_INVALID_REQUEST: c('protocol', 'retry_after_fix', 'buyer_agent'),
  PROTOCOL_METHOD_NOT_FOUND: c('protocol', 'never', 'buyer_agent'),
  WALLET_UNSUPPORTED_METHOD: c('protocol', 'never', 'wallet'),
  // settlement and availability
  SETTLEMENT_TRANSACTION_FAILED: c('funds', 'retry_after_fix', 'facilitator'),
  FACILITATOR_VERIFY_ERROR: c('availability', 'retry_after_delay', 'facilitator', 5),
  FACILITATOR_SETTLE_ERROR: c('availability', 'retry_after_delay', 'facilitator', 30),
  SERVER_INTERNAL_ERROR: c('availability', 'retry_after_delay', 'seller', 5),
  UPSTREAM_BAD_GATEWAY: c('availability', 'retry_after_delay', 'seller', 5),
  SERVICE_UNAVAILABLE: c('availability', 'retry_after_delay', 'seller', 30),
  UPSTREAM_TIMEOUT: c('availability', 'retry_after_delay', 'seller', 10),
  REQUEST_TIMEOUT: c('availability', 'retry_now', 'buyer_agent'),
  WALLET_DISCONNECTED: c('availability', 'retry_after_fix', 'wallet'),
  WALLET_CHAIN_DISCONNECTED: c('availability', 'retry_after_fix', 'wallet'),
  // client input, consent, idempotency, rate limits
  CLIENT_BAD_REQUEST: c('client_input', 'retry_after_fix', 'buyer_agent'),
  CLIENT_NOT_FOUND: c('client_input', 'never', 'buyer_agent'),
  CLIENT_PAYLOAD_TOO_LARGE: c('client_input', 'retry_after_fix', 'buyer_agent'),
  CLIENT_UNPROCESSABLE: c('client_input', 'retry_after_fix', 'buyer_agent'),
  CLIENT_INVALID_PARAMS: c('client_input', 'retry_after_fix', 'buyer_agent'),
  CONSENT_USER_REJECTED: c('consent', 'never', 'human'),
  CONSENT_URL_ELICITATION_REQUIRED: c('consent', 'retry_after_fix', 'human'),
  IDEMPOTENCY_CONFLICT: c('idempotency', 'retry_after_fix', 'buyer_agent'),
  IDEMPOTENCY_NONCE_USED: c('idempotency', 'never', 'buyer_agent'),
  RATE_LIMITED: c('rate_limit', 'retry_after_delay', 'buyer_agent', 30),
} as const satisfies Record<string, CanonicalError>;
export type CanonicalErrorCode = keyof typeof CANONICAL_ERRORS;

/** The 15 error codes of the x402 specification (v2 §9), each with its canonical code. */
export const X402_ERROR_CODES = {
  insufficient_funds: 'FUNDS_INSUFFICIENT',
  invalid_exact_evm_payload_authorization_valid_after: 'AUTH_NOT_YET_VALID',
  invalid_exact_evm_payload_authorization_valid_before: 'AUTH_EXPIRED',
  invalid_exact_evm_payload_authorization_value: 'PRICING_AMOUNT_MISMATCH',
  invalid_exact_evm_payload_signature: 'AUTH_SIGNATURE_INVALID',
  invalid_exact_evm_payload_recipient_mismatch: 'AUTH_RECIPIENT_MISMATCH',
  invalid_network: 'PROTOCOL_NETWORK_INVALID',
  invalid_payload: 'PROTOCOL_PAYLOAD_INVALID',
  invalid_payment_requirements: 'PROTOCOL_REQUIREMENTS_INVALID',
  invalid_scheme: 'PROTOCOL_SCHEME_INVALID',
  unsupported_scheme: 'PROTOCOL_SCHEME_UNSUPPORTED',
  invalid_x402_version: 'PROTOCOL_VERSION_UNSUPPORTED',
  invalid_transaction_state: 'SETTLEMENT_TRANSACTION_FAILED',
  unexpected_verify_error: 'FACILITATOR_VERIFY_ERROR',
  unexpected_settle_error: 'FACILITATOR_SETTLE_ERROR',
} as const satisfies Record<string, CanonicalErrorCode>;

/** The code x402 uses for a missing Permit2 approval (servers answer it with HTTP 412). */
export const PERMIT2_ALLOWANCE_REQUIRED = 'permit2_allowance_required';
/** The HTTP status x402 servers answer PERMIT2_ALLOWANCE_REQUIRED with. */
export const PERMIT2_ALLOWANCE_REQUIRED_STATUS = 412;

/** The code namespaces of the built-in table; a source reads the namespaces SOURCE_NAMESPACES gives it. */
export type ErrorNamespace = 'x402' | 'permit2' | 'http' | 'jsonrpc' | 'eip1193' | 'l402';

/** The built-in table: normalized code (lowercase string, or integer as decimal text) → canonical code, per namespace. */
export const ERROR_TABLE: Readonly<Record<ErrorNamespace, Readonly<Record<string, CanonicalErrorCode>>>> = {
  x402: X402_ERROR_CODES,
  permit2: { [PERMIT2_ALLOWANCE_REQUIRED]: 'AUTH_PERMIT2_ALLOWANCE_REQUIRED' },
  http: {
    '400': 'CLIENT_BAD_REQUEST',
    '401': 'AUTH_UNAUTHENTICATED',
    '402': 'PAYMENT_REQUIRED',
    '403': 'AUTH_FORBIDDEN',
    '404': 'CLIENT_NOT_FOUND',
    '408': 'REQUEST_TIMEOUT',
    '409': 'IDEMPOTENCY_CONFLICT',
    [PERMIT2_ALLOWANCE_REQUIRED_STATUS]: 'AUTH_PERMIT2_ALLOWANCE_REQUIRED',
    '413': 'CLIENT_PAYLOAD_TOO_LARGE',
    '422': 'CLIENT_UNPROCESSABLE',
    '429': 'RATE_LIMITED',
    '500': 'SERVER_INTERNAL_ERROR',
    '502': 'UPSTREAM_BAD_GATEWAY',
    '503': 'SERVICE_UNAVAILABLE',
    '504': 'UPSTREAM_TIMEOUT',
  },
  jsonrpc: {
    '-32700': 'PROTOCOL_PARSE_ERROR',
    '-32600': 'PROTOCOL_INVALID_REQUEST',
    '-32601': 'PROTOCOL_METHOD_NOT_FOUND',
    '-32602': 'CLIENT_INVALID_PARAMS',
    '-32603': 'SERVER_INTERNAL_ERROR',
    '-32042': 'CONSENT_URL_ELICITATION_REQUIRED',
  },
  eip1193: {
    '4001': 'CONSENT_USER_REJECTED',
    '4100': 'WALLET_UNAUTHORIZED',
    '4200': 'WALLET_UNSUPPORTED_METHOD',
    '4900': 'WALLET_DISCONNECTED',
    '4901': 'WALLET_CHAIN_DISCONNECTED',
  },
  l402: { '402': 'L402_PAYMENT_REQUIRED' },
};

/**
 * The namespaces each source is looked up in, in order. A facilitator answers x402 and Permit2
 * codes; an MCP tool result carries x402 codes under `x402/error` and JSON-RPC codes otherwise;
 * `custom` has no built-in rows (custom_map, patterns and keywords only).
 */
export const SOURCE_NAMESPACES: Readonly<Record<ErrorSource, readonly ErrorNamespace[]>> = {
  x402_facilitator: ['x402', 'permit2'],
  http: ['http'],
  mcp_jsonrpc: ['jsonrpc'],
  mcp_tool_result: ['x402', 'permit2', 'jsonrpc'],
  eip1193: ['eip1193'],
  permit2: ['permit2'],
  l402: ['l402'],
  custom: [],
};

/**
 * Scheme-specific codes `invalid_exact_<scheme>_[payload_]<suffix>` (the x402 spec's EVM codes and
 * @x402/evm's variants, for any scheme), by suffix; any other suffix is AUTH_PAYLOAD_INVALID.
 */
export const X402_EXACT_PATTERN = /^invalid_exact_([a-z0-9]+)_(?:payload_)?([a-z0-9_]+)$/;
export const X402_EXACT_SUFFIXES: Readonly<Record<string, CanonicalErrorCode>> = {
  authorization_valid_before: 'AUTH_EXPIRED',
  authorization_valid_after: 'AUTH_NOT_YET_VALID',
  authorization_value: 'PRICING_AMOUNT_MISMATCH',
  authorization_value_mismatch: 'PRICING_AMOUNT_MISMATCH',
  signature: 'AUTH_SIGNATURE_INVALID',
  failed_to_parse_signature: 'AUTH_SIGNATURE_INVALID',
  recipient_mismatch: 'AUTH_RECIPIENT_MISMATCH',
  network_mismatch: 'PROTOCOL_NETWORK_INVALID',
  scheme: 'PROTOCOL_SCHEME_INVALID',
  insufficient_balance: 'FUNDS_INSUFFICIENT',
  nonce_already_used: 'IDEMPOTENCY_NONCE_USED',
  token_name_mismatch: 'AUTH_EIP712_DOMAIN_MISMATCH',
  token_version_mismatch: 'AUTH_EIP712_DOMAIN_MISMATCH',
  missing_eip712_domain: 'AUTH_EIP712_DOMAIN_MISMATCH',
  transaction_failed: 'SETTLEMENT_TRANSACTION_FAILED',
  transaction_simulation_failed: 'SETTLEMENT_TRANSACTION_FAILED',
};

/** A code as the table keys it: trimmed; an integer as its decimal text ("+402" → "402"); anything else lowercased. */
export function normalizeErrorCode(code: string | number): string {
  const text = String(code).trim();
  return /^[+-]?\d+$/.test(text) ? String(Number.parseInt(text, 10)) : text.toLowerCase();
}

export interface ErrorLookup {
  canonical_code: CanonicalErrorCode;
  match: 'table' | 'pattern';
  /** The scheme a pattern match named (`evm` in invalid_exact_evm_...). */
  scheme?: string;
}

/** The built-in table, then the scheme patterns (x402 namespaces only); null when neither knows the code. */
export function lookupError(source: ErrorSource, code: string | number): ErrorLookup | null {
  const key = normalizeErrorCode(code);
  const namespaces = SOURCE_NAMESPACES[source];
  for (const namespace of namespaces) {
    const table = ERROR_TABLE[namespace];
    // own keys only: a code such as "constructor" must not resolve to Object.prototype
    if (Object.hasOwn(table, key)) return { canonical_code: table[key]!, match: 'table' };
  }
  if (source !== 'custom' && !namespaces.includes('x402')) return null;
  const pattern = X402_EXACT_PATTERN.exec(key);
  if (!pattern) return null;
  const suffix = pattern[2]!;
  return { canonical_code: Object.hasOwn(X402_EXACT_SUFFIXES, suffix) ? X402_EXACT_SUFFIXES[suffix]! : 'AUTH_PAYLOAD_INVALID', match: 'pattern', scheme: pattern[1]! };
}
