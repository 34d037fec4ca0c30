import type { SignedAuthorization } from '@paysight/contracts';
import { isErc6492Signature, size, verifyMessage, verifyTypedData, type Hex, type TypedData, type TypedDataDomain } from 'viem';
import { hashKey } from './identifiers.js';

/**
 * Signature checks shared by human-intent-checksum and revocation-propagation. Only externally
 * owned accounts are verified: ECDSA recovery needs nothing but the signature, while a smart
 * account (EIP-1271, or an ERC-6492 wrapper for one not yet deployed) can only be asked on its
 * chain, which these request-only tools do not read. Such signatures are reported `unsupported`,
 * never `valid`.
 */

export type SignatureVerdict = 'valid' | 'invalid' | 'unsupported';

export interface SignatureCheck {
  verdict: SignatureVerdict;
  /** What was checked, in a sentence: goes into the reason or the evidence. */
  detail: string;
}

/** What an authorization signs: the checksum string (eip191) or the tool's typed data (eip712). */
export interface SignedPayload {
  /** The EIP-191 message: the checksum string, sha256: prefix included. */
  message: string;
  /** EIP-712 typed data; the domain's chainId and verifyingContract come from the authorization. None: eip191 only. */
  typedData?: { domain: { name: string; version: string }; types: TypedData; primaryType: string; message: Record<string, unknown> };
}

/** The EIP-191 message of a checksum: sha256: + lower-case hex, whatever form the checksum was sent in. */
export const checksumMessage = (checksum: string): string => `sha256:${hashKey(checksum)}`;

/** The EIP-712 domain an eip712 authorization was signed under. */
export function eip712Domain(authorization: Extract<SignedAuthorization, { scheme: 'eip712' }>, base: { name: string; version: string }): TypedDataDomain {
  return { ...base, chainId: authorization.chainId, ...(authorization.verifyingContract ? { verifyingContract: authorization.verifyingContract as Hex } : {}) };
}

/** Whether `authorization.signer` signed `payload` under the authorization's scheme. Never throws. */
export async function checkSignature(authorization: SignedAuthorization, payload: SignedPayload): Promise<SignatureCheck> {
  const signature = authorization.signature as Hex;
  const address = authorization.signer as Hex;
  if (authorization.signerType === 'contract' || isErc6492Signature(signature)) {
    return { verdict: 'unsupported', detail: `${authorization.signer} signs as a smart account, which can only be verified on its chain; Paysight verifies EOA signatures only.` };
  }
  const { typedData } = payload;
  if (authorization.scheme === 'eip712' && !typedData) return { verdict: 'unsupported', detail: 'This signature is taken as eip191 (personal_sign) only.' };
  if (size(signature) !== 65) {
    return { verdict: 'invalid', detail: `The signature is ${size(signature)} bytes; an EOA signature is 65. A smart account's signature needs signerType "contract".` };
  }
  const what = authorization.scheme === 'eip712' && typedData ? `EIP-712 ${typedData.primaryType} (chainId ${authorization.chainId})` : `personal_sign of ${payload.message}`;
  try {
    const valid =
      authorization.scheme === 'eip712' && typedData
        ? await verifyTypedData({ address, signature, domain: eip712Domain(authorization, typedData.domain), types: typedData.types, primaryType: typedData.primaryType, message: typedData.message })
        : await verifyMessage({ address, message: payload.message, signature });
    return valid ? { verdict: 'valid', detail: `${authorization.signer} signed the ${what}.` } : { verdict: 'invalid', detail: `The signature is not ${authorization.signer}'s ${what}.` };
  } catch (error) {
    return { verdict: 'invalid', detail: `The signature cannot be recovered: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}
