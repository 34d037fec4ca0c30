import { compactNumber, dayNumber, formatTimestamp, formatUsd, groupDigits, shortDay, shortHex, toNumber, wholeUnits } from './format.js';

test('groupDigits groups the integer part exactly, however long', () => {
  expect(groupDigits('0')).toBe('0');
  expect(groupDigits('999')).toBe('999');
  expect(groupDigits('1234567.891011')).toBe('1,234,567.891011');
  expect(groupDigits('115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(
    '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913,129,639,935',
  );
  expect(groupDigits('n/a')).toBe('n/a');
});

test('wholeUnits converts raw integer amounts exactly, and refuses anything else', () => {
  expect(wholeUnits('1812500000000000000', 18)).toBe('1.8125');
  expect(wholeUnits('1', 18)).toBe('0');
  expect(wholeUnits('1', 18, 18)).toBe('0.000000000000000001');
  expect(wholeUnits('123456789012345678901234567890', 18)).toBe('123456789012.345678');
  expect(wholeUnits('-5', 18)).toBeNull();
  expect(wholeUnits('1.5', 6)).toBeNull();
});

test('toNumber reads decimal strings for drawing; anything else counts as 0 and huge values stay finite', () => {
  expect(toNumber('12.5')).toBe(12.5);
  expect(toNumber('123456789012345678901234567890')).toBeCloseTo(1.2345678901234568e29, -15);
  expect(toNumber(`1${'0'.repeat(400)}`)).toBe(Number.MAX_VALUE);
  expect(toNumber('-3')).toBe(0);
  expect(toNumber('1e5')).toBe(0);
  expect(toNumber('')).toBe(0);
});

test.each([
  ['0', '$0.00'],
  ['1234.5', '$1,234.50'],
  ['0.004', '$0.00'],
  ['0.005', '$0.01'],
  ['19.999', '$20.00'],
  ['98765432109876543210.12', '$98,765,432,109,876,543,210.12'],
  ['abc', 'abc USD'],
])('formatUsd(%p) = %p', (input, expected) => {
  expect(formatUsd(input)).toBe(expected);
});

test('shortHex keeps the start and the end', () => {
  expect(shortHex('0x9f1A0469CBce2fEb53C705746446981548845b3B')).toBe('0x9f1A…5b3B');
  expect(shortHex('0x1234')).toBe('0x1234');
});

test('dates: day numbers, short days and timestamps', () => {
  expect(dayNumber('1970-01-02')).toBe(1);
  expect((dayNumber('2026-11-01') ?? 0) - (dayNumber('2026-10-31') ?? 0)).toBe(1);
  expect(dayNumber('2026-11-1')).toBeNull();
  expect(shortDay('2026-10-03')).toBe('Oct 3');
  expect(shortDay('2026-13-03')).toBe('2026-13-03');
  expect(formatTimestamp('2026-11-23T04:03:19.000Z')).toBe('2026-11-23 04:03 UTC');
  expect(formatTimestamp('2026-11-23')).toBe('2026-11-23');
  expect(formatTimestamp('yesterday')).toBe('yesterday');
});

test.each([
  [0, '0'],
  [0.00012345, '0.000123'],
  [2.5, '2.5'],
  [999, '999'],
  [999.6, '1K'],
  [1250, '1.25K'],
  [3_400_000, '3.4M'],
  [12_000_000_000, '12B'],
  [5e12, '5T'],
  [1.234e15, '1.23e15'],
  [1e30, '1e30'],
  [-2000, '-2K'],
])('compactNumber(%p) = %p', (value, expected) => {
  expect(compactNumber(value)).toBe(expected);
});
