import type { HistoryTokenTransfer, HistoryTransaction, InternalTransfer } from '@paysight/contracts';
import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem';

// Rows of the Etherscan API v2 `account` module, as sent: every value is a string, numbers in
// decimal, an absent address is "". Only the fields mapped here are read.

/** `action=txlist` */
export interface TxListRow {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  /** "" for a contract creation. */
  to: string;
  value: string;
  /** "0" or "1". */
  isError: string;
  /** "1" success, "0" failure, "" before Byzantium. */
  txreceipt_status: string;
  input: string;
  /** First four bytes of the input, "0x" for a plain transfer (absent from some explorers). */
  methodId?: string;
  gasUsed: string;
  gasPrice: string;
  /** The created contract, "" otherwise. */
  contractAddress: string;
}

/** `action=txlistinternal` */
export interface InternalRow {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  to: string;
  value: string;
  contractAddress: string;
  /** "call", "create", "create2", "self-destruct" (Etherscan; "suicide" elsewhere), ... */
  type: string;
  isError: string;
  traceId: string;
}

/** `action=tokentx` */
export interface TokenTransferRow {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  to: string;
  value: string;
  contractAddress: string;
  tokenSymbol: string;
  tokenDecimal: string;
  logIndex: string;
}

/** A row that does not have the documented shape; the whole answer is then unusable. */
export class RowError extends Error {
  override readonly name = 'RowError';
}

export function toHistoryTransaction(row: TxListRow): HistoryTransaction {
  const failed = flag(row.isError, 'isError') || oneOf(row.txreceipt_status, ['1', '0', ''], 'txreceipt_status') === '0';
  return {
    hash: hash(row.hash),
    blockNumber: uint(row.blockNumber, 'blockNumber'),
    timestamp: uint(row.timeStamp, 'timeStamp'),
    from: address(row.from, 'from'),
    to: optionalAddress(row.to, 'to'),
    value: uint(row.value, 'value'),
    status: failed ? 'reverted' : 'success',
    selector: selectorOf(row),
    gasUsed: uint(row.gasUsed, 'gasUsed'),
    gasPrice: uint(row.gasPrice, 'gasPrice'),
    contractCreated: optionalAddress(row.contractAddress, 'contractAddress'),
  };
}

export function toInternalTransfer(row: InternalRow): InternalTransfer {
  // Etherscan names a self-destruct "self-destruct"; other explorers say "suicide" or "selfdestruct".
  const kind = /create/i.test(row.type) ? 'create' : /suicide|self-?destruct/i.test(row.type) ? 'selfdestruct' : 'call';
  return {
    transactionHash: hash(row.hash),
    blockNumber: uint(row.blockNumber, 'blockNumber'),
    timestamp: uint(row.timeStamp, 'timeStamp'),
    from: address(row.from, 'from'),
    // A creation names the new contract in contractAddress and leaves `to` empty.
    to: optionalAddress(row.to, 'to') ?? optionalAddress(row.contractAddress, 'contractAddress'),
    value: uint(row.value, 'value'),
    kind,
    reverted: flag(row.isError, 'isError'),
  };
}

export function toHistoryTokenTransfer(row: TokenTransferRow): HistoryTokenTransfer {
  return {
    transactionHash: hash(row.hash),
    blockNumber: uint(row.blockNumber, 'blockNumber'),
    timestamp: uint(row.timeStamp, 'timeStamp'),
    logIndex: Number(uint(row.logIndex, 'logIndex')),
    token: address(row.contractAddress, 'contractAddress'),
    from: address(row.from, 'from'),
    to: address(row.to, 'to'),
    value: uint(row.value, 'value'),
    symbol: row.tokenSymbol ? row.tokenSymbol : null,
    decimals: row.tokenDecimal ? Number(uint(row.tokenDecimal, 'tokenDecimal')) : null,
  };
}

function selectorOf(row: TxListRow): Hex | null {
  const source = row.methodId ?? row.input;
  if (typeof source !== 'string' || !isHex(source) || source.length < 10) return null;
  return source.slice(0, 10).toLowerCase() as Hex;
}

/** "1" is true, "0" false. */
function flag(value: unknown, field: string): boolean {
  return oneOf(value, ['0', '1'], field) === '1';
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) throw new RowError(`${field} is not one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  return value as T;
}

function uint(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value)) throw new RowError(`${field} is not a decimal number`);
  return BigInt(value);
}

function hash(value: unknown): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new RowError('hash is not a 32-byte hex string');
  return value.toLowerCase() as Hex;
}

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new RowError(`${field} is not an address`);
  return getAddress(value);
}

function optionalAddress(value: unknown, field: string): Address | null {
  return value === '' || value === undefined || value === null ? null : address(value, field);
}
