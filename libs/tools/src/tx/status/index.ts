import {
  catalogEntry,
  CHAINS,
  formatUnitsCompact,
  type BlockHeader,
  type ReceiptRecord,
  type SourceCoverage,
  type TransactionRecord,
  type TransactionRequest,
  type TxStatusResult,
} from '@paysight/contracts';
import { decodeMethod } from '../../decoding/decode-call.js';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';
import { transactionFee } from '../fee.js';
import { FINALITY_RULES } from './finality.js';

export interface TxStatusData {
  coverage: SourceCoverage;
  transaction: TransactionRecord | null;
  receipt: ReceiptRecord | null;
  head: bigint;
  safe: BlockHeader | null;
  finalized: BlockHeader | null;
  /** The sender's transaction count at the head, read only for a transaction known but not mined. */
  senderMinedNonce: number | null;
}

export async function gatherTxStatus(input: TransactionRequest, { chain: source }: ToolPorts): Promise<TxStatusData> {
  const { chain, transactionHash } = input;
  const [transaction, receipt, head, safe, finalized] = await Promise.all([
    source.getTransaction(chain, transactionHash),
    source.getTransactionReceipt(chain, transactionHash),
    source.getBlockNumber(chain),
    source.getBlock(chain, 'safe'),
    source.getBlock(chain, 'finalized'),
  ]);
  // A transaction the node places in a block whose receipt it has not served yet is mined, not pending.
  const unmined = transaction !== null && transaction.blockNumber === null && receipt === null;
  const senderMinedNonce = unmined ? await source.getTransactionCount(chain, transaction.from) : null;
  return { coverage: source.coverage(chain), transaction, receipt, head, safe, finalized, senderMinedNonce };
}

type Finality = 'finalized' | 'safe' | 'unsafe';

/** A known, unmined transaction's nonce against the sender's mined count: one already used means it was replaced (or cancelled) and can never be mined. */
function nonceCheck(tx: TransactionRecord | null, data: TxStatusData): TxStatusResult['nonceCheck'] {
  if (!tx || tx.blockNumber !== null || data.receipt || data.senderMinedNonce === null) return null;
  const verdict = tx.nonce < data.senderMinedNonce ? 'nonce_already_used' : tx.nonce === data.senderMinedNonce ? 'next_in_line' : 'waiting_for_earlier_nonces';
  return { transactionNonce: tx.nonce, senderMinedNonce: data.senderMinedNonce, verdict };
}

function finalityOf(block: bigint, data: TxStatusData): Finality {
  if (data.finalized && block <= data.finalized.number) return 'finalized';
  if (data.safe && block <= data.safe.number) return 'safe';
  return 'unsafe';
}

/** The call's selector, named from the shipped data set; a creation or a plain transfer has none. */
function methodContext(tx: TransactionRecord, to: string | null): NonNullable<TxStatusResult['method']> {
  const unnamed = { selector: null, name: null, signature: null };
  if (to === null) return { kind: 'contract_creation', ...unnamed };
  const decoded = decodeMethod(tx.input, null);
  if (!decoded) return { kind: 'transfer', ...unnamed };
  return { kind: 'contract_call', selector: decoded.selector, name: decoded.name, signature: decoded.signature };
}

export function analyzeTxStatus(input: TransactionRequest, data: TxStatusData, _context: AnalyzeContext): ToolOutput<TxStatusResult> {
  const chain = CHAINS[input.chain];
  const { transaction: tx, receipt } = data;
  const onDevnet = data.coverage.dataSourceStatus === 'Demo';
  const known = Boolean(tx || receipt);
  const explorerUrl = known && !onDevnet ? `${chain.explorerUrl}/tx/${input.transactionHash}` : null;
  const confirmations = receipt && data.head >= receipt.blockNumber ? Number(data.head - receipt.blockNumber + 1n) : null;
  const nonce = nonceCheck(tx, data);
  const unmined = nonce?.verdict === 'nonce_already_used' ? 'replaced' : 'pending';
  const status = receipt ? receipt.status : tx ? unmined : 'not_found';
  const finality = receipt ? finalityOf(receipt.blockNumber, data) : tx ? unmined : 'not_found';
  const paid = receipt ? transactionFee(input.chain, receipt) : null;
  const fee =
    receipt && paid
      ? {
          gasUsed: receipt.gasUsed.toString(),
          effectiveGasPrice: receipt.effectiveGasPrice.toString(),
          l1DataFeeWei: paid.l1 === null ? null : paid.l1.toString(),
          totalWei: paid.total.toString(),
          formatted: formatUnitsCompact(paid.total, chain.nativeDecimals, 9),
          symbol: chain.nativeSymbol,
        }
      : null;
  const to = receipt?.to ?? tx?.to ?? null;
  const method = tx ? methodContext(tx, to) : null;

  const limitations: string[] = [];
  if (!data.finalized && receipt) limitations.push('The node reported no finalized block; finality is judged from its safe block or not at all.');
  if (paid?.limitation) limitations.push(paid.limitation);
  if (!tx && !receipt) {
    limitations.push(
      `The ${chain.displayName} node does not know this hash: it may be on another chain, dropped from the mempool, replaced, or never broadcast. An unknown hash does not reveal its sender or nonce, so a replacement cannot be told from a drop.`,
    );
  }
  if (nonce?.verdict === 'nonce_already_used') {
    limitations.push(`The sender has already mined ${nonce.senderMinedNonce} transactions, so nonce ${nonce.transactionNonce} went to another transaction: this one was replaced or cancelled and will never be mined.`);
  }
  if (nonce?.verdict === 'waiting_for_earlier_nonces') {
    limitations.push(`The sender has mined ${nonce.senderMinedNonce} transactions; this one (nonce ${nonce.transactionNonce}) waits until the nonces before it are mined.`);
  }

  return {
    result: {
      transactionHash: input.transactionHash,
      status,
      blockNumber: receipt?.blockNumber.toString() ?? null,
      confirmations,
      finality,
      finalityRule: FINALITY_RULES[input.chain],
      nonceCheck: nonce,
      explorerUrl,
      chain: input.chain,
      from: receipt?.from ?? tx?.from ?? null,
      to,
      contractCreated: receipt?.contractAddress ?? null,
      fee,
      method,
    },
    metadata: {
      chain: input.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [
        ...data.coverage.notes,
        `Read at head block ${data.head}; safe block ${data.safe?.number ?? 'unknown'}, finalized block ${data.finalized?.number ?? 'unknown'}.`,
      ],
      limitations,
    },
  };
}

export const txStatus = defineToolModule(catalogEntry('tx_status'), {
  chains: (input) => [input.chain],
  gather: gatherTxStatus,
  analyze: analyzeTxStatus,
});
