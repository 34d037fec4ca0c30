import { formatExact } from './exact-decimal.js';
import { findMoney, readDisplay } from './money-text.js';

describe('money text', () => {
  it('readDisplay reads currency markers, cents and k/M exactly; decimal commas and unknown currencies are ambiguous', () => {
    const value = (text: string) => {
      const read = readDisplay(text);
      return 'ambiguous' in read ? 'ambiguous' : read.value.n * 10n ** BigInt(12 - read.value.scale);
    };
    expect(['$0.01', '0.01 USD', 'US$0.01', 'USDC 0.01', '1¢', '1 cent', '0.00001k'].map(value)).toEqual(Array(7).fill(10_000_000_000n));
    expect(value('2.5k USDC')).toBe(2_500n * 10n ** 12n);
    expect(value('$1.5M')).toBe(1_500_000n * 10n ** 12n);
    expect(value('$1,234.50')).toBe(1_234_500_000_000_000n);
    expect(['1,50', '€1', '£1', '1.5m', '$1,23.4', 'free', '$'].map(value)).toEqual(Array(7).fill('ambiguous'));
  });

  it('findMoney finds every amount with a currency in free text, with its offset and currency', () => {
    const found = findMoney('Price $0.01. Pay 0.10 USDC (10¢) to 0x1111…1111 on Base; USDC-Base; 5 USDT; $5 monthly; 1,50 USD.');
    expect(found.map((m) => [m.text, m.currency, m.value && formatExact(m.value)])).toEqual([
      ['$0.01', 'USD', '0.01'],
      ['0.10 USDC', 'USDC', '0.1'],
      ['10¢', 'USD', '0.1'],
      ['$5', 'USD', '5'],
      ['1,50 USD', 'USD', null],
    ]);
    expect(found[1]!.index).toBe(17);
  });

  it('findMoney ignores bare numbers, hex and words that only start like a currency', () => {
    expect(findMoney('Order 42 for 0x12ab; USDCoin 3; 7 USDT; call 555-0100')).toEqual([]);
    expect(findMoney('x'.repeat(8000))).toEqual([]);
  });
});
