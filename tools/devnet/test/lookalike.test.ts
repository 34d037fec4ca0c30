import { getAddress } from 'viem';
import { lookalikeAddress, looksAlike } from '../src/index.js';

const target = getAddress('0x1234567890abcdef1234567890abcdef12345678');

describe('look-alike addresses', () => {
  it('keep the first and last four hex digits and change the middle, the same way every time', () => {
    const lookalike = lookalikeAddress(target, 'seed');
    expect(lookalike.toLowerCase().slice(0, 6)).toBe('0x1234');
    expect(lookalike.toLowerCase().slice(-4)).toBe('5678');
    expect(lookalike.toLowerCase().slice(6, -4)).not.toBe(target.toLowerCase().slice(6, -4));
    expect(lookalike).toBe(getAddress(lookalike));
    expect(lookalikeAddress(target, 'seed')).toBe(lookalike);
    expect(lookalikeAddress(target, 'other')).not.toBe(lookalike);
  });

  it('are recognised by their ends, case aside, and an address is not its own look-alike', () => {
    expect(looksAlike(target, lookalikeAddress(target, 'seed'))).toBe(true);
    expect(looksAlike(target, target)).toBe(false);
    expect(looksAlike(target, getAddress('0x1234567890abcdef1234567890abcdef12345679'))).toBe(false);
    expect(looksAlike(target, getAddress('0x0234567890abcdef1234567890abcdef12345678'))).toBe(false);
  });
});
