export { assessRisk, DETECTORS, EXPOSURE_DETECTORS, type RiskAssessment } from './engine.js';
export { riskContext, type Detector, type ExposureDetector, type RiskContext } from './context.js';
export { riskLabel, riskScore, RISK_LABEL_BANDS } from './score.js';
export { EXPOSURE_TITLES, RISK_FLAG_DEFINITIONS, type RiskFlagDefinition } from './flag-catalog.js';
export { MAX_EVIDENCE_ITEMS } from './evidence-items.js';
export { FRESH_WALLET_MAX_AGE_DAYS, FRESH_WALLET_MAX_TRANSACTIONS, detectFreshWallet } from './detectors/fresh-wallet.js';
export { detectAddressPoisoning, poisoningExposure } from './detectors/address-poisoning.js';
export { DUST_FRACTION_DIGITS, isDust, movementAgency, approvalIsOwn, type MovementAgency } from './agency.js';
export { classifySubject, subjectProxy, type CodeSource, type SubjectProxy, ROUTER_MIN_DISTINCT_CALLERS, HOT_WALLET_MIN_NONCE, HOT_WALLET_MIN_DISTINCT_SENDERS, HOT_WALLET_MIN_DISTINCT_RECIPIENTS, HOT_WALLET_PAYOUT_MIN_RECIPIENTS, SKIPPED_FLAGS } from './subject.js';
export { LOOKALIKE_PREFIX_CHARS, LOOKALIKE_SUFFIX_CHARS, lookalikeKey } from '../shared/lookalike.js';
export { imitatedToken, normalizeSymbol, detectFakeToken, detectCounterfeitTokenContract, spamTokenExposure } from './detectors/fake-token.js';
export { UNLIMITED_ALLOWANCE_MIN, STALE_APPROVAL_MIN_AGE_DAYS, detectUnlimitedApproval, detectStaleApproval } from './detectors/approvals.js';
export { findSweeps, SWEEP_MIN_FORWARD_PERCENT, detectEip7702Delegation } from './detectors/eip7702-delegation.js';
export { detectListedThreat, detectThreatCounterparty, drainedExposure } from './detectors/threats.js';
export { listedExposure } from './detectors/listed-exposure.js';
export { detectSanctionedCounterparty } from './detectors/sanctioned-counterparty.js';
export { detectMixerInteraction } from './detectors/mixer-interaction.js';
export {
  FUNDING_MIN_SHARE_PERCENT,
  FANOUT_WINDOW_SECONDS,
  FANOUT_AMOUNT_TOLERANCE_PERCENT,
  FANOUT_MIN_FRESH_RECIPIENTS,
  mainFunder,
  fanOutTransfers,
  detectFundingConcentration,
} from './detectors/funding-concentration.js';
export { WASH_MIN_ROUND_TRIPS, WASH_ROUND_TRIP_WINDOW_SECONDS, WASH_AMOUNT_TOLERANCE_PERCENT, roundTrips, tradeLegs, detectWashTrading } from './detectors/wash-trading.js';
