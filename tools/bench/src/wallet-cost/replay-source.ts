import {
  type AddressHistoryResult,
  type BlockHeader,
  type BlockTag,
  type CallResult,
  type ChainName,
  type ChainSource,
  type ContractRead,
  type LogQuery,
  type LogRecord,
  type ReadResult,
  type SourceCoverage,
  type TransactionRecord,
} from '@paysight/contracts';
import { SANCTIONS_ORACLES } from '@paysight/datasets';
import { APPROVAL_TOPIC, TRANSFER_TOPIC, addressTopic } from '@paysight/tools';
import { maxUint256, numberToHex, pad, type Address, type Hex } from 'viem';
import type { BusyWalletFixture } from './fixture.js';

interface Row {
  block: bigint;
  logIndex: number;
  tx: number;
  token: Address;
  counterparty: Address;
  out: boolean;
  amount: bigint;
  /** The Transfer log's topics (event, from, to), shared strings. */
  topics: [Hex, Hex, Hex];
}

const lower = (a: string) => a.toLowerCase();
const txHash = (tx: number): Hex => pad(numberToHex(tx + 1), { size: 32 });
/** Any non-empty runtime code: the replay only needs contracts to look like contracts. */
const CONTRACT_CODE: Hex = '0x6080604052348015600f57600080fd5b50';

/**
 * A ChainSource that answers from the busy-wallet fixture as a Base node would over plain JSON-RPC (no
 * indexer): logs by emitter, topics and block range, as eth_getLogs filters them, headers by number,
 * code (the tokens, the routers and the chain's sanctions oracle) and nonces, Multicall3 reads of
 * balances, metadata, allowances and the oracle's answers. The fixture holds the wallet's logs only, so
 * a query about other accounts (a payer's funding) sees just their traffic with the wallet. Every answer
 * arrives on a later turn of the event loop, as a network answer does, so requests sent together overlap.
 */
export class ReplayChainSource implements ChainSource {
  private readonly rows: Row[];
  private readonly blocks: bigint[];
  private readonly approvals: LogRecord[];
  private readonly wallet: string;
  private readonly contracts: Set<string>;
  private readonly firstRowOfTx = new Map<number, Row>();

  constructor(private readonly fixture: BusyWalletFixture) {
    this.wallet = lower(fixture.wallet);
    const t = fixture.transfers;
    let block = BigInt(fixture.firstBlock);
    const walletTopic = addressTopic(fixture.wallet);
    const counterpartyTopics = fixture.counterparties.map(addressTopic);
    this.rows = t.tx.map((tx, i) => {
      block += BigInt(t.blockDelta[i]!);
      const token = fixture.tokens[t.token[i]!]!;
      const out = t.out[i] === 1;
      const other = counterpartyTopics[t.counterparty[i]!]!;
      const topics: Row['topics'] = out ? [TRANSFER_TOPIC, walletTopic, other] : [TRANSFER_TOPIC, other, walletTopic];
      return { block, logIndex: t.logIndex[i]!, tx, token: token.address, counterparty: fixture.counterparties[t.counterparty[i]!]!, out, amount: BigInt(t.amount[i]!) * 10n ** BigInt(token.unitDecimals), topics };
    });
    for (const row of this.rows) if (!this.firstRowOfTx.has(row.tx)) this.firstRowOfTx.set(row.tx, row);
    this.blocks = this.rows.map((r) => r.block);
    const a = fixture.approvals;
    this.approvals = a.block.map((b, i) => ({
      address: fixture.tokens[a.token[i]!]!.address,
      topics: [APPROVAL_TOPIC, addressTopic(fixture.wallet), addressTopic(fixture.counterparties[a.spender[i]!]!)],
      data: pad(numberToHex(a.amount[i] === 'max' ? maxUint256 : BigInt(a.amount[i]!)), { size: 32 }),
      blockNumber: BigInt(b),
      transactionHash: txHash(a.tx[i]!),
      logIndex: 0,
    }));
    // The chain's sanctions oracle has code on mainnet, so the tools ask it, as they would there.
    const oracles = SANCTIONS_ORACLES.onChain(fixture.chain).map((o) => o.address);
    this.contracts = new Set([...fixture.tokens.map((t) => t.address), ...fixture.counterparties.slice(0, fixture.routers), ...oracles].map(lower));
  }

  chains(): ChainName[] {
    return [this.fixture.chain];
  }

  coverage(): SourceCoverage {
    return { dataSourceStatus: 'Partial', notes: ['Replayed busy-wallet fixture (plain JSON-RPC shape, no indexer).'] };
  }

  getBlockNumber(): Promise<bigint> {
    return later(BigInt(this.fixture.head.number));
  }

  getBlock(_chain: ChainName, block: bigint | BlockTag): Promise<BlockHeader | null> {
    const head = BigInt(this.fixture.head.number);
    const number = typeof block === 'bigint' ? block : head;
    if (number > head) return later(null);
    const timestamp = BigInt(this.fixture.head.timestamp) - (head - number) * BigInt(this.fixture.averageBlockSeconds);
    return later({ number, hash: pad(numberToHex(number), { size: 32 }), timestamp, baseFeePerGas: 1_000_000n });
  }

  getTransaction(_chain: ChainName, hash: Hex): Promise<TransactionRecord | null> {
    const row = this.firstRowOfTx.get(Number(BigInt(hash)) - 1);
    if (!row) return later(null);
    const from = row.out ? this.fixture.wallet : row.counterparty;
    return later({ hash, blockNumber: row.block, from, to: row.token, value: 0n, input: '0xa9059cbb', nonce: 0, gas: 60_000n, type: 'eip1559' });
  }

  getTransactionReceipt(): Promise<null> {
    return later(null);
  }

  getCode(_chain: ChainName, address: Address): Promise<Hex> {
    return later(this.contracts.has(lower(address)) ? CONTRACT_CODE : '0x');
  }

  getTransactionCount(_chain: ChainName, address: Address): Promise<number> {
    return later(lower(address) === this.wallet ? new Set(this.rows.filter((r) => r.out).map((r) => r.tx)).size : 0);
  }

  getStorageAt(): Promise<Hex> {
    return later(pad('0x0', { size: 32 }));
  }

  readContracts(_chain: ChainName, reads: readonly ContractRead[]): Promise<ReadResult[]> {
    return later(reads.map((read) => this.answer(read)));
  }

  getLogs(_chain: ChainName, query: LogQuery): Promise<LogRecord[]> {
    const wanted = logFilter(query);
    const approvals = this.approvals.filter((l) => l.blockNumber >= query.fromBlock && l.blockNumber <= query.toBlock && wanted(l.address, l.topics));
    const transfers: LogRecord[] = [];
    for (let i = lowerBound(this.blocks, query.fromBlock); i < this.rows.length && this.rows[i]!.block <= query.toBlock; i++) {
      const row = this.rows[i]!;
      if (!wanted(row.token, row.topics)) continue;
      transfers.push({ address: row.token, topics: [...row.topics], data: pad(numberToHex(row.amount), { size: 32 }), blockNumber: row.block, transactionHash: txHash(row.tx), logIndex: row.logIndex });
    }
    return later([...approvals, ...transfers]);
  }

  getAddressHistory(): Promise<AddressHistoryResult> {
    return later({ status: 'unavailable', reason: 'no indexer: the replay serves plain JSON-RPC' });
  }

  getCallFrames(): Promise<null> {
    return later(null);
  }

  call(): Promise<CallResult> {
    return later({ status: 'reverted', data: '0x' });
  }

  private answer(read: ContractRead): ReadResult {
    const token = this.fixture.tokens.find((t) => lower(t.address) === lower(read.address));
    switch (read.functionName) {
      case 'getEthBalance':
        return { status: 'success', result: 3n * 10n ** 18n };
      case 'balanceOf':
        return token ? { status: 'success', result: 12_345n * 10n ** BigInt(token.decimals) } : { status: 'failure', error: 'execution reverted' };
      case 'symbol':
      case 'name':
        return token ? { status: 'success', result: token.symbol } : { status: 'failure', error: 'execution reverted' };
      case 'decimals':
        return token ? { status: 'success', result: token.decimals } : { status: 'failure', error: 'execution reverted' };
      case 'allowance': {
        const spender = lower(String(read.args?.[1]));
        const latest = this.approvals.filter((l) => lower(l.address) === lower(read.address) && lower(`0x${l.topics[2]!.slice(26)}`) === spender).at(-1);
        return { status: 'success', result: latest ? BigInt(latest.data) : 0n };
      }
      case 'isSanctioned':
        return { status: 'success', result: false };
      default:
        return { status: 'failure', error: 'execution reverted' };
    }
  }
}

/**
 * A node's eth_getLogs match: the emitter among the query's addresses (any when none), and each topic
 * position either null or the log's topic (one of them, for an array); a log with fewer topics than the
 * filter has positions does not match.
 */
function logFilter(query: LogQuery): (address: Address, topics: readonly Hex[]) => boolean {
  const addresses = query.address === undefined ? null : new Set((Array.isArray(query.address) ? query.address : [query.address]).map(lower));
  const positions = query.topics.map((t) => (t === null ? null : new Set((Array.isArray(t) ? t : [t]).map(lower))));
  return (address, topics) => topics.length >= positions.length && (addresses === null || addresses.has(lower(address))) && positions.every((set, i) => set === null || set.has(topics[i]!));
}

/** The first index whose block is at least `block`. */
function lowerBound(blocks: readonly bigint[], block: bigint): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (blocks[mid]! < block) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}
