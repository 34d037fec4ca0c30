import { KNOWN_SPENDERS } from '@paysight/datasets';
import { assessRisk } from '../../src/risk/engine.js';
import { riskContext } from '../../src/risk/context.js';
import { HOT_WALLET_MIN_DISTINCT_RECIPIENTS, HOT_WALLET_MIN_DISTINCT_SENDERS, HOT_WALLET_MIN_NONCE, HOT_WALLET_PAYOUT_MIN_RECIPIENTS, ROUTER_MIN_DISTINCT_CALLERS } from '../../src/risk/subject.js';
import { addr, ago, CONTRACT_CODE, hash, history, selfContract, tx, WALLET, walletEvidence } from '../support/evidence.js';

const subjectOf = (over: Parameters<typeof walletEvidence>[0]) => riskContext(walletEvidence(over)).subject;

describe('subject types', () => {
  it('tells an EOA, an EIP-7702 account (with its delegate) and a plain contract apart', () => {
    expect(subjectOf({}).type).toBe('eoa');
    const delegate = addr('5eeb');
    expect(subjectOf({ snapshot: { code: `0xef0100${delegate.slice(2).toLowerCase()}` } })).toMatchObject({ type: 'eip7702_account', delegate });
    expect(subjectOf({ snapshot: { code: CONTRACT_CODE } })).toMatchObject({ type: 'contract', skippedFlags: ['fresh_wallet', 'funding_concentration'] });
  });

  it('recognises proxies: EIP-1967 (implementation from the read), EIP-1167 clones and Safe-style multisigs', () => {
    const impl = addr('1a1a');
    expect(subjectOf({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ eip1967Slots: ['implementation'], reads: { implementation: impl } })] })).toMatchObject({ type: 'proxy', implementation: impl });
    const clone = `0x363d3d373d3d3d363d73${impl.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3` as const;
    expect(subjectOf({ snapshot: { code: clone } })).toMatchObject({ type: 'proxy', implementation: impl });
    const safe = subjectOf({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ reads: { getOwners: `${addr('1')}, ${addr('2')}`, getThreshold: '2' } })] });
    expect(safe.type).toBe('proxy');
    expect(safe.reasons[0]).toMatch(/Safe-style multisig proxy \(2 of 2 owners\)/);
  });

  it('names the code a proxy runs and how it is known: implementation() at the head, else the latest Upgraded event; and its beacon', () => {
    const [impl, older, beacon] = [addr('1a1a'), addr('0d0d'), addr('bea0')];
    const event = (e: 'Upgraded' | 'BeaconUpgraded', value: `0x${string}`, n: number) => ({ event: e, value, transactionHash: hash(n), blockNumber: 990_000n + BigInt(n), logIndex: 0 });
    const sources = (over: Parameters<typeof selfContract>[0]) => riskContext(walletEvidence({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract(over)] })).proxy!.sources;
    expect(sources({ eip1967Slots: ['implementation'], reads: { implementation: impl }, controlEvents: [event('Upgraded', older, 1)] }).map((s) => [s.role, s.address, s.evidence.kind])).toEqual([['implementation', impl, 'contract_state']]);
    expect(sources({ eip1967Slots: ['implementation'], controlEvents: [event('Upgraded', older, 1), event('Upgraded', impl, 2)] }).map((s) => [s.address, s.evidence.transactionHash])).toEqual([[impl, hash(2)]]);
    const beaconProxy = subjectOf({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ eip1967Slots: ['beacon'], controlEvents: [event('BeaconUpgraded', beacon, 3)] })] });
    expect(beaconProxy).toMatchObject({ type: 'proxy', implementation: null });
    expect(beaconProxy.reasons[0]).toBe(`EIP-1967 proxy (beacon slot); implementation not readable from the code and reads available; beacon ${beacon}.`);
    expect(riskContext(walletEvidence({ snapshot: { code: CONTRACT_CODE } })).proxy).toBeNull();
  });

  it('recognises a token by its symbol() and totalSupply() reads, and a router by the known-spenders dataset or by many distinct callers', () => {
    expect(subjectOf({ snapshot: { code: CONTRACT_CODE }, contracts: [selfContract({ reads: { symbol: 'TKN', totalSupply: '1000' } })] }).type).toBe('token');
    const router = KNOWN_SPENDERS.onChain('ethereum')[0]!;
    expect(subjectOf({ address: router.address, snapshot: { code: CONTRACT_CODE, address: router.address } })).toMatchObject({ type: 'router', label: router.label });
    const calls = (n: number) => history({ transactions: Array.from({ length: n }, (_, i) => tx({ hash: hash(i + 1), from: addr(`ca${i + 10}`), to: WALLET })) });
    expect(subjectOf({ snapshot: { code: CONTRACT_CODE }, history: calls(ROUTER_MIN_DISTINCT_CALLERS) }).type).toBe('router');
    expect(subjectOf({ snapshot: { code: CONTRACT_CODE }, history: calls(ROUTER_MIN_DISTINCT_CALLERS - 1) }).type).toBe('contract');
  });

  it('calls an EOA with a high nonce and many distinct senders and recipients a CEX-like hot wallet, and not below the thresholds', () => {
    const flows = (senders: number, recipients: number) =>
      history({
        transactions: [
          ...Array.from({ length: senders }, (_, i) => tx({ hash: hash(i + 1), from: addr(`5e${i + 10}`), to: WALLET, value: 10n ** 17n })),
          ...Array.from({ length: recipients }, (_, i) => tx({ hash: hash(1000 + i), from: WALLET, to: addr(`4e${i + 10}`), value: 10n ** 17n })),
        ],
      });
    const hot = subjectOf({ snapshot: { transactionCount: HOT_WALLET_MIN_NONCE }, history: flows(HOT_WALLET_MIN_DISTINCT_SENDERS, HOT_WALLET_MIN_DISTINCT_RECIPIENTS) });
    expect(hot).toMatchObject({ type: 'cex_like_hot_wallet', skippedFlags: ['fresh_wallet', 'funding_concentration', 'wash_trading'] });
    expect(subjectOf({ snapshot: { transactionCount: HOT_WALLET_MIN_NONCE - 1 }, history: flows(HOT_WALLET_MIN_DISTINCT_SENDERS, HOT_WALLET_MIN_DISTINCT_RECIPIENTS) }).type).toBe('eoa');
    expect(subjectOf({ snapshot: { transactionCount: HOT_WALLET_MIN_NONCE }, history: flows(HOT_WALLET_MIN_DISTINCT_SENDERS, HOT_WALLET_MIN_DISTINCT_RECIPIENTS - 1) }).type).toBe('eoa');
  });

  it('calls an EOA whose own transactions paid many distinct addresses a (payout) hot wallet whatever its nonce', () => {
    const payouts = (n: number) =>
      history({ transactions: Array.from({ length: n }, (_, i) => tx({ hash: hash(i + 1), from: WALLET, to: addr(`4e${(i + 16).toString(16)}`), value: 10n ** 15n })) });
    const payout = subjectOf({ snapshot: { transactionCount: 12 }, history: payouts(HOT_WALLET_PAYOUT_MIN_RECIPIENTS) });
    expect(payout.type).toBe('cex_like_hot_wallet');
    expect(payout.reasons.join(' ')).toContain(`paid ${HOT_WALLET_PAYOUT_MIN_RECIPIENTS} distinct addresses`);
    expect(subjectOf({ snapshot: { transactionCount: 12 }, history: payouts(HOT_WALLET_PAYOUT_MIN_RECIPIENTS - 1) }).type).toBe('eoa');
  });

  it('drops the flags that do not apply to the type: a hot wallet\'s customer round trips are not wash trading', () => {
    const PARTNER = addr('9a7');
    const roundTrips = Array.from({ length: 3 }, (_, i) => [
      tx({ hash: hash(100 + 2 * i), from: WALLET, to: PARTNER, value: 10n ** 18n, timestamp: ago(10 - i) }),
      tx({ hash: hash(101 + 2 * i), from: PARTNER, to: WALLET, value: 10n ** 18n, timestamp: ago(10 - i, 600) }),
    ]).flat();
    const customers = (n: number, from: boolean) => Array.from({ length: n }, (_, i) => tx({ hash: hash((from ? 2000 : 3000) + i), from: from ? addr(`5e${i + 10}`) : WALLET, to: from ? WALLET : addr(`4e${i + 10}`), value: 10n ** 16n }));
    const txs = [...roundTrips, ...customers(HOT_WALLET_MIN_DISTINCT_SENDERS, true), ...customers(HOT_WALLET_MIN_DISTINCT_RECIPIENTS, false)];
    const asHotWallet = assessRisk(walletEvidence({ snapshot: { transactionCount: HOT_WALLET_MIN_NONCE }, history: history({ transactions: txs }) }));
    expect(asHotWallet.subject.type).toBe('cex_like_hot_wallet');
    expect(asHotWallet.flags.map((f) => f.id)).toEqual([]);
    const asEoa = assessRisk(walletEvidence({ snapshot: { transactionCount: 100 }, history: history({ transactions: txs }) }));
    expect(asEoa.flags.map((f) => f.id)).toEqual(['wash_trading']);
  });
});
