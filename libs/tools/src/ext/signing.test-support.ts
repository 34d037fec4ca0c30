import type { SignedAuthorization } from '@paysight/contracts';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { SignedPayload } from './signatures.js';

/** Fixed test keys: the first three accounts of the Hardhat/Anvil test mnemonic (public, never for real funds). */
export const ACCOUNTS = {
  alice: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  bob: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  mallory: privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
} as const;

/** A real signature of `payload` by `account`: personal_sign of its message, or its typed data on `chainId`. */
export async function signPayload(account: PrivateKeyAccount, scheme: 'eip191' | 'eip712', payload: SignedPayload, chainId = 8453): Promise<SignedAuthorization> {
  if (scheme === 'eip191') return { scheme, signer: account.address, signature: await account.signMessage({ message: payload.message }) };
  const typed = payload.typedData!;
  const signature = await account.signTypedData({ domain: { ...typed.domain, chainId }, types: typed.types, primaryType: typed.primaryType, message: typed.message });
  return { scheme, signer: account.address, signature, chainId };
}
