import {
  CHAINS,
  formatUnitsCompact,
  type CallFrame,
  type ChainName,
  type TransactionRequest,
  type TxDecodeResult,
} from '@paysight/contracts';
import { getAddress, type Abi, type Address, type Hex } from 'viem';
import { decodeMethod, type DecodedMethod } from '../../decoding/decode-call.js';
import { decodeKnownEvent } from '../../decoding/decode-events.js';
import { decodeRevertData } from '../../decoding/decode-revert.js';
import { NESTED_LIMITS, unwrapCalls, type NestedCall } from '../../decoding/nested/unwrap.js';
import { recogniseContract, type RecognisedContract } from '../../decoding/known-contracts.js';
import { SELECTOR_INDEX } from '../../decoding/selector-dataset.js';
import { classifyAccountCode } from '../../shared/account-code.js';
import { decodeTransferLog } from '../../shared/transfers.js';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { transactionFee } from '../fee.js';
import type { TxDecodeData } from './data.js';
import { DECODE_LIMITS } from './gather.js';
import { describeTransaction } from './summary.js';

type Result = TxDecodeResult;
type Amount = NonNullable<Result['value']>;

/** Recognised contracts by lower-case address: from the probes, or by address alone for contracts that were not probed. */
class ContractBook {
  private readonly byAddress = new Map<string, RecognisedContract | null>();

  constructor(
    private readonly chain: ChainName,
    data: TxDecodeData,
  ) {
    for (const probe of data.probes) this.byAddress.set(probe.address.toLowerCase(), recogniseContract(chain, probe.address, probe));
  }

  get(address: Address | null): RecognisedContract | null {
    if (!address) return null;
    const key = address.toLowerCase();
    if (!this.byAddress.has(key)) this.byAddress.set(key, recogniseContract(this.chain, getAddress(address)));
    return this.byAddress.get(key) ?? null;
  }
}

function nativeAmount(chain: ChainName, raw: bigint): Amount {
  const { nativeDecimals, nativeSymbol } = CHAINS[chain];
  return { raw: raw.toString(), formatted: formatUnitsCompact(raw, nativeDecimals, nativeDecimals), symbol: nativeSymbol };
}

function tokenAmount(raw: bigint, contract: RecognisedContract | null, fungible: boolean): Amount {
  const decimals = fungible ? (contract?.decimals ?? null) : null;
  return { raw: raw.toString(), formatted: decimals === null ? null : formatUnitsCompact(raw, decimals, decimals), symbol: contract?.symbol ?? null };
}

/** The implementation a proxy recipient forwarded the transaction's own input to, if the frames show one. */
function proxyImplementation(frames: readonly CallFrame[], target: Address | null, input: Hex | undefined): Address | null {
  if (!target || !input) return null;
  const forwarded = frames.find(
    (f) => f.depth === 1 && f.type === 'DELEGATECALL' && f.to && f.from.toLowerCase() === target.toLowerCase() && f.input.toLowerCase() === input.toLowerCase(),
  );
  return forwarded?.to ? getAddress(forwarded.to) : null;
}

function methodFields(method: DecodedMethod): NonNullable<Result['method']> {
  const { argumentsDecoded: _argumentsDecoded, ...fields } = method;
  return fields;
}

function methodLimitations(method: DecodedMethod | null): string[] {
  if (!method?.selector) return [];
  if (method.source === 'none') return [`The selector ${method.selector} is not in the data set and the recipient was not recognised, so the method is not named.`];
  const notes: string[] = [];
  if (!method.argumentsDecoded) notes.push(`The input does not fit ${method.signature}, the data set's signature for ${method.selector}, so its arguments are not decoded.`);
  if (method.alternatives.length) {
    notes.push(`The selector ${method.selector} fits several signatures of the data set; ${method.signature} is shown and the others are listed in method.alternatives.`);
  }
  return notes;
}

/** The recipient's verified ABI, when the explorer gave one. */
function verifiedAbiOf(data: TxDecodeData): Abi | null {
  return data.verifiedAbi.status === 'verified' ? data.verifiedAbi.abi : null;
}

/** The recipient's method: from its verified ABI first, then a recognised interface, then the data set. */
function decodeTargetMethod(input: Hex, target: RecognisedContract | null, verified: Abi | null): DecodedMethod | null {
  const fromVerified = verified ? decodeMethod(input, verified, () => []) : null;
  if (fromVerified?.source === 'contract_abi') return { ...fromVerified, source: 'verified_abi' };
  return decodeMethod(input, target?.abi ?? null);
}

function decodeTargetRevert(revertData: Hex, target: RecognisedContract | null, verified: Abi | null) {
  const fromVerified = verified ? decodeRevertData(revertData, verified) : null;
  if (fromVerified?.source === 'contract_abi') return { ...fromVerified, source: 'verified_abi' as const };
  return decodeRevertData(revertData, target?.abi ?? null);
}

function verifiedAbiNotes(data: TxDecodeData): { notes: string[]; limitations: string[] } {
  switch (data.verifiedAbi.status) {
    case 'verified':
      return { notes: ["The recipient's verified ABI was read from the block explorer and decodes its calls and errors first."], limitations: [] };
    case 'not_verified':
      return { notes: ["The recipient's source is not verified on the block explorer, so no verified ABI was used."], limitations: [] };
    case 'unavailable':
      return { notes: [], limitations: [`No verified ABI was read for the recipient: ${data.verifiedAbi.reason}.`] };
    case 'not_read':
      return { notes: [], limitations: [] };
  }
}

/** The revert data of the transaction's own frame, when the node's trace gives it. */
function tracedRevertData(data: TxDecodeData): Hex | null {
  if (data.trace.status !== 'ok') return null;
  const [top] = data.trace.frames;
  return top?.depth === 0 && top.reverted && top.revertData !== undefined ? top.revertData : null;
}

function decodeRevert(data: TxDecodeData, target: RecognisedContract | null): Result['revert'] {
  if (data.receipt?.status !== 'reverted') return null;
  const traced = tracedRevertData(data);
  if (traced !== null) return { ...decodeTargetRevert(traced, target, verifiedAbiOf(data)), origin: 'trace' };
  const empty = { errorName: null, signature: null, source: 'none' as const, arguments: [], data: null };
  const replay = data.replay;
  if (!replay || replay.status !== 'ok') return { ...empty, kind: 'unavailable', reason: null, origin: null };
  if (replay.result.status === 'success') return { ...empty, kind: 'not_reproduced', reason: null, origin: 'replay' };
  return { ...decodeTargetRevert(replay.result.data, target, verifiedAbiOf(data)), origin: 'replay' };
}

function revertNotes(data: TxDecodeData): { notes: string[]; limitations: string[]; failed: boolean } {
  if (data.receipt?.status !== 'reverted') return { notes: [], limitations: [], failed: false };
  if (tracedRevertData(data) !== null) return { notes: ["The revert reason is the revert data of the transaction's own call in the node's execution trace."], limitations: [], failed: false };
  const block = data.receipt.blockNumber;
  const notes = [`The revert reason comes from replaying the transaction with eth_call on the state after block ${block > 0n ? block - 1n : 0n}; transactions earlier in block ${block} are not replayed first.`];
  const replay = data.replay;
  if (!replay) return { notes, limitations: ['The node returned the receipt but not the transaction, so the revert could not be replayed.'], failed: true };
  if (replay.status === 'failed') return { notes, limitations: ['The node did not answer the replay of the reverted transaction, so the revert reason is missing.'], failed: true };
  if (replay.status === 'not_possible') return { notes, limitations: [replay.reason], failed: false };
  if (replay.result.status === 'success') {
    return { notes, limitations: ['Replayed at the previous block the transaction succeeds: it failed because of state that changed inside its own block (or of its gas limit), which the replay cannot show.'], failed: false };
  }
  return { notes, limitations: [], failed: false };
}

function traceLimitations(data: TxDecodeData, shownCalls: number, totalCalls: number): { limitations: string[]; failed: boolean } {
  switch (data.trace.status) {
    case 'not_offered':
      return { limitations: ['The node offers no execution traces, so internal calls (and native coin moved by contracts) are not listed.'], failed: false };
    case 'failed':
      return { limitations: ['The node failed to return the execution trace, so internal calls are not listed.'], failed: true };
    case 'ok':
      return {
        limitations: totalCalls > shownCalls ? [`The transaction made ${totalCalls} internal calls; the first ${shownCalls} are listed.`] : [],
        failed: false,
      };
    case 'not_read':
      return { limitations: [], failed: false };
  }
}

function nestedCallFields(call: NestedCall, chain: ChainName, book: ContractBook): Result['nestedCalls'][number] {
  const method = call.input && call.input.length > 2 ? decodeMethod(call.input, book.get(call.to)?.abi ?? null) : null;
  const command = call.command;
  return {
    path: call.path,
    depth: call.depth,
    via: call.via,
    operation: call.operation,
    from: call.from,
    to: call.to,
    value: call.value === null ? null : nativeAmount(chain, call.value),
    allowFailure: call.allowFailure,
    method: method ? methodFields(method) : null,
    command: command && {
      byte: `0x${command.byte.toString(16).padStart(2, '0')}`,
      name: command.name,
      allowRevert: command.allowRevert,
      arguments: command.arguments,
      input: command.rawInput,
    },
  };
}

function nestedLimitations(capped: { callsCapped: boolean; depthCapped: boolean }): string[] {
  return [
    ...(capped.callsCapped ? [`The input carries more than ${NESTED_LIMITS.calls} nested calls; the first ${NESTED_LIMITS.calls} (depth first) are listed.`] : []),
    ...(capped.depthCapped ? [`Nested calls deeper than ${NESTED_LIMITS.depth} levels are not opened.`] : []),
  ];
}

function notFound(input: TransactionRequest, data: TxDecodeData): ToolOutput<Result> {
  const chain = CHAINS[input.chain];
  const result: Result = {
    transactionHash: input.transactionHash,
    chain: input.chain,
    status: 'not_found',
    blockNumber: null,
    timestamp: null,
    from: null,
    to: null,
    contractCreated: null,
    value: null,
    fee: null,
    method: null,
    interaction: { kind: 'unknown', targetIsContract: null, targetAccountType: null, targetName: null, recognisedAs: null, proxyImplementation: null, delegatedTo: null },
    tokenTransfers: [],
    internalCalls: { available: false, calls: [] },
    nestedCalls: [],
    events: [],
    revert: null,
    summary: '',
  };
  return {
    result: { ...result, summary: describeTransaction(result) },
    metadata: {
      chain: input.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [...data.coverage.notes],
      limitations: [`The ${chain.displayName} node does not know this hash: it may be on another chain, dropped, or never broadcast.`],
    },
  };
}

export function analyzeTxDecode(input: TransactionRequest, data: TxDecodeData, _context: AnalyzeContext): ToolOutput<Result> {
  const { transaction: tx, receipt } = data;
  if (!tx && !receipt) return notFound(input, data);
  const chain = input.chain;
  const book = new ContractBook(chain, data);

  const to = receipt ? receipt.to : (tx?.to ?? null);
  const from = receipt?.from ?? tx!.from;
  const target = book.get(to);
  const method = tx && to ? decodeTargetMethod(tx.input, target, verifiedAbiOf(data)) : null;
  const account = to && data.targetCode !== null ? classifyAccountCode(data.targetCode) : null;
  const frames = data.trace.status === 'ok' ? data.trace.frames : [];
  const internal = frames.filter((f) => f.depth > 0);
  const shown = internal.slice(0, DECODE_LIMITS.internalCalls);

  const allTransfers = (receipt?.logs ?? []).flatMap(decodeTransferLog);
  const tokenTransfers = allTransfers.slice(0, DECODE_LIMITS.tokenTransfers).map((t) => {
    const token = book.get(t.token);
    return {
      standard: t.kind,
      logIndex: t.logIndex,
      token: t.token,
      symbol: token?.symbol ?? null,
      from: t.from,
      to: t.to,
      amount: tokenAmount(t.amount, token, t.kind === 'erc20'),
      tokenId: t.tokenId === null ? null : t.tokenId.toString(),
    };
  });

  const unwrapped = tx && to ? unwrapCalls({ to, input: tx.input }) : { calls: [], callsCapped: false, depthCapped: false };
  const allEvents = (receipt?.logs ?? []).flatMap((log) => decodeKnownEvent(log) ?? []);
  const events = allEvents.slice(0, DECODE_LIMITS.events).map((e) => ({ ...e, contractName: book.get(e.address)?.label ?? null }));
  const fee = receipt ? transactionFee(chain, receipt) : null;

  const calls = shown.map((f) => {
    const decoded = f.type === 'CREATE' || f.type === 'CREATE2' ? null : decodeMethod(f.input, book.get(f.to)?.abi ?? null);
    return {
      type: f.type,
      from: getAddress(f.from),
      to: f.to ? getAddress(f.to) : null,
      value: nativeAmount(chain, f.value),
      selector: decoded?.selector ?? null,
      method: decoded?.name ?? null,
      signature: decoded?.signature ?? null,
      depth: f.depth,
      reverted: f.reverted,
    };
  });

  const result: Result = {
    transactionHash: input.transactionHash,
    chain,
    status: receipt ? receipt.status : 'pending',
    blockNumber: receipt ? receipt.blockNumber.toString() : null,
    timestamp: data.block ? new Date(Number(data.block.timestamp) * 1000).toISOString() : null,
    from,
    to,
    contractCreated: receipt?.contractAddress ?? null,
    value: tx ? nativeAmount(chain, tx.value) : null,
    fee:
      receipt && fee
        ? {
            gasUsed: receipt.gasUsed.toString(),
            gasLimit: tx ? tx.gas.toString() : null,
            effectiveGasPrice: receipt.effectiveGasPrice.toString(),
            l1DataFee: fee.l1 === null ? null : nativeAmount(chain, fee.l1),
            total: nativeAmount(chain, fee.total),
          }
        : null,
    method: method ? methodFields(method) : null,
    interaction: {
      kind: to === null ? 'contract_creation' : !tx ? 'unknown' : method ? 'contract_call' : 'transfer',
      targetIsContract: account ? account.kind !== 'eoa' : null,
      targetAccountType: account?.kind ?? null,
      targetName: target?.label ?? null,
      recognisedAs: target?.as ?? null,
      proxyImplementation: proxyImplementation(frames, to, tx?.input),
      delegatedTo: account?.delegatedTo ?? null,
    },
    tokenTransfers,
    internalCalls: { available: data.trace.status === 'ok', calls },
    nestedCalls: unwrapped.calls.map((c) => nestedCallFields(c, chain, book)),
    events,
    revert: decodeRevert(data, target),
    summary: '',
  };

  const trace = traceLimitations(data, shown.length, internal.length);
  const revert = revertNotes(data);
  const verified = verifiedAbiNotes(data);
  const limitations = [
    ...(receipt ? [] : ['The transaction is not mined yet: there is no receipt, fee, token transfer or internal call to show.']),
    ...(tx ? [] : ['The node returned the receipt but not the transaction: value, input and gas limit are unknown.']),
    ...methodLimitations(method),
    ...trace.limitations,
    ...revert.limitations,
    ...(allTransfers.length > tokenTransfers.length ? [`The logs hold ${allTransfers.length} token transfers; the first ${tokenTransfers.length} are listed.`] : []),
    ...(allEvents.length > events.length ? [`The logs hold ${allEvents.length} known events besides transfers; the first ${events.length} are listed.`] : []),
    ...nestedLimitations(unwrapped),
    ...(data.unprobed ? [`${data.unprobed} more contracts took part; names and decimals were read for the first ${data.probes.length}.`] : []),
    ...(fee?.limitation ? [fee.limitation] : []),
    ...verified.limitations,
  ];
  const { functions, errors } = SELECTOR_INDEX.counts;
  const dataNotes = [
    ...data.coverage.notes,
    `Methods and errors are named from the recipient's verified ABI where the explorer gave one, from a recognised contract's interface where the contract was recognised, otherwise from Paysight's data set of ${functions} function and ${errors} error signatures.`,
    ...(data.probes.length || data.targetCode !== null ? ['Contract code, token names, symbols and decimals were read at the latest block, not at the transaction\'s block.'] : []),
    ...revert.notes,
    ...verified.notes,
    ...(unwrapped.calls.length ? ['Nested calls are read from the call data as sent; a carried call that was allowed to fail may not have run (see internalCalls for what ran).'] : []),
  ];
  const degraded = trace.failed || revert.failed;
  return {
    result: { ...result, summary: describeTransaction(result) },
    metadata: {
      chain,
      dataSourceStatus: degraded && data.coverage.dataSourceStatus === 'Live' ? 'Partial' : data.coverage.dataSourceStatus,
      dataNotes,
      limitations,
    },
  };
}
