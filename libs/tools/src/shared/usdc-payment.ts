import { CHAINS, formatUnitsCompact, PAYMENT, type ChainName, type ChainSource, type LogRecord, type ReceiptRecord, type SourceCoverage, type TransactionRecord } from '@paysight/contracts';
import { decodeFunctionData, getAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import { USDC_ABI } from '../decoding/known-abis.js';
import type { ToolMetadata } from '../tool-module.js';
import { AUTHORIZATION_USED_TOPIC } from './erc-events.js';
import { decodeTransferLog, newestFirst, type TokenTransfer } from './transfers.js';

/** A USDC amount in decimal, without trailing zeros. */
export const usdcDecimal = (atomic: bigint) => formatUnitsCompact(atomic, PAYMENT.decimals, PAYMENT.decimals);

/** The Transfers of the canonical USDC contract among some logs. */
export const usdcTransfers = (logs: readonly LogRecord[], usdc: Address): TokenTransfer[] => logs.flatMap(decodeTransferLog).filter((t) => t.kind === 'erc20' && t.token === usdc);

/** The USDC payments a payee received among Transfer logs, newest first: a mint, a transfer from itself or of nothing is no payment. */
export function usdcPaymentsReceived(logs: readonly LogRecord[], usdc: Address, payee: Address): TokenTransfer[] {
  return usdcTransfers(logs, usdc)
    .filter((t) => t.to === payee && t.from !== payee && t.from !== zeroAddress && t.amount > 0n)
    .sort(newestFirst);
}

/** What the node says about one transaction, read once for every tool that audits a USDC payment. */
export interface UsdcPaymentData {
  chain: ChainName;
  hash: Hex;
  coverage: SourceCoverage;
  transaction: TransactionRecord | null;
  receipt: ReceiptRecord | null;
  head: bigint;
}

/** The metadata of an answer read from one transaction's payment: what was read, and what could not be seen. */
export function usdcPaymentMetadata(data: UsdcPaymentData, limitations: string[]): ToolMetadata {
  return {
    chain: data.chain,
    dataSourceStatus: data.coverage.dataSourceStatus,
    dataNotes: [...data.coverage.notes, `Read the transaction and its receipt at head block ${data.head}.`],
    limitations,
  };
}

export async function readUsdcPayment(source: ChainSource, chain: ChainName, hash: Hex): Promise<UsdcPaymentData> {
  const [transaction, receipt, head] = await Promise.all([source.getTransaction(chain, hash), source.getTransactionReceipt(chain, hash), source.getBlockNumber(chain)]);
  return { chain, hash, coverage: source.coverage(chain), transaction, receipt, head };
}

export type PaymentStatus = 'settled' | 'pending' | 'failed' | 'not_found' | 'unknown';

/** One canonical-USDC Transfer log of the transaction. */
export interface UsdcTransferLog {
  logIndex: number;
  from: Address;
  to: Address;
  amount: bigint;
}

/** An EIP-3009 authorization the transaction consumed (AuthorizationUsed). */
export interface UsedAuthorization {
  logIndex: number;
  authorizer: Address;
  nonce: Hex;
}

/** A USDC payment the transaction's calldata asks for, read before (or without) any log. */
export interface UsdcCall {
  method: 'transfer' | 'transferWithAuthorization' | 'receiveWithAuthorization';
  from: Address;
  to: Address;
  amount: bigint;
}

/** The transaction seen as a USDC payment: its status by the rules of docs/tools/trust.md, and what moved. */
export interface UsdcPayment {
  chain: ChainName;
  hash: Hex;
  usdc: Address;
  status: PaymentStatus;
  blockNumber: bigint | null;
  confirmations: number | null;
  sender: Address | null;
  /** Contract the transaction called; null for a creation or an unknown hash. */
  calledContract: Address | null;
  call: UsdcCall | null;
  transfers: UsdcTransferLog[];
  authorizations: UsedAuthorization[];
}

/** The USDC call in a transaction sent straight to the USDC contract; a call through another contract (a smart account, a router) is not decoded. */
function usdcCall(tx: TransactionRecord, usdc: Address): UsdcCall | null {
  if (!tx.to || !isAddressEqual(tx.to, usdc)) return null;
  try {
    const { functionName, args = [] } = decodeFunctionData({ abi: USDC_ABI, data: tx.input });
    if (functionName === 'transfer') return { method: 'transfer', from: tx.from, to: getAddress(args[0] as string), amount: args[1] as bigint };
    if (functionName === 'transferWithAuthorization' || functionName === 'receiveWithAuthorization') {
      return { method: functionName, from: getAddress(args[0] as string), to: getAddress(args[1] as string), amount: args[2] as bigint };
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * not_found: the node knows neither the transaction nor a receipt. pending: the transaction is known
 * but not mined. failed: mined and reverted (a reverted transaction moves nothing). settled: mined,
 * succeeded and emitted at least one Transfer from the chain's canonical USDC. unknown: mined and
 * succeeded but moved no canonical USDC, so it is not a USDC payment this reader can see.
 */
export function usdcPaymentOf(data: UsdcPaymentData): UsdcPayment {
  const usdc = CHAINS[data.chain].usdc;
  const { transaction: tx, receipt } = data;
  const usdcLogs = (receipt?.status === 'success' ? receipt.logs : []).filter((log) => isAddressEqual(log.address, usdc));
  const transfers = usdcLogs
    .flatMap(decodeTransferLog)
    .filter((t) => t.kind === 'erc20')
    .map(({ logIndex, from, to, amount }) => ({ logIndex, from, to, amount }));
  const authorizations = usdcLogs
    .filter((log) => log.topics[0] === AUTHORIZATION_USED_TOPIC && log.topics.length === 3)
    .map((log) => ({ logIndex: log.logIndex, authorizer: getAddress(`0x${log.topics[1]!.slice(26)}`), nonce: log.topics[2]! }));
  const status: PaymentStatus = receipt
    ? receipt.status === 'reverted'
      ? 'failed'
      : transfers.length > 0
        ? 'settled'
        : 'unknown'
    : tx
      ? 'pending'
      : 'not_found';
  return {
    chain: data.chain,
    hash: data.hash,
    usdc,
    status,
    blockNumber: receipt?.blockNumber ?? null,
    confirmations: receipt && data.head >= receipt.blockNumber ? Number(data.head - receipt.blockNumber + 1n) : null,
    sender: receipt?.from ?? tx?.from ?? null,
    calledContract: receipt?.to ?? tx?.to ?? null,
    call: tx ? usdcCall(tx, usdc) : null,
    transfers,
    authorizations,
  };
}

/** The transfer that paid `payee`: all Transfers to it summed, else the largest Transfer (whoever it paid). */
export function paymentTo(payment: UsdcPayment, payee: Address): { to: Address; amount: bigint; logIndexes: number[] } | null {
  const toPayee = payment.transfers.filter((t) => isAddressEqual(t.to, payee));
  if (toPayee.length > 0) return { to: getAddress(payee), amount: toPayee.reduce((sum, t) => sum + t.amount, 0n), logIndexes: toPayee.map((t) => t.logIndex) };
  const largest = [...payment.transfers].sort((a, b) => (a.amount === b.amount ? a.logIndex - b.logIndex : a.amount > b.amount ? -1 : 1))[0];
  return largest ? { to: largest.to, amount: largest.amount, logIndexes: [largest.logIndex] } : null;
}
