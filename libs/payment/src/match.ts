import { PAYMENT } from '@paysight/contracts';
import { type Address, getAddress } from 'viem';
import type { DecodedPayment } from './decode.js';
import type { Eip3009Authorization, PaymentPayloadV2, PaymentRequirements } from './wire.js';

export interface FieldMismatch {
  /** Path of the differing field in the payment as sent: `accepted.amount`, `payload.authorization.to`, `network`. */
  field: string;
  expected: string;
  received: string;
}

export type MatchResult =
  | {
      matched: true;
      /** The payment in protocol v2 form, as the facilitator receives it (v1 payments are converted). */
      paymentPayload: PaymentPayloadV2;
      authorization: Eip3009Authorization;
      payer: Address;
    }
  | { matched: false; mismatches: FieldMismatch[] };

type Comparison = readonly [field: string, expected: string, received: string, kind: 'text' | 'address' | 'route'];

/** The path a resource URL names, without a trailing slash; null when it is not an absolute URL. */
function routeOf(url: string): string | null {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

function differs([, expected, received, kind]: Comparison): boolean {
  if (kind === 'address') return expected.toLowerCase() !== received.toLowerCase();
  if (kind === 'route') return routeOf(received) === null || routeOf(received) !== routeOf(expected);
  return expected !== received;
}

/**
 * Checks a decoded payment against our single offer: scheme, network, asset, payee and amount, in
 * both the requirements the payer accepted and the authorization it signed, and, when a v2 payment
 * names its resource, that it names the route called (`resourceUrl`; by path, so the same route
 * under another host name or port still matches). Every difference is reported, naming the field,
 * the expected and the received value. v1 payments name no resource: they are bound by price alone.
 */
export function matchPayment(payment: DecodedPayment, requirements: PaymentRequirements, resourceUrl: string): MatchResult {
  const { authorization } = payment.payload.payload;
  const signed: Comparison[] = [
    ['payload.authorization.to', requirements.payTo, authorization.to, 'address'],
    ['payload.authorization.value', requirements.amount, authorization.value, 'text'],
  ];
  const declared: Comparison[] =
    payment.version === 2
      ? [
          ['accepted.scheme', requirements.scheme, payment.payload.accepted.scheme, 'text'],
          ['accepted.network', requirements.network, payment.payload.accepted.network, 'text'],
          ['accepted.asset', requirements.asset, payment.payload.accepted.asset, 'address'],
          ['accepted.payTo', requirements.payTo, payment.payload.accepted.payTo, 'address'],
          ['accepted.amount', requirements.amount, payment.payload.accepted.amount, 'text'],
          ...(payment.payload.resource ? [['resource.url', resourceUrl, payment.payload.resource.url, 'route'] as const] : []),
        ]
      : [
          // v1 names the network ("base") and carries no asset: the asset is the signature's EIP-712 domain.
          ['scheme', requirements.scheme, payment.payload.scheme, 'text'],
          ['network', PAYMENT.networkName, payment.payload.network, 'text'],
        ];
  const mismatches = [...declared, ...signed].filter(differs).map(([field, expected, received]) => ({ field, expected, received }));
  if (mismatches.length > 0) return { matched: false, mismatches };

  const paymentPayload: PaymentPayloadV2 =
    payment.version === 2 ? payment.payload : { x402Version: 2, accepted: requirements, payload: payment.payload.payload, resource: undefined, extensions: undefined };
  return { matched: true, paymentPayload, authorization, payer: getAddress(authorization.from) };
}
