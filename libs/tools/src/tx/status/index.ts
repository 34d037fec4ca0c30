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

export interface TxStatusData {
  coverage: SourceCoverage;
  transaction: TransactionRecord | null;
  receipt: ReceiptRecord | null;
  head: bigint;
  safe: BlockHeader | null;
  finalized: BlockHeader | null;
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
  return { coverage: source.coverage(chain), transaction, receipt, head, safe, finalized };
}

type Finality = 'finalized' | 'safe' | 'unsafe';

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
  const status = receipt ? receipt.status : tx ? 'pending' : 'not_found';
  const finality = receipt ? finalityOf(receipt.blockNumber, data) : tx ? 'pending' : 'not_found';
  const fee = receipt
    ? (() => {
        const total = receipt.gasUsed * receipt.effectiveGasPrice;
        return {
          gasUsed: receipt.gasUsed.toString(),
          effectiveGasPrice: receipt.effectiveGasPrice.toString(),
          totalWei: total.toString(),
          formatted: formatUnitsCompact(total, chain.nativeDecimals, 9),
          symbol: chain.nativeSymbol,
        };
      })()
    : null;
  const to = receipt?.to ?? tx?.to ?? null;
  const method = tx ? methodContext(tx, to) : null;

  const limitations: string[] = [];
  if (!data.finalized && receipt) limitations.push('The node reported no finalized block; finality is judged from its safe block or not at all.');
  if (fee && (input.chain === 'base' || input.chain === 'optimism')) {
    limitations.push('The fee is the L2 execution fee; the L1 data fee that OP-stack chains also charge is not included.');
  }
  if (!tx && !receipt) limitations.push(`The ${chain.displayName} node does not know this hash: it may be on another chain, dropped, or never broadcast.`);

  return {
    result: {
      transactionHash: input.transactionHash,
      status,
      blockNumber: receipt?.blockNumber.toString() ?? null,
      confirmations,
      finality,
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
