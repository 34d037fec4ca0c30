import { x402RequestIdOf } from './payment-id.js';

const key = {
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payer: '0x4444444444444444444444444444444444444444',
  nonce: `0x${'ab'.repeat(32)}`,
};

describe('x402RequestIdOf', () => {
  it('is x402_ + 32 hex characters, the same for the same payment in any letter case', () => {
    const id = x402RequestIdOf(key);
    expect(id).toMatch(/^x402_[0-9a-f]{32}$/);
    expect(x402RequestIdOf({ ...key, asset: key.asset.toLowerCase(), nonce: key.nonce.toUpperCase().replace('0X', '0x') })).toBe(id);
  });

  it('differs when the payer, the nonce, the asset or the network differ', () => {
    const id = x402RequestIdOf(key);
    expect(x402RequestIdOf({ ...key, payer: '0x5555555555555555555555555555555555555555' })).not.toBe(id);
    expect(x402RequestIdOf({ ...key, nonce: `0x${'cd'.repeat(32)}` })).not.toBe(id);
    expect(x402RequestIdOf({ ...key, asset: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).not.toBe(id);
    expect(x402RequestIdOf({ ...key, network: 'eip155:1' })).not.toBe(id);
  });
});
