/**
 * Merchant-of-record role rules (design sheet §R "Our authored lists", CC0), read by #42. A role
 * table for an agentic purchase that passes through intermediaries; no legal determination.
 * Versioned with X402_REFERENCE_DATA_VERSION.
 */

/** The roles of a purchase, in the order the role table lists them. */
export const MOR_ROLES = ['funds_recipient', 'price_setter', 'receipt_issuer', 'refund_handler', 'terms_owner', 'support_contact'] as const;
export type MorRole = (typeof MOR_ROLES)[number];

export const MOR_PARTY_KINDS = ['seller', 'marketplace', 'mcp_proxy', 'facilitator', 'platform', 'payment_processor'] as const;
export type MorPartyKind = (typeof MOR_PARTY_KINDS)[number];

/** Kinds that move money for others: holding the funds is unusual for x402, where payTo is the seller. */
export const MOR_PROCESSOR_KINDS: readonly MorPartyKind[] = ['facilitator', 'payment_processor'];

/**
 * What a role must share with the funds recipient. `clear`: the merchant of record is clear only when
 * the funds recipient also holds it; `single`: a single merchant of record holds it too. Each split
 * is an issue with its code.
 */
export const MOR_ROLE_RULES: readonly { role: Exclude<MorRole, 'funds_recipient'>; clear: boolean; single: boolean; splitCode: string | null }[] = [
  { role: 'price_setter', clear: false, single: false, splitCode: null },
  { role: 'receipt_issuer', clear: true, single: true, splitCode: 'receipt_split' },
  { role: 'refund_handler', clear: false, single: true, splitCode: 'refund_without_funds' },
  { role: 'terms_owner', clear: true, single: true, splitCode: 'terms_split' },
  { role: 'support_contact', clear: false, single: false, splitCode: null },
];

/** Issue codes of #42, in the order issues are listed. */
export const MOR_ISSUE_CODES = ['processor_holds_funds', 'unknown_party', 'undisclosed_role_holder', 'merchant_name_mismatch', 'receipt_split', 'refund_without_funds', 'terms_split'] as const;
export type MorIssueCode = (typeof MOR_ISSUE_CODES)[number];
