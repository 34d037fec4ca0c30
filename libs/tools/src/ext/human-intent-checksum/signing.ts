import { fingerprint } from '@paysight/contracts';
import { checksumMessage, type SignedPayload } from '../signatures.js';
import { hashKey } from '../identifiers.js';
import type { HumanIntent } from './constraints.js';

/** The EIP-712 domain of a human intent, without chainId and verifyingContract, which the signer chooses. */
export const HUMAN_INTENT_DOMAIN = { name: 'Paysight Human Intent', version: '1' } as const;

/**
 * The EIP-712 type a person signs: the checksum binds every field of the intent; the other members
 * repeat what a wallet should show the person before they sign (who, what for, how much, until when).
 */
export const HUMAN_INTENT_TYPES = {
  HumanIntent: [
    { name: 'intentChecksum', type: 'bytes32' },
    { name: 'intentId', type: 'string' },
    { name: 'principal', type: 'address' },
    { name: 'purpose', type: 'string' },
    { name: 'maxAmount', type: 'string' },
    { name: 'currency', type: 'string' },
    { name: 'expiresAt', type: 'uint64' },
    { name: 'nonce', type: 'string' },
  ],
} as const;

/** sha256: + hex of the RFC 8785 canonical JSON of the intent exactly as sent. */
export const intentChecksumOf = (intent: HumanIntent): string => fingerprint(intent);

/** What the principal signs for `checksum`: the checksum string (eip191) or the HumanIntent typed data (eip712). */
export function intentSignedPayload(intent: HumanIntent, checksum: string): Required<SignedPayload> {
  return {
    message: checksumMessage(checksum),
    typedData: {
      domain: HUMAN_INTENT_DOMAIN,
      types: HUMAN_INTENT_TYPES,
      primaryType: 'HumanIntent',
      message: {
        intentChecksum: `0x${hashKey(checksum)}`,
        intentId: intent.intentId,
        principal: intent.principal,
        purpose: intent.purpose,
        maxAmount: intent.maxAmount,
        currency: intent.currency,
        expiresAt: Math.floor(Date.parse(intent.expiresAt) / 1000),
        nonce: intent.nonce,
      },
    },
  };
}
