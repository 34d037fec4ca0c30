import { toEventSelector, type Hex } from 'viem';

/** ERC-20 and ERC-721 share this signature; ERC-721 indexes the token id (4 topics), ERC-20 does not (3 topics). */
export const TRANSFER_TOPIC = toEventSelector('event Transfer(address indexed from, address indexed to, uint256 value)');
export const TRANSFER_SINGLE_TOPIC = toEventSelector(
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
);
export const TRANSFER_BATCH_TOPIC = toEventSelector(
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
);

/** EIP-3009 (USDC): an authorization (transferWithAuthorization, receiveWithAuthorization, cancelAuthorization) was used. */
export const AUTHORIZATION_USED_TOPIC = toEventSelector('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)');

/** An address as a 32-byte log topic. */
export function addressTopic(address: string): Hex {
  return `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
}
