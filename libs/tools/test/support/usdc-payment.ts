import { CHAINS, type LogRecord, type ReceiptRecord, type TransactionRecord } from '@paysight/contracts';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem';
import { TRANSFER_TOPIC, addressTopic } from '../../src/shared/erc-events.js';
import type { UsdcPaymentData } from '../../src/shared/usdc-payment.js';

/** Constructed transactions and receipts on Base for the USDC payment analyses: PAYER pays from block 100, read at head 110. */
export const HASH: Hex = `0x${'ab'.repeat(32)}`;
export const USDC = CHAINS.base.usdc;
export const PAYER = getAddress('0x1111111111111111111111111111111111111111');
export const PAYEE = getAddress('0x2222222222222222222222222222222222222222');
export const OTHER = getAddress('0x3333333333333333333333333333333333333333');
export const COUNTERFEIT = getAddress('0x4444444444444444444444444444444444444444');
export const BLOCK = 100n;

export function transferLog(to: Address, amount: bigint, logIndex: number, token: Address = USDC, from: Address = PAYER): LogRecord {
  return {
    address: token,
    topics: [TRANSFER_TOPIC, addressTopic(from), addressTopic(to)],
    data: encodeAbiParameters([{ type: 'uint256' }], [amount]),
    blockNumber: BLOCK,
    transactionHash: HASH,
    logIndex,
  };
}

export function tx(to: Address, data: Hex): TransactionRecord {
  return { hash: HASH, blockNumber: null, from: PAYER, to, value: 0n, input: data, nonce: 1, gas: 60_000n, type: 'eip1559' };
}

export const transferCall = (to: Address, amount: bigint) => tx(USDC, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }));

export function receipt(status: ReceiptRecord['status'], logs: LogRecord[]): ReceiptRecord {
  return { transactionHash: HASH, blockNumber: BLOCK, status, from: PAYER, to: USDC, contractAddress: null, gasUsed: 50_000n, effectiveGasPrice: 1n, logs };
}

export function data(over: Partial<UsdcPaymentData>): UsdcPaymentData {
  return { chain: 'base', hash: HASH, coverage: { dataSourceStatus: 'Live', notes: [] }, transaction: null, receipt: null, head: BLOCK + 10n, ...over };
}

export const mined = (logs: LogRecord[], status: ReceiptRecord['status'] = 'success') => data({ transaction: transferCall(PAYEE, 10_000n), receipt: receipt(status, logs) });
