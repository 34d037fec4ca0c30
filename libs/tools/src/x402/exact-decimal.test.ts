import { addExact, compareExact, formatExact, multiplyExact, parseExact } from './exact-decimal.js';

const x = (text: string) => parseExact(text)!;

describe('exact decimals', () => {
  it('adds and multiplies across scales without floats', () => {
    expect(formatExact(addExact(x('0.1'), x('0.2')))).toBe('0.3');
    expect(formatExact(multiplyExact(x('0.03'), x('3')))).toBe('0.09');
    expect(formatExact(multiplyExact(x('123456789012345678901234567890'), x('0.000001')))).toBe('123456789012345678901234.56789');
    expect(compareExact(multiplyExact(x('3'), x('0.02')), x('0.06'))).toBe(0);
    expect(compareExact(x('0.03'), multiplyExact(x('3'), x('0.02')))).toBe(-1);
  });
});
