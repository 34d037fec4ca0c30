import type { RiskFlag, RiskLabel } from '@paysight/contracts';
import type { WalletEvidence } from '../wallet/evidence/data.js';
import { riskContext, type Detector, type RiskContext } from './context.js';
import { detectAddressPoisoning } from './detectors/address-poisoning.js';
import { detectApprovalToThreat, detectStaleApproval, detectUnlimitedApproval } from './detectors/approvals.js';
import { detectEip7702Delegation } from './detectors/eip7702-delegation.js';
import { detectFakeToken } from './detectors/fake-token.js';
import { detectFreshWallet } from './detectors/fresh-wallet.js';
import { detectFundingConcentration } from './detectors/funding-concentration.js';
import { detectMixerInteraction } from './detectors/mixer-interaction.js';
import { detectSanctionedCounterparty } from './detectors/sanctioned-counterparty.js';
import { detectWashTrading } from './detectors/wash-trading.js';
import { FLAG_ORDER } from './flag-catalog.js';
import { riskLabel, riskScore } from './score.js';

export const DETECTORS: readonly Detector[] = [
  detectEip7702Delegation,
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

export interface RiskAssessment {
  /** Weightiest first; ties in the order of RISK_FLAG_IDS. */
  flags: RiskFlag[];
  score: number;
  label: RiskLabel;
  context: RiskContext;
}

/** Runs every detector over the evidence and derives the score and the label from the flags. Pure. */
export function assessRisk(evidence: WalletEvidence): RiskAssessment {
  const context = riskContext(evidence);
  const flags = DETECTORS.flatMap((detect) => detect(context)).sort((a, b) => b.weight - a.weight || FLAG_ORDER.indexOf(a.id) - FLAG_ORDER.indexOf(b.id));
  const score = riskScore(flags);
  return { flags, score, label: riskLabel(score), context };
}
