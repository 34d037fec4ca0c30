import { CHAINS, type ChainName } from '@paysight/contracts';

export type ExplorerAction = 'txlist' | 'txlistinternal' | 'tokentx';

export interface ExplorerQuery {
  chain: ChainName;
  action: ExplorerAction;
  /** Lower case. */
  address: string;
  /** tokentx only: one token's transfers. Lower case. */
  contractAddress: string | null;
  startBlock: bigint;
  endBlock: bigint;
  page: number;
  offset: number;
  sort: 'asc' | 'desc';
}

/** Etherscan answers at most this many records for one query (page x offset). */
export const RESULT_WINDOW = 10_000;

const ACTIONS: readonly string[] = ['txlist', 'txlistinternal', 'tokentx'] satisfies ExplorerAction[];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DIGITS = /^\d{1,20}$/;

/** Etherscan's own wording for what is wrong with a request. */
export class QueryError extends Error {}

/** Reads the query string of `GET /v2/api` as Etherscan does; throws QueryError with its message. */
export function parseExplorerQuery(params: URLSearchParams): ExplorerQuery {
  const get = (name: string) => params.get(name) ?? undefined;
  const chain = Object.values(CHAINS).find((c) => String(c.chainId) === get('chainid'))?.name;
  if (!chain) throw new QueryError('Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids');
  if (get('module') !== 'account') throw new QueryError('Error! Missing Or invalid Module name');
  const action = get('action');
  if (action === undefined || !ACTIONS.includes(action)) throw new QueryError('Error! Missing Or invalid Action name');

  const address = get('address');
  if (address === undefined || !ADDRESS.test(address)) throw new QueryError('Error! Invalid address format');
  const contractAddress = action === 'tokentx' ? get('contractaddress') : undefined;
  if (contractAddress !== undefined && !ADDRESS.test(contractAddress)) throw new QueryError('Error! Invalid contractAddress format');

  const startBlock = blockParam(get('startblock'), 'startblock', 0n);
  const endBlock = blockParam(get('endblock'), 'endblock', BigInt(Number.MAX_SAFE_INTEGER));
  const page = countParam(get('page'), 'page', 1);
  const offset = countParam(get('offset'), 'offset', RESULT_WINDOW);
  if (page * offset > RESULT_WINDOW) {
    throw new QueryError(`Result window is too large, PageNo x Offset size must be less than or equal to ${RESULT_WINDOW}`);
  }
  const sort = get('sort') ?? 'asc';
  if (sort !== 'asc' && sort !== 'desc') throw new QueryError('Error! Invalid sort order, use asc or desc');

  return {
    chain,
    action: action as ExplorerAction,
    address: address.toLowerCase(),
    contractAddress: contractAddress?.toLowerCase() ?? null,
    startBlock,
    endBlock,
    page,
    offset,
    sort,
  };
}

function blockParam(value: string | undefined, name: string, fallback: bigint): bigint {
  if (value === undefined || value === '' || value === 'latest') return fallback;
  if (!DIGITS.test(value)) throw new QueryError(`Error! Invalid ${name} number`);
  return BigInt(value);
}

function countParam(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!DIGITS.test(value) || Number(value) < 1) throw new QueryError(`Error! Invalid ${name} number`);
  return Number(value);
}
