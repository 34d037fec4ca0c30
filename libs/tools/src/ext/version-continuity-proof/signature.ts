import { fingerprint, type VERSION_SIGNATURE_STATUSES, type agentVersion } from '@paysight/contracts';
import { createPublicKey, verify } from 'node:crypto';
import type { z } from 'zod';
import { checkSignature } from '../signatures.js';

export type AgentVersion = z.output<typeof agentVersion>;
export type VersionSignatureStatus = (typeof VERSION_SIGNATURE_STATUSES)[number];

export interface VersionSignatureCheck {
  status: VersionSignatureStatus;
  /** sha256: + hex of the RFC 8785 canonical JSON of the current version without its signature: the string that is signed. */
  digest: string;
  detail: string;
}

/** Owner-key statuses and algorithm names compare without case or surrounding space. */
const label = (value: string) => value.trim().toLowerCase();
export const isActive = (key: AgentVersion['ownerKeys'][number]) => label(key.status) === 'active';

/** 32 raw bytes from hex (0x optional) or base64 / base64url; null when it is neither. */
function bytesOf(text: string, length: number): Buffer | null {
  const value = text.trim();
  const hex = value.replace(/^0x/, '');
  if (/^[0-9a-fA-F]+$/.test(hex) && hex.length === length * 2) return Buffer.from(hex, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === length ? bytes : null;
}

/** Ed25519 with node's crypto: the key as 32 bytes, the signature as 64, over the digest string's UTF-8 bytes. */
function verifyEd25519(publicKey: string, signature: string, digest: string): { ok: boolean; detail: string } {
  const key = bytesOf(publicKey, 32);
  const sig = bytesOf(signature, 64);
  if (!key || !sig) return { ok: false, detail: 'The ed25519 key must be 32 bytes and the signature 64 bytes, in hex or base64.' };
  try {
    const keyObject = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.toString('base64url') }, format: 'jwk' });
    const ok = verify(null, Buffer.from(digest, 'utf8'), keyObject, sig);
    return { ok, detail: ok ? `The ed25519 key signed ${digest}.` : `The signature is not the ed25519 key's over ${digest}.` };
  } catch (error) {
    return { ok: false, detail: `The ed25519 key cannot be used: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Whether the current version is signed by an active owner key of the previous version, over the
 * digest of the current version without its signature. eip191 keys (an EVM address) are verified
 * with viem, ed25519 keys with node's crypto; other algorithms can only be matched by keyId.
 */
export async function checkVersionSignature(previous: AgentVersion, current: AgentVersion): Promise<VersionSignatureCheck> {
  const { signature, ...unsigned } = current;
  const digest = fingerprint(unsigned);
  const result = (status: VersionSignatureStatus, detail: string): VersionSignatureCheck => ({ status, digest, detail });
  if (!previous.ownerKeys.some(isActive)) return result('no_previous_keys', 'The previous version lists no active owner key: nothing can vouch for the current one.');
  const candidates = previous.ownerKeys.filter((k) => k.keyId === signature.keyId);
  const key = candidates.find(isActive);
  if (!key) {
    return candidates.length
      ? result('key_not_active', `Key ${signature.keyId} of the previous version is not active (${candidates.map((k) => k.status).join(', ')}).`)
      : result('key_not_found', `Key ${signature.keyId} is not an owner key of the previous version.`);
  }
  if (label(key.algorithm) !== label(signature.algorithm)) return result('algorithm_mismatch', `The signature says ${signature.algorithm}; key ${key.keyId} is ${key.algorithm}.`);
  switch (label(key.algorithm)) {
    case 'eip191': {
      if (!/^0x[0-9a-fA-F]{40}$/.test(key.publicKeyOrAddress) || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature.value)) {
        return result('invalid', `An eip191 key is an EVM address and its signature 0x-prefixed hex; key ${key.keyId} or the signature is not.`);
      }
      const check = await checkSignature({ scheme: 'eip191', signer: key.publicKeyOrAddress, signature: signature.value }, { message: digest });
      return result(check.verdict === 'valid' ? 'verified' : check.verdict === 'invalid' ? 'invalid' : 'unverifiable_algorithm', check.detail);
    }
    case 'ed25519': {
      const { ok, detail } = verifyEd25519(key.publicKeyOrAddress, signature.value, digest);
      return result(ok ? 'verified' : 'invalid', detail);
    }
    default:
      return result('unverifiable_algorithm', `Key ${key.keyId} matches by keyId, but ${key.algorithm} signatures are not verified here (eip191 and ed25519 are).`);
  }
}
