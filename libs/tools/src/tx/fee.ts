import { CHAINS, type ChainName, type ReceiptRecord } from '@paysight/contracts';

/** Chains built on the OP Stack, whose receipts charge an L1 data fee (l1Fee) on top of the execution fee. */
export const OP_STACK_CHAINS: ReadonlySet<ChainName> = new Set<ChainName>(['base', 'optimism']);

export interface TransactionFee {
  /** gasUsed × effectiveGasPrice. */
  execution: bigint;
  /** The receipt's l1Fee on an OP-stack chain; null elsewhere or when the receipt does not carry it. */
  l1: bigint | null;
  total: bigint;
  /** What the fee leaves out, in words. */
  limitation: string | null;
}

/** What the sender paid for a mined transaction: the execution fee plus, on OP-stack chains, the L1 data fee. */
export function transactionFee(chain: ChainName, receipt: ReceiptRecord): TransactionFee {
  const execution = receipt.gasUsed * receipt.effectiveGasPrice;
  const l1 = OP_STACK_CHAINS.has(chain) ? (receipt.l1Fee?.fee ?? null) : null;
  const limitation =
    OP_STACK_CHAINS.has(chain) && l1 === null
      ? `The ${CHAINS[chain].displayName} receipt carries no l1Fee, so the L1 data fee the chain also charges is not included in the fee.`
      : null;
  return { execution, l1, total: execution + (l1 ?? 0n), limitation };
}
