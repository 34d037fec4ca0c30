import { z } from 'zod';

/**
 * AP2 (Agent Payments Protocol) shapes the family reads (design sheet §R; used by #8 and #33),
 * restated as schemas from the type definitions of google-agentic-commerce/AP2 (Apache-2.0):
 * src/ap2/types/mandate.py, payment_request.py (its W3C Payment Request subset),
 * payment_receipt.py and spending_rules.py. No text is copied; field names and which fields are
 * required follow those types. Versioned with X402_REFERENCE_DATA_VERSION.
 *
 * The objects are loose (AP2 carries more members than any tool reads, e.g. risk_payload and
 * signatures), and amounts accept a JSON number (AP2's float) or a decimal string; a tool turns them
 * into atomic units with AMT and says when a value cannot be read exactly.
 */

const text = z.string().min(1);
const dateTime = z.string().min(1).meta({ description: 'ISO 8601 date-time, as AP2 states it' });

/** W3C PaymentCurrencyAmount: a currency code and a value. */
export const ap2CurrencyAmount = z.looseObject({ currency: text, value: z.union([z.number().nonnegative(), z.string().min(1)]) });
export type Ap2CurrencyAmount = z.infer<typeof ap2CurrencyAmount>;

/** W3C PaymentItem: label and amount; refund_period in days (AP2 default 30). */
export const ap2PaymentItem = z.looseObject({ label: z.string(), amount: ap2CurrencyAmount, pending: z.boolean().nullish(), refund_period: z.number().int().nullish() });
export type Ap2PaymentItem = z.infer<typeof ap2PaymentItem>;

/** W3C PaymentDetailsInit as AP2 uses it. */
export const ap2PaymentDetails = z.looseObject({ id: text, display_items: z.array(ap2PaymentItem), total: ap2PaymentItem });

/** W3C PaymentRequest as AP2 uses it. */
export const ap2PaymentRequest = z.looseObject({ method_data: z.array(z.looseObject({ supported_methods: text })), details: ap2PaymentDetails });

/** The user's purchase intent. user_cart_confirmation_required defaults to true and must be true when the user did not sign. */
export const ap2IntentMandate = z.looseObject({
  user_cart_confirmation_required: z.boolean().optional(),
  natural_language_description: z.string(),
  merchants: z.array(z.string()).nullish(),
  skus: z.array(z.string()).nullish(),
  requires_refundability: z.boolean().nullish(),
  intent_expiry: dateTime,
  /** Present in the SDK models (code/sdk/python/ap2/models/mandate.py): the most the agent may spend on the intent. */
  budget: ap2CurrencyAmount.nullish(),
});
export type Ap2IntentMandate = z.infer<typeof ap2IntentMandate>;

/** The merchant-signed cart. */
export const ap2CartContents = z.looseObject({ id: text, user_cart_confirmation_required: z.boolean(), payment_request: ap2PaymentRequest, cart_expiry: dateTime, merchant_name: text });
export const ap2CartMandate = z.looseObject({ contents: ap2CartContents, merchant_authorization: z.string().nullish() });
export type Ap2CartMandate = z.infer<typeof ap2CartMandate>;

/** The payment mandate's contents (shared with the network or issuer). */
export const ap2PaymentMandateContents = z.looseObject({
  payment_mandate_id: text,
  payment_details_id: text,
  payment_details_total: ap2PaymentItem,
  payment_response: z.looseObject({ request_id: text, method_name: text }),
  merchant_agent: text,
  timestamp: dateTime.optional(),
});
export type Ap2PaymentMandateContents = z.infer<typeof ap2PaymentMandateContents>;
export const ap2PaymentMandate = z.looseObject({ payment_mandate_contents: ap2PaymentMandateContents, user_authorization: z.string().nullish() });

/** The final state of a payment: success (merchant confirmation id), error or failure. */
export const ap2PaymentReceipt = z.looseObject({
  payment_mandate_id: text,
  timestamp: dateTime.optional(),
  payment_id: text,
  amount: ap2CurrencyAmount,
  payment_status: z.union([
    z.looseObject({ merchant_confirmation_id: text, psp_confirmation_id: z.string().nullish(), network_confirmation_id: z.string().nullish() }),
    z.looseObject({ error_message: text }),
    z.looseObject({ failure_message: text }),
  ]),
  payment_method_details: z.record(z.string(), z.unknown()).nullish(),
});
export type Ap2PaymentReceipt = z.infer<typeof ap2PaymentReceipt>;

/** Spending-rule types and comparison operators. */
export const AP2_SPENDING_RULE_TYPES = ['amount_constraint', 'time_constraint', 'merchant_constraint', 'category_constraint', 'frequency_constraint'] as const;
export const AP2_CONSTRAINT_OPERATORS = ['lt', 'lte', 'gt', 'gte', 'eq', 'ne', 'in', 'not_in', 'matches'] as const;
/** Operators that put a ceiling on an amount (AP2's default for amount_constraint is lte). */
export const AP2_CEILING_OPERATORS: readonly Ap2ConstraintOperator[] = ['lt', 'lte', 'eq'];
export type Ap2ConstraintOperator = (typeof AP2_CONSTRAINT_OPERATORS)[number];

const ruleBase = { rule_id: text, description: z.string(), priority: z.number().int().min(1).max(1000).optional(), enabled: z.boolean().optional(), created_at: dateTime.optional() };
export const ap2SpendingRule = z.discriminatedUnion('rule_type', [
  z.looseObject({ ...ruleBase, rule_type: z.literal('amount_constraint'), limit_amount: ap2CurrencyAmount, operator: z.enum(AP2_CONSTRAINT_OPERATORS).optional(), time_window_hours: z.number().int().min(1).nullish() }),
  z.looseObject({ ...ruleBase, rule_type: z.literal('time_constraint'), valid_from: dateTime.nullish(), valid_until: dateTime.nullish() }),
  z.looseObject({ ...ruleBase, rule_type: z.literal('merchant_constraint'), merchant_ids: z.array(z.string()).min(1), constraint_type: z.enum(['allow', 'deny']), match_type: z.enum(['exact', 'prefix', 'regex']).optional() }),
  z.looseObject({ ...ruleBase, rule_type: z.literal('category_constraint'), categories: z.array(z.string()).min(1), constraint_type: z.enum(['allow', 'deny']) }),
  z.looseObject({ ...ruleBase, rule_type: z.literal('frequency_constraint'), max_transactions: z.number().int().min(1), time_window_hours: z.number().int().min(1) }),
]);
export type Ap2SpendingRule = z.infer<typeof ap2SpendingRule>;
/** A rule set: the rules and whether all or any must pass (AP2 default all). */
export const ap2SpendingRuleSet = z.looseObject({ rules: z.array(ap2SpendingRule), evaluation_mode: z.enum(['all', 'any']).optional() });
