import type { IndexedInternalTransfer, IndexedTokenTransfer, IndexedTransaction } from './records.js';
import { functionNameOf, methodIdOf } from './function-names.js';

// Rows as the Etherscan API v2 `account` module sends them: every value a string, numbers in decimal,
// addresses in lower case, "" for an absent address.

const lower = (address: string | null) => (address ?? '').toLowerCase();

/** Blocks since the transaction's, counting its own. */
const confirmations = (tx: IndexedTransaction, head: bigint) => String(head - tx.blockNumber + 1n);

/** `action=txlist` */
export function transactionRow(tx: IndexedTransaction, head: bigint) {
  return {
    blockNumber: String(tx.blockNumber),
    timeStamp: String(tx.timestamp),
    hash: tx.hash,
    nonce: String(tx.nonce),
    blockHash: tx.blockHash,
    transactionIndex: String(tx.transactionIndex),
    from: lower(tx.from),
    to: lower(tx.to),
    value: String(tx.value),
    gas: String(tx.gas),
    gasPrice: String(tx.gasPrice),
    isError: tx.success ? '0' : '1',
    txreceipt_status: tx.success ? '1' : '0',
    input: tx.input,
    contractAddress: lower(tx.contractAddress),
    cumulativeGasUsed: String(tx.cumulativeGasUsed),
    gasUsed: String(tx.gasUsed),
    confirmations: confirmations(tx, head),
    methodId: methodIdOf(tx.input),
    functionName: functionNameOf(tx.input),
  };
}

/** `action=txlistinternal`. Struct logs do not say how much gas a call was given or used: both are "0". */
export function internalTransferRow(transfer: IndexedInternalTransfer) {
  return {
    blockNumber: String(transfer.transaction.blockNumber),
    timeStamp: String(transfer.transaction.timestamp),
    hash: transfer.transaction.hash,
    from: lower(transfer.from),
    to: lower(transfer.to),
    value: String(transfer.value),
    contractAddress: lower(transfer.contractAddress),
    input: '',
    type: transfer.type,
    gas: '0',
    gasUsed: '0',
    traceId: transfer.traceId,
    isError: transfer.reverted ? '1' : '0',
    errCode: transfer.reverted ? 'Reverted' : '',
  };
}

/** `action=tokentx`, with the `logIndex` that tells two transfers of one transaction apart. */
export function tokenTransferRow(transfer: IndexedTokenTransfer, head: bigint) {
  const tx = transfer.transaction;
  return {
    blockNumber: String(tx.blockNumber),
    timeStamp: String(tx.timestamp),
    hash: tx.hash,
    nonce: String(tx.nonce),
    blockHash: tx.blockHash,
    from: lower(transfer.from),
    contractAddress: lower(transfer.token),
    to: lower(transfer.to),
    value: String(transfer.value),
    tokenName: transfer.metadata.name,
    tokenSymbol: transfer.metadata.symbol,
    tokenDecimal: transfer.metadata.decimals === null ? '' : String(transfer.metadata.decimals),
    transactionIndex: String(tx.transactionIndex),
    gas: String(tx.gas),
    gasPrice: String(tx.gasPrice),
    gasUsed: String(tx.gasUsed),
    cumulativeGasUsed: String(tx.cumulativeGasUsed),
    input: 'deprecated',
    methodId: methodIdOf(tx.input),
    functionName: functionNameOf(tx.input),
    confirmations: confirmations(tx, head),
    logIndex: String(transfer.logIndex),
  };
}
