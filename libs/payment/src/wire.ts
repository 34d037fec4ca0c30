import type { PaymentRequirements as X402PaymentRequirements } from '@x402/core/types';
import type { BodyDiscoveryExtension } from '@x402/extensions/bazaar';
import type { PaymentIdentifierExtension } from '@x402/extensions/payment-identifier';
import type { OfferReceiptOffers } from './signed-receipts.js';
import type { Address, Hex } from 'viem';
import { z } from 'zod';

/*
 * The x402 wire format as the official @x402/* 2.27 packages write it, restricted to what Paysight
 * accepts: the `exact` scheme paid with an EIP-3009 `transferWithAuthorization` (USDC). These zod 4
 * schemas validate what callers send; they are never handed to @x402 APIs (which use zod 3).
 */

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((v) => v as Address);
const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex value')
  .transform((v) => v as Hex);
const uintString = z.string().regex(/^(0|[1-9]\d{0,77})$/, 'must be an unsigned integer in decimal digits');
/** 65-byte ECDSA signatures, or longer ERC-1271 / ERC-6492 ones; the header size limit bounds them. */
const signature = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex bytes')
  .transform((v) => v as Hex);
const jsonRecord = z.record(z.string(), z.unknown());

export const eip3009AuthorizationSchema = z.strictObject({
  from: address,
  to: address,
  value: uintString,
  validAfter: uintString,
  validBefore: uintString,
  nonce: bytes32,
});

/** The `payload` of an exact EVM payment: a signed EIP-3009 authorization. Permit2 payloads are refused. */
export const exactEvmPayloadSchema = z.strictObject({
  signature,
  authorization: eip3009AuthorizationSchema,
});

export const paymentRequirementsV2Schema = z.object({
  scheme: z.string().min(1).max(64),
  network: z.string().min(1).max(64),
  amount: uintString,
  asset: address,
  payTo: address,
  maxTimeoutSeconds: z.number().int().positive(),
  extra: jsonRecord.nullish().transform((v) => v ?? undefined),
});

const resourceInfoSchema = z.looseObject({
  url: z.string().min(1).max(2048),
  description: z.string().nullish().transform((v) => v ?? undefined),
  mimeType: z.string().nullish().transform((v) => v ?? undefined),
});

export const paymentPayloadV2Schema = z.object({
  x402Version: z.literal(2),
  accepted: paymentRequirementsV2Schema,
  payload: exactEvmPayloadSchema,
  resource: resourceInfoSchema.nullish().transform((v) => v ?? undefined),
  extensions: jsonRecord.nullish().transform((v) => v ?? undefined),
});

export const paymentPayloadV1Schema = z.object({
  x402Version: z.literal(1),
  scheme: z.string().min(1).max(64),
  network: z.string().min(1).max(64),
  payload: exactEvmPayloadSchema,
});

export type Eip3009Authorization = z.output<typeof eip3009AuthorizationSchema>;
export type ExactEvmPayload = z.output<typeof exactEvmPayloadSchema>;
/** One entry of a v2 `accepts` list (amount in atomic units of the asset). */
export type PaymentRequirements = z.output<typeof paymentRequirementsV2Schema>;
export type PaymentPayloadV2 = z.output<typeof paymentPayloadV2Schema>;
export type PaymentPayloadV1 = z.output<typeof paymentPayloadV1Schema>;

export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
  /** x402 Bazaar service metadata. */
  serviceName: string;
  tags: string[];
}

/** The one v2 entry Paysight offers, typed as @x402/core types it so that its header codec encodes our offers. */
export type OfferedRequirements = X402PaymentRequirements & { asset: Address; payTo: Address };

/** The v2 PaymentRequired object (the JSON inside the PAYMENT-REQUIRED header). */
export interface PaymentRequired {
  x402Version: 2;
  error: string;
  resource: ResourceInfo;
  accepts: [OfferedRequirements];
  /** The fixed extensions (payment identifier, signed offers), and the Bazaar declaration in the form that fits the header (see buildChallenge). */
  extensions?: OfferExtensions;
}

/** `extensions` of a Paysight offer: the signed offers (when a signing key is set) and the Bazaar discovery declaration. */
export type OfferExtensions = {
  'payment-identifier'?: Pick<PaymentIdentifierExtension, 'info'>;
  'offer-receipt'?: OfferReceiptOffers;
  bazaar?: BodyDiscoveryExtension;
};

/** One entry of a v1 `accepts` list. */
export interface PaymentRequirementsV1 {
  scheme: string;
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: Address;
  maxTimeoutSeconds: number;
  asset: Address;
  extra: Record<string, unknown>;
}

const optionalText = z.string().nullish().transform((v) => v ?? undefined);

export const verifyResponseSchema = z.looseObject({
  isValid: z.boolean(),
  invalidReason: optionalText,
  invalidMessage: optionalText,
  payer: optionalText,
});

export const settleResponseSchema = z.looseObject({
  success: z.boolean(),
  errorReason: optionalText,
  errorMessage: optionalText,
  payer: optionalText,
  // Failed settlements may carry an empty or null transaction.
  transaction: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  network: z.string(),
});

export const supportedResponseSchema = z.looseObject({
  kinds: z.array(
    z.looseObject({
      x402Version: z.number(),
      scheme: z.string(),
      network: z.string(),
      extra: jsonRecord.nullish().transform((v) => v ?? undefined),
    }),
  ),
  extensions: z.array(z.string()).default([]),
  signers: z.record(z.string(), z.array(z.string())).default({}),
});

/** What a facilitator answers to POST /verify. */
export type VerifyResponse = z.output<typeof verifyResponseSchema>;
/** What a facilitator answers to POST /settle; also the JSON inside PAYMENT-RESPONSE. */
export type SettleResponse = z.output<typeof settleResponseSchema>;
/** What a facilitator answers to GET /supported. */
export type SupportedResponse = z.output<typeof supportedResponseSchema>;

/** "accepted.amount: must be an unsigned integer in decimal digits; payload.signature: ..." (first three issues). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
