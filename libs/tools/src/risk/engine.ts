import type { ExposureFinding, RiskFlag, RiskLabel, SubjectType } from '@paysight/contracts';
import type { WalletEvidence } from '../wallet/evidence/data.js';
import { riskContext, type Detector, type ExposureDetector, type RiskContext } from './context.js';
import { detectAddressPoisoning, poisoningExposure } from './detectors/address-poisoning.js';
import { detectApprovalToThreat, detectStaleApproval, detectUnlimitedApproval } from './detectors/approvals.js';
import { detectEip7702Delegation } from './detectors/eip7702-delegation.js';
import { detectCounterfeitTokenContract, detectFakeToken, spamTokenExposure } from './detectors/fake-token.js';
import { detectFreshWallet } from './detectors/fresh-wallet.js';
import { detectFundingConcentration } from './detectors/funding-concentration.js';
import { listedExposure } from './detectors/listed-exposure.js';
import { detectMixerInteraction } from './detectors/mixer-interaction.js';
import { detectSanctionedCounterparty } from './detectors/sanctioned-counterparty.js';
import { detectListedThreat, detectThreatCounterparty, drainedExposure } from './detectors/threats.js';
import { detectWashTrading } from './detectors/wash-trading.js';
import { FLAG_ORDER } from './flag-catalog.js';
import { riskLabel, riskScore } from './score.js';

export const DETECTORS: readonly Detector[] = [
  detectEip7702Delegation,
  detectListedThreat,
  detectCounterfeitTokenContract,
  detectThreatCounterparty,
  detectSanctionedCounterparty,
  detectMixerInteraction,
  detectWashTrading,
  detectAddressPoisoning,
  detectFundingConcentration,
  detectApprovalToThreat,
  detectUnlimitedApproval,
  detectFakeToken,
  detectFreshWallet,
  detectStaleApproval,
];

/** What was done to the subject: reported beside the flags, never scored. */
export const EXPOSURE_DETECTORS: readonly ExposureDetector[] = [drainedExposure, listedExposure, poisoningExposure, spamTokenExposure];

export interface RiskAssessment {
  /** The subject's own acts, weightiest first; ties in the order of RISK_FLAG_IDS. */
  flags: RiskFlag[];
  exposure: ExposureFinding[];
  subject: SubjectType;
  score: number;
  label: RiskLabel;
  context: RiskContext;
}

/**
 * Runs every detector over the evidence, drops the flags that do not apply to the subject's type, and
 * derives the score and the label from the flags alone (exposure never counts). Pure.
 */
export function assessRisk(evidence: WalletEvidence): RiskAssessment {
  const context = riskContext(evidence);
  const skipped = new Set(context.subject.skippedFlags);
  const flags = DETECTORS.flatMap((detect) => detect(context))
    .filter((f) => !skipped.has(f.id))
    .sort((a, b) => b.weight - a.weight || FLAG_ORDER.indexOf(a.id) - FLAG_ORDER.indexOf(b.id));
  const exposure = EXPOSURE_DETECTORS.flatMap((detect) => detect(context));
  const score = riskScore(flags);
  return { flags, exposure, subject: context.subject, score, label: riskLabel(score), context };
}
