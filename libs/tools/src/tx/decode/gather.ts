import type { CallFrame, ChainName, ChainSource, LogRecord, TransactionRequest } from '@paysight/contracts';
import { getAddress, type Address } from 'viem';
import { erc20Abi } from 'viem';
import { INTERFACE_IDS, type ContractProbe } from '../../decoding/known-contracts.js';
import { ReadPlan } from '../../shared/read-plan.js';
import type { ToolPorts } from '../../tool-module.js';
import type { ReplayReading, TraceReading, TxDecodeData } from './data.js';

/** Bounds on what one decode reads, so a transaction touching hundreds of contracts stays one modest call. */
export const DECODE_LIMITS = { probedContracts: 25, internalCalls: 100, tokenTransfers: 200, events: 200 } as const;

const ERC165_ABI = [
  { type: 'function', name: 'supportsInterface', stateMutability: 'view', inputs: [{ name: 'interfaceId', type: 'bytes4' }], outputs: [{ type: 'bool' }] },
] as const;

async function readTrace(source: ChainSource, chain: ChainName, hash: TransactionRequest['transactionHash']): Promise<TraceReading> {
  try {
    const frames = await source.getCallFrames(chain, hash);
    return frames ? { status: 'ok', frames } : { status: 'not_offered' };
  } catch {
    return { status: 'failed' };
  }
}

/** Replays a reverted call on the state before its block, with the same sender, recipient, value and input. */
async function replayRevert(source: ChainSource, chain: ChainName, data: { to: Address | null; from: Address; value: bigint; input: `0x${string}`; block: bigint }): Promise<ReplayReading> {
  if (!data.to) return { status: 'not_possible', reason: 'A failed contract creation cannot be replayed with eth_call, which needs a recipient.' };
  try {
    const result = await source.call(chain, { from: data.from, to: data.to, value: data.value, data: data.input, blockNumber: data.block > 0n ? data.block - 1n : 0n });
    return { status: 'ok', result };
  } catch {
    return { status: 'failed' };
  }
}

/** The recipient (when it has code), then every log emitter, then every called contract, each once. */
function contractsToProbe(target: Address | null, targetHasCode: boolean, logs: readonly LogRecord[], frames: readonly CallFrame[]): Address[] {
  const candidates = [
    ...(target && targetHasCode ? [target] : []),
    ...logs.map((log) => log.address),
    ...frames.filter((f) => f.depth > 0 && f.to && f.input.length >= 10).map((f) => f.to!),
  ];
  const seen = new Set<string>();
  return candidates.flatMap((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    return [getAddress(address)];
  });
}

async function probeContracts(source: ChainSource, chain: ChainName, addresses: readonly Address[]): Promise<ContractProbe[]> {
  const plan = new ReadPlan();
  const handles = addresses.map((address) => ({
    address,
    name: plan.add({ address, abi: erc20Abi, functionName: 'name' }),
    symbol: plan.add({ address, abi: erc20Abi, functionName: 'symbol' }),
    decimals: plan.add({ address, abi: erc20Abi, functionName: 'decimals' }),
    erc721: plan.add({ address, abi: ERC165_ABI, functionName: 'supportsInterface', args: [INTERFACE_IDS.erc721] }),
    erc1155: plan.add({ address, abi: ERC165_ABI, functionName: 'supportsInterface', args: [INTERFACE_IDS.erc1155] }),
  }));
  await plan.execute(source, chain);
  return handles.map((h) => {
    const decimals = plan.value<number | bigint>(h.decimals);
    return {
      address: h.address,
      name: plan.value<string>(h.name),
      symbol: plan.value<string>(h.symbol),
      decimals: decimals === null ? null : Number(decimals),
      erc721: plan.value<boolean>(h.erc721) === true,
      erc1155: plan.value<boolean>(h.erc1155) === true,
    };
  });
}

export async function gatherTxDecode(input: TransactionRequest, { chain: source }: ToolPorts): Promise<TxDecodeData> {
  const { chain, transactionHash: hash } = input;
  const coverage = source.coverage(chain);
  const [transaction, receipt] = await Promise.all([source.getTransaction(chain, hash), source.getTransactionReceipt(chain, hash)]);
  const unknown: TxDecodeData = {
    coverage,
    transaction,
    receipt,
    block: null,
    targetCode: null,
    probes: [],
    unprobed: 0,
    trace: { status: 'not_read' },
    replay: null,
    verifiedAbi: { status: 'not_read' },
  };
  if (!transaction && !receipt) return unknown;

  const to = receipt ? receipt.to : (transaction?.to ?? null);
  const [block, targetCode, trace, replay] = await Promise.all([
    receipt ? source.getBlock(chain, receipt.blockNumber) : null,
    to ? source.getCode(chain, to) : null,
    receipt ? readTrace(source, chain, hash) : ({ status: 'not_read' } as const),
    receipt?.status === 'reverted' && transaction
      ? replayRevert(source, chain, { to, from: transaction.from, value: transaction.value, input: transaction.input, block: receipt.blockNumber })
      : null,
  ]);

  const frames = trace.status === 'ok' ? trace.frames : [];
  const addresses = contractsToProbe(to, (targetCode?.length ?? 0) > 2, receipt?.logs ?? [], frames);
  const probed = addresses.slice(0, DECODE_LIMITS.probedContracts);
  const targetHasCode = (targetCode?.length ?? 0) > 2;
  const [probes, verifiedAbi] = await Promise.all([
    probed.length ? probeContracts(source, chain, probed) : [],
    to && targetHasCode && source.getVerifiedAbi ? source.getVerifiedAbi(chain, to) : ({ status: 'not_read' } as const),
  ]);
  return { ...unknown, block, targetCode, trace, replay, probes, unprobed: addresses.length - probed.length, verifiedAbi };
}
