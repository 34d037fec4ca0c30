import { erc1155Abi, erc20Abi, parseAbi, type Abi } from 'viem';

/**
 * Interfaces of contracts that tx-decode recognises, by address or by what they answer. A
 * recognised contract's calls and errors are decoded with these first, the data set after.
 */

export const ERC20_ABI: Abi = erc20Abi;

// viem's erc721Abi lists tokenOfOwnerByIndex(address,uint256) under the name tokenByIndex, so ours is written out.
export const ERC721_ABI: Abi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
]);

export const ERC1155_ABI: Abi = erc1155Abi;

/** WETH9 and its copies on every chain (WPOL on Polygon). */
export const WRAPPED_NATIVE_ABI: Abi = [...erc20Abi, ...parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])];

/** Circle's FiatToken v2 (USDC): ERC-20, EIP-2612, EIP-3009 and its administration. */
export const USDC_ABI: Abi = [
  ...erc20Abi,
  ...parseAbi([
    'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    'function permit(address owner, address spender, uint256 value, uint256 deadline, bytes signature)',
    'function nonces(address owner) view returns (uint256)',
    'function DOMAIN_SEPARATOR() view returns (bytes32)',
    'function version() view returns (string)',
    'function increaseAllowance(address spender, uint256 increment)',
    'function decreaseAllowance(address spender, uint256 decrement)',
    'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
    'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
    'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
    'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
    'function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
    'function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)',
    'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
    'function mint(address to, uint256 amount)',
    'function burn(uint256 amount)',
    'function configureMinter(address minter, uint256 minterAllowedAmount)',
    'function removeMinter(address minter)',
    'function blacklist(address account)',
    'function unBlacklist(address account)',
    'function isBlacklisted(address account) view returns (bool)',
    'function pause()',
    'function unpause()',
    'function rescueERC20(address tokenContract, address to, uint256 amount)',
  ]),
];

/** Multicall3, at the same address on every chain. */
export const MULTICALL3_ABI: Abi = parseAbi([
  'function aggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function blockAndAggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, (bool success, bytes returnData)[] returnData)',
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function tryBlockAndAggregate(bool requireSuccess, (address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, (bool success, bytes returnData)[] returnData)',
  'function getBasefee() view returns (uint256 basefee)',
  'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
  'function getCurrentBlockCoinbase() view returns (address coinbase)',
  'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
  'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getLastBlockHash() view returns (bytes32 blockHash)',
]);

/** Uniswap's Permit2, at the same address on every chain. */
export const PERMIT2_ABI: Abi = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom((address from, address to, uint160 amount, address token)[] transferDetails)',
  'function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)',
  'function permitTransferFrom(((address token, uint256 amount)[] permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount)[] transferDetails, address owner, bytes signature)',
  'function permitWitnessTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'function lockdown((address token, address spender)[] approvals)',
  'function invalidateNonces(address token, address spender, uint48 newNonce)',
  'function invalidateUnorderedNonces(uint256 wordPos, uint256 mask)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'error AllowanceExpired(uint256 deadline)',
  'error InsufficientAllowance(uint256 amount)',
  'error ExcessiveInvalidation()',
  'error InvalidAmount(uint256 maxAmount)',
  'error LengthMismatch()',
  'error InvalidNonce()',
  'error SignatureExpired(uint256 signatureDeadline)',
  'error InvalidSignature()',
  'error InvalidSigner()',
  'error InvalidSignatureLength()',
  'error InvalidContractSignature()',
]);
