import type { PaymentPayloadV1, PaymentPayloadV2, PaymentRequirements } from '../../src/index.js';

export const PAYEE = '0x3333333333333333333333333333333333333333';
export const PAYER = '0x4444444444444444444444444444444444444444';
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** Well-formed but unsigned (the signature is not checked by decoding or matching). */
export function authorizationPayload(overrides: Partial<PaymentPayloadV2['payload']['authorization']> = {}): PaymentPayloadV2['payload'] {
  return {
    signature: `0x${'ab'.repeat(65)}`,
    authorization: {
      from: PAYER,
      to: PAYEE,
      value: '10000',
      validAfter: '0',
      validBefore: '4102444800',
      nonce: `0x${'01'.repeat(32)}`,
      ...overrides,
    },
  };
}

export function requirements(overrides: Partial<PaymentRequirements> = {}): PaymentRequirements {
  return {
    scheme: 'exact',
    network: 'eip155:8453',
    amount: '10000',
    asset: USDC_BASE,
    payTo: PAYEE,
    maxTimeoutSeconds: 300,
    extra: { name: 'USD Coin', version: '2' },
    ...overrides,
  };
}

export function payloadV2(accepted: Partial<PaymentRequirements> = {}, authorization: Parameters<typeof authorizationPayload>[0] = {}): PaymentPayloadV2 {
  return {
    x402Version: 2,
    accepted: requirements(accepted),
    payload: authorizationPayload(authorization),
    resource: { url: 'https://paysight.test/api/x402/wallet-snapshot', description: 'x', mimeType: 'application/json' },
    extensions: undefined,
  };
}

export function payloadV1(fields: Partial<Pick<PaymentPayloadV1, 'scheme' | 'network'>> = {}, authorization: Parameters<typeof authorizationPayload>[0] = {}): PaymentPayloadV1 {
  return { x402Version: 1, scheme: 'exact', network: 'base', payload: authorizationPayload(authorization), ...fields };
}

export const base64 = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
