import type { RiskFlag, RiskLabel } from '@paysight/contracts';

/**
 * riskScore = round(100 × (1 − Π (1 − weight / 100))) over the flags raised: each flag removes its
 * weight's share of the risk that is still unexplained, so flags add up without exceeding 100 and one
 * critical flag alone dominates. No flags → 0.
 */
export function riskScore(flags: readonly Pick<RiskFlag, 'weight'>[]): number {
  const remaining = flags.reduce((r, f) => r * (1 - f.weight / 100), 1);
  return Math.round(100 * (1 - remaining));
}

/** The label of a score: the band whose lower bound it reaches, highest first. */
export const RISK_LABEL_BANDS: readonly { label: RiskLabel; minScore: number }[] = [
  { label: 'severe', minScore: 75 },
  { label: 'high', minScore: 50 },
  { label: 'elevated', minScore: 30 },
  { label: 'guarded', minScore: 10 },
  { label: 'low', minScore: 0 },
];

export function riskLabel(score: number): RiskLabel {
  return RISK_LABEL_BANDS.find((band) => score >= band.minScore)!.label;
}
