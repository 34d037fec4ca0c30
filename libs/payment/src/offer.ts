import { type CatalogEntry, PAYMENT, SERVICE_NAME, priceOf } from '@paysight/contracts';
import { type Address, getAddress, isAddress } from 'viem';
import type { OfferedRequirements, PaymentRequirementsV1, ResourceInfo } from './wire.js';

type PricedEntry = Pick<CatalogEntry, 'id' | 'title' | 'price' | 'family'>;

/** The spec's payment offer (core reference, Authentication point 4): exactly one per paid endpoint. */
export interface PaymentOffer {
  /** Atomic amount (units of 10^-6 USDC). */
  amount: string;
  amountDecimal: string;
  currency: typeof PAYMENT.currency;
  description: string;
  intent: 'charge';
  method: 'x402';
  scheme: typeof PAYMENT.scheme;
  network: typeof PAYMENT.network;
  recipient: Address;
  payTo: Address;
}

/** The spec's price declaration (Authentication point 5), a superset of the price object. */
export interface PriceDeclaration {
  amount: string;
  currency: typeof PAYMENT.currency;
  network: typeof PAYMENT.networkName;
  x402Network: typeof PAYMENT.network;
  amountUsd: string;
  displayCurrency: typeof PAYMENT.displayCurrency;
  settlementCurrency: typeof PAYMENT.currency;
  caip2Network: typeof PAYMENT.network;
  minPrice: string;
  maxPrice: string;
}

/** A checksummed payee address; throws on anything else (a configuration error, never a caller's). */
export function payeeAddress(payTo: string): Address {
  if (!isAddress(payTo, { strict: false })) throw new Error(`payTo is not an EVM address: ${JSON.stringify(payTo)}`);
  return getAddress(payTo);
}

/** "0.01 USDC for Wallet snapshot: an exact x402 payment on base (eip155:8453)." Short on purpose: catalogues choke on long ones. */
export function offerDescription(entry: PricedEntry): string {
  return `${entry.price} ${PAYMENT.currency} for ${entry.title}: an exact x402 payment on ${PAYMENT.networkName} (${PAYMENT.network}).`;
}

/** The single v2 PaymentRequirements of a tool. */
export function paymentRequirements(entry: PricedEntry, payTo: string): OfferedRequirements {
  return {
    scheme: PAYMENT.scheme,
    network: PAYMENT.network,
    amount: priceOf(entry).atomic,
    asset: PAYMENT.asset,
    payTo: payeeAddress(payTo),
    maxTimeoutSeconds: PAYMENT.maxTimeoutSeconds,
    extra: { ...PAYMENT.eip712 },
  };
}

/** The same offer in protocol v1 form, for the `accepts` list of the 402 body. */
export function paymentRequirementsV1(entry: PricedEntry, payTo: string, resourceUrl: string): PaymentRequirementsV1 {
  return {
    scheme: PAYMENT.scheme,
    network: PAYMENT.networkName,
    maxAmountRequired: priceOf(entry).atomic,
    resource: resourceUrl,
    description: offerDescription(entry),
    mimeType: PAYMENT.mimeType,
    payTo: payeeAddress(payTo),
    maxTimeoutSeconds: PAYMENT.maxTimeoutSeconds,
    asset: PAYMENT.asset,
    extra: { ...PAYMENT.eip712 },
  };
}

/** The offered resource, with the service metadata Bazaar listings show (service name, the tool's family as its tag). */
export function resourceInfo(entry: PricedEntry, resourceUrl: string): ResourceInfo {
  return { url: resourceUrl, description: offerDescription(entry), mimeType: PAYMENT.mimeType, serviceName: SERVICE_NAME, tags: [entry.family] };
}

export function paymentOffer(entry: PricedEntry, payTo: string): PaymentOffer {
  const price = priceOf(entry);
  const payee = payeeAddress(payTo);
  return {
    amount: price.atomic,
    amountDecimal: price.amount,
    currency: PAYMENT.currency,
    description: offerDescription(entry),
    intent: 'charge',
    method: 'x402',
    scheme: PAYMENT.scheme,
    network: PAYMENT.network,
    recipient: payee,
    payTo: payee,
  };
}

export function priceDeclaration(entry: PricedEntry): PriceDeclaration {
  const { amount } = priceOf(entry);
  return {
    amount,
    currency: PAYMENT.currency,
    network: PAYMENT.networkName,
    x402Network: PAYMENT.network,
    amountUsd: amount,
    displayCurrency: PAYMENT.displayCurrency,
    settlementCurrency: PAYMENT.currency,
    caip2Network: PAYMENT.network,
    minPrice: amount,
    maxPrice: amount,
  };
}
