import { sha256Hex } from '@paysight/contracts';

export interface PaymentKey {
  network: string;
  asset: string;
  payer: string;
  /** The EIP-3009 authorization nonce. */
  nonce: string;
}

/** What the ledger keeps of the signature that claimed a payment: its SHA-256 (of the lower-case hex). */
export function paymentSignatureHash(signature: string): string {
  return `sha256:${sha256Hex(signature.toLowerCase())}`;
}

/**
 * The ledger id of a payment: `x402_` + 32 hex characters of sha256 over network, asset, payer and
 * authorization nonce. Addresses and nonce are compared case-insensitively, so the same signed
 * authorization always maps to the same id, whether it arrives as x402 v1 or v2.
 */
export function x402RequestIdOf(key: PaymentKey): string {
  const material = [key.network, key.asset, key.payer, key.nonce].map((part) => part.toLowerCase()).join('|');
  return `x402_${sha256Hex(material).slice(0, 32)}`;
}
