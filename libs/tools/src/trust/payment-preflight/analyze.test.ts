import { CHAINS, paymentPreflightRequest, paymentPreflightResult } from '@paysight/contracts';
import { MIXERS } from '@paysight/datasets';
import { getAddress, type Address, type Hex } from 'viem';
import type { TokenTransfer } from '../../shared/transfers.js';
import { analyzePaymentPreflight, PREFLIGHT_RULES, type PreflightFinding } from './analyze.js';
import type { PaymentPreflightData } from './data.js';
import { checkResourceUrl } from './url-checks.js';

const addr = (hex: string) => getAddress(`0x${hex.padStart(40, '0')}`);
const SELLER = addr('1234aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa5678');
const LOOKALIKE = addr('1234bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb5678');
const OTHER = addr('9999cccccccccccccccccccccccccccccccc0000');
const LAZARUS: Address = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
/** A mixer pool the shipped list places on Base (mixers are matched only on their own chains). */
const MIXER_POOL: Address = MIXERS.onChain('base').find((m) => m.role === 'pool')!.address;
const ORACLE: Address = '0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B';
const USDC = CHAINS.base.usdc;
const ctx = { now: new Date() };

let log = 0;
const transfer = (from: Address, to: Address, amount: bigint, block: bigint): TokenTransfer => ({
  kind: 'erc20',
  token: USDC,
  from,
  to,
  amount,
  tokenId: null,
  transactionHash: `0x${(++log).toString(16).padStart(64, '0')}` as Hex,
  blockNumber: block,
  logIndex: 0,
});
const payers = [1, 2, 3, 4, 5].map((n) => addr(`${n}`.repeat(40)));
const established = payers.map((p, i) => transfer(p, SELLER, 250_000n, BigInt(900 - i)));

const data = (over: Partial<PaymentPreflightData> = {}): PaymentPreflightData => ({
  chain: 'base',
  coverage: { dataSourceStatus: 'Live', notes: [] },
  head: { number: 1000n, timestamp: 1_700_000_000n },
  window: { fromBlock: 0n, toBlock: 1000n, complete: true },
  usdc: USDC,
  payeeCode: '0x',
  payeeNonce: 3,
  transfers: established,
  read: { seen: (over.transfers ?? established).length, readFromBlock: 0n, complete: true },
  sampling: [],
  blockTimestamps: { '900': '1699990000', '896': '1699980000' },
  oracle: { address: ORACLE, deployed: true, listed: {} },
  ...over,
});
const request = (over: Record<string, unknown> = {}) =>
  paymentPreflightRequest.parse({ chain: 'base', payee: SELLER, amount: '0.25', currency: 'USDC', resource_url: 'https://api.seller.example/report', expected_payee: SELLER, max_amount: '1', ...over });

const proxyCode = `0x608060405236601057600e6013565b005b600e5b7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc54` as Hex;
const delegated = (target: string) => `0xef0100${target.slice(2).toLowerCase()}` as Hex;

describe('analyzePaymentPreflight', () => {
  it('proceeds for an established EOA seller that is the expected payee, with its visible activity', () => {
    const { result } = analyzePaymentPreflight(request(), data(), ctx);
    expect(paymentPreflightResult.parse(result)).toEqual(result);
    expect(result).toMatchObject({ decision: 'proceed', confidence: 'high', risk_flags: [], payee_type: 'eoa' });
    expect(result.visible_activity).toMatchObject({
      distinct_payers: 5,
      usdc_received: { transfers: 5, total: '1.25' },
      first_seen: { block_number: '896', timestamp: '1699980000', transaction_hash: established[4]!.transactionHash },
      last_activity: { block_number: '900', timestamp: '1699990000' },
      first_seen_is_window_bound: false,
      transfers_seen: 5,
      transfers_kept: 5,
      sampled: false,
    });
  });

  it('says when only the newest transfers were kept: first_seen is then the oldest one kept, not the payee’s first activity', () => {
    const note = 'USDC transfers: the newest 5 of 40 in the whole window were kept (read limit 5 transfers).';
    // The window reaches genesis, yet older transfers were left out: the payee's first activity is not seen.
    const { result } = analyzePaymentPreflight(request(), data({ read: { seen: 40, readFromBlock: 0n, complete: true }, sampling: [note] }), ctx);
    expect(result.visible_activity).toMatchObject({ transfers_seen: 40, transfers_kept: 5, sampled: true, first_seen: { block_number: '896' }, first_seen_is_window_bound: true });
    expect(result.confidence).toBe('medium');
    expect(result.summary).toMatch(/in 5 transfer\(s\) inside the window \(among the newest 5 of its 40 USDC transfers there\)/);
    expect(result.limits).toContain(note);
  });

  const cases: { name: string; input?: Record<string, unknown>; data?: Partial<PaymentPreflightData>; flags: string[]; decision: string }[] = [
    { name: 'payee on the SDN list', input: { payee: LAZARUS, expected_payee: undefined }, flags: ['payee_sanctioned'], decision: 'block' },
    { name: 'payee listed by the sanctions oracle only', data: { oracle: { address: ORACLE, deployed: true, listed: { [SELLER.toLowerCase()]: true } } }, flags: ['payee_sanctioned'], decision: 'block' },
    { name: 'payee is a mixer pool', input: { payee: MIXER_POOL, expected_payee: undefined }, data: { payeeCode: '0x6080' }, flags: ['payee_is_mixer', 'payee_is_contract'], decision: 'block' },
    { name: 'look-alike of the expected payee', input: { payee: LOOKALIKE }, flags: ['payee_lookalike_of_expected'], decision: 'block' },
    { name: 'another payee than expected', input: { payee: OTHER }, flags: ['payee_not_expected'], decision: 'block' },
    { name: 'amount above max_amount', input: { amount: '1.000001' }, flags: ['amount_above_max'], decision: 'block' },
    { name: 'amount equal to max_amount', input: { amount: '1' }, flags: [], decision: 'proceed' },
    { name: 'fresh EOA with no USDC and no transaction', data: { transfers: [], payeeNonce: 0 }, flags: ['payee_no_visible_activity'], decision: 'caution' },
    { name: 'EOA with transactions but no USDC in the window', data: { transfers: [], payeeNonce: 4 }, flags: [], decision: 'proceed' },
    { name: 'plain contract payee', data: { payeeCode: '0x6080604052' }, flags: ['payee_is_contract'], decision: 'caution' },
    { name: 'proxy contract payee', data: { payeeCode: proxyCode }, flags: ['payee_is_contract'], decision: 'caution' },
    { name: 'EIP-7702 delegation to unknown code', data: { payeeCode: delegated(OTHER) }, flags: ['payee_delegated_to_unknown_code'], decision: 'caution' },
    { name: 'payee paid by an SDN address', data: { transfers: [...established, transfer(LAZARUS, SELLER, 5_000_000n, 950n)] }, flags: ['counterparty_sanctioned'], decision: 'caution' },
    { name: 'payee paid out of a mixer', data: { transfers: [...established, transfer(SELLER, MIXER_POOL, 1_000_000n, 950n)] }, flags: ['counterparty_mixer'], decision: 'caution' },
    { name: 'non-https resource', input: { resource_url: 'http://api.seller.example/x' }, flags: ['resource_url_not_https'], decision: 'caution' },
    { name: 'localhost over http', input: { resource_url: 'http://localhost:4021/x' }, flags: [], decision: 'proceed' },
  ];
  it.each(cases)('$name: $decision', ({ input, data: over, flags, decision }) => {
    const { result } = analyzePaymentPreflight(request(input), data(over), ctx);
    expect(paymentPreflightResult.parse(result)).toEqual(result);
    expect([...result.risk_flags].sort()).toEqual([...flags].sort());
    expect(result.decision).toBe(decision);
    const findings = (result.evidence as { findings: PreflightFinding[] }).findings;
    for (const f of findings) expect(f.severity).toBe(PREFLIGHT_RULES[f.flag]);
  });

  it('cites the transfer and the dataset entry behind a counterparty flag', () => {
    const dirty = transfer(LAZARUS, SELLER, 5_000_000n, 950n);
    const { result } = analyzePaymentPreflight(request(), data({ transfers: [dirty, ...established] }), ctx);
    const [f] = (result.evidence as { findings: PreflightFinding[] }).findings;
    expect(f).toMatchObject({ flag: 'counterparty_sanctioned', address: LAZARUS, transaction_hash: dirty.transactionHash, log_index: 0, block_number: '950', dataset: { id: 'ofac-sdn-evm-addresses' } });
  });

  it('classifies the payee from its code', () => {
    const type = (payeeCode: Hex) => analyzePaymentPreflight(request(), data({ payeeCode }), ctx).result.payee_type;
    expect(type('0x')).toBe('eoa');
    expect(type('0x6080604052')).toBe('contract');
    expect(type(proxyCode)).toBe('proxy_contract');
    expect(type(`0x363d3d373d3d3d363d73${'ab'.repeat(20)}5af43d82803e903d91602b57fd5bf3`)).toBe('proxy_contract');
    expect(type(delegated(OTHER))).toBe('delegated_smart_account');
  });

  it('says what it could not see when the window does not reach genesis and no expectation was given', () => {
    const { result } = analyzePaymentPreflight(request({ expected_payee: undefined, max_amount: undefined }), data({ window: { fromBlock: 500n, toBlock: 1000n, complete: false } }), ctx);
    expect(result.confidence).toBe('medium');
    expect(result.visible_activity).toMatchObject({ first_seen_is_window_bound: true });
    expect(result.limits.join(' ')).toMatch(/last 501 blocks .*first_seen included/);
    expect(result.limits.join(' ')).toMatch(/No expected_payee/);
    expect(result.limits.join(' ')).toMatch(/No max_amount/);
  });
});

describe('checkResourceUrl', () => {
  it.each([
    ['https://api.seller.example/x', []],
    ['https://user:pw@api.seller.example/x', ['resource_url_userinfo']],
    ['https://api.seller.example@evil.example/x', ['resource_url_userinfo']],
    ['https://203.0.113.7/x', ['resource_url_ip_literal']],
    ['http://2130706433/x', []],
    ['http://0xcb.0.113.7/x', ['resource_url_ip_literal', 'resource_url_not_https']],
    ['https://[2001:db8::1]/x', ['resource_url_ip_literal']],
    ['https://xn--pple-43d.com/x', ['resource_url_punycode']],
    ['https://аpple.com/x', ['resource_url_punycode']],
    ['http://api.seller.example/x', ['resource_url_not_https']],
    ['http://127.0.0.1:4021/x', []],
    ['http://app.localhost/x', []],
  ])('%s', (url, flags) => {
    expect(checkResourceUrl(url).map((f) => f.flag)).toEqual(flags);
  });
});
