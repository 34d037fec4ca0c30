import { PAYMENT, fingerprint } from '@paysight/contracts';
import type { PaymentRequiredContext, SettleResultContext } from '@x402/core/types';
import {
  OFFER_RECEIPT,
  RECEIPT_TYPES,
  createEIP712OfferReceiptIssuer,
  createOfferReceiptExtension,
  hashReceiptTypedData,
  type EIP712SignedOffer,
  type EIP712SignedReceipt,
  type SignTypedDataFn,
} from '@x402/extensions/offer-receipt';
import { type Address, type Hex, getAddress, recoverTypedDataAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { OfferedRequirements } from './wire.js';

/*
 * Signed offers and receipts (x402 offer-receipt extension, EIP-712), and Paysight's delivery
 * binding: a second EIP-712 signature, by the same key, over the standard receipt's digest and the
 * hash of the answer served. docs/paying.md, "Signed offers and receipts".
 */

export { OFFER_RECEIPT, RECEIPT_TYPES };
/** The settle response's extension that binds the answer to the receipt (standard clients ignore it). */
export const DELIVERY_EXTENSION_KEY = 'paysight-delivery';

/**
 * `extensions["offer-receipt"]` of a 402: the `info` the library's server extension produces, without
 * its `schema` (a constant of the library, 870 characters of the header's 3800 that the Bazaar
 * declaration needs more; clients read only `info.offers`).
 */
export interface OfferReceiptOffers {
  info: { offers: EIP712SignedOffer[] };
}

/** What the Paysight delivery signature covers. */
export interface DeliveryPayload {
  version: number;
  /** EIP-712 digest of the standard receipt's payload (`hashReceiptTypedData`). */
  receipt: Hex;
  /** The payment's stable id (metadata.x402RequestId of the answer). */
  x402RequestId: string;
  /** 0x + SHA-256 of the canonical JSON of the answer (see responseHashOf). */
  responseHash: Hex;
}

export interface SignedDelivery {
  format: 'eip712';
  payload: DeliveryPayload;
  signature: Hex;
}

/** The settle response's `extensions` of a paid answer: the standard receipt and the delivery binding. */
export interface ReceiptExtensions {
  [OFFER_RECEIPT]: { info: { receipt: EIP712SignedReceipt }; schema: unknown };
  [DELIVERY_EXTENSION_KEY]: { info: { delivery: SignedDelivery } };
}

export const DELIVERY_DOMAIN = { name: 'Paysight delivery', version: '1', chainId: 8453 } as const;
export const DELIVERY_TYPES = {
  Delivery: [
    { name: 'version', type: 'uint256' },
    { name: 'receipt', type: 'bytes32' },
    { name: 'x402RequestId', type: 'string' },
    { name: 'responseHash', type: 'bytes32' },
  ],
} as const;

const deliveryMessage = (payload: DeliveryPayload) => ({ ...payload, version: BigInt(payload.version) });

/**
 * The hash a delivery binds: SHA-256 of the answer's canonical JSON (object keys sorted at every
 * level, no whitespace: `fingerprint` of @paysight/contracts, the ledger's `resultHash`). A buyer
 * recomputes it from the body as received: JSON.parse, then this.
 */
export function responseHashOf(body: unknown): Hex {
  return responseHashOfResultHash(fingerprint(body));
}

/** The ledger's `resultHash` ("sha256:<hex>") as the delivery's bytes32. */
export function responseHashOfResultHash(resultHash: string): Hex {
  const hex = /^sha256:([0-9a-f]{64})$/.exec(resultHash)?.[1];
  if (!hex) throw new Error(`not a sha256 result hash: ${resultHash}`);
  return `0x${hex}`;
}

/** did:pkh key id of a signer address on Base (the network of every offer). */
export const signerKid = (address: Address) => `did:pkh:${PAYMENT.network}:${address}`;

export interface ReceiptSigner {
  address: Address;
  /** `did:pkh:eip155:8453:<address>`, published in the discovery documents. */
  kid: string;
  /** A signed offer per `accepts` entry, valid for `validitySeconds` from now. */
  signOffers(resourceUrl: string, accepts: readonly OfferedRequirements[], validitySeconds: number): Promise<OfferReceiptOffers>;
  /** The standard receipt (with the transaction) and the delivery binding of one paid answer. */
  signReceipt(input: { resourceUrl: string; payer: Address; transaction: Hex | null; x402RequestId: string; responseHash: Hex }): Promise<ReceiptExtensions>;
}

/** The signer as the discovery documents publish it. */
export interface ReceiptSignerIdentity {
  address: Address;
  kid: string;
  format: 'eip712';
  extensions: [typeof OFFER_RECEIPT, typeof DELIVERY_EXTENSION_KEY];
}

export function receiptSignerIdentity(signer: Pick<ReceiptSigner, 'address' | 'kid'>): ReceiptSignerIdentity {
  return { address: signer.address, kid: signer.kid, format: 'eip712', extensions: [OFFER_RECEIPT, DELIVERY_EXTENSION_KEY] };
}

/** A 32-byte hex string that is a secp256k1 private key (0 < key < the curve order). */
export function isSigningKey(key: string): key is Hex {
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) return false;
  try {
    privateKeyToAccount(key as Hex);
    return true;
  } catch {
    return false;
  }
}

/** Signs with a local key (RECEIPT_SIGNING_KEY). */
export function createReceiptSigner(privateKey: Hex): ReceiptSigner {
  const account = privateKeyToAccount(privateKey);
  const signTypedData: SignTypedDataFn = (params) => account.signTypedData(params as Parameters<typeof account.signTypedData>[0]);
  const kid = signerKid(account.address);
  const extension = createOfferReceiptExtension(createEIP712OfferReceiptIssuer(kid, signTypedData));
  return {
    address: account.address,
    kid,
    async signOffers(resourceUrl, accepts, validitySeconds) {
      const context = { paymentRequiredResponse: { resource: { url: resourceUrl } }, requirements: accepts } as unknown as PaymentRequiredContext;
      const signed = (await extension.enrichPaymentRequiredResponse?.({ offerValiditySeconds: validitySeconds }, context)) as OfferReceiptOffers | undefined;
      if (!signed) throw new Error('the offer-receipt extension signed no offer');
      return { info: signed.info };
    },
    async signReceipt({ resourceUrl, payer, transaction, x402RequestId, responseHash }) {
      const context = {
        result: { success: true, payer, network: PAYMENT.network, transaction: transaction ?? '' },
        transportContext: { request: { adapter: { getUrl: () => resourceUrl } } },
      } as unknown as SettleResultContext;
      const standard = (await extension.enrichSettlementResponse?.({ includeTxHash: true }, context)) as ReceiptExtensions[typeof OFFER_RECEIPT] | undefined;
      if (!standard) throw new Error('the offer-receipt extension signed no receipt');
      const payload: DeliveryPayload = { version: 1, receipt: hashReceiptTypedData(standard.info.receipt.payload), x402RequestId, responseHash };
      const signature = await account.signTypedData({ domain: DELIVERY_DOMAIN, types: DELIVERY_TYPES, primaryType: 'Delivery', message: deliveryMessage(payload) });
      return { [OFFER_RECEIPT]: standard, [DELIVERY_EXTENSION_KEY]: { info: { delivery: { format: 'eip712', payload, signature } } } };
    },
  };
}

/**
 * The signer of a delivery binding, after checking that it binds this very receipt. Compare the
 * signer with the receipt's signer (verifyReceiptSignatureEIP712) and with the published address,
 * and `payload.responseHash` with responseHashOf(the body received).
 */
export async function verifyDeliverySignature(delivery: SignedDelivery, receipt: EIP712SignedReceipt): Promise<{ signer: Address; payload: DeliveryPayload }> {
  if (delivery.format !== 'eip712') throw new Error(`expected an eip712 delivery, got ${String(delivery.format)}`);
  if (delivery.payload.receipt.toLowerCase() !== hashReceiptTypedData(receipt.payload).toLowerCase()) throw new Error('the delivery binds another receipt');
  const signer = await recoverTypedDataAddress({ domain: DELIVERY_DOMAIN, types: DELIVERY_TYPES, primaryType: 'Delivery', message: deliveryMessage(delivery.payload), signature: delivery.signature });
  return { signer: getAddress(signer), payload: delivery.payload };
}
