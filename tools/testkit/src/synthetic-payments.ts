import { CHAINS, type BlockHeader, type ChainName, type ChainSource, type LogQuery, type LogRecord } from '@paysight/contracts';
import { addressTopic, AUTHORIZATION_USED_TOPIC, TRANSFER_TOPIC } from '@paysight/tools';
import { encodeAbiParameters, getAddress, type Address, type Hex } from 'viem';

/** One USDC payment of a synthetic history. */
export interface SyntheticPayment {
  from: Address;
  to: Address;
  /** Micro-USDC. */
  amount: bigint;
  block: bigint;
  /** Made by an EIP-3009 authorization: an AuthorizationUsed log of the payer in the same transaction. */
  byAuthorization?: boolean;
}

export interface SyntheticPaymentsSource extends ChainSource {
  /** Every query the source answered, to check what a tool read. */
  readonly queries: { logs: LogQuery[]; blocks: bigint[] };
}

const hex32 = (n: number | bigint): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const matches = (topic: Hex | undefined, wanted: Hex | Hex[] | null | undefined) => wanted === null || wanted === undefined || (Array.isArray(wanted) ? wanted.includes(topic!) : wanted === topic);

/**
 * An in-memory chain with the USDC Transfer and AuthorizationUsed logs of some payments, block
 * headers timed by `timeOf`, and a head block: for unit tests and benchmarks of tools that read
 * payment logs, where the devnet holds too few. Answers only what those tools ask
 * (getBlockNumber, getBlock, getLogs, coverage); anything else throws.
 */
export function syntheticPaymentsSource(chain: ChainName, head: bigint, timeOf: (block: bigint) => number, payments: readonly SyntheticPayment[]): SyntheticPaymentsSource {
  const usdc = getAddress(CHAINS[chain].usdc);
  const logs: LogRecord[] = payments.flatMap((p, i) => {
    const transactionHash = hex32(i + 1);
    const transfer: LogRecord = { address: usdc, topics: [TRANSFER_TOPIC, addressTopic(p.from), addressTopic(p.to)], data: encodeAbiParameters([{ type: 'uint256' }], [p.amount]), blockNumber: p.block, transactionHash, logIndex: 1 };
    const used: LogRecord = { address: usdc, topics: [AUTHORIZATION_USED_TOPIC, addressTopic(p.from), hex32(BigInt(i) + 2n ** 200n)], data: '0x', blockNumber: p.block, transactionHash, logIndex: 0 };
    return p.byAuthorization ? [used, transfer] : [transfer];
  });
  const queries = { logs: [] as LogQuery[], blocks: [] as bigint[] };
  const unsupported = (name: string) => () => Promise.reject(new Error(`syntheticPaymentsSource does not answer ${name}`));
  return {
    queries,
    chains: () => [chain],
    coverage: () => ({ dataSourceStatus: 'Demo', notes: ['Synthetic payments for a test.'] }),
    getBlockNumber: () => Promise.resolve(head),
    getBlock: (_chain, block) => {
      if (typeof block !== 'bigint') return Promise.resolve(null);
      queries.blocks.push(block);
      const header: BlockHeader = { number: block, hash: hex32(block), timestamp: BigInt(timeOf(block)), baseFeePerGas: null };
      return Promise.resolve(block <= head ? header : null);
    },
    getLogs: (_chain, query) => {
      queries.logs.push(query);
      const addresses = query.address === undefined ? null : (Array.isArray(query.address) ? query.address : [query.address]).map((a) => a.toLowerCase());
      return Promise.resolve(
        logs.filter(
          (log) =>
            log.blockNumber >= query.fromBlock &&
            log.blockNumber <= query.toBlock &&
            (!addresses || addresses.includes(log.address.toLowerCase())) &&
            query.topics.every((wanted, i) => matches(log.topics[i], wanted)),
        ),
      );
    },
    getTransaction: unsupported('getTransaction'),
    getTransactionReceipt: unsupported('getTransactionReceipt'),
    getCode: unsupported('getCode'),
    getTransactionCount: unsupported('getTransactionCount'),
    getStorageAt: unsupported('getStorageAt'),
    readContracts: unsupported('readContracts'),
    getAddressHistory: unsupported('getAddressHistory'),
    getCallFrames: unsupported('getCallFrames'),
    call: unsupported('call'),
  };
}
