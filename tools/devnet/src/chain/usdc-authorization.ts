import { PAYMENT } from '@paysight/contracts';
import { parseSignature, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type UsdcAuthorization = {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
};

export type AuthorizationKind = 'TransferWithAuthorization' | 'ReceiveWithAuthorization';

/** Signs an EIP-3009 authorization for a USDC contract (EIP-712 domain "USD Coin", version "2"). */
export function signUsdcAuthorization(
  privateKey: Hex,
  token: { chainId: number; address: Address },
  message: UsdcAuthorization,
  kind: AuthorizationKind = 'TransferWithAuthorization',
): Promise<Hex> {
  return privateKeyToAccount(privateKey).signTypedData({
    domain: { name: PAYMENT.eip712.name, version: PAYMENT.eip712.version, chainId: token.chainId, verifyingContract: token.address },
    types: {
      [kind]: [
        { name: 'from', type: 'address' },
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' },
        { name: 'validBefore', type: 'uint256' },
        { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: kind,
    message,
  });
}

/** Arguments of the (v, r, s) overload of transferWithAuthorization / receiveWithAuthorization. */
export function authorizationArgs(message: UsdcAuthorization, signature: Hex) {
  const { v, r, s } = parseSignature(signature);
  return [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, Number(v), r, s] as const;
}
