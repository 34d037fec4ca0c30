import { CHAINS, type Confidence, type ResultOf, type CatalogEntryOf } from '@paysight/contracts';
import { usdc } from '../../ext/verdict.js';
import { payerStats, pricePoints, share, volumeHhi } from '../../shared/payer-stats.js';
import type { ToolMetadata, ToolOutput } from '../../tool-module.js';
import { expansionAnswer } from '../answer.js';
import { authorizationKey, PAYMENT_HISTORY_CAPS, type PaymentHistoryData, type TimedPayment } from './gather.js';

type Result = ResultOf<CatalogEntryOf<'agent_payment_history_summary'>>;
type Decision = Result['decision'];

/** Thresholds of the summary (docs/tools/expansion.md). */
export const HISTORY_RULES = {
  /** Fewer payments in the window than this cannot tell activity from chance. */
  minPayments: 3,
  /** No payment in this latest fraction of the covered window: dormant. */
  dormantFraction: 0.5,
  /** Confidence by sample: high from this many payments (and minPayers payers) over a complete window, medium from mediumPayments. */
  highPayments: 20,
  minPayers: 3,
  mediumPayments: 5,
  concentratedHhi: 0.5,
  /** A price point below this share of payments is no dominant price. */
  dominantPriceShare: 0.5,
  /** Checked payments made by an EIP-3009 authorization below this share: mostly plain transfers. */
  authorizationShare: 0.5,
  topPayers: 5,
  pricePoints: 5,
} as const;

const NEXT_ACTION: Record<Decision, string> = {
  active: 'The payee is being paid: compare its price points with the price you are quoted, and mind concentration before reading it as broad demand.',
  dormant: 'The payee was paid earlier but not lately: confirm the service still answers (its 402 challenge) before paying.',
  inactive: 'No payment reached this payee in the window: treat it as a new or unused payee and start with one small payment, or ask for a longer lookback.',
  insufficient_evidence: 'Too few payments to tell activity: ask for a longer lookback_days.',
};
const UNCOVERED_NEXT_ACTION = 'The reads did not cover the lookback: ask for fewer days, or read this payee on an indexer.';

/** A USDC transfer names no resource: the request's resource_path is echoed as a label. */
export const RESOURCE_PATH_NOTE = 'resource_path is echoed as a label only: a USDC transfer does not carry the resource it paid for, so the summary covers every payment to the payee, for this path or any other.';

const DAY = 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const day = (seconds: number) => iso(seconds).slice(0, 10);
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of amounts sorted ascending. */
const percentile = (sorted: readonly bigint[], p: number) => (sorted.length === 0 ? null : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);

/** Payments, payers and total per UTC day from `from` to the head, days without payments included. */
function dailySeries(payments: readonly TimedPayment[], from: number, to: number): Result['daily_series'] {
  const days = new Map<string, { payments: number; payers: Set<string>; amount: bigint }>();
  for (let t = Math.floor(from / DAY) * DAY; t <= to; t += DAY) days.set(day(t), { payments: 0, payers: new Set(), amount: 0n });
  for (const p of payments) {
    const bucket = days.get(day(p.time));
    if (!bucket) continue;
    bucket.payments += 1;
    bucket.payers.add(p.from);
    bucket.amount += p.amount;
  }
  return [...days.entries()].map(([date, b]) => ({ date, payments: b.payments, payers: b.payers.size, amount_usdc: usdc(b.amount) }));
}

const paymentRef = (p: TimedPayment, used: ReadonlySet<string> | null) => ({
  time: iso(p.time),
  time_estimated: p.timeEstimated,
  from: p.from,
  amount_usdc: usdc(p.amount),
  transaction_hash: p.transactionHash,
  block_number: p.blockNumber.toString(),
  log_index: p.logIndex,
  ...(used ? { eip3009: used.has(authorizationKey(p.transactionHash, p.from)) } : {}),
});

/**
 * The summary of a payee's payments in the window (docs/tools/expansion.md): what the reads covered,
 * the payments' statistics, and the decision. Pure: the window ends at the head block's time.
 * resource_path, when asked, is echoed with RESOURCE_PATH_NOTE.
 */
export function analyzePaymentHistory(data: PaymentHistoryData, resourcePath?: string): ToolOutput<Result> {
  const cutoff = data.head.time - data.lookbackDays * DAY;
  const inWindow = data.payments.filter((p) => p.time > cutoff);
  const oldestKept = data.payments[data.payments.length - 1];
  // The reads cover every block after the one before the window: genesis, or a block at or before the cutoff, covers the lookback.
  const reachedBack = data.timeBeforeWindow === null || data.timeBeforeWindow <= cutoff;
  const droppedInWindow = data.paymentsSeen > data.payments.length && oldestKept !== undefined && oldestKept.time > cutoff;
  let from = cutoff;
  if (!reachedBack) from = data.timeBeforeWindow!;
  if (droppedInWindow) from = Math.max(from, oldestKept.time);
  const complete = from === cutoff;
  const coveredSeconds = data.head.time - from;

  const n = inWindow.length;
  const payers = payerStats(inWindow);
  const total = payers.reduce((sum, p) => sum + p.volume, 0n);
  const sorted = inWindow.map((p) => p.amount).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const points = pricePoints(inWindow);
  const hhi = round(volumeHhi(payers, total));
  const repeatShare = payers.length ? round(payers.filter((p) => p.payments >= 2).length / payers.length) : 0;
  const checkedPayers = new Set(data.authorizations.checkedPayers);
  const checked = inWindow.filter((p) => checkedPayers.has(p.from));
  const byAuthorization = checked.filter((p) => data.authorizations.used.has(authorizationKey(p.transactionHash, p.from)));
  const authorizationShare = checked.length ? round(byAuthorization.length / checked.length) : null;
  const last = inWindow[0];
  const first = inWindow[n - 1];
  const estimated = inWindow.filter((p) => p.timeEstimated).length;

  const quiet = last ? data.head.time - last.time : null;
  const decision: Decision =
    n === 0 ? (complete ? 'inactive' : 'insufficient_evidence') : n < HISTORY_RULES.minPayments ? 'insufficient_evidence' : quiet! > HISTORY_RULES.dormantFraction * coveredSeconds ? 'dormant' : 'active';
  const bySample: Confidence =
    complete && n >= HISTORY_RULES.highPayments && payers.length >= HISTORY_RULES.minPayers ? 'high' : (complete && n >= HISTORY_RULES.mediumPayments) || n >= HISTORY_RULES.highPayments ? 'medium' : 'low';
  const confidence: Confidence = decision === 'insufficient_evidence' ? 'low' : decision === 'inactive' ? 'high' : bySample === 'high' && estimated > 0 ? 'medium' : bySample;

  const flags: Record<string, unknown> = {};
  if (payers.length === 1) flags.single_payer = { payer: payers[0]!.payer, payments: n };
  else if (payers.length > 1 && payers.length < HISTORY_RULES.minPayers) flags.few_payers = { distinct_payers: payers.length };
  if (payers.length > 1 && hhi >= HISTORY_RULES.concentratedHhi) flags.concentrated_payers = { hhi, threshold: HISTORY_RULES.concentratedHhi, top_payer_share: round(share(payers[0]!.volume, total)) };
  if (decision === 'dormant') flags.no_recent_payments = { last_payment: iso(last!.time), quiet_days: round(quiet! / DAY, 2), covered_days: round(coveredSeconds / DAY, 2) };
  if (n >= HISTORY_RULES.mediumPayments && points[0] && points[0].payments / n < HISTORY_RULES.dominantPriceShare) flags.no_dominant_price = { top_price_usdc: usdc(points[0].amount), share: round(points[0].payments / n) };
  if (authorizationShare !== null && checked.length >= HISTORY_RULES.minPayments && authorizationShare < HISTORY_RULES.authorizationShare) flags.mostly_plain_transfers = { payments_checked: checked.length, by_authorization: byAuthorization.length };
  if (data.window.cappedByBlocks) flags.window_capped = { max_blocks: PAYMENT_HISTORY_CAPS.maxWindowBlocks.toString(), covered_days: round(coveredSeconds / DAY, 2) };
  else if (!reachedBack) flags.window_short = { reads_cover_from: iso(from), cutoff: iso(cutoff) };
  if (droppedInWindow) flags.payments_sampled = { payments_seen: data.paymentsSeen, payments_kept: data.payments.length };
  if (estimated > 0) flags.timestamps_estimated = { payments: estimated, headers_read: data.headersRead };

  const coveredDays = round(coveredSeconds / DAY, 2);
  const limitations = [
    `Only Transfer logs of the canonical USDC contract on ${data.chain} (${CHAINS[data.chain].usdc}) to the payee were read: other tokens, the native coin and other chains are not seen.`,
    'Every USDC transfer to the payee counts as a payment: the chain does not say whether it paid for an x402 call (the EIP-3009 share is the nearest sign).',
    `The window ends at the newest block's time (${iso(data.head.time)}), not at the time of the request.`,
  ];
  if (data.window.cappedByBlocks) limitations.push(`The window was capped at ${PAYMENT_HISTORY_CAPS.maxWindowBlocks} blocks: ${coveredDays} of the ${data.lookbackDays} day(s) asked for were read.`);
  else if (!reachedBack) limitations.push(`The blocks read reach back ${coveredDays} of the ${data.lookbackDays} day(s) asked for: the chain made blocks faster than its average.`);
  if (droppedInWindow) limitations.push(`${data.paymentsSeen} payments were seen; only the newest ${data.payments.length} were summarized, back to ${iso(oldestKept.time)}.`);
  if (estimated > 0) limitations.push(`The times of ${estimated} payment(s) were interpolated between ${data.headersRead} block headers read.`);
  if (resourcePath !== undefined) limitations.push(RESOURCE_PATH_NOTE);
  if (checked.length < n) limitations.push(`EIP-3009 authorizations were looked up for the ${data.authorizations.checkedPayers.length} most frequent payers only (${checked.length} of ${n} payments).`);

  const used = data.authorizations.used;
  const summary =
    n === 0
      ? `No USDC payment to ${data.payee} on ${data.chain} in the ${coveredDays} day(s) read (${decision}).`
      : `${n} USDC payment(s) to ${data.payee} on ${data.chain} from ${payers.length} payer(s) in ${coveredDays} day(s), ${usdc(total)} USDC in all, last ${iso(last!.time)} (${decision}).`;
  return expansionAnswer(
    {
      decision,
      confidence,
      summary,
      evidence: {
        chain: data.chain,
        network: CHAINS[data.chain].caip2,
        payee: data.payee,
        usdc_contract: CHAINS[data.chain].usdc,
        cutoff_time: iso(cutoff),
        blocks: {
          planned_from: data.window.plannedFromBlock.toString(),
          read_from: data.window.fromBlock.toString(),
          to: data.window.toBlock.toString(),
          capped_by_blocks: data.window.cappedByBlocks,
          page_blocks: PAYMENT_HISTORY_CAPS.pageBlocks.toString(),
          pages_planned: data.pages.planned,
          pages_read: data.pages.read,
        },
        payments_seen: data.paymentsSeen,
        payments_kept: data.payments.length,
        payments_before_cutoff: data.payments.length - n,
        headers_read: data.headersRead,
        authorization: { payers_checked: data.authorizations.checkedPayers.length, payments_checked: checked.length, payments_by_authorization: byAuthorization.length },
        first_payment: first ? paymentRef(first, used) : null,
        last_payment: last ? paymentRef(last, used) : null,
        latest_payments: inWindow.slice(0, 10).map((p) => paymentRef(p, used)),
        flags,
        rules: HISTORY_RULES,
      },
      riskFlags: Object.keys(flags),
      nextAction: decision === 'insufficient_evidence' && !complete ? UNCOVERED_NEXT_ACTION : NEXT_ACTION[decision],
      limitations,
    },
    {
      window: {
        lookback_days: data.lookbackDays,
        from_block: data.window.fromBlock.toString(),
        to_block: data.window.toBlock.toString(),
        from_time: iso(from),
        to_time: iso(data.head.time),
        covered_days: coveredDays,
        complete,
      },
      payments: {
        count: n,
        distinct_payers: payers.length,
        total_usdc: usdc(total),
        median_usdc: n ? usdc(percentile(sorted, 50)!) : null,
        p90_usdc: n ? usdc(percentile(sorted, 90)!) : null,
        min_usdc: n ? usdc(sorted[0]!) : null,
        max_usdc: n ? usdc(sorted[n - 1]!) : null,
        first_at: first ? iso(first.time) : null,
        last_at: last ? iso(last.time) : null,
        repeat_payer_share: repeatShare,
        hhi,
        eip3009_share: authorizationShare,
      },
      daily_series: dailySeries(inWindow, from, data.head.time),
      top_payers: payers.slice(0, HISTORY_RULES.topPayers).map((p) => ({ address: p.payer, payments: p.payments, amount_usdc: usdc(p.volume), volume_share: round(share(p.volume, total)) })),
      price_points: points.slice(0, HISTORY_RULES.pricePoints).map((p) => ({ amount_usdc: usdc(p.amount), payments: p.payments, share: round(p.payments / n) })),
      resource_path: resourcePath === undefined ? null : { value: resourcePath, attributed: false, note: RESOURCE_PATH_NOTE },
    },
    paymentHistoryMetadata(data, limitations),
  );
}

function paymentHistoryMetadata(data: PaymentHistoryData, limitations: string[]): ToolMetadata {
  return {
    chain: data.chain,
    dataSourceStatus: data.coverage.dataSourceStatus,
    dataNotes: [...data.coverage.notes, `USDC Transfer logs to ${data.payee} read from blocks ${data.window.fromBlock}–${data.window.toBlock} in ${data.pages.read} page(s); ${data.headersRead} block header(s) read.`],
    limitations,
  };
}
