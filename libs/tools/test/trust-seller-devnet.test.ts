import { authenticityScoreRequest, authenticityScoreResult, sellerProfileRequest, sellerProfileResult, type ChainName } from '@paysight/contracts';
import { devnetChainSource, readTestStack, toolPorts } from '@paysight/testkit';
import { authenticityScore } from '../src/trust/authenticity-score/index.js';
import { sellerProfile } from '../src/trust/seller-profile/index.js';

const { devnet } = readTestStack();
const ctx = () => ({ now: new Date() });
const withExplorer = toolPorts();
const withoutExplorer = toolPorts({ chain: devnetChainSource({ explorer: false }) });

async function score(chain: ChainName, payee: string, ports = withExplorer) {
  const input = authenticityScoreRequest.parse({ chain, payee, service_url: 'https://seller.example/api/data', timeframe_days: 60 });
  const { result } = await authenticityScore.run(input, ports, ctx());
  return authenticityScoreResult.parse(result);
}

async function profile(chain: ChainName, payee: string) {
  const input = sellerProfileRequest.parse({ chain, payee, service_url: 'https://seller.example/api/data', declared_price: '0.25', currency: 'USDC' });
  const { result } = await sellerProfile.run(input, withExplorer, ctx());
  return sellerProfileResult.parse(result);
}

describe.each(['base', 'arbitrum'] as const)('seller trust tools on the %s devnet', (chain) => {
  const world = devnet.scenario.chains[chain];
  const address = (label: string) => world.wallets[label]!.address;
  const hash = (name: string) => world.transactions[name]!.hash.toLowerCase();
  const cites = (value: unknown, needle: string) => JSON.stringify(value).toLowerCase().includes(needle.toLowerCase());

  it('finds the genuine seller authentic: five buyers, two repeat, funded by a busy exchange that is no ring', async () => {
    const result = await score(chain, address('genuineSeller'));
    expect(result.decision).toBe('authentic');
    expect(result.risk_flags).toEqual([]);
    expect(result.evidence).toMatchObject({ payments_analysed: 7, distinct_payers: 5, repeat_payer_share: 0.4, amount_consistency: 1, flagged_share: 0 });
    expect(result.authenticity_score).toBeGreaterThanOrEqual(0.6);
    const graph = result.payment_graph as { nodes: unknown[]; edges: { kind: string; from: string }[]; clusters: unknown[] };
    expect(graph.edges.filter((e) => e.kind === 'payment')).toHaveLength(5);
    expect(graph.edges.filter((e) => e.kind === 'funding').every((e) => e.from === address('exchange'))).toBe(true);
    expect(graph.clusters).toEqual([]);
    expect(cites(graph, hash('genuineBuyer1-pays-genuine-seller-again'))).toBe(true);
  });

  it('finds the self-dealing seller suspicious, citing the transfers that funded its buyers', async () => {
    const result = await score(chain, address('selfDealingSeller'));
    expect(result.decision).toBe('suspicious');
    expect(result.risk_flags).toEqual(expect.arrayContaining(['payers_funded_by_payee', 'round_trip_flows']));
    expect(result.evidence.flagged_share).toBe(0.857); // six of its seven payments; the seventh is its own top-up from the exchange
    // Every transfer of the window was read and kept, and every round trip is cited.
    expect(result.evidence).toMatchObject({ payments_seen: 7, payments_analysed: 7, round_trips_omitted: 0 });
    expect(result.evidence.round_trips).toHaveLength(result.evidence.round_trips_total as number);
    expect(result.limits.join(' ')).not.toMatch(/were kept \(read limit/);
    for (const i of [1, 2, 3]) expect(cites(result.evidence.payers_funded_by_payee, hash(`self-dealing-seller-funds-selfDealingBuyer${i}`))).toBe(true);
    expect(result.authenticity_score).toBeLessThan(0.6);
  });

  it('finds the ring funded by one fresh wallet suspicious, with the ring as a cluster', async () => {
    const result = await score(chain, address('ringSeller'));
    expect(result.decision).toBe('suspicious');
    expect(result.risk_flags).toContain('common_funder_ring');
    const clusters = (result.payment_graph as { clusters: { kind: string; funder: string; members: string[] }[] }).clusters;
    expect(clusters).toEqual([expect.objectContaining({ kind: 'common_funder_ring', funder: address('ringFunder') })]);
    expect(new Set(clusters[0]!.members)).toEqual(new Set([1, 2, 3].map((i) => address(`ringBuyer${i}`))));
  });

  it('has too little to judge a seller paid by one buyer only', async () => {
    const result = await score(chain, address('loneBuyerSeller'));
    expect(result.decision).toBe('insufficient_data');
    expect(result.risk_flags).toContain('single_payer');
    expect(result.evidence).toMatchObject({ payments_analysed: 4, distinct_payers: 1, single_payer_share: 1, hhi: 1 });
  });

  it('says what it could not see without an explorer, and still finds the self-dealing from USDC logs', async () => {
    const result = await score(chain, address('selfDealingSeller'), withoutExplorer);
    expect(result.decision).toBe('suspicious');
    expect(result.confidence).toBe('low');
    expect(result.evidence.funding_source).toBe('usdc_logs');
    expect(result.limits.join(' ')).toMatch(/No explorer/);
  });

  it('profiles the genuine seller: its service, receiver, market and integrity signals', async () => {
    const result = await profile(chain, address('genuineSeller'));
    expect(result.decision).toBe('authentic');
    expect(result.service).toMatchObject({ host: 'seller.example', declared_price: '0.25', declared_price_atomic: '250000', fetched: false });
    expect(result.payment_receivers).toEqual([expect.objectContaining({ address: address('genuineSeller'), payments: 7, distinct_payers: 5 })]);
    expect(result.market_signals).toMatchObject({ payments_at_declared_price: 7, price_consistency: 1, distinct_payers: 5 });
    expect(result.integrity_signals).toMatchObject({ price_mismatch: false, payers_funded_by_payee: [] });
  });

  it('profiles the self-dealing seller with its self-funded payers among the integrity signals', async () => {
    const result = await profile(chain, address('selfDealingSeller'));
    expect(result.decision).toBe('suspicious');
    expect(new Set(result.integrity_signals.payers_funded_by_payee as string[])).toEqual(new Set([1, 2, 3].map((i) => address(`selfDealingBuyer${i}`))));
  });
});
