import type { FailureCause } from '../results/x402/failure-fact-classifier.js';
import type { CanonicalErrorCode, ErrorFamily } from './error-taxonomy.js';

/**
 * The recovery playbook of the x402-* family (design sheet §R "Our authored lists": the cause rule
 * table and the recovery playbook; CC0), read by the payment recovery playbook (#32). A diagnosed
 * cause becomes a canonical error code (the error taxonomy), the code a recovery family, and the
 * family the steps that recover from it while nothing has settled. Versioned with
 * X402_REFERENCE_DATA_VERSION.
 */

/** What a recovery step may ask an agent to do. */
export const RECOVERY_ACTIONS = [
  'check_authorization_state',
  'request_receipt',
  'retry_same_payload',
  'wait_until',
  're_request_challenge',
  're_sign_new_authorization',
  'switch_offer',
  'top_up_balance',
  'fix_client_config',
  'contact_seller',
  'escalate_to_human',
  'stop',
] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

export const SPEND_IMPACTS = ['none', 'same_payment', 'new_payment'] as const;
export type SpendImpact = (typeof SPEND_IMPACTS)[number];

/** What each action can cost: resending the signed payload can settle it once; a new signature is a new payment. */
export const RECOVERY_ACTION_SPEND: Readonly<Record<RecoveryAction, SpendImpact>> = {
  check_authorization_state: 'none',
  request_receipt: 'none',
  retry_same_payload: 'same_payment',
  wait_until: 'none',
  re_request_challenge: 'none',
  re_sign_new_authorization: 'new_payment',
  switch_offer: 'none',
  top_up_balance: 'none',
  fix_client_config: 'none',
  contact_seller: 'none',
  escalate_to_human: 'none',
  stop: 'none',
};

/** How a failure is recovered from; finer than the taxonomy's families where the steps differ. */
export const RECOVERY_FAMILIES = [
  'expired',
  'not_yet_valid',
  'signing',
  'payee',
  'client_config',
  'funds',
  'approval',
  'consent',
  'availability',
  'consumed_check',
  'refused',
  'unknown',
] as const;
export type RecoveryFamily = (typeof RECOVERY_FAMILIES)[number];

/** The cause rule table: each cause of the failure-fact classifier (#3) as the canonical code it stands for. */
export const RECOVERY_CAUSE_CODES: Readonly<Record<FailureCause, CanonicalErrorCode>> = {
  authorization_expired: 'AUTH_EXPIRED',
  authorization_not_yet_valid: 'AUTH_NOT_YET_VALID',
  insufficient_funds: 'FUNDS_INSUFFICIENT',
  invalid_signature: 'AUTH_SIGNATURE_INVALID',
  receiver_mismatch: 'AUTH_RECIPIENT_MISMATCH',
  amount_mismatch: 'PRICING_AMOUNT_MISMATCH',
  network_mismatch: 'PROTOCOL_NETWORK_INVALID',
  scheme_mismatch: 'PROTOCOL_SCHEME_INVALID',
  header_version_mismatch: 'PROTOCOL_VERSION_UNSUPPORTED',
  payment_header_missing: 'PAYMENT_REQUIRED',
  challenge_header_not_visible: 'PROTOCOL_REQUIREMENTS_INVALID',
  resource_mismatch: 'CLIENT_BAD_REQUEST',
  permit2_allowance_required: 'AUTH_PERMIT2_ALLOWANCE_REQUIRED',
  idempotency_conflict: 'IDEMPOTENCY_CONFLICT',
  facilitator_unavailable: 'SERVICE_UNAVAILABLE',
  settlement_pending: 'FACILITATOR_SETTLE_ERROR',
  handler_error_uncharged: 'SERVER_INTERNAL_ERROR',
};

/** The recovery family of each taxonomy family, unless RECOVERY_FAMILY_OVERRIDES names the code. */
export const RECOVERY_FAMILY_BY_ERROR_FAMILY: Readonly<Record<ErrorFamily, RecoveryFamily>> = {
  protocol: 'client_config',
  authorization: 'signing',
  funds: 'funds',
  pricing: 'client_config',
  availability: 'availability',
  consent: 'consent',
  client_input: 'client_config',
  idempotency: 'consumed_check',
  rate_limit: 'availability',
  unknown: 'unknown',
};

/** Codes whose recovery differs from their taxonomy family's. */
export const RECOVERY_FAMILY_OVERRIDES: Readonly<Partial<Record<CanonicalErrorCode, RecoveryFamily>>> = {
  AUTH_EXPIRED: 'expired',
  AUTH_NOT_YET_VALID: 'not_yet_valid',
  AUTH_RECIPIENT_MISMATCH: 'payee',
  AUTH_PERMIT2_ALLOWANCE_REQUIRED: 'approval',
  AUTH_FORBIDDEN: 'refused',
  WALLET_UNAUTHORIZED: 'consent',
  WALLET_UNSUPPORTED_METHOD: 'refused',
  WALLET_DISCONNECTED: 'client_config',
  WALLET_CHAIN_DISCONNECTED: 'client_config',
  PROTOCOL_METHOD_NOT_FOUND: 'refused',
  PROTOCOL_SCHEME_UNSUPPORTED: 'refused',
  CLIENT_NOT_FOUND: 'refused',
  // an on-chain failure may still have consumed the authorization: find out before paying again
  SETTLEMENT_TRANSACTION_FAILED: 'consumed_check',
};

/** The buyer's stated alternatives a step may depend on. */
export type RecoveryCondition = 'other_offer_available' | 'no_other_offer' | 'other_network_funded' | 'no_other_network_funded';

export interface PlaybookStep {
  action: RecoveryAction;
  /** What must hold before the step, as the agent reads it; null when nothing. */
  precondition: string | null;
  /** The step is in the plan only when the buyer's alternatives meet this. */
  only_if?: RecoveryCondition;
}

const step = (action: RecoveryAction, precondition: string | null = null, only_if?: RecoveryCondition): PlaybookStep => (only_if ? { action, precondition, only_if } : { action, precondition });

export const IF_AUTHORIZATION_USED = 'the authorization was used (its nonce is consumed on chain)';
export const IF_AUTHORIZATION_UNUSED = 'the authorization was not used';
const IF_RETRY_FAILS = 'the retry failed again';

/**
 * The recovery playbook: per family, the steps while nothing has settled, in order. A `wait_until`
 * waits the canonical code's backoff; a `retry_same_payload` that the authorization's validBefore
 * would overtake, and every settled or unknown settlement, are rewritten by the tool's fixed rules.
 */
export const RECOVERY_PLAYBOOK: Readonly<Record<RecoveryFamily, readonly PlaybookStep[]>> = {
  expired: [step('re_request_challenge'), step('re_sign_new_authorization', 'a fresh validBefore from the new challenge')],
  not_yet_valid: [step('wait_until', 'the authorization\'s validAfter has passed'), step('retry_same_payload')],
  signing: [step('fix_client_config', 'the EIP-712 domain (name, version, chainId), the signer and the payload shape match the offer'), step('re_request_challenge'), step('re_sign_new_authorization')],
  payee: [step('escalate_to_human', 'the payee differs from the one agreed: a possible hijack of the offer'), step('stop')],
  client_config: [step('fix_client_config', 'the network, scheme, amount, x402 version, headers and resource match the challenge'), step('re_request_challenge'), step('re_sign_new_authorization')],
  funds: [
    step('switch_offer', 'an offer on the network where the wallet holds funds', 'other_network_funded'),
    step('escalate_to_human', 'a human funds the wallet', 'no_other_network_funded'),
    step('top_up_balance', 'the balance covers the amount', 'no_other_network_funded'),
    step('re_request_challenge'),
    step('re_sign_new_authorization'),
  ],
  approval: [
    step('switch_offer', 'an offer that needs no Permit2 approval (EIP-3009)', 'other_offer_available'),
    step('fix_client_config', 'Permit2 is approved for the asset, or the offer\'s gas-sponsoring extension is used', 'no_other_offer'),
    step('re_sign_new_authorization'),
  ],
  consent: [step('escalate_to_human', 'the user approves the payment'), step('re_request_challenge'), step('re_sign_new_authorization')],
  availability: [
    step('wait_until', 'the backoff of the error has passed'),
    step('retry_same_payload'),
    step('switch_offer', IF_RETRY_FAILS, 'other_offer_available'),
    step('re_sign_new_authorization', 'on the other offer', 'other_offer_available'),
  ],
  consumed_check: [step('check_authorization_state'), step('request_receipt', IF_AUTHORIZATION_USED), step('re_request_challenge', IF_AUTHORIZATION_UNUSED), step('re_sign_new_authorization', 'with a new payment-identifier if one is used')],
  refused: [
    step('switch_offer', 'an offer this client and seller both support', 'other_offer_available'),
    step('re_sign_new_authorization', null, 'other_offer_available'),
    step('contact_seller', 'the seller refused or does not offer this', 'no_other_offer'),
    step('stop', null, 'no_other_offer'),
  ],
  unknown: [step('check_authorization_state'), step('escalate_to_human', 'the cause is not one the playbook knows')],
};

/** Seconds past validBefore before a new authorization is signed while an old one may still settle. */
export const RECOVERY_EXPIRY_MARGIN_SECONDS = 30;
