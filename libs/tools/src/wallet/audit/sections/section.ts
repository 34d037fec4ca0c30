import type { ReportSection } from '@paysight/contracts';
import type { RiskAssessment } from '../../../risk/engine.js';

export type Finding = ReportSection['findings'][number];

export const finding = (label: string, value: string, note: string | null = null): Finding => ({ label, value, note });

/** Builds the reportType section from the assessment (its context holds the evidence and the activity). Pure. */
export type SectionBuilder = (assessment: RiskAssessment) => ReportSection;
