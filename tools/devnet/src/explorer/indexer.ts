import { callFramesFromStructLogs, type StructLog } from '@paysight/chain-data';
import type { CallFrame } from '@paysight/contracts';
import { type Address, erc20Abi, getAddress, type Hex, type Log, toEventSelector, type Transaction } from 'viem';
import { codeCanMoveValue } from './code-scan.js';
import type { ChainHandle } from '../chain/client.js';
import { AddressIndex, type IndexedInternalTransfer, type IndexedTokenTransfer, type IndexedTransaction, type TokenMetadata } from './records.js';

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
/** A transaction that used exactly the intrinsic gas of a plain transfer ran no code, so it moved nothing inside. */
const PLAIN_TRANSFER_GAS = 21_000n;
/**
 * The only operations that can move value or create a contract (STATICCALL and DELEGATECALL cannot;
 * code they run shows its own CALLs in the trace).
 */
const VALUE_OPS = new Set(['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);
/** Operations an explorer lists as internal transactions whatever value they carry. */
const CREATION_OPS = new Set(['CREATE', 'CREATE2', 'SELFDESTRUCT']);
/** EIP-7702: an account delegated to code carries 0xef0100 followed by the delegate's address. */
const DELEGATION_PREFIX = '0xef0100';

/**
 * Indexes one chain's blocks for the explorer: transactions with their receipts, ERC-20 Transfer logs,
 * and internal transfers read from debug_traceTransaction struct logs. `catchUp()` indexes every block
 * mined since the last call; calls made meanwhile wait for the same pass, so nothing is indexed twice.
 * `stop()` ends indexing for good, after the block in hand.
 */
export class ChainIndexer {
  readonly transactions = new AddressIndex<IndexedTransaction>();
  readonly internalTransfers = new AddressIndex<IndexedInternalTransfer>();
  readonly tokenTransfers = new AddressIndex<IndexedTokenTransfer>();
  private indexedThrough = -1n;
  private readonly tokens = new Map<Address, Promise<TokenMetadata>>();
  /** codeCanMoveValue, by code. */
  private readonly valueMovingCode = new Map<Hex, boolean>();
  private pass: Promise<bigint> = Promise.resolve(-1n);
  private stopped = false;

  constructor(private readonly handle: ChainHandle) {}

  /** Indexes the blocks mined so far; resolves to the head block it reached. */
  catchUp(): Promise<bigint> {
    this.pass = this.pass.catch(() => undefined).then(() => this.indexThroughHead());
    return this.pass;
  }

  /** Indexes no further block; resolves once the pass under way, if any, has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.pass.catch(() => undefined);
  }

  private async indexThroughHead(): Promise<bigint> {
    const head = await this.handle.client.getBlockNumber({ cacheTime: 0 });
    for (let number = this.indexedThrough + 1n; number <= head && !this.stopped; number++) {
      await this.indexBlock(number);
      this.indexedThrough = number;
    }
    return head;
  }

  /** Reads a whole block before recording any of it, so a failure leaves nothing half-indexed. */
  private async indexBlock(number: bigint): Promise<void> {
    const block = await this.handle.client.getBlock({ blockNumber: number, includeTransactions: true });
    const read = await Promise.all(
      block.transactions.map(async (tx) => {
        const receipt = await this.handle.client.getTransactionReceipt({ hash: tx.hash });
        const record: IndexedTransaction = {
          blockNumber: number,
          blockHash: block.hash,
          timestamp: block.timestamp,
          hash: tx.hash,
          transactionIndex: receipt.transactionIndex,
          nonce: tx.nonce,
          from: getAddress(tx.from),
          to: tx.to ? getAddress(tx.to) : null,
          value: tx.value,
          gas: tx.gas,
          gasPrice: receipt.effectiveGasPrice,
          input: tx.input,
          success: receipt.status === 'success',
          contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
          gasUsed: receipt.gasUsed,
          cumulativeGasUsed: receipt.cumulativeGasUsed,
        };
        const tokenTransfers = await this.tokenTransfersOf(record, receipt.logs);
        const internalTransfers = (await this.mayMoveValueInside(record)) ? internalTransfersOf(record, await this.callFrames(tx)) : [];
        return { record, tokenTransfers, internalTransfers };
      }),
    );
    for (const { record, tokenTransfers, internalTransfers } of read) {
      this.transactions.add(record, [record.from, record.to, record.contractAddress]);
      for (const transfer of tokenTransfers) this.tokenTransfers.add(transfer, [transfer.from, transfer.to]);
      for (const transfer of internalTransfers) this.internalTransfers.add(transfer, [transfer.from, transfer.to, transfer.contractAddress]);
    }
  }

  /**
   * Whether a transaction may have moved value inside: not when it used exactly a plain transfer's gas,
   * nor when the code it called (or the code its EIP-7702 account delegates to) has no instruction that
   * can. Tracing a busy token's batch transfer would take seconds.
   */
  private async mayMoveValueInside(record: IndexedTransaction): Promise<boolean> {
    if (record.gasUsed === PLAIN_TRANSFER_GAS) return false;
    if (record.to === null) return true;
    const codeAt = (address: Address) => this.handle.client.getCode({ address, blockNumber: record.blockNumber }).then((code) => code ?? '0x');
    let code = await codeAt(record.to);
    if (code.toLowerCase().startsWith(DELEGATION_PREFIX) && code.length === 2 + 23 * 2) code = await codeAt(getAddress(`0x${code.slice(DELEGATION_PREFIX.length)}`));
    let moves = this.valueMovingCode.get(code);
    if (moves === undefined) {
      moves = codeCanMoveValue(code);
      this.valueMovingCode.set(code, moves);
    }
    return moves;
  }

  /**
   * A full trace (stack and memory) of a contract-heavy transaction is megabytes of JSON, so a bare
   * trace of its operations comes first, then, if it has an operation that can move value, a trace
   * with the stack, which shows the value of each call; only a transaction that moved value or created
   * a contract is traced in full.
   */
  private async callFrames(tx: Transaction): Promise<CallFrame[]> {
    const ops = await this.structLogs(tx.hash, { disableStack: true, disableMemory: true, disableStorage: true });
    if (!ops.some((step) => VALUE_OPS.has(step.op))) return [];
    const steps = await this.structLogs(tx.hash, { disableMemory: true, disableStorage: true });
    if (!steps.some(movesValue)) return [];
    const full = await this.structLogs(tx.hash, { enableMemory: true, disableStorage: true });
    return callFramesFromStructLogs({ from: tx.from, to: tx.to ?? null, value: tx.value, input: tx.input, nonce: tx.nonce }, full);
  }

  private async structLogs(hash: Hex, options: Record<string, boolean>): Promise<StructLog[]> {
    const trace = (await this.handle.provider.request({ method: 'debug_traceTransaction', params: [hash, options] })) as { structLogs: StructLog[] };
    return trace.structLogs;
  }

  private async tokenTransfersOf(transaction: IndexedTransaction, logs: readonly Log[]): Promise<IndexedTokenTransfer[]> {
    const transfers = logs.filter((log) => log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3 && log.data.length === 66);
    return Promise.all(
      transfers.map(async (log) => {
        const token = getAddress(log.address);
        return {
          transaction,
          logIndex: log.logIndex ?? 0,
          token,
          metadata: await this.metadata(token),
          from: topicAddress(log.topics[1]),
          to: topicAddress(log.topics[2]),
          value: BigInt(log.data),
        };
      }),
    );
  }

  /** Name, symbol and decimals, read once per token; what a contract does not answer stays empty. */
  private metadata(token: Address): Promise<TokenMetadata> {
    let metadata = this.tokens.get(token);
    if (!metadata) {
      const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
        this.handle.client.readContract({ address: token, abi: erc20Abi, functionName }).then(
          (value) => value as T,
          () => null,
        );
      metadata = Promise.all([read<string>('name'), read<string>('symbol'), read<number>('decimals')]).then(([name, symbol, decimals]) => ({
        name: name ?? '',
        symbol: symbol ?? '',
        decimals,
      }));
      this.tokens.set(token, metadata);
    }
    return metadata;
  }
}

/** A step that moves value or creates a contract: a CALL or CALLCODE with value (third from the top of its stack), a creation or a self-destruct. */
function movesValue(step: StructLog): boolean {
  if (step.op === 'CALL' || step.op === 'CALLCODE') {
    const value = step.stack?.[step.stack.length - 3];
    return value !== undefined && BigInt(value.startsWith('0x') ? value : `0x${value}`) !== 0n;
  }
  return CREATION_OPS.has(step.op);
}

function topicAddress(topic: Hex | undefined): Address {
  return getAddress(`0x${(topic ?? '').slice(-40)}`);
}

/**
 * The frames an explorer lists as internal transactions: calls that move value, creations and self-
 * destructs, each with its place in the call tree ("0" for the first call the transaction's code makes,
 * "0_1" for the second call inside that one...).
 */
export function internalTransfersOf(transaction: IndexedTransaction, frames: readonly CallFrame[]): IndexedInternalTransfer[] {
  const transfers: IndexedInternalTransfer[] = [];
  const path: number[] = [];
  // children[d]: how many calls the current frame at depth d has made so far.
  const children: number[] = [];
  for (const frame of frames) {
    if (frame.depth === 0) continue;
    children.length = frame.depth;
    const index = children[frame.depth - 1] ?? 0;
    children[frame.depth - 1] = index + 1;
    path.length = frame.depth - 1;
    path.push(index);

    const type = frameType(frame);
    if (type === null || (type === 'call' && frame.value === 0n)) continue;
    const creates = type === 'create' || type === 'create2';
    transfers.push({
      transaction,
      type,
      from: frame.from,
      to: creates ? null : frame.to,
      contractAddress: creates ? frame.to : null,
      value: frame.value,
      traceId: path.join('_'),
      reverted: frame.reverted,
    });
  }
  return transfers;
}

function frameType(frame: CallFrame): IndexedInternalTransfer['type'] | null {
  switch (frame.type) {
    case 'CALL':
    case 'CALLCODE':
      return 'call';
    case 'CREATE':
      return 'create';
    case 'CREATE2':
      return 'create2';
    case 'SELFDESTRUCT':
      return 'self-destruct';
    default:
      return null;
  }
}
