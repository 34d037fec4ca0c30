import { RISK_FLAG_IDS, type ExposureId, type RiskFlag, type RiskFlagId } from '@paysight/contracts';

type Severity = RiskFlag['severity'];

export interface RiskFlagDefinition {
  title: string;
  severity: Severity;
  /** Contribution to the risk score, 0-100 (see score.ts). */
  weight: number;
  /** What an agent should do when this is the weightiest flag. */
  nextAction: string;
}

/** One entry per flag: the single source of titles, severities, weights and actions (docs/risk-flags.md explains them). */
export const RISK_FLAG_DEFINITIONS: Readonly<Record<RiskFlagId, RiskFlagDefinition>> = {
  eip7702_sweeper_delegation: {
    title: 'EIP-7702 delegation to a sweeper',
    severity: 'critical',
    weight: 90,
    nextAction: 'Do not send funds, tokens or signatures to this address: its EIP-7702 delegate forwards incoming value elsewhere in the same transaction. Treat the account as compromised.',
  },
  approval_to_threat: {
    title: 'Live approval to a known drainer or phisher',
    severity: 'critical',
    weight: 80,
    nextAction: 'Revoke the approvals to the listed address now (or move the assets to a fresh wallet): it can take the approved tokens at any time.',
  },
  listed_threat: {
    title: 'Listed as a threat',
    severity: 'high',
    weight: 75,
    nextAction: 'Do not send funds, approvals or signatures to this address: an open threat list labels it a drainer, phishing, scam or exploit address. Check the dataset entry and its source.',
  },
  sanctioned_counterparty: {
    title: 'Counterparty on a sanctions list',
    severity: 'high',
    weight: 70,
    nextAction:
      'Pause and escalate for compliance review before transacting: this wallet moved value with an address on a sanctions list (a heuristic signal from public lists, not a sanctions determination).',
  },
  mixer_interaction: {
    title: 'Mixer interaction',
    severity: 'high',
    weight: 40,
    nextAction: 'Review the source of funds before transacting: the wallet deposited to or withdrew from a mixer. Ask for provenance, or run deep_wallet_report for the full history.',
  },
  counterfeit_token_contract: {
    title: 'Counterfeit of a well-known token',
    severity: 'high',
    weight: 60,
    nextAction:
      "Do not accept this token as payment, buy it, swap for it or approve it: it copies a canonical token's symbol at another address. Use the canonical token's address from its issuer.",
  },
  threat_counterparty: {
    title: 'Dealt with a listed threat address',
    severity: 'high',
    weight: 50,
    nextAction: 'Review these transfers before transacting: the wallet itself sent value to, called, or took value from an address an open threat list labels a drainer, phishing, scam or exploit address.',
  },
  wash_trading: {
    title: 'Wash-trading round trips',
    severity: 'medium',
    weight: 30,
    nextAction: 'Discount this wallet\'s volume and counterparties as evidence of real business: the same amounts go back and forth with the same address.',
  },
  eip7702_unrecognized_delegation: {
    title: 'EIP-7702 delegation to an unrecognized contract',
    severity: 'medium',
    weight: 30,
    nextAction: 'Identify the EIP-7702 delegate (agent_wallet_profile, or tx_decode on a recent transaction) before sending this account funds or signatures.',
  },
  address_poisoning: {
    title: 'Paid a look-alike address (address poisoning)',
    severity: 'medium',
    weight: 25,
    nextAction: 'This wallet has already paid a look-alike of a real counterparty: never copy a payment address from its history, confirm recipients from a trusted source and compare every character.',
  },
  funding_concentration: {
    title: 'Funding from a fan-out source',
    severity: 'medium',
    weight: 25,
    nextAction: 'Treat this wallet as one of a cluster funded together: check its siblings with batch_wallet_snapshot before counting them as independent users.',
  },
  unlimited_approval: {
    title: 'Unlimited approval to an unknown spender',
    severity: 'medium',
    weight: 20,
    nextAction: 'Revoke or reduce the unlimited approvals to unknown spenders before this wallet holds more value.',
  },
  unlimited_approval_to_eoa: {
    title: 'Unlimited approval to an address without code',
    severity: 'high',
    weight: 40,
    nextAction: 'Revoke the unlimited approvals to plain addresses: no contract logic limits what their key holder takes, a pattern typical of phishing signatures.',
  },
  fake_token: {
    title: 'Traded or approved a counterfeit token',
    severity: 'low',
    weight: 10,
    nextAction: 'Revoke any approval given for the counterfeit token and stop trading it: never approve, swap or send such tokens, and do not visit links they advertise.',
  },
  fresh_wallet: {
    title: 'Fresh wallet',
    severity: 'low',
    weight: 10,
    nextAction: 'This wallet is new with little history: prefer small amounts, escrow or a later re-check before trusting it with value.',
  },
  stale_approval: {
    title: 'Stale approval',
    severity: 'low',
    weight: 5,
    nextAction: 'Revoke the approvals that are old and unused; they add exposure without use.',
  },
  eip7702_smart_account_delegation: {
    title: 'EIP-7702 delegation to a known smart account',
    severity: 'info',
    weight: 0,
    nextAction: 'No action needed for the delegation: it points at a known smart-account implementation.',
  },
};

/** Titles of the exposure findings: what was done to the subject, reported and never scored (docs/risk-flags.md). */
export const EXPOSURE_TITLES: Readonly<Record<ExposureId, string>> = {
  targeted_by_poisoning: 'Targeted by address poisoning',
  received_spam_tokens: 'Received counterfeit (spam) tokens',
  unsolicited_listed_contact: 'Contact with listed addresses the wallet did not initiate',
  drained_by_listed_drainer: 'Value pulled out by a listed drainer',
  serves_listed_callers: 'Serves listed callers',
};

/** Flags in the catalog's order, for stable output. */
export const FLAG_ORDER: readonly RiskFlagId[] = RISK_FLAG_IDS;
