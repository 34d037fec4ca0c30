import type { ExposureFinding, RiskFlag, SubjectType } from '@paysight/contracts';
import { ActivityView } from '../wallet/evidence/activity-view.js';
import type { WalletEvidence } from '../wallet/evidence/data.js';
import { classifySubject, codeActsForSubject, subjectProxy, type SubjectProxy } from './subject.js';

/** What every detector reads: the evidence, the activity built from it once, and what kind of account the subject is. */
export interface RiskContext {
  evidence: WalletEvidence;
  activity: ActivityView;
  subject: SubjectType;
  /** Whether value the subject's code moves at someone else's call is the subject's act (see agency.ts). */
  codeActs: boolean;
  /** The subject's proxy shape and the code it runs (its implementation, its beacon); null when it is no proxy. */
  proxy: SubjectProxy | null;
}

/** A detector: a pure function from the evidence to the flags it raises (usually zero or one). */
export type Detector = (context: RiskContext) => RiskFlag[];

/** An exposure detector: what was done to the subject (never scored), usually zero or one finding. */
export type ExposureDetector = (context: RiskContext) => ExposureFinding[];

export function riskContext(evidence: WalletEvidence): RiskContext {
  const activity = new ActivityView(evidence);
  const subject = classifySubject(evidence, activity);
  return { evidence, activity, subject, codeActs: codeActsForSubject(subject, evidence.chain), proxy: subjectProxy(evidence) };
}

export const DAY_SECONDS = 86_400n;

/** Whole days between two unix times. */
export function daysBetween(earlier: bigint, later: bigint): number {
  return Number((later - earlier) / DAY_SECONDS);
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
