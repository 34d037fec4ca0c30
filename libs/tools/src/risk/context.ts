import type { RiskFlag } from '@paysight/contracts';
import { ActivityView } from '../wallet/evidence/activity-view.js';
import type { WalletEvidence } from '../wallet/evidence/data.js';

/** What every detector reads: the evidence and the activity built from it once. */
export interface RiskContext {
  evidence: WalletEvidence;
  activity: ActivityView;
}

/** A detector: a pure function from the evidence to the flags it raises (usually zero or one). */
export type Detector = (context: RiskContext) => RiskFlag[];

export function riskContext(evidence: WalletEvidence): RiskContext {
  return { evidence, activity: new ActivityView(evidence) };
}

export const DAY_SECONDS = 86_400n;

/** Whole days between two unix times. */
export function daysBetween(earlier: bigint, later: bigint): number {
  return Number((later - earlier) / DAY_SECONDS);
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
