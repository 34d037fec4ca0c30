import type { RiskEvidence, RiskFlagId, SubjectType, SubjectTypeId } from '@paysight/contracts';
import { EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS } from '@paysight/datasets';
import type { Address } from 'viem';
import { classifyAccountCode, minimalProxyTarget } from '../shared/account-code.js';
import type { ActivityView } from '../wallet/evidence/activity-view.js';
import type { ContractFacts, WalletEvidence } from '../wallet/evidence/data.js';
import { sameAddress } from './context.js';

/** A contract called by at least this many distinct senders in the indexed history serves the public: a router or protocol. */
export const ROUTER_MIN_DISTINCT_CALLERS = 20;
/** An EOA is a CEX-like hot wallet when it has sent at least this many transactions (nonce)... */
export const HOT_WALLET_MIN_NONCE = 1_000;
/** ...and, in what was read, received value from at least this many distinct senders... */
export const HOT_WALLET_MIN_DISTINCT_SENDERS = 25;
/** ...and sent value to at least this many distinct recipients. */
export const HOT_WALLET_MIN_DISTINCT_RECIPIENTS = 25;
/** A payout (withdrawal) hot wallet: its own transactions paid at least this many distinct addresses in what was read. */
export const HOT_WALLET_PAYOUT_MIN_RECIPIENTS = 1_000;

/** EIP-1822 (UUPS) PROXIABLE slot, keccak256("PROXIABLE"), as its code embeds it. */
const EIP1822_PROXIABLE_SLOT = 'c5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';

/**
 * Flags that do not apply to a subject type (they are not run): a contract has no "first funding" or
 * sybil siblings, and a token, a router or an exchange's hot wallet moves its customers' money, whose
 * round trips and funding say nothing about the subject itself.
 */
export const SKIPPED_FLAGS: Readonly<Record<SubjectTypeId, readonly RiskFlagId[]>> = {
  eoa: [],
  eip7702_account: [],
  contract: ['fresh_wallet', 'funding_concentration'],
  proxy: ['fresh_wallet', 'funding_concentration'],
  token: ['fresh_wallet', 'funding_concentration', 'wash_trading'],
  router: ['fresh_wallet', 'funding_concentration', 'wash_trading'],
  cex_like_hot_wallet: ['fresh_wallet', 'funding_concentration', 'wash_trading'],
};

/** Subject types whose own code moves value when it is called: what it pays out at a call is its act (or its service). */
const CODE_TYPES: ReadonlySet<SubjectTypeId> = new Set(['contract', 'proxy', 'token', 'router']);

/** Whether value the subject's code moves at someone else's call counts as the subject's own act. */
export function codeActsForSubject(subject: SubjectType, chain: WalletEvidence['chain']): boolean {
  if (CODE_TYPES.has(subject.type)) return true;
  return subject.type === 'eip7702_account' && subject.delegate !== null && EIP7702_SMART_ACCOUNTS.find(chain, subject.delegate) !== undefined;
}

/** A token or a router serves the public: nothing it does at a caller's request is its own act (who it serves is exposure). */
export const servesCallers = (subject: SubjectType) => subject.type === 'token' || subject.type === 'router';

function subject(type: SubjectTypeId, reasons: string[], evidence: RiskEvidence[], extra: Partial<Pick<SubjectType, 'delegate' | 'implementation' | 'label'>> = {}): SubjectType {
  return { type, reasons, delegate: null, implementation: null, label: null, evidence, skippedFlags: [...SKIPPED_FLAGS[type]], ...extra };
}

/** An address whose code the subject runs: a proxy's implementation, or the beacon that names it. A listing of it is a fact about the subject. */
export interface CodeSource {
  address: Address;
  role: 'implementation' | 'beacon';
  /** How it is known: the clone's code, implementation() at the head block, or the latest Upgraded or BeaconUpgraded event in the window. */
  evidence: RiskEvidence;
}

/** The subject's proxy shape, and the code it runs where that is readable. */
export interface SubjectProxy {
  kind: string;
  sources: CodeSource[];
}

/** The latest upgrade event of this kind in the contract's control events. */
export function latestControlEvent(events: ContractFacts['controlEvents'], event: 'Upgraded' | 'BeaconUpgraded') {
  return events.filter((e) => e.event === event).at(-1) ?? null;
}

function upgradeSources(evidence: WalletEvidence, self: ContractFacts | undefined): CodeSource[] {
  const head = evidence.snapshot.head.number.toString();
  const events = self?.controlEvents ?? [];
  const read = self?.reads.implementation as Address | undefined;
  const upgraded = latestControlEvent(events, 'Upgraded');
  const beacon = latestControlEvent(events, 'BeaconUpgraded');
  const logItem = (e: NonNullable<typeof upgraded>, detail: string): RiskEvidence => ({ kind: 'log', transactionHash: e.transactionHash, logIndex: e.logIndex, blockNumber: e.blockNumber.toString(), address: evidence.address, detail });
  const sources: CodeSource[] = [];
  if (read) sources.push({ address: read, role: 'implementation', evidence: { kind: 'contract_state', address: evidence.address, blockNumber: head, detail: `implementation() answered ${read} at the head block: the proxy runs its code.` } });
  else if (upgraded) sources.push({ address: upgraded.value, role: 'implementation', evidence: logItem(upgraded, `Upgraded(${upgraded.value}), the latest upgrade in the window: the proxy runs the code of ${upgraded.value}.`) });
  if (beacon) sources.push({ address: beacon.value, role: 'beacon', evidence: logItem(beacon, `BeaconUpgraded(${beacon.value}), the latest in the window: the proxy runs the implementation this beacon names.`) });
  return sources;
}

/** Whether the subject's code is a proxy, of which kind, and what code it runs (null for an account without code, or a contract that is no proxy). */
export function subjectProxy(evidence: WalletEvidence): SubjectProxy | null {
  const code = (evidence.snapshot.code ?? '0x') as `0x${string}`;
  if (classifyAccountCode(code).kind !== 'contract') return null;
  const clone = minimalProxyTarget(code);
  if (clone) {
    const detail = `The code is an EIP-1167 minimal proxy: every call runs the code of ${clone}.`;
    return { kind: 'EIP-1167 minimal proxy', sources: [{ address: clone, role: 'implementation', evidence: { kind: 'contract_code', address: evidence.address, blockNumber: evidence.snapshot.head.number.toString(), detail } }] };
  }
  const self = evidence.contracts.find((c) => c.role === 'self');
  const sources = upgradeSources(evidence, self);
  if (self?.eip1967Slots.length) return { kind: `EIP-1967 proxy (${self.eip1967Slots.join(', ')} slot)`, sources };
  if (code.toLowerCase().includes(EIP1822_PROXIABLE_SLOT)) return { kind: 'EIP-1822 (UUPS) proxy', sources };
  if (self?.reads.getOwners && self.reads.getThreshold) return { kind: `Safe-style multisig proxy (${self.reads.getThreshold} of ${self.reads.getOwners.split(', ').length} owners)`, sources };
  if (latestControlEvent(self?.controlEvents ?? [], 'Upgraded')) return { kind: 'proxy (Upgraded events)', sources };
  return null;
}

/** The implementation a proxy runs, when readable. */
const proxyImplementation = (proxy: SubjectProxy | null): Address | null => proxy?.sources.find((s) => s.role === 'implementation')?.address ?? null;

/** Distinct senders of the indexed transactions addressed to the subject. */
function distinctCallers(activity: ActivityView): number {
  return new Set(activity.transactions().filter((t) => sameAddress(t.to, activity.wallet)).map((t) => t.from.toLowerCase())).size;
}

/**
 * What kind of account the subject is, from its code, its contract reads, the known-spenders dataset
 * and the shape of its activity. First match wins: EIP-7702 account; known router; token; proxy;
 * router by distinct callers; contract; CEX-like hot wallet; EOA.
 */
export function classifySubject(evidence: WalletEvidence, activity: ActivityView): SubjectType {
  const head = evidence.snapshot.head.number.toString();
  const account = classifyAccountCode(evidence.snapshot.code);
  const codeItem = (detail: string): RiskEvidence => ({ kind: 'contract_code', address: evidence.address, blockNumber: head, detail });
  if (account.kind === 'delegated_eoa') {
    return subject('eip7702_account', [`The account's code is an EIP-7702 delegation designator to ${account.delegatedTo}.`], [codeItem(`0xef0100 followed by ${account.delegatedTo}.`)], { delegate: account.delegatedTo });
  }
  if (account.kind === 'contract') {
    const self = evidence.contracts.find((c) => c.role === 'self');
    const proxy = subjectProxy(evidence);
    const implementation = proxyImplementation(proxy);
    const code = codeItem(`${account.size} bytes of code${proxy ? `: ${proxy.kind}` : ''}.`);
    const known = KNOWN_SPENDERS.find(evidence.chain, evidence.address);
    if (known) return subject('router', [`Listed in the known-spenders dataset as ${known.label}.`], [code, { kind: 'dataset', address: known.address, dataset: KNOWN_SPENDERS.cite(known), detail: `${known.address} is listed as ${known.label}.` }], { label: known.label, implementation });
    if (self?.reads.symbol !== undefined && self.reads.totalSupply !== undefined) {
      return subject('token', [`symbol() answered ${JSON.stringify(self.reads.symbol)} and totalSupply() answered ${self.reads.totalSupply}.`, ...(proxy ? [`It is also a ${proxy.kind}.`] : [])], [code, { kind: 'contract_state', address: evidence.address, blockNumber: head, detail: `symbol() = ${JSON.stringify(self.reads.symbol)}, totalSupply() = ${self.reads.totalSupply}${self.reads.name ? `, name() = ${JSON.stringify(self.reads.name)}` : ''}.` }], { implementation });
    }
    if (proxy) {
      const beacon = proxy.sources.find((s) => s.role === 'beacon')?.address;
      return subject('proxy', [`${proxy.kind}; implementation ${implementation ?? 'not readable from the code and reads available'}${beacon ? `; beacon ${beacon}` : ''}.`], [code], { implementation });
    }
    const callers = distinctCallers(activity);
    if (callers >= ROUTER_MIN_DISTINCT_CALLERS) return subject('router', [`${callers} distinct senders called it in the indexed history (at least ${ROUTER_MIN_DISTINCT_CALLERS}): it serves the public.`], [code]);
    return subject('contract', [`${account.size} bytes of code; not a token, proxy or router by the reads available.`], [code]);
  }
  const senders = new Set(activity.movements.filter((m) => m.direction === 'in' && m.amount > 0n).map((m) => m.counterparty.toLowerCase())).size;
  const recipients = new Set(activity.movements.filter((m) => m.direction === 'out' && m.amount > 0n).map((m) => m.counterparty.toLowerCase())).size;
  const nonce = evidence.snapshot.transactionCount;
  const nonceItem: RiskEvidence = { kind: 'address', address: evidence.address, blockNumber: head, detail: `Transaction count (nonce) ${nonce} at the head block; no code.` };
  if (nonce >= HOT_WALLET_MIN_NONCE && senders >= HOT_WALLET_MIN_DISTINCT_SENDERS && recipients >= HOT_WALLET_MIN_DISTINCT_RECIPIENTS) {
    return subject('cex_like_hot_wallet', [`An EOA with nonce ${nonce} (at least ${HOT_WALLET_MIN_NONCE}) that received value from ${senders} and sent value to ${recipients} distinct addresses in what was read (at least ${HOT_WALLET_MIN_DISTINCT_SENDERS} and ${HOT_WALLET_MIN_DISTINCT_RECIPIENTS}).`], [nonceItem]);
  }
  const paid = new Set(activity.movements.filter((m) => m.direction === 'out' && m.amount > 0n && activity.sentByWallet(m.transactionHash) === true).map((m) => m.counterparty.toLowerCase())).size;
  if (paid >= HOT_WALLET_PAYOUT_MIN_RECIPIENTS) {
    return subject('cex_like_hot_wallet', [`An EOA whose own transactions paid ${paid} distinct addresses in what was read (at least ${HOT_WALLET_PAYOUT_MIN_RECIPIENTS}): a payout wallet batching withdrawals.`], [nonceItem]);
  }
  return subject('eoa', ['No code at the head block: an externally owned account.'], [nonceItem]);
}
