import { catalogEntry } from '@paysight/contracts';
import { defineToolModule } from '../../tool-module.js';
import { analyzeTxDecode } from './analyze.js';
import { gatherTxDecode } from './gather.js';

export { analyzeTxDecode } from './analyze.js';
export type { ReplayReading, TraceReading, TxDecodeData, VerifiedAbiReading } from './data.js';
export { DECODE_LIMITS, gatherTxDecode } from './gather.js';
export { describeTransaction } from './summary.js';

/** tx_decode (MCP svc_tx_hash_lookup): what a transaction did, in data and in words. */
export const txDecode = defineToolModule(catalogEntry('tx_decode'), {
  chains: (input) => [input.chain],
  gather: gatherTxDecode,
  analyze: analyzeTxDecode,
});
