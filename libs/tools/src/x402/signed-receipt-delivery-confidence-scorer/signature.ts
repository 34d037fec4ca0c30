import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { CatalogEntryOf, ReceiptSignatureStatus, RequestOf } from '@paysight/contracts';
import { RECEIPT_TYPES, createReceiptDomain, prepareReceiptForEIP712, type ReceiptPayload } from '@x402/extensions/offer-receipt';
import { getAddress, recoverTypedDataAddress, type Hex } from 'viem';

type Input = RequestOf<CatalogEntryOf<'x402_signed_receipt_delivery_confidence_scorer'>>;
type Receipt = NonNullable<Input['receipt']>;

/** The fields a receipt states, signed or not: the EIP-712 payload, or the decoded JWS payload. */
export interface ReceiptClaims {
  network: string | null;
  resourceUrl: string | null;
  payer: string | null;
  transaction: string | null;
}

export interface SignatureCheck {
  status: ReceiptSignatureStatus;
  /** The recovered address (checksummed) or the key id that verified. */
  signer: string | null;
  claims: ReceiptClaims | null;
  detail: string;
}

const DID_PKH = /^did:pkh:eip155:\d+:(0x[0-9a-fA-F]{40})$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE_65 = /^0x[0-9a-fA-F]{130}$/;

/** One form for signer identities: an address (also inside a did:pkh) lowercased; any other key id as is. */
export function signerKey(id: string): string {
  const trimmed = id.trim();
  const address = DID_PKH.exec(trimmed)?.[1] ?? (EVM_ADDRESS.test(trimmed) ? trimmed : null);
  return address ? address.toLowerCase() : trimmed;
}

export const authorizedSignersOf = (input: Input): Set<string> => new Set((input.authorized_signers ?? [input.expected.pay_to]).map(signerKey));

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const claimsOf = (payload: Record<string, unknown>): ReceiptClaims => ({ network: text(payload.network), resourceUrl: text(payload.resourceUrl), payer: text(payload.payer), transaction: text(payload.transaction) });

/**
 * EIP-712: recovery over the x402 offer-receipt extension's own domain and Receipt type (the ones
 * this service signs with, libs/payment/src/signed-receipts.ts): domain {name "x402 receipt",
 * version "1", chainId 1}. When that recovers no authorized signer and the payment's network is
 * another EVM chain, the sheet's reading (chainId of the network) is tried too.
 */
async function checkEip712(receipt: Receipt, authorized: Set<string>): Promise<SignatureCheck> {
  const payload = receipt.payload!;
  const claims = claimsOf(payload);
  if (!SIGNATURE_65.test(receipt.signature)) return { status: 'invalid', signer: null, claims, detail: 'The signature is not 65 bytes of hex (0x + 130 hex).' };
  const message = prepareReceiptForEIP712(payload as ReceiptPayload);
  const recover = (chainId: number) => recoverTypedDataAddress({ domain: { ...createReceiptDomain(), chainId }, types: RECEIPT_TYPES, primaryType: 'Receipt', message, signature: receipt.signature as Hex });
  const standardChainId = Number(createReceiptDomain().chainId);
  let signer: string;
  try {
    signer = getAddress(await recover(standardChainId));
  } catch (error) {
    return { status: 'invalid', signer: null, claims, detail: `The signature does not recover a signer (${(error as Error).message.split('\n')[0]}).` };
  }
  const networkChainId = Number(/^eip155:(\d{1,15})$/.exec(payload.network)?.[1] ?? standardChainId);
  if (!authorized.has(signerKey(signer)) && networkChainId !== standardChainId) {
    const alternative = getAddress(await recover(networkChainId));
    if (authorized.has(signerKey(alternative))) return { status: 'valid', signer: alternative, claims, detail: `EIP-712 Receipt recovered ${alternative} over the domain with chainId ${networkChainId} (the payment's network), not the extension's chainId ${standardChainId}.` };
  }
  return { status: 'valid', signer, claims, detail: `EIP-712 Receipt recovered ${signer} over the x402 receipt domain.` };
}

/** Node's verify parameters per JWS alg (RFC 7518): digest and signature encoding. */
const JWS_ALGS: Readonly<Record<string, { digest: string | null; dsaEncoding?: 'ieee-p1363' }>> = {
  ES256: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  ES256K: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  ES384: { digest: 'sha384', dsaEncoding: 'ieee-p1363' },
  EdDSA: { digest: null },
  RS256: { digest: 'sha256' },
};

const decodeJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** JWS: verified offline with a supplied JWK (matched by kid, or the only one); no kid resolution over the network. */
function checkJws(receipt: Receipt, jwks: readonly Record<string, unknown>[]): SignatureCheck {
  const parts = receipt.signature.split('.');
  const header = parts.length === 3 ? decodeJson(parts[0]!) : null;
  const payload = parts.length === 3 ? decodeJson(parts[1]!) : null;
  if (!header || !payload) return { status: 'invalid', signer: null, claims: null, detail: 'Not a JWS compact serialization with a JSON header and payload.' };
  const claims = claimsOf(payload);
  const kid = text(header.kid);
  const alg = JWS_ALGS[String(header.alg)];
  const jwk = kid !== null ? jwks.find((k) => k.kid === kid) : jwks.length === 1 ? jwks[0] : undefined;
  if (!alg) return { status: 'unverifiable', signer: null, claims, detail: `JWS alg ${String(header.alg)} is not one this tool verifies (ES256, ES256K, ES384, EdDSA, RS256).` };
  if (!jwk) return { status: 'unverifiable', signer: null, claims, detail: `No supplied JWK matches kid ${kid ?? '(none)'}: the key cannot be resolved offline.` };
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch {
    return { status: 'unverifiable', signer: null, claims, detail: 'The matching JWK is not a usable public key.' };
  }
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  let ok: boolean;
  try {
    ok = verify(alg.digest, signed, alg.dsaEncoding ? { key, dsaEncoding: alg.dsaEncoding } : key, Buffer.from(parts[2]!, 'base64url'));
  } catch {
    ok = false; // a key of another type than the alg's
  }
  const signer = kid ?? text(jwk.kid) ?? 'the supplied JWK';
  return ok ? { status: 'valid', signer, claims, detail: `JWS ${String(header.alg)} verified with the JWK of ${signer}.` } : { status: 'invalid', signer: null, claims, detail: `The JWS signature does not verify with the JWK of ${signer}.` };
}

/** The receipt's signature, checked offline before the pure analysis (EIP-712 recovery is asynchronous). */
export async function checkReceiptSignature(input: Input): Promise<SignatureCheck> {
  const { receipt } = input;
  if (!receipt) return { status: 'absent', signer: null, claims: null, detail: 'No receipt was supplied.' };
  return receipt.format === 'eip712' ? checkEip712(receipt, authorizedSignersOf(input)) : checkJws(receipt, input.jwks ?? []);
}
