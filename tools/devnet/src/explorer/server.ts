import { createServer, type IncomingMessage } from 'node:http';
import type { ChainName } from '@paysight/contracts';
import { errorMessage, listen, type LocalServer, sendJson } from '../http/local-server.js';
import type { ChainIndexer } from './indexer.js';
import { type ExplorerQuery, parseExplorerQuery, QueryError } from './query.js';
import { internalTransferRow, tokenTransferRow, transactionRow } from './rows.js';

/** The path of Etherscan's API v2; `url + API_PATH` is what EXPLORER_API_URL names. */
export const API_PATH = '/v2/api';

type Envelope = { status: '0' | '1'; message: string; result: unknown };

const notOk = (reason: string): Envelope => ({ status: '0', message: 'NOTOK', result: reason });

/**
 * Serves the devnet's explorer: `GET /v2/api?chainid=..&module=account&action=txlist|txlistinternal|tokentx
 * &address=..` answered from the chains' indexes, in Etherscan's envelope. Each request first indexes
 * whatever was mined since the last one, so a block is listed as soon as it exists.
 */
export async function startExplorerServer(indexers: Readonly<Record<ChainName, ChainIndexer>>, host: string, port: number): Promise<LocalServer> {
  const server = createServer((req, res) => {
    respond(indexers, req).then(
      ([status, body]) => sendJson(res, status, body),
      (error: unknown) => sendJson(res, 500, notOk(`Error! The devnet explorer could not read the chain: ${errorMessage(error)}`)),
    );
  });
  return listen('explorer', server, host, port);
}

async function respond(indexers: Readonly<Record<ChainName, ChainIndexer>>, req: IncomingMessage): Promise<[number, Envelope]> {
  const url = new URL(req.url ?? '/', 'http://explorer');
  if (url.pathname !== API_PATH) return [404, notOk(`no such path: ${url.pathname}; the explorer serves GET ${API_PATH}`)];
  if (req.method !== 'GET') return [405, notOk(`use GET ${API_PATH}`)];
  let query: ExplorerQuery;
  try {
    query = parseExplorerQuery(url.searchParams);
  } catch (error) {
    if (error instanceof QueryError) return [200, notOk(error.message)];
    throw error;
  }
  const indexer = indexers[query.chain];
  const head = await indexer.catchUp();
  const rows = listFor(indexer, query, head);
  return [200, rows.length > 0 ? { status: '1', message: 'OK', result: rows } : { status: '0', message: 'No transactions found', result: [] }];
}

function listFor(indexer: ChainIndexer, query: ExplorerQuery, head: bigint): unknown[] {
  switch (query.action) {
    case 'txlist':
      return window(indexer.transactions.of(query.address), (tx) => tx.blockNumber, query).map((tx) => transactionRow(tx, head));
    case 'txlistinternal':
      return window(indexer.internalTransfers.of(query.address), (t) => t.transaction.blockNumber, query).map(internalTransferRow);
    case 'tokentx': {
      const transfers = indexer.tokenTransfers.of(query.address).filter((t) => query.contractAddress === null || t.token.toLowerCase() === query.contractAddress);
      return window(transfers, (t) => t.transaction.blockNumber, query).map((t) => tokenTransferRow(t, head));
    }
  }
}

/** The records of the block range, in the asked order, cut to the asked page. `records` are oldest first. */
function window<T>(records: readonly T[], blockOf: (record: T) => bigint, query: ExplorerQuery): T[] {
  const inRange = records.filter((r) => blockOf(r) >= query.startBlock && blockOf(r) <= query.endBlock);
  const ordered = query.sort === 'asc' ? inRange : inRange.reverse();
  return ordered.slice((query.page - 1) * query.offset, query.page * query.offset);
}
