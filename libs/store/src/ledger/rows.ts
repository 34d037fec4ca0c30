import { getAddress, type Address, type Hex } from 'viem';
import { LEDGER_STATES, type LedgerClaim, type LedgerEntry, type LedgerPatch, type LedgerState } from '@paysight/contracts';
import { StoreError } from '../errors.js';

/** A kept result larger than this is refused (the largest answer, a deep report, is a few hundred kB). */
export const MAX_RESULT_JSON_BYTES = 4 * 1024 * 1024;

/** A payment_ledger row as both drivers return it (numeric as string, timestamptz as Date). */
export interface LedgerRow {
  x402_request_id: string;
  request_id: string;
  tool_id: string;
  network: string;
  asset: string;
  payer: string;
  pay_to: string;
  nonce: string;
  amount: string;
  protocol_version: number;
  request_fingerprint: string;
  signature_hash: string | null;
  state: LedgerState;
  settlement_tx: string | null;
  error_code: string | null;
  result_hash: string | null;
  result_json: unknown;
  valid_before: string | null;
  signed_receipt: unknown;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

export function toEntry(row: LedgerRow): LedgerEntry {
  return {
    x402RequestId: row.x402_request_id,
    requestId: row.request_id,
    toolId: row.tool_id,
    network: row.network,
    asset: getAddress(row.asset),
    payer: getAddress(row.payer),
    payTo: getAddress(row.pay_to),
    nonce: row.nonce as Hex,
    amount: row.amount,
    protocolVersion: row.protocol_version as 1 | 2,
    requestFingerprint: row.request_fingerprint,
    signatureHash: row.signature_hash,
    state: row.state,
    settlementTx: row.settlement_tx as Hex | null,
    errorCode: row.error_code,
    resultHash: row.result_hash,
    resultJson: row.result_json,
    validBefore: row.valid_before,
    signedReceipt: row.signed_receipt ?? null,
    attempts: row.attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The claim as stored: validated, addresses and nonce lower-case. */
export function storedClaim(claim: LedgerClaim): LedgerClaim {
  if (claim.protocolVersion !== 1 && claim.protocolVersion !== 2) throw invalid('protocolVersion', 'must be 1 or 2');
  if (typeof claim.amount !== 'string' || !/^(0|[1-9]\d*)$/.test(claim.amount)) throw invalid('amount', 'must be an atomic amount (a decimal integer string)');
  return {
    x402RequestId: text('x402RequestId', claim.x402RequestId),
    requestId: text('requestId', claim.requestId),
    toolId: text('toolId', claim.toolId),
    network: text('network', claim.network),
    asset: address('asset', claim.asset),
    payer: address('payer', claim.payer),
    payTo: address('payTo', claim.payTo),
    nonce: hex('nonce', claim.nonce, /^0x[0-9a-fA-F]+$/, 'must be 0x-prefixed hex'),
    amount: claim.amount,
    protocolVersion: claim.protocolVersion,
    requestFingerprint: text('requestFingerprint', claim.requestFingerprint),
    signatureHash: claim.signatureHash === null ? null : text('signatureHash', claim.signatureHash),
    validBefore: unixSeconds(claim.validBefore),
  };
}

/** Column, value and SQL type cast of every field the patch sets; absent (undefined) fields are left alone. */
export function patchColumns(patch: LedgerPatch): [column: string, value: string | null, cast?: string][] {
  const columns: [string, string | null, string?][] = [];
  if (patch.settlementTx !== undefined) {
    columns.push(['settlement_tx', patch.settlementTx === null ? null : hex('settlementTx', patch.settlementTx, /^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hash')]);
  }
  if (patch.errorCode !== undefined) columns.push(['error_code', patch.errorCode === null ? null : text('errorCode', patch.errorCode)]);
  if (patch.resultHash !== undefined) columns.push(['result_hash', patch.resultHash === null ? null : text('resultHash', patch.resultHash)]);
  if (patch.validBefore !== undefined) columns.push(['valid_before', unixSeconds(patch.validBefore), '::numeric']);
  if (patch.resultJson !== undefined) columns.push(['result_json', patch.resultJson === null ? null : json('resultJson', patch.resultJson), '::json']);
  if (patch.signedReceipt !== undefined) columns.push(['signed_receipt', patch.signedReceipt === null ? null : json('signedReceipt', patch.signedReceipt), '::json']);
  return columns;
}

export function ledgerState(field: string, value: unknown): LedgerState {
  if (!(LEDGER_STATES as readonly unknown[]).includes(value)) throw invalid(field, `must be one of ${LEDGER_STATES.join(', ')}`);
  return value as LedgerState;
}

function unixSeconds(value: unknown): string {
  if (typeof value !== 'string' || !/^(0|[1-9]\d*)$/.test(value)) throw invalid('validBefore', 'must be unix seconds (a decimal integer string)');
  return value;
}

function text(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(field, 'must be a non-empty string');
  return value;
}

/** JSON text (both drivers take json parameters as text), refused when the value is not JSON or too large to keep. */
function json(field: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new StoreError('invalid_input', `${field} must be serialisable as JSON`, { cause: error });
  }
  if (text === undefined) throw invalid(field, 'must be a JSON value');
  if (Buffer.byteLength(text) > MAX_RESULT_JSON_BYTES) throw invalid(field, `must be at most ${MAX_RESULT_JSON_BYTES} bytes as JSON`);
  return text;
}

function address(field: string, value: unknown): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalid(field, 'must be a 0x-prefixed 20-byte EVM address');
  return value.toLowerCase() as Address;
}

function hex(field: string, value: unknown, pattern: RegExp, rule: string): Hex {
  if (typeof value !== 'string' || !pattern.test(value)) throw invalid(field, rule);
  return value.toLowerCase() as Hex;
}

function invalid(field: string, rule: string): StoreError {
  return new StoreError('invalid_input', `${field} ${rule}`);
}
