import { gaugeArc, riskGauge } from './risk-gauge.js';

test('the arc grows with the score and is clamped to 0..100', () => {
  const full = 2 * Math.PI * 52;
  expect(gaugeArc(0)).toBe(0);
  expect(gaugeArc(50)).toBeCloseTo(full / 2);
  expect(gaugeArc(100)).toBeCloseTo(full);
  expect(gaugeArc(250)).toBeCloseTo(full);
  expect(gaugeArc(-3)).toBe(0);
});

test('the gauge names the score and its label', () => {
  const svg = riskGauge(72, 'high').value;
  expect(svg).toContain('aria-label="Risk score 72 of 100, high"');
  expect(svg).toContain('>72</text>');
});
