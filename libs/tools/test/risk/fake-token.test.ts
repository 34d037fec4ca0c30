import { CHAINS } from '@paysight/contracts';
import { riskContext } from '../../src/risk/context.js';
import { detectFakeToken, imitatedToken, normalizeSymbol } from '../../src/risk/detectors/fake-token.js';
import { addr, hash, logTransfer, onlyFlag, walletEvidence } from '../support/evidence.js';

const FAKE = addr('fa4e');

describe('fake_token', () => {
  it('normalizes symbols the way a reader sees them', () => {
    expect(normalizeSymbol('USDС')).toBe('USDC'); // Cyrillic Es
    expect(normalizeSymbol(' usdc ')).toBe('USDC');
    expect(normalizeSymbol('USD₮')).toBe('USDT');
    expect(normalizeSymbol('USDC.e')).toBe('USDCE');
    expect(normalizeSymbol('ＵＳＤＣ')).toBe('USDC'); // full-width
  });

  it('recognises an imitation only away from the canonical address and listed variants', () => {
    const meta = { symbol: 'USDC', name: 'USD Coin', decimals: 6 };
    expect(imitatedToken('ethereum', FAKE, meta)?.address).toBe(CHAINS.ethereum.usdc);
    expect(imitatedToken('ethereum', CHAINS.ethereum.usdc, meta)).toBeNull();
    expect(imitatedToken('arbitrum', '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', meta)).toBeNull();
    expect(imitatedToken('ethereum', FAKE, { ...meta, symbol: 'USDC.e' })).toBeNull();
    expect(imitatedToken('polygon', FAKE, { ...meta, symbol: 'USDbC' })).toBeNull(); // not a protected symbol there
    expect(imitatedToken('base', FAKE, { ...meta, symbol: 'USDbC' })?.symbol).toBe('USDbC');
  });

  it('flags a counterfeit USDC the wallet received, citing the token and the transfer log', () => {
    const evidence = walletEvidence({
      snapshot: {
        transfers: [logTransfer({ transactionHash: hash(1), token: FAKE, from: addr('bad'), amount: 5_000_000n, logIndex: 4, blockNumber: 999_000n })],
        tokens: [{ address: FAKE, balance: 5_000_000n, symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'transfer_history' }],
      },
    });
    const flag = onlyFlag(detectFakeToken(riskContext(evidence)), 'fake_token');
    expect(flag.evidence[0]).toMatchObject({ kind: 'address', address: FAKE });
    expect(flag.evidence[0]!.detail).toContain(CHAINS.ethereum.usdc);
    expect(flag.evidence[0]!.detail).toContain('holds 5 USDC');
    expect(flag.evidence[1]).toMatchObject({ kind: 'log', transactionHash: hash(1), logIndex: 4 });
  });

  it('leaves canonical tokens and unrelated symbols alone', () => {
    const evidence = walletEvidence({
      snapshot: {
        transfers: [logTransfer({ transactionHash: hash(1), token: CHAINS.ethereum.usdc }), logTransfer({ transactionHash: hash(2), token: FAKE, logIndex: 1 })],
        tokens: [
          { address: CHAINS.ethereum.usdc, balance: 1n, symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'known_token' },
          { address: FAKE, balance: 1n, symbol: 'DUSD', name: 'Devnet Dollar', decimals: 18, source: 'transfer_history' },
        ],
      },
    });
    expect(detectFakeToken(riskContext(evidence))).toHaveLength(0);
  });
});
