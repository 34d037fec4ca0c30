import { getAddress, parseAbi, toEventSelector, toFunctionSelector, type Address } from 'viem';
import { PERMIT2_CONTRACT } from '@paysight/contracts';

/** Uniswap's Permit2, deployed with CREATE2 at the same address on all five chains. */
export const PERMIT2_ADDRESS: Address = getAddress(PERMIT2_CONTRACT);

export const isPermit2 = (address: string) => address.toLowerCase() === PERMIT2_ADDRESS.toLowerCase();

/** Permit2's events (AllowanceTransfer); each indexes the owner first, so an owner-topic log search finds them. */
export const PERMIT2_APPROVAL_TOPIC = toEventSelector('event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)');
export const PERMIT2_PERMIT_TOPIC = toEventSelector('event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)');
export const PERMIT2_LOCKDOWN_TOPIC = toEventSelector('event Lockdown(address indexed owner, address token, address spender)');
export const PERMIT2_NONCE_INVALIDATION_TOPIC = toEventSelector('event NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce)');

/** Permit2's allowance read: (amount uint160, expiration uint48, nonce uint48). */
export const PERMIT2_ABI = parseAbi(['function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)']);

/** A Permit2 allowance of 2^160-1 is never spent down: Permit2's "unlimited". */
export const PERMIT2_MAX_AMOUNT = 2n ** 160n - 1n;

/** EIP-2612 `permit(owner, spender, value, deadline, v, r, s)` and DAI's `permit(holder, spender, nonce, expiry, allowed, v, r, s)`. */
export const PERMIT_SELECTORS: readonly string[] = [
  toFunctionSelector('permit(address,address,uint256,uint256,uint8,bytes32,bytes32)'),
  toFunctionSelector('permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)'),
];
