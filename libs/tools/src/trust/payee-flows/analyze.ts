import { formatUnitsCompact, PAYMENT, type Confidence } from '@paysight/contracts';
import type { Address } from 'viem';
import { groupBy } from '../../shared/group-by.js';
import { modalAmount, payerStats, share, volumeHhi, type PayerStats } from '../../shared/payer-stats.js';
import type { TokenTransfer } from '../../shared/transfers.js';
import { leftOut } from '../../shared/newest-pages.js';
import { PAYEE_FLOW_CAPS, type FundingRecord, type PayeeFlowData } from './gather.js';

/** Thresholds of the analysis, documented in docs/tools/trust.md. */
export const PAYEE_FLOW_RULES = {
  /** Fewer payments or distinct payers than this cannot show independent demand. */
  minPayments: 3,
  minPayers: 3,
  /** Payers at which breadth reaches 1. */
  breadthPayers: 10,
  /** A funder of two or more payers with at most this many sent transactions per funded payer (plus slack) is a ring, not an exchange. */
  ringNoncePerPayer: 2,
  ringNonceSlack: 2,
  /** Share (of volume or of payments) from self-funded, ring or round-trip payers that makes the payee suspicious. */
  suspiciousFlaggedShare: 0.2,
  /** HHI at or above which payment volume is called concentrated. */
  concentratedHhi: 0.5,
  authenticScore: 0.6,
} as const;

/** authenticity_score = Σ weight × component, each component in [0, 1]. */
export const SCORE_WEIGHTS = { breadth: 0.25, independence: 0.35, dispersion: 0.2, retention: 0.1, consistency: 0.1 } as const;
export const SCORE_FORMULA =
  'authenticity_score = 0.25·breadth + 0.35·independence + 0.20·dispersion + 0.10·retention + 0.10·consistency; breadth = min(1, distinct_payers / 10), independence = 1 − flagged_share (the larger of the flagged payers’ share of volume and of payments), dispersion = 1 − HHI, retention = repeat_payer_share, consistency = amount_consistency; 0 when no payment was seen';

export type PayeeDecision = 'authentic' | 'suspicious' | 'inconclusive' | 'insufficient_data';

const usd = (raw: bigint) => formatUnitsCompact(raw, PAYMENT.decimals);
const round = (x: number) => Math.round(x * 1000) / 1000;
const ref = (t: TokenTransfer) => ({ transaction_hash: t.transactionHash, log_index: t.logIndex, block_number: t.blockNumber.toString(), amount_usdc: usd(t.amount) });
const fundingRef = (f: FundingRecord) => ({
  payer: f.payer,
  funder: f.funder,
  asset: f.asset,
  amount: f.asset === 'usdc' ? usd(f.amount) : f.amount.toString(),
  transaction_hash: f.transactionHash,
  block_number: f.blockNumber.toString(),
  log_index: f.logIndex,
  first_funding_certain: f.certain,
});

export interface PayeeFlowAnalysis {
  decision: PayeeDecision;
  confidence: Confidence;
  score: number;
  components: Record<keyof typeof SCORE_WEIGHTS, number>;
  payers: PayerStats[];
  volume: bigint;
  metrics: {
    payments: number;
    distinctPayers: number;
    repeatPayerShare: number;
    singlePayerShare: number;
    hhi: number;
    amountConsistency: number;
    /** The amount consistency is measured against: the declared price, else the most common amount. */
    referenceAmount: bigint | null;
    /** max(flagged share of volume, flagged share of payments). */
    flaggedShare: number;
  };
  selfFunded: FundingRecord[];
  rings: { funder: Address; nonce: number; fundings: FundingRecord[] }[];
  roundTrips: TokenTransfer[];
  riskFlags: string[];
  evidence: Record<string, unknown>;
  graph: Record<string, unknown>;
  limits: string[];
}

/** Funders of two or more payers whose own history is too short to be an exchange or a payroll: one hand behind many "buyers". */
function findRings(data: PayeeFlowData): PayeeFlowAnalysis['rings'] {
  const byFunder = groupBy(data.fundings.filter((f) => f.funder !== data.payee), (f) => f.funder);
  return data.funders
    .map((funder) => ({ funder: funder.address, nonce: funder.nonce, fundings: byFunder.get(funder.address) ?? [] }))
    .filter((r) => r.fundings.length >= 2 && r.nonce <= r.fundings.length * PAYEE_FLOW_RULES.ringNoncePerPayer + PAYEE_FLOW_RULES.ringNonceSlack);
}

function decide(m: PayeeFlowAnalysis['metrics'], score: number, flagged: boolean): PayeeDecision {
  if (flagged) return 'suspicious';
  if (m.payments < PAYEE_FLOW_RULES.minPayments || m.distinctPayers < PAYEE_FLOW_RULES.minPayers) return 'insufficient_data';
  return score >= PAYEE_FLOW_RULES.authenticScore ? 'authentic' : 'inconclusive';
}

/**
 * The one analysis behind authenticity_score and seller_profile: who pays the payee, how evenly, at
 * what amounts, and whether the payers were funded by the payee itself, by one low-activity common
 * funder, or were paid back by the payee. Pure.
 */
export function analyzePayeeFlows(data: PayeeFlowData, declaredPrice: bigint | null = null): PayeeFlowAnalysis {
  const payers = payerStats(data.payments);
  const volume = payers.reduce((sum, p) => sum + p.volume, 0n);
  const n = data.payments.length;
  const k = payers.length;
  const payerSet = new Set(payers.map((p) => p.payer));

  const selfFunded = data.fundings.filter((f) => f.funder === data.payee);
  const rings = findRings(data);
  const ringFunders = new Set(rings.map((r) => r.funder));
  // Money the payee sends back to its own payers, or to a ring's funder, closes a loop.
  const roundTrips = data.outflows.filter((t) => payerSet.has(t.to) || ringFunders.has(t.to));
  const flaggedPayers = new Set<Address>([
    ...selfFunded.map((f) => f.payer),
    ...rings.flatMap((r) => r.fundings.map((f) => f.payer)),
    ...roundTrips.map((t) => t.to).filter((a) => payerSet.has(a)),
    ...roundTrips.filter((t) => ringFunders.has(t.to)).flatMap((t) => rings.find((r) => r.funder === t.to)?.fundings.map((f) => f.payer) ?? []),
  ]);
  const flagged = payers.filter((p) => flaggedPayers.has(p.payer));
  const flaggedVolume = flagged.reduce((sum, p) => sum + p.volume, 0n);
  const flaggedPayments = flagged.reduce((sum, p) => sum + p.payments, 0);

  const referenceAmount = declaredPrice ?? modalAmount(data.payments);
  const metrics: PayeeFlowAnalysis['metrics'] = {
    payments: n,
    distinctPayers: k,
    repeatPayerShare: k ? round(payers.filter((p) => p.payments >= 2).length / k) : 0,
    singlePayerShare: round(share(payers[0]?.volume ?? 0n, volume)),
    hhi: round(volumeHhi(payers, volume)),
    amountConsistency: n ? round(data.payments.filter((p) => p.amount === referenceAmount).length / n) : 0,
    referenceAmount,
    // Whichever is larger, so neither one large top-up nor many dust payments hides the flagged payers.
    flaggedShare: round(Math.max(share(flaggedVolume, volume), n ? flaggedPayments / n : 0)),
  };
  const components = {
    breadth: round(Math.min(1, k / PAYEE_FLOW_RULES.breadthPayers)),
    independence: round(1 - metrics.flaggedShare),
    dispersion: round(k ? 1 - metrics.hhi : 0),
    retention: metrics.repeatPayerShare,
    consistency: metrics.amountConsistency,
  };
  const score = n ? round((Object.keys(SCORE_WEIGHTS) as (keyof typeof SCORE_WEIGHTS)[]).reduce((sum, c) => sum + SCORE_WEIGHTS[c] * components[c], 0)) : 0;

  const riskFlags: string[] = [];
  if (n === 0) riskFlags.push('no_payments_seen');
  if (k === 1) riskFlags.push('single_payer');
  else if (k > 0 && k < PAYEE_FLOW_RULES.minPayers) riskFlags.push('few_payers');
  if (selfFunded.length) riskFlags.push('payers_funded_by_payee');
  if (rings.length) riskFlags.push('common_funder_ring');
  if (roundTrips.length) riskFlags.push('round_trip_flows');
  if (k >= 2 && metrics.hhi >= PAYEE_FLOW_RULES.concentratedHhi) riskFlags.push('concentrated_payers');
  const decision = decide(metrics, score, metrics.flaggedShare >= PAYEE_FLOW_RULES.suspiciousFlaggedShare);
  const anySampled = leftOut(data.reads.payments, n) || leftOut(data.reads.outflows, data.outflows.length);
  const confidence: Confidence = decision === 'insufficient_data' || data.fundingSource === 'usdc_logs' ? 'low' : anySampled || n < 10 ? 'medium' : 'high';

  const limits = payeeFlowLimits(data);
  const evidence = {
    chain: data.chain,
    payee: data.payee,
    window: { days: data.window.days, from_block: data.window.fromBlock.toString(), to_block: data.window.toBlock.toString(), capped_by_blocks: data.window.cappedByBlocks },
    payments_seen: data.reads.payments.seen,
    payments_analysed: n,
    payments_read_from_block: data.reads.payments.readFromBlock.toString(),
    outflows_seen: data.reads.outflows.seen,
    outflows_analysed: data.outflows.length,
    outflows_read_from_block: data.reads.outflows.readFromBlock.toString(),
    distinct_payers: k,
    volume_usdc: usd(volume),
    repeat_payer_share: metrics.repeatPayerShare,
    single_payer_share: metrics.singlePayerShare,
    hhi: metrics.hhi,
    amount_consistency: metrics.amountConsistency,
    reference_amount_usdc: referenceAmount === null ? null : usd(referenceAmount),
    flagged_share: metrics.flaggedShare,
    score_formula: SCORE_FORMULA,
    score_components: Object.fromEntries(
      Object.entries(components).map(([name, value]) => [name, { value, weight: SCORE_WEIGHTS[name as keyof typeof SCORE_WEIGHTS], contribution: round(value * SCORE_WEIGHTS[name as keyof typeof SCORE_WEIGHTS]) }]),
    ),
    funding_source: data.fundingSource,
    payers_traced: data.fundings.length,
    payers_funded_by_payee: selfFunded.map(fundingRef),
    common_funder_rings: rings.map((r) => ({ funder: r.funder, funder_nonce: r.nonce, fundings: r.fundings.map(fundingRef) })),
    round_trips: roundTrips.slice(0, PAYEE_FLOW_CAPS.maxRoundTripsCited).map((t) => ({ to: t.to, ...ref(t) })),
    round_trips_total: roundTrips.length,
    round_trips_omitted: Math.max(0, roundTrips.length - PAYEE_FLOW_CAPS.maxRoundTripsCited),
    latest_payments: data.payments.slice(0, 10).map((t) => ({ from: t.from, ...ref(t) })),
  };
  return {
    decision,
    confidence,
    score,
    components,
    payers,
    volume,
    metrics,
    selfFunded,
    rings,
    roundTrips,
    riskFlags,
    evidence,
    graph: paymentGraph(data, payers, volume, selfFunded, rings, roundTrips, anySampled),
    limits,
  };
}

function paymentGraph(
  data: PayeeFlowData,
  payers: PayerStats[],
  volume: bigint,
  selfFunded: FundingRecord[],
  rings: PayeeFlowAnalysis['rings'],
  roundTrips: TokenTransfer[],
  anySampled: boolean,
): Record<string, unknown> {
  const nodes = new Map<Address, { address: Address; roles: Set<string>; payments?: number; volume_usdc?: string }>();
  const node = (address: Address, role: string) => {
    const n = nodes.get(address) ?? { address, roles: new Set<string>() };
    n.roles.add(role);
    nodes.set(address, n);
    return n;
  };
  // The largest payers (every traced payer among them) and the largest returns; the rest are counted in `omitted`.
  const drawn = payers.slice(0, PAYEE_FLOW_CAPS.maxGraphPayers);
  const returns = [...groupBy(roundTrips, (t) => t.to).values()]
    .map((ts) => ({ to: ts[0]!.to, ts, amount: ts.reduce((s, t) => s + t.amount, 0n) }))
    .sort((a, b) => (a.amount === b.amount ? a.to.localeCompare(b.to) : a.amount > b.amount ? -1 : 1));
  const drawnReturns = returns.slice(0, PAYEE_FLOW_CAPS.maxGraphPayers);
  node(data.payee, 'payee');
  for (const p of drawn) Object.assign(node(p.payer, 'payer'), { payments: p.payments, volume_usdc: usd(p.volume) });
  for (const f of data.fundings) node(f.funder, 'funder');
  for (const r of drawnReturns) node(r.to, 'return_recipient');

  const paymentsBy = groupBy(data.payments, (t) => t.from);
  const edges = [
    ...drawn.map((p) => ({
      kind: 'payment',
      from: p.payer,
      to: data.payee,
      count: p.payments,
      amount_usdc: usd(p.volume),
      transactions: (paymentsBy.get(p.payer) ?? []).slice(0, 5).map(ref),
    })),
    ...data.fundings.map((f) => ({ kind: 'funding', from: f.funder, to: f.payer, ...fundingRef(f) })),
    ...drawnReturns.map(({ to, ts, amount }) => ({ kind: 'round_trip', from: data.payee, to, count: ts.length, amount_usdc: usd(amount), transactions: ts.slice(0, 5).map(ref) })),
  ];
  const volumeOf = (members: Address[]) => round(share(payers.filter((p) => members.includes(p.payer)).reduce((s, p) => s + p.volume, 0n), volume));
  const clusters = [
    ...(selfFunded.length ? [{ id: 'funded_by_payee', kind: 'self_dealing', funder: data.payee, members: selfFunded.map((f) => f.payer), volume_share: volumeOf(selfFunded.map((f) => f.payer)) }] : []),
    ...rings.map((r, i) => ({ id: `ring_${i + 1}`, kind: 'common_funder_ring', funder: r.funder, funder_nonce: r.nonce, members: r.fundings.map((f) => f.payer), volume_share: volumeOf(r.fundings.map((f) => f.payer)) })),
  ];
  return {
    nodes: [...nodes.values()].map((n) => ({ ...n, roles: [...n.roles] })),
    edges,
    clusters,
    omitted: { payers: payers.length - drawn.length, round_trip_recipients: returns.length - drawnReturns.length },
    truncated: anySampled || payers.length > data.fundings.length,
  };
}

function payeeFlowLimits(data: PayeeFlowData): string[] {
  const limits = [
    `Only USDC Transfer logs to and from the payee in the last ${data.window.days} day(s) were read (blocks ${data.window.fromBlock}–${data.window.toBlock}, newest first in one-day pages, at most the newest ${PAYEE_FLOW_CAPS.maxPayments} payments and ${PAYEE_FLOW_CAPS.maxOutflows} outflows kept); other tokens, native payments and other chains are not seen.`,
    'The service URL is never fetched: whether payments came through x402 for this service cannot be told from the chain alone; every USDC transfer to the payee counts as a payment.',
    `Funding is traced for at most ${PAYEE_FLOW_CAPS.maxPayersTraced} payers (the largest by volume) as the first inbound native or USDC transfer; a ring funder is told from an exchange only by its sent-transaction count.`,
  ];
  if (data.window.cappedByBlocks) limits.push(`The window was capped at ${PAYEE_FLOW_CAPS.maxWindowBlocks} blocks, shorter than the days asked for.`);
  limits.push(...data.sampling);
  if (leftOut(data.reads.outflows, data.outflows.length)) limits.push(`Round trips were looked for only among the ${data.outflows.length} newest outflows kept, back to block ${data.outflows.at(-1)?.blockNumber ?? data.reads.outflows.readFromBlock}.`);
  if (data.fundingSource === 'usdc_logs') limits.push('No explorer (indexer) is configured for this chain: funders were looked for only among USDC transfers inside the window, so native-coin funding and older funding are not seen.');
  if (data.fundings.some((f) => !f.certain) && data.fundingSource === 'explorer') limits.push(`Some payers' histories were longer than ${PAYEE_FLOW_CAPS.historyLimit} entries: their first funding may be older than the one cited.`);
  return limits;
}
