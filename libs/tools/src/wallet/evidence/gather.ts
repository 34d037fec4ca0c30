import type { AddressHistory, ChainName, ChainSource, WalletRequest } from '@paysight/contracts';
import { erc20Abi, getAddress, type Address, type Hex } from 'viem';
import { fanOutTransfers, mainFunder } from '../../risk/detectors/funding-concentration.js';
import { latestControlEvent } from '../../risk/subject.js';
import { SANCTIONS_ORACLES } from '@paysight/datasets';
import { activityWindow, type BlockWindow } from '../../shared/activity-window.js';
import { classifyAccountCode, minimalProxyTarget, type AccountCode } from '../../shared/account-code.js';
import { ReadPlan } from '../../shared/read-plan.js';
import type { ProgressReporter, ToolPorts } from '../../tool-module.js';
import { latestBlock, planWalletReads, readWalletActivity, resolveWalletReads } from '../snapshot/gather.js';
import {
  approvalOrigin,
  approvalSearchRange,
  contractsOwnerUsed,
  latestApprovals,
  olderApprovalCalls,
  planApprovalReads,
  readApprovalLogs,
  readApprovalReceipts,
  readSpenderCode,
  resolveApprovalStates,
  type ApprovalTransaction,
} from './approvals.js';
import { EVIDENCE_LIMITS, type ContractFacts, type FunderEvidence, type SanctionsOracleReading, type TokenMetadata, type WalletEvidence } from './data.js';
import {
  ADMIN_CHANGED_TOPIC,
  BEACON_UPGRADED_TOPIC,
  CONTROL_ABI,
  CONTROL_GETTERS,
  EIP1967_SLOTS,
  OWNERSHIP_TRANSFERRED_TOPIC,
  SANCTIONS_ORACLE_ABI,
  UPGRADED_TOPIC,
} from './events.js';
import { collectMovements, rankCounterparties, type Movement } from './movements.js';

const lower = (a: string) => a.toLowerCase();
const uniqueAddresses = (list: readonly (Address | null | undefined)[]) => [...new Map(list.flatMap((a) => (a ? [[lower(a), a] as const] : []))).values()];

/**
 * Reads everything the risk engine needs about one wallet, batched and bounded:
 * 1. the head block; 2. in parallel the snapshot's account state and token logs, the indexed history,
 * the owner-topic approval log search (APPROVAL_SEARCH) and the sanctions oracle's code; 3. in parallel the receipts of older
 * approvals, the senders of outgoing transfers, the code of the main counterparties and of the delegate,
 * block timestamps, the funder's history (deep) and the contract's control events; 4. one Multicall3
 * round trip holding the snapshot's balances, live allowances, token metadata, sanctions-oracle checks and
 * control getters, beside the spenders' code and the fan-out recipients' nonces.
 */
export async function gatherWalletEvidence(input: WalletRequest, { chain: source }: ToolPorts, progress: ProgressReporter = () => undefined): Promise<WalletEvidence> {
  const { chain, address, depth } = input;
  const limits = EVIDENCE_LIMITS[depth];
  const limitations: string[] = [];
  const cut = (what: string, total: number, kept: number) => {
    if (total > kept) limitations.push(`${what}: ${kept} of ${total} were read (bound for ${depth} depth).`);
  };

  const head = await latestBlock(source, chain);
  const window = activityWindow(chain, depth, head.number);
  const oracle = SANCTIONS_ORACLES.onChain(chain)[0] ?? null;
  const approvalSearch = approvalSearchRange(chain, depth, head.number);
  const [{ sampling, ...activity }, history, searchedApprovals, oracleCode] = await Promise.all([
    readWalletActivity(source, chain, address, depth, head.number),
    source.getAddressHistory(chain, { address, toBlock: head.number, limit: limits.history }),
    readApprovalLogs(source, chain, address, approvalSearch),
    oracle ? source.getCode(chain, oracle.address, head.number) : null,
  ]);
  progress('wallet activity, indexed history and approvals read');
  limitations.push(...sampling);
  const indexed = history.status === 'ok' ? history.history : null;
  if (history.status === 'unavailable') {
    limitations.push(`No indexed history (${history.reason}): native and internal transfers and activity before block ${window.fromBlock} are not seen.`);
  } else if (!history.history.complete) {
    limitations.push(`The indexed history holds the newest ${limits.history} entries per list; older activity is not seen.`);
  }

  const account = classifyAccountCode(activity.code);
  const preliminary = collectMovements({ wallet: address, history: indexed, transfers: activity.transfers, blockTimestamps: {} });
  const ranked = rankCounterparties(address, preliminary, indexed);

  const olderCalls = indexed ? olderApprovalCalls(address, indexed.transactions, approvalSearch.fromBlock) : [];
  cut('Approve calls older than the approval log search', olderCalls.length, limits.approvalReceipts);
  const approvalCandidates = latestApprovals(searchedApprovals).filter((e) => e.value > 0n).slice(0, limits.allowances);
  // Who sent each candidate's transaction (its origin): the indexer lists the wallet's own; permits and spoofs others sent are looked up.
  const indexedHashes = new Set(indexed?.transactions.map((t) => lower(t.hash)) ?? []);
  const approvalLookups = [...new Set(approvalCandidates.map((e) => lower(e.transactionHash) as Hex))].filter((h) => !indexedHashes.has(h));
  const senderHashes = senderLookups(preliminary, indexed);
  cut('Transactions of others looked up for their sender', senderHashes.length, limits.senderLookups);
  const typeHashes = account.kind === 'delegated_eoa' && indexed ? delegationCandidates(indexed) : [];
  cut('Transactions of the delegated account looked up for their type', typeHashes.length, limits.delegationLookups);
  const lookups = [...new Set([...senderHashes.slice(0, limits.senderLookups), ...typeHashes.slice(0, limits.delegationLookups)])];
  const codeTargets = uniqueAddresses([account.delegatedTo, ...ranked.slice(0, limits.counterpartyCode).map((r) => r.address)]);
  cut('Counterparties whose code was read', ranked.length, limits.counterpartyCode);
  const timestampBlocks = blocksWithoutTime(preliminary, approvalCandidates.map((a) => a.blockNumber));
  cut('Blocks read for timestamps of log-only activity', timestampBlocks.length, limits.blockTimestamps);
  const created = indexed ? createdContracts(address, indexed, limits.createdContracts, cut) : [];
  const funderAddress = depth === 'deep' ? mainFunder(address, preliminary)?.address ?? null : null;

  const [olderApprovals, approvalTransactions, parties, codes, blockTimestamps, funderHistory, controlLogs, createdCodes] = await Promise.all([
    readApprovalReceipts(source, chain, address, olderCalls.slice(0, limits.approvalReceipts)),
    Promise.all(approvalLookups.map((hash) => source.getTransaction(chain, hash))),
    Promise.all(lookups.map((hash) => source.getTransaction(chain, hash))),
    readCodes(source, chain, codeTargets, head.number),
    Promise.all(timestampBlocks.slice(0, limits.blockTimestamps).map((n) => source.getBlock(chain, n))),
    funderAddress ? source.getAddressHistory(chain, { address: funderAddress, toBlock: head.number, limit: limits.funderHistory }) : null,
    account.kind === 'contract' ? readControlLogs(source, chain, address, window) : [],
    readCodes(source, chain, created.map((c) => c.address), head.number),
  ]);
  progress('counterparties, older approvals and block times read');
  const approvalEvents = [...searchedApprovals, ...olderApprovals];
  const approvalTxs = new Map<string, ApprovalTransaction>([
    ...(indexed?.transactions ?? []).map((t) => [lower(t.hash), { from: t.from, to: t.to, selector: t.selector }] as const),
    ...approvalTransactions.flatMap((t) => (t ? [[lower(t.hash), { from: t.from, to: t.to, selector: t.input.length >= 10 ? t.input.slice(0, 10) : null }] as const] : [])),
  ]);
  const timestamps: Record<string, string> = Object.fromEntries(blockTimestamps.flatMap((h) => (h ? [[h.number.toString(), h.timestamp.toString()]] : [])));
  const transactionParties: WalletEvidence['transactionParties'] = {};
  for (const tx of indexed?.transactions ?? []) transactionParties[lower(tx.hash)] = { from: tx.from, to: tx.to, type: null };
  for (const tx of parties) if (tx) transactionParties[lower(tx.hash)] = { from: tx.from, to: tx.to, type: tx.type };

  // One Multicall3 round trip: the snapshot's reads, allowances, token metadata, sanctions checks, control getters.
  const plan = new ReadPlan();
  const walletReads = planWalletReads(plan, chain, address, activity.transfers);
  const live = latestApprovals(approvalEvents).filter((e) => e.value > 0n);
  cut('Approvals whose live state was read', live.length, limits.allowances);
  const approvalReads = planApprovalReads(plan, address, live.slice(0, limits.allowances));
  const readTokens = new Set(walletReads.tokens.map((t) => lower(t.address)));
  const unreadTokens = uniqueAddresses([...(indexed?.tokenTransfers.map((t) => t.token) ?? []), ...approvalEvents.filter((e) => e.kind === 'erc20' || e.kind === 'permit2').map((e) => e.token)]).filter(
    (t) => !readTokens.has(lower(t)),
  );
  cut('Tokens outside the window whose metadata was read', unreadTokens.length, limits.tokenMetadata);
  const metadataReads = unreadTokens.slice(0, limits.tokenMetadata).map((token) => ({
    token,
    symbol: plan.add({ address: token, abi: erc20Abi, functionName: 'symbol' }),
    name: plan.add({ address: token, abi: erc20Abi, functionName: 'name' }),
    decimals: plan.add({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  }));
  const oracleDeployed = oracle !== null && oracleCode !== null && oracleCode !== '0x';
  const spenders = uniqueAddresses(live.slice(0, limits.allowances).map((e) => e.spender));
  // The code a proxy runs, where known before this round trip (a clone's target, the latest upgrade events); implementation() is read in it.
  const codeSources = account.kind === 'contract' ? [minimalProxyTarget(activity.code), latestControlEvent(controlLogs, 'Upgraded')?.value, latestControlEvent(controlLogs, 'BeaconUpgraded')?.value] : [];
  const sanctionTargets = uniqueAddresses([address, ...codeSources, funderAddress, account.delegatedTo, ...spenders, ...ranked.map((r) => r.address)]);
  if (oracleDeployed) cut('Addresses checked with the sanctions oracle', sanctionTargets.length, limits.sanctionsChecks);
  const sanctionReads = oracleDeployed
    ? sanctionTargets.slice(0, limits.sanctionsChecks).map((target) => ({ target, handle: plan.add({ address: oracle.address, abi: SANCTIONS_ORACLE_ABI, functionName: 'isSanctioned', args: [target] }) }))
    : [];
  const contractTargets: { address: Address; role: ContractFacts['role']; creationTransaction: Hex | null; code: Hex }[] = [
    ...(account.kind === 'contract' ? [{ address, role: 'self' as const, creationTransaction: indexed?.transactions.find((t) => t.contractCreated && lower(t.contractCreated) === lower(address))?.hash ?? null, code: activity.code }] : []),
    ...created.map((c, i) => ({ address: c.address, role: 'created' as const, creationTransaction: c.hash, code: createdCodes[i]!.code })),
  ];
  const controlReads = contractTargets.map((target) => ({
    target,
    handles: CONTROL_GETTERS.map((functionName) => [functionName, plan.add({ address: target.address, abi: CONTROL_ABI, functionName })] as const),
  }));

  cut('Approval spenders whose code was read', spenders.length, limits.spenderCode);
  // Approvals someone else sent without a direct permit call: their call frames may show a wrapped permit.
  const ownerContracts = contractsOwnerUsed(address, indexed?.transactions ?? [], approvalEvents, approvalTxs);
  const traced = [...new Set(approvalReads.map((r) => r.event).filter((e) => ['third_party', 'unattributed'].includes(approvalOrigin(e, address, approvalTxs.get(lower(e.transactionHash)) ?? null, ownerContracts))).map((e) => lower(e.transactionHash) as Hex))];
  const funderRecipients = funderHistory?.status === 'ok' ? fanOutRecipients(address, funderAddress!, funderHistory.history, preliminary) : [];
  cut('Fan-out recipients whose transaction count was read', funderRecipients.length, limits.fanoutRecipients);
  const [, spenderCode, recipientNonces, approvalFrames] = await Promise.all([
    plan.execute(source, chain, head.number),
    readSpenderCode(source, chain, spenders.slice(0, limits.spenderCode), head.number),
    Promise.all(funderRecipients.slice(0, limits.fanoutRecipients).map(async (r) => [lower(r), await source.getTransactionCount(chain, r, head.number)] as const)),
    Promise.all(traced.map(async (hash) => [hash, await source.getCallFrames(chain, hash)] as const)).then((entries) => new Map(entries)),
  ]);
  progress('balances, allowances and sanctions checks read in one Multicall3 round trip');

  const accounts: Record<string, AccountCode> = Object.fromEntries([...codes, ...spenderCode.codes, ...createdCodes].map((c) => [lower(c.address), classifyAccountCode(c.code)]));
  const approvalStates = resolveApprovalStates(plan, address, approvalReads, (event) => {
    const hash = lower(event.transactionHash);
    return approvalOrigin(event, address, approvalTxs.get(hash) ?? null, ownerContracts, approvalFrames.get(hash as Hex) ?? null);
  });
  const tokenMetadata: Record<string, TokenMetadata> = Object.fromEntries(
    metadataReads.map((r) => {
      const decimals = plan.value<number | bigint>(r.decimals);
      return [lower(r.token), { symbol: plan.value<string>(r.symbol), name: plan.value<string>(r.name), decimals: decimals === null ? null : Number(decimals) }];
    }),
  );
  const sanctionsOracle: SanctionsOracleReading | null = oracle
    ? {
        address: oracle.address,
        deployed: oracleDeployed,
        checked: sanctionReads.map((r) => r.target),
        listed: sanctionReads.filter((r) => plan.value<boolean>(r.handle) === true).map((r) => r.target),
        failed: sanctionReads.filter((r) => plan.result(r.handle).status === 'failure').map((r) => r.target),
      }
    : null;
  if (sanctionsOracle && !sanctionsOracle.deployed) limitations.push(`The sanctions oracle ${oracle!.address} has no code on this chain; only the shipped SDN snapshot was consulted.`);
  if (sanctionsOracle?.failed.length) limitations.push(`The sanctions oracle did not answer for ${sanctionsOracle.failed.length} address(es).`);
  const contracts: ContractFacts[] = controlReads.map(({ target, handles }) => ({
    address: target.address,
    role: target.role,
    creationTransaction: target.creationTransaction,
    code: classifyAccountCode(target.code),
    eip1967Slots: (Object.keys(EIP1967_SLOTS) as (keyof typeof EIP1967_SLOTS)[]).filter((slot) => target.code.toLowerCase().includes(EIP1967_SLOTS[slot])),
    reads: Object.fromEntries(handles.flatMap(([name, handle]) => {
      const value = plan.value<unknown>(handle);
      return value === null ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)]];
    })),
    controlEvents: target.role === 'self' ? controlLogs : [],
  }));
  const funder: FunderEvidence | null = funderAddress && funderHistory ? { address: funderAddress, history: funderHistory, recipientNonces: Object.fromEntries(recipientNonces) } : null;

  return {
    chain,
    address,
    depth,
    snapshot: {
      chain,
      address,
      coverage: source.coverage(chain),
      head: { number: head.number, timestamp: head.timestamp },
      ...activity,
      ...resolveWalletReads(plan, address, walletReads),
      blockTimestamps: timestamps,
    },
    history,
    approvals: { events: approvalEvents, states: approvalStates, search: approvalSearch, spenders: spenderCode.facts },
    tokenMetadata,
    accounts,
    transactionParties,
    blockTimestamps: timestamps,
    sanctionsOracle,
    funder,
    contracts,
    limitations,
  };
}

async function readCodes(source: ChainSource, chain: ChainName, addresses: readonly Address[], block: bigint): Promise<{ address: Address; code: Hex }[]> {
  return Promise.all(addresses.map(async (address) => ({ address, code: await source.getCode(chain, address, block) })));
}

/**
 * Transactions behind the wallet's movements that the indexer did not list (someone else sent them):
 * zero-value transfers out first (poisoning), then internal transfers (mixer withdrawals, sweeps), then
 * other outgoing token transfers, newest first within each group.
 */
function senderLookups(movements: readonly Movement[], indexed: AddressHistory | null): Hex[] {
  const known = new Set(indexed?.transactions.map((t) => lower(t.hash)) ?? []);
  const unknown = movements.filter((m) => !known.has(lower(m.transactionHash)));
  const zeroOut = unknown.filter((m) => m.direction === 'out' && m.logIndex !== null && m.amount === 0n);
  const internal = unknown.filter((m) => m.kind === 'internal');
  const tokenOut = unknown.filter((m) => m.direction === 'out' && m.logIndex !== null && m.amount !== 0n);
  return [...new Set([...zeroOut, ...internal, ...tokenOut].map((m) => m.transactionHash))];
}

/** The delegated account's transactions whose type may be EIP-7702 (type 4): calls without value first, then the newest. */
function delegationCandidates(indexed: AddressHistory): Hex[] {
  const ordered = [...indexed.transactions.filter((t) => t.value === 0n), ...indexed.transactions.filter((t) => t.value !== 0n)];
  return [...new Set(ordered.map((t) => t.hash))];
}

/** Blocks of movements and approvals that have no indexer timestamp, newest first. */
function blocksWithoutTime(movements: readonly Movement[], approvalBlocks: readonly bigint[]): bigint[] {
  const blocks = new Set<bigint>([...movements.filter((m) => m.timestamp === null).map((m) => m.blockNumber), ...approvalBlocks]);
  return [...blocks].sort((a, b) => (a === b ? 0 : a > b ? -1 : 1));
}

function createdContracts(wallet: Address, indexed: AddressHistory, limit: number, cut: (what: string, total: number, kept: number) => void): { address: Address; hash: Hex }[] {
  const all = indexed.transactions.filter((t) => t.contractCreated && t.status === 'success' && lower(t.from) === lower(wallet)).map((t) => ({ address: t.contractCreated!, hash: t.hash }));
  cut('Contracts created by the wallet that were examined', all.length, limit);
  return all.slice(0, limit);
}

async function readControlLogs(source: ChainSource, chain: ChainName, contract: Address, window: BlockWindow): Promise<ContractFacts['controlEvents']> {
  const names = { [UPGRADED_TOPIC]: 'Upgraded', [ADMIN_CHANGED_TOPIC]: 'AdminChanged', [BEACON_UPGRADED_TOPIC]: 'BeaconUpgraded', [OWNERSHIP_TRANSFERRED_TOPIC]: 'OwnershipTransferred' } as const;
  const logs = await source.getLogs(chain, { address: contract, fromBlock: window.fromBlock, toBlock: window.toBlock, topics: [Object.keys(names) as Hex[]] });
  return logs.flatMap((log) => {
    const event = names[log.topics[0] as keyof typeof names];
    // Upgraded/BeaconUpgraded index the address; OwnershipTransferred indexes the new owner second; AdminChanged carries both in data.
    const word = event === 'AdminChanged' ? `0x${log.data.slice(2 + 64, 2 + 128)}` : event === 'OwnershipTransferred' ? log.topics[2] : log.topics[1];
    if (!event || !word || word.length < 42) return [];
    return [{ event, transactionHash: log.transactionHash, blockNumber: log.blockNumber, logIndex: log.logIndex, value: getAddress(`0x${word.slice(-40)}`) }];
  });
}

/** Recipients of the funder's transfers that look like the wallet's funding (the fan-out check's candidates). */
function fanOutRecipients(wallet: Address, funder: Address, funderHistory: AddressHistory, movements: readonly Movement[]): Address[] {
  const funding = mainFunder(wallet, movements);
  if (!funding || lower(funding.address) !== lower(funder)) return [];
  return uniqueAddresses(fanOutTransfers(wallet, funderHistory, funding.fundings).map((t) => t.to));
}

