import { parseAbi, toEventSelector, toFunctionSelector } from 'viem';

/** ERC-20 Approval (3 topics) shares its signature with ERC-721 Approval (4 topics: the token id is indexed). */
export const APPROVAL_TOPIC = toEventSelector('event Approval(address indexed owner, address indexed spender, uint256 value)');
export const APPROVAL_FOR_ALL_TOPIC = toEventSelector('event ApprovalForAll(address indexed owner, address indexed operator, bool approved)');

/** Selectors of the calls that grant allowances, to find approvals older than the log window in a wallet's history. */
export const APPROVAL_SELECTORS: readonly string[] = [
  toFunctionSelector('approve(address,uint256)'),
  toFunctionSelector('increaseAllowance(address,uint256)'),
  toFunctionSelector('setApprovalForAll(address,bool)'),
];

/** Proxy and ownership events of a contract (EIP-1967 and OpenZeppelin Ownable). */
export const UPGRADED_TOPIC = toEventSelector('event Upgraded(address indexed implementation)');
export const ADMIN_CHANGED_TOPIC = toEventSelector('event AdminChanged(address previousAdmin, address newAdmin)');
export const BEACON_UPGRADED_TOPIC = toEventSelector('event BeaconUpgraded(address indexed beacon)');
export const OWNERSHIP_TRANSFERRED_TOPIC = toEventSelector('event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)');

/** EIP-1967 storage slots; a proxy's runtime code usually embeds them as PUSH32 constants. */
export const EIP1967_SLOTS = {
  implementation: '360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  admin: 'b53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  beacon: 'a3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
} as const;

export const ALLOWANCE_ABI = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

export const SANCTIONS_ORACLE_ABI = parseAbi(['function isSanctioned(address addr) view returns (bool)']);

/** Read-only getters that say who controls a contract; each is tried and may fail. */
export const CONTROL_ABI = parseAbi([
  'function owner() view returns (address)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function implementation() view returns (address)',
  'function paused() view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
]);
export const CONTROL_GETTERS = ['owner', 'getOwners', 'getThreshold', 'implementation', 'paused', 'name', 'symbol', 'totalSupply'] as const;
export type ControlGetter = (typeof CONTROL_GETTERS)[number];
