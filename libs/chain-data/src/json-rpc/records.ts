import type { BlockHeader, L1FeeRecord, LogRecord, ReceiptRecord, TransactionRecord } from '@paysight/contracts';
import { getAddress, hexToBigInt, hexToNumber, type Address, type Hex, type RpcBlock, type RpcLog, type RpcTransaction, type RpcTransactionReceipt } from 'viem';

/** Names of the standard EIP-2718 envelope types; others (such as OP Stack deposits, 0x7e) keep their hex code. */
const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  '0x0': 'legacy',
  '0x1': 'eip2930',
  '0x2': 'eip1559',
  '0x3': 'eip4844',
  '0x4': 'eip7702',
};

export function toBlockHeader(block: RpcBlock): BlockHeader | null {
  // A pending block has no number or hash yet; it is never requested, but nodes may still answer one.
  if (block.number === null || block.hash === null) return null;
  return {
    number: hexToBigInt(block.number),
    hash: block.hash,
    timestamp: hexToBigInt(block.timestamp),
    baseFeePerGas: block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : null,
  };
}

export function toTransactionRecord(tx: RpcTransaction): TransactionRecord {
  const type = normalizeHexQuantity(tx.type ?? '0x0');
  return {
    hash: tx.hash,
    blockNumber: tx.blockNumber ? hexToBigInt(tx.blockNumber) : null,
    from: getAddress(tx.from),
    to: optionalAddress(tx.to),
    value: hexToBigInt(tx.value),
    input: tx.input,
    nonce: hexToNumber(tx.nonce),
    gas: hexToBigInt(tx.gas),
    type: TRANSACTION_TYPES[type] ?? type,
  };
}

/**
 * Receipts before Byzantium (Ethereum blocks below 4,370,000) carry a state root instead of a
 * status; they are reported as success, and the coverage notes of Ethereum say so.
 */
export function toReceiptRecord(receipt: RpcTransactionReceipt): ReceiptRecord {
  return {
    transactionHash: receipt.transactionHash,
    blockNumber: hexToBigInt(receipt.blockNumber),
    status: receipt.status === '0x0' ? 'reverted' : 'success',
    from: getAddress(receipt.from),
    to: optionalAddress(receipt.to),
    contractAddress: optionalAddress(receipt.contractAddress),
    gasUsed: hexToBigInt(receipt.gasUsed),
    // Every node since London reports it; 0 marks the rare older node that does not.
    effectiveGasPrice: receipt.effectiveGasPrice ? hexToBigInt(receipt.effectiveGasPrice) : 0n,
    logs: receipt.logs.flatMap((log) => toLogRecords(log as RpcLog)),
    ...l1FeeOf(receipt as OpStackReceiptFields),
  };
}

/** The L1 fee fields of an OP-stack receipt (op-geth, op-reth), hex quantities. */
interface OpStackReceiptFields {
  l1Fee?: Hex | null;
  l1GasUsed?: Hex | null;
  l1GasPrice?: Hex | null;
  l1BaseFeeScalar?: Hex | null;
  l1BlobBaseFee?: Hex | null;
  l1BlobBaseFeeScalar?: Hex | null;
}

const quantity = (value: Hex | null | undefined): bigint | null => (typeof value === 'string' && value.startsWith('0x') ? hexToBigInt(value) : null);

function l1FeeOf(receipt: OpStackReceiptFields): { l1Fee?: L1FeeRecord } {
  const fee = quantity(receipt.l1Fee);
  if (fee === null) return {};
  return {
    l1Fee: {
      fee,
      l1GasUsed: quantity(receipt.l1GasUsed),
      l1GasPrice: quantity(receipt.l1GasPrice),
      l1BaseFeeScalar: quantity(receipt.l1BaseFeeScalar),
      l1BlobBaseFee: quantity(receipt.l1BlobBaseFee),
      l1BlobBaseFeeScalar: quantity(receipt.l1BlobBaseFeeScalar),
    },
  };
}

/** A mined log as a record; removed (reorged) and pending logs yield nothing. */
export function toLogRecords(log: RpcLog): LogRecord[] {
  if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) return [];
  return [
    {
      address: getAddress(log.address),
      topics: [...log.topics] as Hex[],
      data: log.data,
      blockNumber: hexToBigInt(log.blockNumber),
      transactionHash: log.transactionHash,
      logIndex: hexToNumber(log.logIndex),
    },
  ];
}

export function compareLogs(a: LogRecord, b: LogRecord): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber < b.blockNumber ? -1 : 1;
  return a.logIndex - b.logIndex;
}

function optionalAddress(value: Address | null | undefined): Address | null {
  return value ? getAddress(value) : null;
}

function normalizeHexQuantity(value: Hex): Hex {
  return `0x${hexToBigInt(value).toString(16)}`;
}
