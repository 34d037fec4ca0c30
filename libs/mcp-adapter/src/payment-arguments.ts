/**
 * The optional tool arguments that carry a signed x402 payment (the value of a PAYMENT-SIGNATURE or
 * X-PAYMENT header). Three names for one thing: agents use whichever their framework produces.
 */
export const PAYMENT_ARGUMENTS = ['x402Payment', 'xPayment', 'paymentHeader'] as const;
export type PaymentArgument = (typeof PAYMENT_ARGUMENTS)[number];

export const PAYMENT_ARGUMENT_SCHEMA = {
  type: 'string',
  maxLength: 8192,
  description: 'Signed x402 payment payload (base64), as sent in a PAYMENT-SIGNATURE or X-PAYMENT header. Never a private key or seed phrase.',
} as const;

/** Splits MCP tool arguments into the tool's own input and the payment, whichever name carried it. */
export function splitPaymentArguments(args: Record<string, unknown>): { input: Record<string, unknown>; payment: string | null; conflict: boolean } {
  const input: Record<string, unknown> = {};
  const payments = new Set<string>();
  for (const [key, value] of Object.entries(args)) {
    if ((PAYMENT_ARGUMENTS as readonly string[]).includes(key)) {
      if (typeof value === 'string' && value.length) payments.add(value);
    } else {
      input[key] = value;
    }
  }
  const [payment = null] = payments;
  return { input, payment, conflict: payments.size > 1 };
}
