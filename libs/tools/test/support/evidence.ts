import type { AddressHistory, ExposureFinding, ExposureId, HistoryTokenTransfer, HistoryTransaction, InternalTransfer, RiskFlag, RiskFlagId } from '@paysight/contracts';
import { getAddress, type Address, type Hex } from 'viem';
import type { TokenTransfer } from '../../src/shared/transfers.js';
import type { ApprovalEvent, ContractFacts, WalletEvidence } from '../../src/wallet/evidence/data.js';
import type { WalletSnapshotData } from '../../src/wallet/snapshot/data.js';

/** Constructed evidence for unit tests: one wallet on Ethereum, a head block at NOW. */
export const NOW = 1_800_000_000n;
export const DAY = 86_400n;
export const HEAD = 1_000_000n;

export const addr = (hex: string): Address => getAddress(`0x${hex.padStart(40, '0')}`);
export const WALLET = addr('a11ce00000000000000000000000000000000001');
export const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
export const ago = (days: number, seconds = 0) => NOW - BigInt(days) * DAY + BigInt(seconds);

/** An ERC-20 Approval the wallet's token emitted (override any field; `emitter` follows `token`). */
export function approvalEvent(over: Partial<ApprovalEvent> & Pick<ApprovalEvent, 'token' | 'spender'>): ApprovalEvent {
  return { kind: 'erc20', name: 'Approval', emitter: over.token, value: 2n ** 256n - 1n, tokenId: null, expiration: null, transactionHash: hash(1), blockNumber: 900_000n, logIndex: 2, foundIn: 'logs', ...over };
}

/** The audited contract's own facts (role self): its code shape, getters that answered, control events. */
export function selfContract(over: Partial<ContractFacts> = {}): ContractFacts {
  return { address: WALLET, role: 'self', creationTransaction: null, code: { kind: 'contract', size: 5, delegatedTo: null }, eip1967Slots: [], reads: {}, controlEvents: [], ...over };
}

/** Runtime code of some contract (no proxy pattern). */
export const CONTRACT_CODE = '0x6080604052';

export function tx(over: Partial<HistoryTransaction> & { hash: Hex }): HistoryTransaction {
  return {
    blockNumber: 900_000n,
    timestamp: ago(30),
    from: WALLET,
    to: addr('b0b'),
    value: 0n,
    status: 'success',
    selector: null,
    gasUsed: 21_000n,
    gasPrice: 1_000_000_000n,
    contractCreated: null,
    ...over,
  };
}

export function internal(over: Partial<InternalTransfer> & { transactionHash: Hex }): InternalTransfer {
  return { blockNumber: 900_000n, timestamp: ago(30), from: addr('c0de'), to: WALLET, value: 10n ** 17n, kind: 'call', reverted: false, ...over };
}

export function tokenTransfer(over: Partial<HistoryTokenTransfer> & { transactionHash: Hex }): HistoryTokenTransfer {
  return {
    blockNumber: 900_000n,
    timestamp: ago(30),
    logIndex: 0,
    token: addr('70c'),
    from: addr('b0b'),
    to: WALLET,
    value: 10n ** 18n,
    symbol: 'TKN',
    decimals: 18,
    ...over,
  };
}

export function logTransfer(over: Partial<TokenTransfer> & { transactionHash: Hex }): TokenTransfer {
  return { kind: 'erc20', token: addr('70c'), from: addr('b0b'), to: WALLET, amount: 10n ** 18n, tokenId: null, blockNumber: 900_000n, logIndex: 0, ...over };
}

export function history(over: Partial<AddressHistory> = {}): AddressHistory {
  return { transactions: [], internalTransfers: [], tokenTransfers: [], complete: true, ...over };
}

export function snapshot(over: Partial<WalletSnapshotData> = {}): WalletSnapshotData {
  return {
    chain: 'ethereum',
    address: WALLET,
    coverage: { dataSourceStatus: 'Live', notes: ['test source'] },
    head: { number: HEAD, timestamp: NOW },
    window: { fromBlock: HEAD - 50_000n, toBlock: HEAD, complete: false },
    code: '0x',
    transactionCount: 50,
    nativeBalance: 10n ** 18n,
    transfers: [],
    tokens: [],
    erc721: [],
    erc1155: [],
    blockTimestamps: {},
    truncations: [],
    ...over,
  };
}

export type EvidenceOverrides = Partial<Omit<WalletEvidence, 'snapshot' | 'history'>> & { snapshot?: Partial<WalletSnapshotData>; history?: AddressHistory | null };

export function walletEvidence(over: EvidenceOverrides = {}): WalletEvidence {
  const { snapshot: snap, history: hist, ...rest } = over;
  const indexed = hist === undefined ? history() : hist;
  return {
    chain: 'ethereum',
    address: WALLET,
    depth: 'basic',
    snapshot: snapshot(snap),
    history: indexed ? { status: 'ok', history: indexed } : { status: 'unavailable', reason: 'no explorer in this test' },
    approvals: { events: [], states: [], search: null, spenders: null },
    tokenMetadata: {},
    accounts: {},
    transactionParties: Object.fromEntries((indexed?.transactions ?? []).map((t) => [t.hash.toLowerCase(), { from: t.from, to: t.to, type: null }])),
    blockTimestamps: {},
    sanctionsOracle: null,
    funder: null,
    contracts: [],
    limitations: [],
    ...rest,
  };
}

export function onlyFlag(flags: RiskFlag[], id: RiskFlagId): RiskFlag {
  const matching = flags.filter((f) => f.id === id);
  if (matching.length !== 1) throw new Error(`expected one ${id} flag, got ${flags.map((f) => f.id).join(', ') || 'none'}`);
  return matching[0]!;
}

export function onlyExposure(findings: ExposureFinding[], id: ExposureId): ExposureFinding {
  const matching = findings.filter((f) => f.id === id);
  if (matching.length !== 1) throw new Error(`expected one ${id} exposure, got ${findings.map((f) => f.id).join(', ') || 'none'}`);
  return matching[0]!;
}

export const citedHashes = (flag: Pick<RiskFlag, 'evidence'>) => [...new Set(flag.evidence.flatMap((e) => (e.transactionHash ? [e.transactionHash] : [])))];
