import { RISK_FLAG_IDS, RISK_LABELS } from '@paysight/contracts';
import { RISK_FLAG_DEFINITIONS } from '../../src/risk/flag-catalog.js';
import { RISK_LABEL_BANDS, riskLabel, riskScore } from '../../src/risk/score.js';

const w = (...weights: number[]) => weights.map((weight) => ({ weight }));

describe('risk score and label', () => {
  it('is 0 without flags and combines weights as 100 x (1 - product of (1 - w/100)), rounded', () => {
    expect(riskScore([])).toBe(0);
    expect(riskScore(w(90))).toBe(90);
    expect(riskScore(w(10, 25))).toBe(33); // 1 - 0.9 x 0.75 = 0.325
    expect(riskScore(w(70, 40))).toBe(82); // 1 - 0.3 x 0.6
    expect(riskScore(w(0))).toBe(0);
    expect(riskScore(w(90, 70, 40, 30, 30, 25, 25, 20, 10, 10, 5))).toBeLessThanOrEqual(100);
  });

  it('maps scores to bands at their edges', () => {
    expect([0, 9, 10, 29, 30, 49, 50, 74, 75, 100].map(riskLabel)).toEqual(['low', 'low', 'guarded', 'guarded', 'elevated', 'elevated', 'high', 'high', 'severe', 'severe']);
    expect(RISK_LABEL_BANDS.map((b) => b.label).sort()).toEqual([...RISK_LABELS].sort());
  });

  it('defines every flag with a weight in 0-100; only the smart-account delegation is weightless', () => {
    for (const id of RISK_FLAG_IDS) expect(RISK_FLAG_DEFINITIONS[id].weight).toBeGreaterThanOrEqual(id === 'eip7702_smart_account_delegation' ? 0 : 1);
    expect(RISK_FLAG_DEFINITIONS.eip7702_smart_account_delegation).toMatchObject({ weight: 0, severity: 'info' });
  });
});
