import { privateKeyToAddress } from 'viem/accounts';
import { devnetAccount, freshAccount, NAMED_ACCOUNTS } from '../src/index.js';

describe('accounts', () => {
  it('derives the same key from a label every time: keccak256("paysight-devnet:<label>")', () => {
    // Pinned: other packages, docs and saved demo commands rely on these addresses.
    expect(devnetAccount('demoBuyer')).toEqual({
      label: 'demoBuyer',
      address: '0x2e432449D9bb14730386536adBb21E12293c08A1',
      privateKey: devnetAccount('demoBuyer').privateKey,
    });
    expect(NAMED_ACCOUNTS.demoBuyer).toEqual(devnetAccount('demoBuyer'));
    expect(privateKeyToAddress(devnetAccount('alice').privateKey)).toBe(devnetAccount('alice').address);
    expect(devnetAccount('alice').address).not.toBe(devnetAccount('bob').address);
    expect(() => devnetAccount(' ')).toThrow('non-empty label');
  });

  it('names four distinct accounts', () => {
    const addresses = Object.values(NAMED_ACCOUNTS).map((a) => a.address);
    expect(new Set(addresses).size).toBe(4);
  });

  it('makes a new random account each time', () => {
    const a = freshAccount();
    const b = freshAccount();
    expect(a.address).not.toBe(b.address);
    expect(privateKeyToAddress(a.privateKey)).toBe(a.address);
  });
});
