import { type ChainName, type ChainSource } from '@paysight/contracts';
import { requestedChain } from '../../shared/free-chain.js';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import { parseAbi, type Address, type Hex } from 'viem';
import { addressInWord, classifyAccountCode, minimalProxyTarget } from '../../shared/account-code.js';
import { ReadPlan } from '../../shared/read-plan.js';
import type { ToolPorts } from '../../tool-module.js';
import { HISTORY_LIMIT, PROXY_SLOTS, type AgentWalletProfileData, type AgentWalletProfileRequest, type ProxySlot, type SafeReading } from './data.js';

const BEACON_ABI = parseAbi(['function implementation() view returns (address)']);
const SAFE_ABI = parseAbi([
  'function masterCopy() view returns (address)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function VERSION() view returns (string)',
]);


async function readSlots(source: ChainSource, chain: ChainName, address: Address, head: bigint): Promise<Record<ProxySlot, Hex>> {
  const names = Object.keys(PROXY_SLOTS) as ProxySlot[];
  const words = await Promise.all(names.map((name) => source.getStorageAt(chain, address, PROXY_SLOTS[name], head)));
  return Object.fromEntries(names.map((name, i) => [name, words[i]!])) as Record<ProxySlot, Hex>;
}

/** The beacon's implementation and Safe's getters, in one multicall. */
async function readProxyGetters(source: ChainSource, chain: ChainName, address: Address, slots: Record<ProxySlot, Hex>, head: bigint) {
  const plan = new ReadPlan();
  const beacon = addressInWord(slots.eip1967_beacon);
  const beaconRead = beacon ? plan.add({ address: beacon, abi: BEACON_ABI, functionName: 'implementation' }) : null;
  const singleton = addressInWord(slots.slot0);
  const safeReads = singleton
    ? (['masterCopy', 'getOwners', 'getThreshold', 'VERSION'] as const).map((functionName) => plan.add({ address, abi: SAFE_ABI, functionName }))
    : null;
  await plan.execute(source, chain, head);
  const safe: SafeReading | null = safeReads
    ? {
        masterCopy: plan.value<Address>(safeReads[0]!),
        owners: plan.value<readonly Address[]>(safeReads[1]!),
        threshold: plan.value<bigint>(safeReads[2]!),
        version: plan.value<string>(safeReads[3]!),
      }
    : null;
  return { beaconImplementation: beaconRead === null ? null : plan.value<Address>(beaconRead), safe };
}

/**
 * Code, nonce and proxy slots of the address at the head block; then the code of whatever it forwards
 * to and, for an EIP-7702 account whose delegate is not a known smart account, its indexed history
 * (sweeps), together.
 */
export async function gatherAgentWalletProfile(input: AgentWalletProfileRequest, { chain: source }: ToolPorts): Promise<AgentWalletProfileData> {
  const chain = requestedChain(input.chain);
  const address = input.address as Address;
  const head = await source.getBlockNumber(chain);
  const [code, nonce] = await Promise.all([source.getCode(chain, address, head), source.getTransactionCount(chain, address, head)]);
  const account = classifyAccountCode(code);

  const slots = account.kind === 'contract' ? await readSlots(source, chain, address, head) : null;
  const getters = slots ? await readProxyGetters(source, chain, address, slots, head) : { beaconImplementation: null, safe: null };
  const targets = [
    account.delegatedTo,
    minimalProxyTarget(code),
    ...(slots ? [addressInWord(slots.eip1967_implementation), addressInWord(slots.eip1967_beacon), addressInWord(slots.eip1822_proxiable), addressInWord(slots.slot0)] : []),
    getters.beaconImplementation,
  ].filter((target): target is Address => target !== null);
  const unique = [...new Set(targets.map((target) => target.toLowerCase() as Address))];
  const unknownDelegate = account.delegatedTo !== null && !EIP7702_SMART_ACCOUNTS.find(chain, account.delegatedTo);
  // The history depends on the delegate's address only, not on its code: both go out together.
  const [codes, history] = await Promise.all([
    Promise.all(unique.map((target) => source.getCode(chain, target, head))),
    unknownDelegate && input.include_delegation_signals ? source.getAddressHistory(chain, { address, limit: HISTORY_LIMIT }) : null,
  ]);

  return {
    chain,
    address,
    coverage: source.coverage(chain),
    head,
    code,
    nonce,
    slots,
    ...getters,
    targetCode: Object.fromEntries(unique.map((target, i) => [target, codes[i]!])),
    history,
  };
}
