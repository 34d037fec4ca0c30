import { CHAINS, isChainName, type DecodedArgument, type TxDecodeResult } from '@paysight/contracts';
import { zeroAddress } from 'viem';

type Result = TxDecodeResult;

/** How many items of a list a sentence names before it says "and N more". */
const LISTED = { arguments: 4, transfers: 4, internalTransfers: 3, nestedCalls: 3 } as const;

/** 0x1234…abcd: enough to recognise an address in a sentence; the full form is in the fields. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

function shortValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (value !== null && typeof value === 'object') return '{…}';
  const text = String(value);
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return shortAddress(text);
  if (/^0x[0-9a-fA-F]*$/.test(text) && text.length > 20) return `${text.slice(0, 10)}…(${(text.length - 2) / 2} bytes)`;
  if (typeof value === 'string' && !/^-?\d+$/.test(text)) return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  return text;
}

function callText(method: NonNullable<Result['method']>): string {
  if (!method.name) return `an unknown method (selector ${method.selector ?? 'none'})`;
  if (!method.arguments.length) return method.signature?.endsWith('()') ? `${method.name}()` : `${method.name}(…)`;
  const shown = method.arguments.slice(0, LISTED.arguments).map((a: DecodedArgument) => shortValue(a.value));
  return `${method.name}(${shown.join(', ')}${method.arguments.length > LISTED.arguments ? ', …' : ''})`;
}

function targetText(result: Result): string {
  const to = result.to!;
  const { targetName, proxyImplementation, targetAccountType, delegatedTo } = result.interaction;
  const named = targetName ? `${targetName} at ${shortAddress(to)}` : shortAddress(to);
  if (proxyImplementation) return `${named}, a proxy that delegated to ${shortAddress(proxyImplementation)}`;
  if (targetAccountType === 'delegated_eoa' && delegatedTo) return `${named}, an account delegated to ${shortAddress(delegatedTo)} (EIP-7702)`;
  if (targetAccountType === 'eoa' && result.method) return `${named}, an address without code`;
  return named;
}

function money(amount: { formatted: string | null; raw: string; symbol: string | null }): string {
  return `${amount.formatted ?? amount.raw} ${amount.symbol ?? 'units'}`;
}

function actionText(result: Result): string {
  const from = shortAddress(result.from!);
  const value = result.value && result.value.raw !== '0' ? money(result.value) : null;
  if (result.interaction.kind === 'contract_creation') {
    if (result.contractCreated) return `${from} deployed a contract at ${shortAddress(result.contractCreated)}`;
    return result.status === 'pending' ? `${from} is deploying a contract` : `${from} tried to deploy a contract`;
  }
  if (result.interaction.kind === 'unknown') return `${from} sent a transaction to ${targetText(result)}`;
  if (!result.method) return `${from} sent ${value ?? `nothing (0 ${result.value?.symbol ?? 'coin'})`} to ${targetText(result)}`;
  return `${from} called ${callText(result.method)} on ${targetText(result)}${value ? `, sending ${value}` : ''}`;
}

function revertText(revert: NonNullable<Result['revert']>): string {
  switch (revert.kind) {
    case 'reason':
      return `with "${revert.reason}"`;
    case 'panic':
      return `with ${revert.reason}`;
    case 'custom_error':
      return `with ${revert.errorName}(${revert.arguments.map((a) => shortValue(a.value)).join(', ')})`;
    case 'unknown_error':
      return `with error data the data set does not know (${revert.data?.slice(0, 10)})`;
    case 'no_data':
      return 'without a reason';
    case 'not_reproduced':
      return 'for a reason the replay could not reproduce';
    case 'unavailable':
      return 'for a reason that could not be read';
  }
}

function outcomeText(result: Result): string {
  if (result.status === 'pending') return 'it is pending: the node knows it, but it is not in a block yet, so no fee has been charged.';
  const fee = result.fee ? money(result.fee.total) : 'an unknown fee';
  if (result.status === 'success') return `it succeeded and cost ${fee}.`;
  const outOfGas = result.fee && result.fee.gasLimit === result.fee.gasUsed ? ' It used its whole gas limit, so it most likely ran out of gas.' : '';
  return `it reverted ${revertText(result.revert!)} and still cost ${fee}.${outOfGas}`;
}

function transferItem(t: Result['tokenTransfers'][number]): string {
  const what = t.standard === 'erc20' ? money(t.amount) : `${t.standard === 'erc1155' ? `${t.amount.raw} × ` : ''}${t.symbol ?? 'NFT'} #${t.tokenId}`;
  if (t.from === zeroAddress) return `minted ${what} to ${shortAddress(t.to)}`;
  if (t.to === zeroAddress) return `burned ${what} from ${shortAddress(t.from)}`;
  return `moved ${what} from ${shortAddress(t.from)} to ${shortAddress(t.to)}`;
}

function nestedItem(call: Result['nestedCalls'][number]): string {
  if (call.command) return call.command.name ?? `router command ${call.command.byte}`;
  const what = call.method ? (call.method.name ?? `selector ${call.method.selector}`) : 'a plain transfer';
  const where = call.to ? shortAddress(call.to) : 'an unknown address';
  if (call.operation === 'user_operation') return `a user operation of ${where} (${what})`;
  return `${what} on ${where}`;
}

function listText(items: string[], limit: number, noun: string): string {
  const shown = items.slice(0, limit).join('; ');
  return items.length > limit ? `${shown}; and ${items.length - limit} more ${noun}` : shown;
}

/** The plain-language summary: who did what to whom, how it ended, what it cost and what it moved. */
export function describeTransaction(result: Result): string {
  const chainName = isChainName(result.chain) ? CHAINS[result.chain].displayName : result.chain;
  if (result.status === 'not_found') return `The ${chainName} node does not know transaction ${result.transactionHash}; it may be on another chain, dropped, or never broadcast.`;
  const sentences = [`${actionText(result)}; ${outcomeText(result)}`];
  if (result.tokenTransfers.length) sentences.push(`It ${listText(result.tokenTransfers.map(transferItem), LISTED.transfers, 'token transfers')}.`);
  const carried = result.nestedCalls.filter((c) => c.depth === 1);
  if (carried.length) {
    sentences.push(`It carried ${carried.length} call${carried.length === 1 ? '' : 's'}: ${listText(carried.map(nestedItem), LISTED.nestedCalls, 'calls')}.`);
  }
  const valueCalls = result.internalCalls.calls.filter((c) => c.value.raw !== '0' && !c.reverted && c.to);
  if (valueCalls.length) {
    const items = valueCalls.map((c) => `${shortAddress(c.from)} sent ${money(c.value)} to ${shortAddress(c.to!)}`);
    sentences.push(`Inside it, ${listText(items, LISTED.internalTransfers, 'internal transfers')}.`);
  }
  return sentences.join(' ');
}
