import type { RiskFlag, RiskLabel } from '@paysight/contracts';

/**
 * riskScore = round(100 × (1 − Π (1 − weight / 100))) over the flags raised: each flag removes its
 * weight's share of the risk that is still unexplained, so flags add up without exceeding 100 and one
 * critical flag alone dominates. No flags → 0.
 */
export function riskScore(flags: readonly Pick<RiskFlag, 'weight'>[]): number {
  // Exact integer arithmetic (weights are whole numbers), so x.5 always rounds up as documented.
  const unexplained = flags.reduce((r, f) => r * BigInt(100 - Math.round(f.weight)), 1n);
  const whole = 100n ** BigInt(flags.length);
  return Number((200n * (whole - unexplained) + whole) / (2n * whole));
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
