import { CANONICAL_ERRORS, ERROR_FAMILIES, ERROR_OWNERS, ERROR_RETRY_CLASSES, ERROR_SOURCES, ERROR_TABLE, X402_ERROR_CODES, lookupError, normalizeErrorCode } from './error-taxonomy.js';

describe('x402 error taxonomy (reference data)', () => {
  it('holds exactly the 15 error codes of the x402 v2 specification', () => {
    expect(Object.keys(X402_ERROR_CODES).sort()).toEqual(
      [
        'insufficient_funds',
        'invalid_exact_evm_payload_authorization_valid_after',
        'invalid_exact_evm_payload_authorization_valid_before',
        'invalid_exact_evm_payload_authorization_value',
        'invalid_exact_evm_payload_recipient_mismatch',
        'invalid_exact_evm_payload_signature',
        'invalid_network',
        'invalid_payload',
        'invalid_payment_requirements',
        'invalid_scheme',
        'invalid_transaction_state',
        'invalid_x402_version',
        'unexpected_settle_error',
        'unexpected_verify_error',
        'unsupported_scheme',
      ].sort(),
    );
  });

  it('covers the HTTP, JSON-RPC, EIP-1193, Permit2 and L402 codes the sheet lists', () => {
    expect(Object.keys(ERROR_TABLE.http).map(Number)).toEqual([400, 401, 402, 403, 404, 408, 409, 412, 413, 422, 429, 500, 502, 503, 504]);
    expect(Object.keys(ERROR_TABLE.jsonrpc).map(Number).sort((a, b) => a - b)).toEqual([-32700, -32603, -32602, -32601, -32600, -32042]);
    expect(Object.keys(ERROR_TABLE.eip1193)).toEqual(['4001', '4100', '4200', '4900', '4901']);
    expect(ERROR_TABLE.permit2).toEqual({ permit2_allowance_required: 'AUTH_PERMIT2_ALLOWANCE_REQUIRED' });
    expect(ERROR_TABLE.l402).toEqual({ '402': 'L402_PAYMENT_REQUIRED' });
  });

  it('every row names a canonical code whose family, retry and owner are from the closed lists', () => {
    for (const rows of Object.values(ERROR_TABLE)) for (const canonical of Object.values(rows)) expect(CANONICAL_ERRORS[canonical]).toBeDefined();
    for (const entry of Object.values(CANONICAL_ERRORS)) {
      expect(ERROR_FAMILIES).toContain(entry.family);
      expect(ERROR_RETRY_CLASSES).toContain(entry.retry);
      expect(ERROR_OWNERS).toContain(entry.owner);
      expect(entry.backoff_seconds > 0).toBe(entry.retry === 'retry_after_delay');
    }
  });

  it('normalizes codes: trimmed, lowercased, integers parsed', () => {
    expect(normalizeErrorCode('  PERMIT2_ALLOWANCE_REQUIRED ')).toBe('permit2_allowance_required');
    expect(normalizeErrorCode('+402')).toBe('402');
    expect(normalizeErrorCode(-32042)).toBe('-32042');
    expect(normalizeErrorCode('0402')).toBe('402');
  });

  it('looks a code up in its source namespaces only', () => {
    expect(lookupError('x402_facilitator', 'insufficient_funds')).toEqual({ canonical_code: 'FUNDS_INSUFFICIENT', match: 'table' });
    expect(lookupError('x402_facilitator', 'PERMIT2_ALLOWANCE_REQUIRED')).toEqual({ canonical_code: 'AUTH_PERMIT2_ALLOWANCE_REQUIRED', match: 'table' });
    expect(lookupError('mcp_jsonrpc', '-32042')?.canonical_code).toBe('CONSENT_URL_ELICITATION_REQUIRED');
    expect(lookupError('eip1193', 4001)?.canonical_code).toBe('CONSENT_USER_REJECTED');
    expect(lookupError('l402', '402')?.canonical_code).toBe('L402_PAYMENT_REQUIRED');
    expect(lookupError('http', '402')?.canonical_code).toBe('PAYMENT_REQUIRED');
    expect(lookupError('http', '418')).toBeNull();
    expect(lookupError('eip1193', 'insufficient_funds')).toBeNull();
    expect(lookupError('http', 'invalid_exact_evm_signature')).toBeNull();
  });

  it('scheme patterns: @x402/evm spellings and other schemes, tagged with the scheme', () => {
    expect(lookupError('x402_facilitator', 'invalid_exact_evm_recipient_mismatch')).toEqual({ canonical_code: 'AUTH_RECIPIENT_MISMATCH', match: 'pattern', scheme: 'evm' });
    expect(lookupError('x402_facilitator', 'invalid_exact_svm_payload_authorization_valid_before')).toEqual({ canonical_code: 'AUTH_EXPIRED', match: 'pattern', scheme: 'svm' });
    expect(lookupError('x402_facilitator', 'invalid_exact_evm_insufficient_balance')?.canonical_code).toBe('FUNDS_INSUFFICIENT');
    expect(lookupError('mcp_tool_result', 'invalid_exact_aptos_payload_something_new')).toEqual({ canonical_code: 'AUTH_PAYLOAD_INVALID', match: 'pattern', scheme: 'aptos' });
    expect(lookupError('custom', 'invalid_exact_evm_nonce_already_used')?.canonical_code).toBe('IDEMPOTENCY_NONCE_USED');
    expect(ERROR_SOURCES).toContain('custom');
  });

  it('names of Object.prototype members are unknown codes, not table rows', () => {
    expect(lookupError('x402_facilitator', 'constructor')).toBeNull();
    expect(lookupError('http', '__proto__')).toBeNull();
    expect(lookupError('x402_facilitator', 'invalid_exact_evm_constructor')).toEqual({ canonical_code: 'AUTH_PAYLOAD_INVALID', match: 'pattern', scheme: 'evm' });
  });
});
