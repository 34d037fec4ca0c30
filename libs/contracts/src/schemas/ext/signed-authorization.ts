import { z } from 'zod';

/**
 * A signature by an EVM account over a Paysight checksum, as human-intent-checksum and
 * revocation-propagation take it (docs/tools/ext.md). What is signed depends on the tool: the
 * checksum string itself with `eip191` (personal_sign), or the tool's EIP-712 typed data with
 * `eip712`, whose domain carries `chainId` (and `verifyingContract` when the signer used one).
 */

/** 0x + 20 bytes, kept as sent (no checksum transform): these fields are hashed as sent. */
export const evmAddressText = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 40-hex-digit EVM address');

/** 65 bytes for an EOA; up to 2,048 bytes so that a contract account's signature is recognised and reported, not refused. */
const signatureHex = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2}){1,2048}$/, 'must be 0x followed by an even number of hex digits (at most 2,048 bytes)')
  .meta({ description: 'The signature, hex. An EOA signature is 65 bytes (r, s, v).' });

export const SIGNER_TYPES = ['eoa', 'contract'] as const;
const signerType = z
  .enum(SIGNER_TYPES)
  .optional()
  .meta({ description: 'eoa (default): verified here by ECDSA recovery. contract: an EIP-1271 smart account, which needs a chain to verify; reported as unsupported.' });

const common = {
  signer: evmAddressText.meta({ description: 'The address that signed.' }),
  signature: signatureHex,
  signerType,
};

export const eip191Authorization = z.strictObject({
  scheme: z.literal('eip191').meta({ description: 'personal_sign (EIP-191 version 0x45) of the checksum string, sha256: prefix included.' }),
  ...common,
});

export const eip712Authorization = z.strictObject({
  scheme: z.literal('eip712').meta({ description: 'EIP-712 typed data of the tool (docs/tools/ext.md).' }),
  ...common,
  chainId: z.int().min(1).meta({ description: 'chainId of the EIP-712 domain the signer used.' }),
  verifyingContract: evmAddressText.optional().meta({ description: 'verifyingContract of the EIP-712 domain, when the signer used one.' }),
});

export const SIGNATURE_SCHEMES = ['eip191', 'eip712'] as const;

export const signedAuthorization = z.discriminatedUnion('scheme', [eip191Authorization, eip712Authorization]);
export type SignedAuthorization = z.infer<typeof signedAuthorization>;
