import { fingerprint, type revocation } from '@paysight/contracts';
import type { z } from 'zod';
import { checksumMessage, type SignedPayload } from '../signatures.js';
import { hashKey } from '../identifiers.js';

export type Revocation = z.output<typeof revocation>;

/** The EIP-712 domain of a revocation, without chainId and verifyingContract, which the signer chooses. */
export const REVOCATION_DOMAIN = { name: 'Paysight Revocation', version: '1' } as const;

/** The EIP-712 type a revoker signs: the id binds the whole revocation; the rest is what a wallet should show. */
export const REVOCATION_TYPES = {
  Revocation: [
    { name: 'revocationId', type: 'bytes32' },
    { name: 'grantId', type: 'string' },
    { name: 'grantType', type: 'string' },
    { name: 'grantor', type: 'address' },
    { name: 'grantee', type: 'string' },
    { name: 'effectiveAt', type: 'uint64' },
    { name: 'nonce', type: 'string' },
  ],
} as const;

/** sha256: + hex of the RFC 8785 canonical JSON of the revocation as sent: the same revocation always has the same id. */
export const revocationIdOf = (value: Revocation): string => fingerprint(value);

/** What the revoker signs: the revocationId string (eip191) or the Revocation typed data (eip712). */
export function revocationSignedPayload(value: Revocation, revocationId: string): Required<SignedPayload> {
  return {
    message: revocationId,
    typedData: {
      domain: REVOCATION_DOMAIN,
      types: REVOCATION_TYPES,
      primaryType: 'Revocation',
      message: {
        revocationId: `0x${hashKey(revocationId)}`,
        grantId: value.grantId,
        grantType: value.grantType,
        grantor: value.grantor,
        grantee: value.grantee,
        effectiveAt: Math.floor(Date.parse(value.effectiveAt) / 1000),
        nonce: value.nonce,
      },
    },
  };
}

/**
 * What the grantor signed when giving the grant: personal_sign of its checksum as
 * sha256: + lower-case hex. A human intent's eip191 authorization (human-intent-checksum) is one.
 */
export const grantSignedPayload = (grantChecksum: string): SignedPayload => ({ message: checksumMessage(grantChecksum) });
