import { CHAINS, type ChainName, type SourceCoverage } from '@paysight/contracts';

const JSON_RPC_NOTE = 'Balances, contract reads, code, nonces, blocks, transactions and receipts by hash, and event logs are read from a JSON-RPC node.';
const LOG_WINDOW_NOTE = 'Event logs are read only within the block windows a tool requests; activity outside them is not seen.';

const NO_HISTORY_NOTES: readonly string[] = [
  "A JSON-RPC node cannot list an address's transactions: activity is seen only through event logs and the transactions a tool looks up by hash.",
  "Internal transfers (native value moved inside contract calls) of an address cannot be listed; they are seen only in the traces of a transaction looked up by hash, where the node offers traces.",
];

const EXPLORER_HISTORY_NOTES: readonly string[] = [
  "An address's transactions, internal transfers and token transfers are listed by a block explorer API (Etherscan API v2 format), newest first, within the explorer's window (10,000 entries of each kind on Etherscan).",
  'Internal calls that move no value are seen only in the traces of a transaction looked up by hash, where the node offers traces.',
];

const PRE_BYZANTIUM_NOTE = 'Receipts of Ethereum blocks before Byzantium (4,370,000) carry no status and are reported as success.';

const DEMO_NOTE = 'Data comes from a local development chain with a seeded demo scenario, not from the public network.';

/** What a source can and cannot see on one chain: JSON-RPC, plus address history when an explorer serves the chain. */
export function sourceCoverage(chain: ChainName, options: { demo: boolean; explorer: boolean }): SourceCoverage {
  const notes = [JSON_RPC_NOTE, ...(options.explorer ? EXPLORER_HISTORY_NOTES : NO_HISTORY_NOTES), LOG_WINDOW_NOTE];
  if (options.demo) notes.unshift(`${CHAINS[chain].displayName}: ${DEMO_NOTE}`);
  else if (chain === 'ethereum') notes.push(PRE_BYZANTIUM_NOTE);
  return { dataSourceStatus: options.demo ? 'Demo' : 'Live', notes };
}
