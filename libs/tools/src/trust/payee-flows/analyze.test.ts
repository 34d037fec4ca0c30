import { getAddress, type Address, type Hex } from 'viem';
import type { TokenTransfer } from '../../shared/transfers.js';
import { analyzePayeeFlows, PAYEE_FLOW_RULES, SCORE_WEIGHTS } from './analyze.js';
import { PAYEE_FLOW_CAPS, type FundingRecord, type PayeeFlowData } from './gather.js';

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const PAYEE = addr(0xfee);
const USDC = addr(0xc0);
const EXCHANGE = addr(0xe0);
const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
let seq = 0;
const transfer = (from: Address, to: Address, amount = 250_000n): TokenTransfer => {
  seq += 1;
  return { kind: 'erc20', token: USDC, from, to, amount, tokenId: null, transactionHash: hash(seq), blockNumber: BigInt(1000 - seq), logIndex: 0 };
};
const funding = (payer: Address, funder: Address): FundingRecord => {
  seq += 1;
  return { payer, funder, asset: 'usdc', amount: 10_000_000n, transactionHash: hash(seq), blockNumber: 10n, logIndex: 0, certain: true };
};

function data(parts: Partial<PayeeFlowData>): PayeeFlowData {
  const payments = parts.payments ?? [];
  return {
    chain: 'base',
    payee: PAYEE,
    coverage: { dataSourceStatus: 'Live', notes: [] },
    window: { fromBlock: 0n, toBlock: 1000n, days: 30, cappedByBlocks: false },
    payments,
    outflows: parts.outflows ?? [],
    reads: { payments: { seen: payments.length, readFromBlock: 0n, complete: true }, outflows: { seen: parts.outflows?.length ?? 0, readFromBlock: 0n, complete: true } },
    sampling: [],
    fundings: [],
    fundingSource: 'explorer',
    funders: [],
    ...parts,
  };
}

/** `count` payers, each paying `times` at the price, funded by a busy exchange. */
function independentBuyers(count: number, times = 1): Partial<PayeeFlowData> {
  const payers = Array.from({ length: count }, (_, i) => addr(0x100 + i));
  return {
    payments: payers.flatMap((p) => Array.from({ length: times }, () => transfer(p, PAYEE))),
    fundings: payers.map((p) => funding(p, EXCHANGE)),
    funders: [{ address: EXCHANGE, nonce: 5_000_000 }],
  };
}

describe('analyzePayeeFlows decisions', () => {
  const ring = addr(0xbad);
  const ringPayers = [1, 2, 3].map((i) => addr(0x200 + i));
  const cases: [string, Partial<PayeeFlowData>, string, string[]][] = [
    ['no payment at all', {}, 'insufficient_data', ['no_payments_seen']],
    ['one payer, many payments', { payments: [1, 2, 3, 4].map(() => transfer(addr(0x300), PAYEE)) }, 'insufficient_data', ['single_payer']],
    ['two independent payers (an even split is HHI 0.5)', independentBuyers(2), 'insufficient_data', ['few_payers', 'concentrated_payers']],
    ['ten independent payers funded by a busy exchange', independentBuyers(10, 2), 'authentic', []],
    ['three one-off payers at scattered amounts', { payments: [1, 2, 3].map((i) => transfer(addr(0x400 + i), PAYEE, BigInt(i) * 1_000_000n * BigInt(i))) }, 'inconclusive', ['concentrated_payers']],
    [
      'payers funded by the payee',
      { payments: ringPayers.map((p) => transfer(p, PAYEE)), fundings: ringPayers.map((p) => funding(p, PAYEE)) },
      'suspicious',
      ['payers_funded_by_payee'],
    ],
    [
      'payers funded by one fresh wallet',
      { payments: ringPayers.map((p) => transfer(p, PAYEE)), fundings: ringPayers.map((p) => funding(p, ring)), funders: [{ address: ring, nonce: 3 }] },
      'suspicious',
      ['common_funder_ring'],
    ],
    [
      'the payee pays its payers back',
      { ...independentBuyers(5), outflows: [transfer(PAYEE, addr(0x100))] },
      'suspicious',
      ['round_trip_flows'],
    ],
  ];

  it.each(cases)('%s', (_name, parts, decision, flags) => {
    const a = analyzePayeeFlows(data(parts));
    expect(a.decision).toBe(decision);
    expect(a.riskFlags).toEqual(flags);
    expect(a.score).toBeGreaterThanOrEqual(0);
    expect(a.score).toBeLessThanOrEqual(1);
  });
});

describe('analyzePayeeFlows rules', () => {
  it('tells an exchange funding many payers from a ring by the funder’s sent-transaction count', () => {
    const payers = [1, 2, 3].map((i) => addr(0x500 + i));
    const parts = (nonce: number) => ({ payments: payers.map((p) => transfer(p, PAYEE)), fundings: payers.map((p) => funding(p, EXCHANGE)), funders: [{ address: EXCHANGE, nonce }] });
    const limit = payers.length * PAYEE_FLOW_RULES.ringNoncePerPayer + PAYEE_FLOW_RULES.ringNonceSlack;
    expect(analyzePayeeFlows(data(parts(limit))).rings).toHaveLength(1);
    expect(analyzePayeeFlows(data(parts(limit + 1))).rings).toHaveLength(0);
  });

  it('treats a cash-out to a busy exchange that funded payers as no round trip', () => {
    const a = analyzePayeeFlows(data({ ...independentBuyers(5), outflows: [transfer(PAYEE, EXCHANGE)] }));
    expect(a.roundTrips).toEqual([]);
  });

  it('flags by the larger of volume share and payment share, so one large top-up does not hide a ring', () => {
    const self = [1, 2, 3].map((i) => addr(0x600 + i));
    const a = analyzePayeeFlows(
      data({ payments: [...self.map((p) => transfer(p, PAYEE)), transfer(EXCHANGE, PAYEE, 1_000_000_000n)], fundings: self.map((p) => funding(p, PAYEE)) }),
    );
    expect(a.metrics.flaggedShare).toBe(0.75);
    expect(a.decision).toBe('suspicious');
  });

  it('computes the score as the documented weighted sum of its components, each in the evidence', () => {
    const a = analyzePayeeFlows(data(independentBuyers(4, 2)));
    expect(a.components).toEqual({ breadth: 0.4, independence: 1, dispersion: 0.75, retention: 1, consistency: 1 });
    expect(a.score).toBeCloseTo(0.25 * 0.4 + 0.35 * 1 + 0.2 * 0.75 + 0.1 * 1 + 0.1 * 1, 3);
    const evidence = a.evidence.score_components as Record<string, { value: number; weight: number }>;
    for (const [name, weight] of Object.entries(SCORE_WEIGHTS)) expect(evidence[name]).toMatchObject({ value: a.components[name as keyof typeof SCORE_WEIGHTS], weight });
  });

  it('measures consistency against the declared price when one is given', () => {
    const parts = { payments: [250_000n, 250_000n, 100_000n, 100_000n, 100_000n].map((amount, i) => transfer(addr(0x700 + i), PAYEE, amount)) };
    expect(analyzePayeeFlows(data(parts)).metrics.amountConsistency).toBe(0.6);
    expect(analyzePayeeFlows(data(parts), 250_000n).metrics.amountConsistency).toBe(0.4);
  });

  it('states what the read caps left out in the limits and lowers confidence to medium', () => {
    const note = 'USDC payments to the payee: the newest 20 of at least 5000 in blocks 800-1000 were kept (read limit 2000 transfers).';
    const buyers = independentBuyers(10, 2);
    const a = analyzePayeeFlows(data({ ...buyers, reads: { payments: { seen: 5000, readFromBlock: 800n, complete: false }, outflows: { seen: 0, readFromBlock: 0n, complete: true } }, sampling: [note] }));
    expect(a.decision).toBe('authentic');
    expect(a.limits).toContain(note);
    expect(a.evidence).toMatchObject({ payments_seen: 5000, payments_analysed: 20, payments_read_from_block: '800' });
    expect(a.confidence).toBe('medium');
    expect((a.graph as { truncated: boolean }).truncated).toBe(true);
    expect(analyzePayeeFlows(data(buyers)).confidence).toBe('high');
  });

  it('says round trips were looked for among the kept outflows only when older outflows were left out', () => {
    const outflows = [transfer(PAYEE, EXCHANGE)];
    const read = (complete: boolean) => ({ payments: { seen: 20, readFromBlock: 0n, complete: true }, outflows: { seen: complete ? 1 : 3000, readFromBlock: 900n, complete } });
    const limits = (complete: boolean) => analyzePayeeFlows(data({ ...independentBuyers(10, 2), outflows, reads: read(complete) })).limits.join(' ');
    expect(limits(false)).toMatch(/Round trips were looked for only among the 1 newest outflows kept/);
    expect(limits(true)).not.toMatch(/Round trips were looked for/);
  });

  it('cites at most the documented number of round trips, the newest, and counts the rest', () => {
    const cap = PAYEE_FLOW_CAPS.maxRoundTripsCited;
    const outflows = Array.from({ length: cap + 7 }, () => transfer(PAYEE, addr(0x100)));
    const a = analyzePayeeFlows(data({ ...independentBuyers(5), outflows }));
    expect(a.riskFlags).toContain('round_trip_flows');
    expect(a.roundTrips).toHaveLength(cap + 7);
    expect(a.evidence).toMatchObject({ round_trips_total: cap + 7, round_trips_omitted: 7 });
    const cited = a.evidence.round_trips as { transaction_hash: Hex }[];
    expect(cited.map((t) => t.transaction_hash)).toEqual(outflows.slice(0, cap).map((t) => t.transactionHash));
  });

  it('draws at most the documented number of payers and return recipients in the graph, the largest, and counts the rest', () => {
    const cap = PAYEE_FLOW_CAPS.maxGraphPayers;
    const payers = Array.from({ length: cap + 10 }, (_, i) => addr(0x1000 + i));
    const payments = payers.map((p, i) => transfer(p, PAYEE, BigInt(i + 1) * 1_000_000n));
    const outflows = payers.slice(0, cap + 5).map((p, i) => transfer(PAYEE, p, BigInt(i + 1)));
    const graph = analyzePayeeFlows(data({ payments, outflows })).graph as { nodes: { address: Address; roles: string[] }[]; edges: { kind: string; to: Address }[]; omitted: unknown };
    expect(graph.omitted).toEqual({ payers: 10, round_trip_recipients: 5 });
    const drawnPayers = graph.nodes.filter((n) => n.roles.includes('payer')).map((n) => n.address);
    expect(new Set(drawnPayers)).toEqual(new Set(payers.slice(10)));
    expect(graph.edges.filter((e) => e.kind === 'round_trip').map((e) => e.to)).toEqual(payers.slice(5, cap + 5).reverse());
  });

  it('says a missing explorer in the limits and lowers confidence to low', () => {
    const a = analyzePayeeFlows(data({ ...independentBuyers(10), fundingSource: 'usdc_logs' }));
    expect(a.limits.join(' ')).toMatch(/No explorer/);
    expect(a.confidence).toBe('low');
  });

  it('draws the graph: a payment edge per payer, a funding edge per traced payer, a cluster per ring', () => {
    const ring = addr(0xbad);
    const payers = [1, 2].map((i) => addr(0x800 + i));
    const a = analyzePayeeFlows(data({ payments: payers.map((p) => transfer(p, PAYEE)), fundings: payers.map((p) => funding(p, ring)), funders: [{ address: ring, nonce: 2 }] }));
    const graph = a.graph as { nodes: { roles: string[] }[]; edges: { kind: string }[]; clusters: { members: Address[] }[] };
    expect(graph.nodes).toHaveLength(4);
    expect(graph.edges.map((e) => e.kind).sort()).toEqual(['funding', 'funding', 'payment', 'payment']);
    expect(graph.clusters).toEqual([expect.objectContaining({ kind: 'common_funder_ring', members: payers })]);
  });
});
