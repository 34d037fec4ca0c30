import { CHAINS } from '@paysight/contracts';
import { riskContext } from '../../src/risk/context.js';
import { detectCounterfeitTokenContract, detectFakeToken, imitatedToken, normalizeSymbol, spamTokenExposure } from '../../src/risk/detectors/fake-token.js';
import { assessRisk } from '../../src/risk/engine.js';
import { addr, approvalEvent, CONTRACT_CODE, hash, history, logTransfer, onlyExposure, onlyFlag, selfContract, tx, WALLET, walletEvidence, type EvidenceOverrides } from '../support/evidence.js';

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

  it('reports a counterfeit USDC the wallet only received as spam exposure, citing the token and the transfer log, with no flag', () => {
    const evidence = walletEvidence({
      snapshot: {
        transfers: [logTransfer({ transactionHash: hash(1), token: FAKE, from: addr('bad'), amount: 5_000_000n, logIndex: 4, blockNumber: 999_000n })],
        tokens: [{ address: FAKE, balance: 5_000_000n, symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'transfer_history' }],
      },
    });
    expect(detectFakeToken(riskContext(evidence))).toEqual([]);
    const flag = onlyExposure(spamTokenExposure(riskContext(evidence)), 'received_spam_tokens');
    expect(flag.evidence[0]).toMatchObject({ kind: 'address', address: FAKE });
    expect(flag.evidence[0]!.detail).toContain(CHAINS.ethereum.usdc);
    expect(flag.evidence[0]!.detail).toContain('holds 5 USDC');
    expect(flag.evidence[1]).toMatchObject({ kind: 'log', transactionHash: hash(1), logIndex: 4 });
  });

  it('raises fake_token when the wallet itself sent or approved the counterfeit (it acted on the bait)', () => {
    const received = logTransfer({ transactionHash: hash(1), token: FAKE, from: addr('bad'), amount: 5_000_000n, logIndex: 4, blockNumber: 999_000n });
    const meta = { [FAKE.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } };
    const sold = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(2), from: WALLET, to: FAKE })] }),
      snapshot: { transfers: [received, logTransfer({ transactionHash: hash(2), token: FAKE, from: WALLET, to: addr('d3c'), amount: 5_000_000n, logIndex: 0, blockNumber: 999_100n })] },
      tokenMetadata: meta,
    });
    const flag = onlyFlag(detectFakeToken(riskContext(sold)), 'fake_token');
    expect(flag.evidence.map((e) => e.transactionHash)).toEqual([undefined, hash(2), hash(1)]);
    expect(flag.evidence[1]!.detail).toMatch(/^The wallet's own transfer/);
    expect(spamTokenExposure(riskContext(sold))).toEqual([]);

    const approved = walletEvidence({
      history: history({ transactions: [tx({ hash: hash(3), from: WALLET, to: FAKE })] }),
      snapshot: { transfers: [received] },
      tokenMetadata: meta,
      approvals: { events: [approvalEvent({ token: FAKE, spender: addr('d3c'), value: 1n, transactionHash: hash(3), blockNumber: 999_200n, logIndex: 0 })], states: [], search: null, spenders: null },
    });
    expect(onlyFlag(detectFakeToken(riskContext(approved)), 'fake_token').evidence.map((e) => e.transactionHash)).toContain(hash(3));
  });

  it('does not take a transfer of the counterfeit out of the wallet that a stranger emitted as the wallet\'s act', () => {
    const evidence = walletEvidence({
      snapshot: { transfers: [logTransfer({ transactionHash: hash(4), token: FAKE, from: WALLET, to: addr('d3c'), amount: 5_000_000n })] },
      tokenMetadata: { [FAKE.toLowerCase()]: { symbol: 'USDC', name: 'USD Coin', decimals: 6 } },
      transactionParties: { [hash(4)]: { from: addr('bad'), to: FAKE, type: null } },
    });
    expect(detectFakeToken(riskContext(evidence))).toEqual([]);
    expect(onlyExposure(spamTokenExposure(riskContext(evidence)), 'received_spam_tokens').evidence[1]!.detail).toMatch(/^Not the wallet's act: counterfeit USDC: sent/);
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

describe('counterfeit_token_contract', () => {
  const DEPLOYER = addr('de91');
  /** The audited address is a token contract answering these getters. */
  const tokenSubject = (reads: Record<string, string>, over: EvidenceOverrides = {}) =>
    walletEvidence({ snapshot: { code: CONTRACT_CODE, address: over.address ?? WALLET }, contracts: [selfContract({ address: over.address ?? WALLET, reads: { totalSupply: '1000000000', ...reads } })], ...over });

  it('flags a token contract that calls itself by a canonical symbol at another address, citing its read and its deployment', () => {
    const evidence = tokenSubject(
      { symbol: 'USDС', name: 'USD Coin' }, // Cyrillic Es
      { history: history({ transactions: [tx({ hash: hash(1), from: DEPLOYER, to: null, contractCreated: WALLET, blockNumber: 950_000n })] }) },
    );
    const flag = onlyFlag(detectCounterfeitTokenContract(riskContext(evidence)), 'counterfeit_token_contract');
    expect(flag).toMatchObject({ severity: 'high', weight: 60 });
    expect(flag.explanation).toContain(`canonical USDC on ethereum (${CHAINS.ethereum.usdc})`);
    expect(flag.evidence[0]).toMatchObject({ kind: 'contract_state', address: WALLET, blockNumber: '1000000' });
    expect(flag.evidence[0]!.detail).toContain('symbol() answered "USDС"');
    expect(flag.evidence[0]!.detail).toContain(CHAINS.ethereum.usdc);
    expect(flag.evidence[1]).toMatchObject({ kind: 'transaction', transactionHash: hash(1), address: DEPLOYER });
    expect(flag.limits.join(' ')).toMatch(/variants list/);
    const assessment = assessRisk(evidence);
    expect(assessment).toMatchObject({ score: 60, label: 'high', subject: { type: 'token' } });
    expect(assessment.flags.map((f) => f.id)).toEqual(['counterfeit_token_contract']);
  });

  it('judges the token by this flag, not as spam it holds of itself', () => {
    const evidence = tokenSubject(
      { symbol: 'USDC', name: 'USD Coin' },
      { snapshot: { code: CONTRACT_CODE, tokens: [{ address: WALLET, balance: 5_000_000n, symbol: 'USDC', name: 'USD Coin', decimals: 6, source: 'transfer_history' }] } },
    );
    expect(detectCounterfeitTokenContract(riskContext(evidence))).toHaveLength(1);
    expect(spamTokenExposure(riskContext(evidence))).toEqual([]);
  });

  it('leaves the canonical token, a listed variant, other symbols and contracts that are not tokens alone', () => {
    expect(detectCounterfeitTokenContract(riskContext(tokenSubject({ symbol: 'USDC' }, { address: CHAINS.ethereum.usdc })))).toEqual([]);
    const bridged = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8'; // USDC.e on Arbitrum, in token-variants
    expect(detectCounterfeitTokenContract(riskContext(tokenSubject({ symbol: 'USDC' }, { chain: 'arbitrum', address: bridged })))).toEqual([]);
    expect(detectCounterfeitTokenContract(riskContext(tokenSubject({ symbol: 'USDC' }, { chain: 'arbitrum' })))).toHaveLength(1);
    expect(detectCounterfeitTokenContract(riskContext(tokenSubject({ symbol: 'TKN' })))).toEqual([]);
    // symbol() without totalSupply(): not a token, so not judged as one.
    const notToken = walletEvidence({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ reads: { symbol: 'USDC' } })] });
    expect(riskContext(notToken).subject.type).toBe('contract');
    expect(detectCounterfeitTokenContract(riskContext(notToken))).toEqual([]);
  });
});
