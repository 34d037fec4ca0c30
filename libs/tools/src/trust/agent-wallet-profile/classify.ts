import { EIP7702_SMART_ACCOUNTS, type DatasetEntry } from '@paysight/datasets';
import type { Address, Hex } from 'viem';
import { findSweeps, type Sweep } from '../../risk/detectors/eip7702-delegation.js';
import { addressInWord, classifyAccountCode, minimalProxyTarget } from '../../shared/account-code.js';
import { collectMovements } from '../../wallet/evidence/movements.js';
import type { AgentWalletProfileData, SafeReading } from './data.js';

export type ProxyPattern = 'eip1167_minimal_proxy' | 'eip1967' | 'eip1967_beacon' | 'eip1822' | 'safe_proxy';

/** How a proxy forwards its calls, read from its code or its storage. */
export interface Forwarding {
  pattern: ProxyPattern;
  /** Where the logic runs; null when a beacon did not answer. */
  implementation: Address | null;
  beacon: Address | null;
  /** EIP-1967 admin slot; null when unset (a UUPS proxy upgrades through its implementation). */
  admin: Address | null;
  /** Whether the logic can change without the address changing. */
  upgradeable: boolean;
  safe: SafeReading | null;
}

/** What the EIP-7702 delegate is and what it was seen doing. */
export interface DelegateProfile {
  delegate: Address;
  codeSize: number | null;
  known: DatasetEntry | null;
  /** Value moved out in transactions the account did not send; null when the history was not read or is unavailable. */
  sweeps: Sweep[] | null;
  /** Why the history is missing, when it is. */
  historyGap: string | null;
  /** False when the indexer cut older entries. */
  historyComplete: boolean;
}

export type WalletType = 'eoa' | 'contract' | 'proxy_contract' | 'delegated_smart_account' | 'unknown';

export interface WalletProfile {
  walletType: WalletType;
  codeSize: number;
  forwarding: Forwarding | null;
  delegate: DelegateProfile | null;
}

const codeSizeOf = (code: Hex | undefined) => (code === undefined ? null : (code.length - 2) / 2);

export function targetCodeSize(data: AgentWalletProfileData, target: Address | null): number | null {
  return target ? codeSizeOf(data.targetCode[target.toLowerCase()]) : null;
}

/** Safe's proxy keeps its singleton in slot 0 and answers masterCopy() with it; older proxies are known by Safe's getters answering. */
function safeForwarding(data: AgentWalletProfileData, singleton: Address | null): Forwarding | null {
  const safe = data.safe;
  if (!singleton || !safe || !targetCodeSize(data, singleton)) return null;
  const answersMasterCopy = safe.masterCopy !== null && safe.masterCopy.toLowerCase() === singleton.toLowerCase();
  const answersSafeGetters = (safe.owners?.length ?? 0) > 0 && (safe.threshold ?? 0n) >= 1n;
  if (!answersMasterCopy && !answersSafeGetters) return null;
  return { pattern: 'safe_proxy', implementation: singleton, beacon: null, admin: null, upgradeable: true, safe };
}

/** The proxy pattern, checked from the most specific evidence (the code itself) to the least (slot 0). */
export function detectForwarding(data: AgentWalletProfileData): Forwarding | null {
  const clone = minimalProxyTarget(data.code);
  if (clone) return { pattern: 'eip1167_minimal_proxy', implementation: clone, beacon: null, admin: null, upgradeable: false, safe: null };
  const slots = data.slots;
  if (!slots) return null;
  const admin = addressInWord(slots.eip1967_admin);
  const implementation = addressInWord(slots.eip1967_implementation);
  if (implementation) return { pattern: 'eip1967', implementation, beacon: null, admin, upgradeable: true, safe: null };
  const beacon = addressInWord(slots.eip1967_beacon);
  if (beacon) return { pattern: 'eip1967_beacon', implementation: data.beaconImplementation, beacon, admin, upgradeable: true, safe: null };
  const proxiable = addressInWord(slots.eip1822_proxiable);
  if (proxiable) return { pattern: 'eip1822', implementation: proxiable, beacon: null, admin: null, upgradeable: true, safe: null };
  return safeForwarding(data, addressInWord(slots.slot0));
}

function delegateProfile(data: AgentWalletProfileData, delegate: Address): DelegateProfile {
  const base = { delegate, codeSize: targetCodeSize(data, delegate), known: EIP7702_SMART_ACCOUNTS.find(data.chain, delegate) ?? null };
  const history = data.history;
  if (base.known) return { ...base, sweeps: null, historyGap: null, historyComplete: true };
  if (!history) return { ...base, sweeps: null, historyGap: 'the delegation signals were not asked for', historyComplete: false };
  if (history.status === 'unavailable') return { ...base, sweeps: null, historyGap: history.reason, historyComplete: false };
  const { transactions } = history.history;
  const senders = new Map(transactions.map((t) => [t.hash.toLowerCase(), t.from]));
  const movements = collectMovements({ wallet: data.address, history: history.history, transfers: [], blockTimestamps: {} });
  return { ...base, sweeps: findSweeps(movements, data.address, (hash: Hex) => senders.get(hash.toLowerCase()) ?? null), historyGap: null, historyComplete: history.history.complete };
}

/** Code starting 0xef that is not a delegation designator: EOF or a malformed designator, which this tool does not read. */
const isUnreadableEf = (code: Hex) => code.toLowerCase().startsWith('0xef');

export function classifyWallet(data: AgentWalletProfileData): WalletProfile {
  const account = classifyAccountCode(data.code);
  const codeSize = account.size;
  if (account.kind === 'eoa') return { walletType: 'eoa', codeSize, forwarding: null, delegate: null };
  if (account.kind === 'delegated_eoa') return { walletType: 'delegated_smart_account', codeSize, forwarding: null, delegate: delegateProfile(data, account.delegatedTo!) };
  if (isUnreadableEf(data.code)) return { walletType: 'unknown', codeSize, forwarding: null, delegate: null };
  const forwarding = detectForwarding(data);
  return { walletType: forwarding ? 'proxy_contract' : 'contract', codeSize, forwarding, delegate: null };
}
