import { CHAINS, type ChainName, type SourceCoverage } from '@paysight/contracts';

const JSON_RPC_NOTES: readonly string[] = [
  'Balances, contract reads, code, nonces, blocks, transactions and receipts by hash, and event logs are read from a JSON-RPC node.',
  "A JSON-RPC node cannot list an address's transactions: activity is seen only through event logs and the transactions a tool looks up by hash.",
  'Internal transfers (native value moved inside contract calls) are not visible without execution traces.',
  'Event logs are read only within the block windows a tool requests; activity outside them is not seen.',
];

const PRE_BYZANTIUM_NOTE = 'Receipts of Ethereum blocks before Byzantium (4,370,000) carry no status and are reported as success.';

const DEMO_NOTE = 'Data comes from a local development chain with a seeded demo scenario, not from the public network.';

/** What a JSON-RPC source can and cannot see on one chain. */
export function jsonRpcCoverage(chain: ChainName, demo: boolean): SourceCoverage {
  const notes = [...JSON_RPC_NOTES];
  if (demo) notes.unshift(`${CHAINS[chain].displayName}: ${DEMO_NOTE}`);
  else if (chain === 'ethereum') notes.push(PRE_BYZANTIUM_NOTE);
  return { dataSourceStatus: demo ? 'Demo' : 'Live', notes };
}
