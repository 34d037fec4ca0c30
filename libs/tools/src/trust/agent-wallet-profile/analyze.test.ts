import { agentWalletProfileRequest, agentWalletProfileResult, type AddressHistory, type HistoryTransaction, type InternalTransfer } from '@paysight/contracts';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import { getAddress, pad, type Address, type Hex } from 'viem';
import { analyzeAgentWalletProfile, decide, WALLET_FLAGS, type WalletFlag } from './analyze.js';
import { PROXY_SLOTS, type AgentWalletProfileData, type ProxySlot } from './data.js';

const WALLET = getAddress('0x1111111111111111111111111111111111111111');
const TARGET = getAddress('0x2222222222222222222222222222222222222222');
const ADMIN = getAddress('0x3333333333333333333333333333333333333333');
const STRANGER = getAddress('0x4444444444444444444444444444444444444444');
const COLLECTOR = getAddress('0x5555555555555555555555555555555555555555');
const KNOWN_ACCOUNT = EIP7702_SMART_ACCOUNTS.entries[0]!;
const SOME_CODE: Hex = `0x${'60'.repeat(100)}`;
const ZERO = pad('0x0', { size: 32 });
const word = (address: Address) => pad(address.toLowerCase() as Hex, { size: 32 });
const emptySlots = Object.fromEntries(Object.keys(PROXY_SLOTS).map((name) => [name, ZERO])) as Record<ProxySlot, Hex>;
const ctx = { now: new Date() };
const input = agentWalletProfileRequest.parse({ chain: 'Base', address: WALLET });

const data = (over: Partial<AgentWalletProfileData>): AgentWalletProfileData => ({
  chain: 'base',
  address: WALLET,
  coverage: { dataSourceStatus: 'Live', notes: [] },
  head: 100n,
  code: '0x',
  nonce: 3,
  slots: null,
  beaconImplementation: null,
  safe: null,
  targetCode: {},
  history: null,
  ...over,
});
const contract = (slots: Partial<Record<ProxySlot, Hex>>, over: Partial<AgentWalletProfileData> = {}) =>
  data({ code: SOME_CODE, slots: { ...emptySlots, ...slots }, targetCode: { [TARGET.toLowerCase()]: SOME_CODE }, ...over });
const delegated = (delegate: Address, over: Partial<AgentWalletProfileData> = {}) =>
  data({ code: `0xef0100${delegate.slice(2).toLowerCase()}`, targetCode: { [delegate.toLowerCase()]: SOME_CODE }, ...over });

const tx = (hash: Hex, from: Address, value: bigint): HistoryTransaction => ({
  hash,
  blockNumber: 90n,
  timestamp: 1n,
  from,
  to: WALLET,
  value,
  status: 'success',
  selector: null,
  gasUsed: 21_000n,
  gasPrice: 1n,
  contractCreated: null,
});
const internal = (hash: Hex, value: bigint): InternalTransfer => ({ transactionHash: hash, blockNumber: 90n, timestamp: 1n, from: WALLET, to: COLLECTOR, value, kind: 'call', reverted: false });
const history = (h: Partial<AddressHistory>) => ({ status: 'ok' as const, history: { transactions: [], internalTransfers: [], tokenTransfers: [], complete: true, ...h } });
const DEPOSIT = `0x${'d1'.repeat(32)}` as Hex;

function profile(d: AgentWalletProfileData, request = input) {
  const { result, metadata } = analyzeAgentWalletProfile(request, d, ctx);
  expect(agentWalletProfileResult.parse(result)).toEqual(result);
  expect(metadata.limitations).toEqual(result.limits);
  return result;
}

describe('agent_wallet_profile analysis', () => {
  it.each<[string, AgentWalletProfileData, string, string, WalletFlag[]]>([
    ['an EOA', data({}), 'eoa', 'low_risk', []],
    ['an EIP-1967 proxy', contract({ eip1967_implementation: word(TARGET), eip1967_admin: word(ADMIN) }), 'proxy_contract', 'review', ['upgradeable_proxy']],
    ['an EIP-1967 beacon proxy', contract({ eip1967_beacon: word(TARGET) }, { beaconImplementation: STRANGER }), 'proxy_contract', 'review', ['upgradeable_proxy']],
    ['an EIP-1822 proxy', contract({ eip1822_proxiable: word(TARGET) }), 'proxy_contract', 'review', ['upgradeable_proxy']],
    [
      'a Safe proxy answering masterCopy()',
      contract({ slot0: word(TARGET) }, { safe: { masterCopy: TARGET, owners: [ADMIN, STRANGER], threshold: 2n, version: '1.4.1' } }),
      'proxy_contract',
      'low_risk',
      [],
    ],
    ['a contract with an owner in slot 0 (not a Safe)', contract({ slot0: word(TARGET) }, { safe: { masterCopy: null, owners: null, threshold: null, version: null } }), 'contract', 'review', ['unrecognized_contract_logic']],
    ['a plain contract', contract({}), 'contract', 'review', ['unrecognized_contract_logic']],
    ['a minimal proxy', data({ code: `0x363d3d373d3d3d363d73${TARGET.slice(2)}5af43d82803e903d91602b57fd5bf3`, targetCode: { [TARGET.toLowerCase()]: SOME_CODE } }), 'proxy_contract', 'review', ['unrecognized_contract_logic']],
    ['code starting 0xef that is no designator', data({ code: '0xef0001010004' }), 'unknown', 'review', ['unreadable_code']],
    ['a delegation to a known smart account', delegated(KNOWN_ACCOUNT.address), 'delegated_smart_account', 'low_risk', []],
    ['a delegation to an unknown delegate, no sweeps seen', delegated(STRANGER, { history: history({ transactions: [tx(DEPOSIT, ADMIN, 5n)] }) }), 'delegated_smart_account', 'review', ['eip7702_unrecognized_delegate']],
    ['a delegation to an address without code', delegated(STRANGER, { targetCode: { [STRANGER.toLowerCase()]: '0x' }, history: history({}) }), 'delegated_smart_account', 'review', ['eip7702_delegate_without_code']],
    [
      'a delegation to a sweeper',
      delegated(STRANGER, { history: history({ transactions: [tx(DEPOSIT, ADMIN, 5n)], internalTransfers: [internal(DEPOSIT, 5n)] }) }),
      'delegated_smart_account',
      'high_risk',
      ['eip7702_sweeper_delegation'],
    ],
  ])('%s', (_name, d, walletType, decision, flags) => {
    const result = profile(d);
    expect(result).toMatchObject({ wallet_type: walletType, decision, risk_flags: flags, delegation_detected: walletType === 'delegated_smart_account' });
    expect(result.agent_relevant_notes.length).toBeGreaterThan(0);
  });

  it('decides by the strongest flag', () => {
    expect(decide([])).toBe('low_risk');
    expect(decide(['upgradeable_proxy', 'unrecognized_contract_logic'])).toBe('review');
    expect(decide(['eip7702_unrecognized_delegate', 'eip7702_sweeper_delegation'])).toBe('high_risk');
    expect(Object.values(WALLET_FLAGS).filter((d) => d === 'high_risk')).toHaveLength(1);
  });

  it('cites the sweep: its transaction, where the value went and whether it had just arrived', () => {
    const result = profile(delegated(STRANGER, { history: history({ transactions: [tx(DEPOSIT, ADMIN, 5n * 10n ** 17n)], internalTransfers: [internal(DEPOSIT, 5n * 10n ** 17n)] }) }));
    expect(result.evidence.sweeps).toEqual([{ transaction_hash: DEPOSIT, block_number: '90', moved_to: COLLECTOR, amount: '0.5 ETH', kind: 'internal', arrived_in_same_transaction: true }]);
    expect(result.contract_signals).toMatchObject({ delegation: { delegate: STRANGER, sweeps_seen: 1, known_implementation: null } });
    expect(result.confidence).toBe('high');
  });

  it('does not count as a sweep value the account sent itself', () => {
    const own = tx(DEPOSIT, WALLET, 0n);
    const result = profile(delegated(STRANGER, { history: history({ transactions: [own], internalTransfers: [internal(DEPOSIT, 5n)] }) }));
    expect(result.risk_flags).toEqual(['eip7702_unrecognized_delegate']);
  });

  it('lowers its confidence when the history that would show sweeps is missing or cut', () => {
    expect(profile(delegated(STRANGER, { history: { status: 'unavailable', reason: 'no indexer for Base' } }))).toMatchObject({ confidence: 'low', limits: expect.arrayContaining([expect.stringContaining('no indexer for Base')]) });
    expect(profile(delegated(STRANGER, { history: history({ complete: false }) })).confidence).toBe('medium');
    expect(profile(delegated(KNOWN_ACCOUNT.address)).confidence).toBe('high');
  });

  it('names the known implementation from the dataset, with its snapshot date', () => {
    const result = profile(delegated(KNOWN_ACCOUNT.address));
    expect(result.contract_signals).toMatchObject({ delegation: { known_implementation: { id: 'eip7702-smart-accounts', entry: expect.stringContaining(KNOWN_ACCOUNT.label) } } });
    expect(result.agent_relevant_notes.join(' ')).toContain(KNOWN_ACCOUNT.label);
  });

  it('reports the proxy, its slots and its targets, and leaves them out of contract_signals when asked to', () => {
    const d = contract({ eip1967_implementation: word(TARGET), eip1967_admin: word(ADMIN) });
    const result = profile(d);
    expect(result.contract_signals).toMatchObject({ proxy_pattern: 'eip1967', implementation: TARGET, admin: ADMIN, upgradeable: true, implementation_code_size: 100 });
    expect(result.evidence.nonzero_proxy_slots).toEqual([
      { slot_name: 'eip1967_implementation', slot: PROXY_SLOTS.eip1967_implementation, word: word(TARGET) },
      { slot_name: 'eip1967_admin', slot: PROXY_SLOTS.eip1967_admin, word: word(ADMIN) },
    ]);
    const bare = profile(d, agentWalletProfileRequest.parse({ chain: 'base', address: WALLET, include_contract_signals: false }));
    expect(bare.contract_signals).toEqual({ code_size: 100, nonce: 3 });
    expect(bare.wallet_type).toBe('proxy_contract');
  });

  it('reports a Safe\'s owners and threshold, and what that means for an agent', () => {
    const result = profile(contract({ slot0: word(TARGET) }, { safe: { masterCopy: TARGET, owners: [ADMIN, STRANGER, COLLECTOR], threshold: 2n, version: '1.4.1' } }));
    expect(result.contract_signals).toMatchObject({ proxy_pattern: 'safe_proxy', safe: { owners: [ADMIN, STRANGER, COLLECTOR], threshold: '2' } });
    expect(result.agent_relevant_notes.join(' ')).toContain('2 of 3 owners');
  });

  it('flags a proxy whose target has no code', () => {
    const result = profile(contract({ eip1967_implementation: word(STRANGER) }, { targetCode: { [STRANGER.toLowerCase()]: '0x' } }));
    expect(result.risk_flags).toEqual(['upgradeable_proxy', 'forwarding_target_without_code']);
  });
});
