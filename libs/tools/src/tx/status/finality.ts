import type { ChainName } from '@paysight/contracts';

const OP_STACK_RULE =
  "OP Stack: the node's `safe` block is the newest L2 block it derived from batch data posted to Ethereum, and its `finalized` block the newest whose batch data sits in a finalized Ethereum block. Above `safe` a block has only the sequencer's word.";

/**
 * How each chain's finality is judged: always from the node's own `safe` and `finalized` block
 * tags, whose meaning differs per chain. No confirmation-count rule is added on top.
 */
export const FINALITY_RULES: Readonly<Record<ChainName, string>> = {
  ethereum:
    "Ethereum: `finalized` is the beacon chain's last finalized checkpoint (normally two epochs, about 13 minutes, behind the head; undoing it would cost a third of all stake), `safe` its latest justified checkpoint.",
  base: OP_STACK_RULE,
  optimism: OP_STACK_RULE,
  arbitrum:
    "Arbitrum Nitro: the node's `safe` and `finalized` blocks follow the Ethereum block that carries the batch: safe once that Ethereum block is safe, finalized once it is finalized. The challenge period concerns withdrawals to Ethereum, not the order of L2 transactions.",
  polygon:
    "Polygon PoS: since the milestones upgrade the node's `finalized` block is the latest milestone, a block the validators have voted final; `safe` is as the node reports it.",
};
