import { CHAINS, formatUnitsCompact, type CatalogEntryOf, type Confidence, type ResultOf } from '@paysight/contracts';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import type { Address } from 'viem';
import type { Sweep } from '../../risk/detectors/eip7702-delegation.js';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import { classifyWallet, targetCodeSize, type DelegateProfile, type Forwarding, type WalletProfile } from './classify.js';
import { HISTORY_LIMIT, PROXY_SLOTS, type AgentWalletProfileData, type AgentWalletProfileRequest, type ProxySlot } from './data.js';

export type AgentWalletProfileResult = ResultOf<CatalogEntryOf<'agent_wallet_profile'>>;

export type WalletDecision = 'low_risk' | 'review' | 'high_risk';

/** Flags, each with the decision it leads to at least (docs/tools/trust.md). */
export const WALLET_FLAGS = {
  eip7702_sweeper_delegation: 'high_risk',
  eip7702_unrecognized_delegate: 'review',
  eip7702_delegate_without_code: 'review',
  upgradeable_proxy: 'review',
  forwarding_target_without_code: 'review',
  unrecognized_contract_logic: 'review',
  unreadable_code: 'review',
} as const satisfies Record<string, Exclude<WalletDecision, 'low_risk'>>;

export type WalletFlag = keyof typeof WALLET_FLAGS;

const NEXT_ACTION: Record<WalletDecision, string> = {
  low_risk: 'Proceed: the wallet is of a kind an agent can pay from and be paid to without further checks.',
  review: 'Review the flagged signals (who controls the code or the upgrade) before relying on this wallet for payments.',
  high_risk: 'Do not send value to this wallet; treat its key as compromised and do not accept payment authorizations from it without human review.',
};

function flagsOf(data: AgentWalletProfileData, profile: WalletProfile): WalletFlag[] {
  const flags: WalletFlag[] = [];
  const { forwarding, delegate } = profile;
  if (profile.walletType === 'unknown') flags.push('unreadable_code');
  if (profile.walletType === 'contract') flags.push('unrecognized_contract_logic');
  if (forwarding) {
    if (forwarding.pattern === 'eip1167_minimal_proxy') flags.push('unrecognized_contract_logic');
    if (forwarding.upgradeable && forwarding.pattern !== 'safe_proxy') flags.push('upgradeable_proxy');
    if (targetCodeSize(data, forwarding.implementation) === 0) flags.push('forwarding_target_without_code');
  }
  if (delegate && !delegate.known) {
    if (delegate.sweeps?.length) flags.push('eip7702_sweeper_delegation');
    else if (!delegate.codeSize) flags.push('eip7702_delegate_without_code');
    else flags.push('eip7702_unrecognized_delegate');
  }
  return flags;
}

export function decide(flags: readonly WalletFlag[]): WalletDecision {
  if (flags.some((flag) => WALLET_FLAGS[flag] === 'high_risk')) return 'high_risk';
  return flags.length ? 'review' : 'low_risk';
}

function confidenceOf(profile: WalletProfile): Confidence {
  if (profile.walletType === 'unknown') return 'low';
  const delegate = profile.delegate;
  if (delegate && !delegate.known && !delegate.sweeps?.length) return delegate.sweeps === null ? 'low' : delegate.historyComplete ? 'high' : 'medium';
  return 'high';
}

const sweepEvidence = (data: AgentWalletProfileData, sweep: Sweep) => {
  const native = sweep.outbound.asset === null;
  const amount = native ? `${formatUnitsCompact(sweep.outbound.amount, CHAINS[data.chain].nativeDecimals)} ${CHAINS[data.chain].nativeSymbol}` : `${sweep.outbound.amount} raw units of ${sweep.outbound.asset}`;
  return {
    transaction_hash: sweep.outbound.transactionHash,
    block_number: sweep.outbound.blockNumber.toString(),
    ...(sweep.outbound.logIndex === null ? {} : { log_index: sweep.outbound.logIndex }),
    moved_to: sweep.outbound.to,
    amount,
    kind: sweep.outbound.kind,
    arrived_in_same_transaction: sweep.inbound !== null,
  };
};

function forwardingSignals(data: AgentWalletProfileData, forwarding: Forwarding) {
  return {
    proxy_pattern: forwarding.pattern,
    implementation: forwarding.implementation,
    implementation_code_size: targetCodeSize(data, forwarding.implementation),
    beacon: forwarding.beacon,
    admin: forwarding.admin,
    upgradeable: forwarding.upgradeable,
    ...(forwarding.safe && {
      safe: {
        owners: forwarding.safe.owners,
        threshold: forwarding.safe.threshold?.toString() ?? null,
        version: forwarding.safe.version,
      },
    }),
  };
}

function delegationSignals(delegate: DelegateProfile) {
  return {
    delegate: delegate.delegate,
    delegate_code_size: delegate.codeSize,
    known_implementation: delegate.known ? EIP7702_SMART_ACCOUNTS.cite(delegate.known) : null,
    sweeps_seen: delegate.sweeps?.length ?? null,
  };
}

function contractSignals(input: AgentWalletProfileRequest, data: AgentWalletProfileData, profile: WalletProfile): Record<string, unknown> {
  return {
    code_size: profile.codeSize,
    nonce: data.nonce,
    ...(input.include_contract_signals && profile.forwarding && forwardingSignals(data, profile.forwarding)),
    ...(input.include_delegation_signals && profile.delegate && { delegation: delegationSignals(profile.delegate) }),
  };
}

function evidenceOf(data: AgentWalletProfileData, profile: WalletProfile): Record<string, unknown> {
  const storage = data.slots
    ? (Object.keys(PROXY_SLOTS) as ProxySlot[]).filter((name) => !/^0x0*$/.test(data.slots![name])).map((name) => ({ slot_name: name, slot: PROXY_SLOTS[name], word: data.slots![name] }))
    : [];
  const delegate = profile.delegate;
  return {
    address: data.address,
    chain: data.chain,
    block_number: data.head.toString(),
    code_size: profile.codeSize,
    ...(delegate && { delegation_designator: data.code.toLowerCase() }),
    nonce: data.nonce,
    nonzero_proxy_slots: storage,
    forwarding_targets: Object.entries(data.targetCode).map(([address, code]) => ({ address, code_size: (code.length - 2) / 2 })),
    ...(delegate?.sweeps?.length && { sweeps: delegate.sweeps.slice(0, 12).map((sweep) => sweepEvidence(data, sweep)) }),
  };
}

const orUnrevealed = (address: Address | null) => address ?? 'an address the beacon did not reveal';

function notesOf(data: AgentWalletProfileData, profile: WalletProfile): string[] {
  const contractSigning =
    'A contract has no private key: it can authorize an x402 (EIP-3009) USDC payment only through an EIP-1271 signature, which USDC accepts from FiatToken v2.2 on; check the chain\'s USDC before relying on it.';
  const { forwarding, delegate } = profile;
  switch (profile.walletType) {
    case 'eoa':
      return [
        'One private key controls this wallet; it signs x402 (EIP-3009) authorizations directly.',
        data.nonce === 0 ? 'The key has sent no transaction on this chain; EIP-3009 payments do not need it to, so a fresh agent wallet looks like this.' : `The key has sent ${data.nonce} transaction(s) on this chain.`,
      ];
    case 'delegated_smart_account':
      return [
        'The EOA key still controls the account and signs x402 (EIP-3009) authorizations directly; it can replace or clear the delegation with a new type-4 authorization.',
        `Whenever anyone calls the account, ${delegate!.delegate}'s code runs with the account's balance.`,
        ...(delegate!.known ? [`The delegate is ${delegate!.known.label}: batching and sponsored calls, owner keeps control.`] : []),
        ...(delegate!.sweeps?.length ? [`Value sent to this account was forwarded by the delegate (${delegate!.sweeps.length} time(s)): payments into it do not stay there.`] : []),
      ];
    case 'proxy_contract': {
      const f = forwarding!;
      return [
        contractSigning,
        f.pattern === 'safe_proxy'
          ? `A Safe multisig: moving funds needs ${f.safe?.threshold ?? '?'} of ${f.safe?.owners?.length ?? '?'} owners' signatures, so an agent cannot pay from it alone unless it holds enough owner keys or a module lets it.`
          : f.pattern === 'eip1167_minimal_proxy'
            ? `A minimal proxy (clone): every call runs ${f.implementation}'s code, which cannot be changed for this address.`
            : `An upgradeable proxy (${f.pattern}): ${f.admin ? `the admin ${f.admin}` : 'whoever the implementation allows'} can change the wallet's logic at any time; it now runs ${orUnrevealed(f.implementation)}.`,
      ];
    }
    case 'contract':
      return [contractSigning, 'The contract\'s own code decides who can move its funds; no known wallet or proxy pattern was recognized.'];
    case 'unknown':
      return ['The code starts with 0xef but is not an EIP-7702 delegation designator (an EOF container or a malformed designator); this tool does not read it.'];
  }
}

function limitsOf(data: AgentWalletProfileData, profile: WalletProfile): string[] {
  const limits = [
    `Code, nonce and storage were read at block ${data.head}; a later delegation, upgrade or owner change is not seen.`,
    'Recognition rests on addresses and storage layouts, not on an audit of the code.',
  ];
  if (profile.walletType === 'contract' || profile.walletType === 'proxy_contract')
    limits.push('Proxies that keep their target in a non-standard slot or in immutable code other than EIP-1167 are reported as plain contracts.');
  const delegate = profile.delegate;
  if (delegate && !delegate.known) {
    if (delegate.historyGap) limits.push(`No indexed history was read (${delegate.historyGap}): sweeps by the delegate could not be looked for.`);
    else limits.push(`Sweeps were looked for in the account's newest ${HISTORY_LIMIT} indexed transactions and transfers; a sweeper that has not yet received anything looks like an unrecognized delegate.`);
    if (!delegate.historyComplete && !delegate.historyGap) limits.push('The indexed history was cut: older sweeps are not seen.');
  }
  return limits;
}

const SUMMARY: Record<WalletProfile['walletType'], string> = {
  eoa: 'an externally owned account',
  delegated_smart_account: 'an EOA with an EIP-7702 delegation',
  proxy_contract: 'a proxy contract',
  contract: 'a contract',
  unknown: 'an account whose code this tool cannot read',
};

export function analyzeAgentWalletProfile(input: AgentWalletProfileRequest, data: AgentWalletProfileData, _context: AnalyzeContext): ToolOutput<AgentWalletProfileResult> {
  const profile = classifyWallet(data);
  const flags = flagsOf(data, profile);
  const decision = decide(flags);
  const limits = limitsOf(data, profile);
  const detail = profile.forwarding ? ` (${profile.forwarding.pattern})` : profile.delegate ? ` to ${profile.delegate.known?.label ?? profile.delegate.delegate}` : '';
  return {
    result: {
      decision,
      confidence: confidenceOf(profile),
      summary: `${data.address} on ${CHAINS[data.chain].displayName} is ${SUMMARY[profile.walletType]}${detail}${flags.length ? `; flags: ${flags.join(', ')}` : ''}.`,
      evidence: evidenceOf(data, profile),
      risk_flags: flags,
      recommended_next_action: NEXT_ACTION[decision],
      limits,
      wallet_type: profile.walletType,
      delegation_detected: profile.delegate !== null,
      contract_signals: contractSignals(input, data, profile),
      agent_relevant_notes: notesOf(data, profile),
    },
    metadata: {
      chain: data.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [...data.coverage.notes, `Read at block ${data.head}.`],
      limitations: limits,
    },
  };
}
