import { catalogEntry, formatUnitsCompact, PAYMENT, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import { chainsRead, requestedChain } from '../../shared/free-chain.js';
import { parseUnits } from 'viem';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';
import { analyzePayeeFlows, gatherPayeeFlows, PAYEE_FLOW_CAPS, payeeFlowMetadata, type PayeeDecision, type PayeeFlowData } from '../payee-flows/index.js';

type SellerProfileRequest = RequestOf<CatalogEntryOf<'seller_profile'>>;
type SellerProfileResult = ResultOf<CatalogEntryOf<'seller_profile'>>;

/** The payment history a seller profile reads; the request has no timeframe, so this is fixed (docs/tools/trust.md). */
export const SELLER_PROFILE_DAYS = 30;
/** Below this share of payments at the declared price, the seller's history does not match what it asks. */
export const PRICE_MATCH_MIN_SHARE = 0.5;

const NEXT_ACTION: Record<PayeeDecision, string> = {
  authentic: 'The payee’s history matches an active seller; pay the declared price and audit the receipt.',
  suspicious: 'Its buyers look funded or repaid by the seller itself; do not treat its sales as demand, and pay only after checking the flagged evidence.',
  inconclusive: 'The history neither confirms nor contradicts the seller; start with one small payment.',
  insufficient_data: 'Too few independent payments to profile; run authenticity_score with a longer timeframe_days or start with one small payment.',
};

const usd = (raw: bigint) => formatUnitsCompact(raw, PAYMENT.decimals);

export async function gatherSellerProfile(input: SellerProfileRequest, ports: ToolPorts): Promise<PayeeFlowData> {
  return gatherPayeeFlows(ports.chain, requestedChain(input.chain), input.payee, SELLER_PROFILE_DAYS);
}

export function analyzeSellerProfile(input: SellerProfileRequest, data: PayeeFlowData, _context: AnalyzeContext): ToolOutput<SellerProfileResult> {
  const declared = parseUnits(input.declared_price, PAYMENT.decimals);
  const a = analyzePayeeFlows(data, declared);
  const url = new URL(input.service_url);
  const priceMismatch = a.metrics.payments > 0 && a.metrics.amountConsistency < PRICE_MATCH_MIN_SHARE;
  const riskFlags = priceMismatch ? [...a.riskFlags, 'price_mismatch'] : a.riskFlags;
  const payments = a.metrics.payments;
  const summary =
    payments === 0
      ? `${url.host} asks ${input.declared_price} USDC to ${data.payee}, which received no USDC on ${data.chain} in the last ${SELLER_PROFILE_DAYS} days.`
      : `${url.host} asks ${input.declared_price} USDC; its payee received ${payments} payment(s) from ${a.metrics.distinctPayers} payer(s) in ${SELLER_PROFILE_DAYS} days, ` +
        `${Math.round(a.metrics.amountConsistency * 100)}% at the declared price (${a.decision}).`;
  return {
    result: {
      decision: a.decision,
      confidence: a.confidence,
      summary,
      evidence: { ...a.evidence, declared_price_usdc: usd(declared), price_match_min_share: PRICE_MATCH_MIN_SHARE },
      risk_flags: riskFlags,
      recommended_next_action: NEXT_ACTION[a.decision],
      limits: a.limits,
      service: {
        url: input.service_url,
        scheme: url.protocol.replace(':', ''),
        host: url.host,
        path: url.pathname,
        declared_price: input.declared_price,
        declared_price_atomic: declared.toString(),
        currency: input.currency,
        fetched: false,
      },
      payment_receivers: [
        {
          address: data.payee,
          chain: data.chain,
          role: 'payee',
          payments: payments,
          distinct_payers: a.metrics.distinctPayers,
          volume_usdc: usd(a.volume),
          first_block: data.payments.at(-1)?.blockNumber.toString() ?? null,
          last_block: data.payments[0]?.blockNumber.toString() ?? null,
        },
      ],
      market_signals: {
        timeframe_days: SELLER_PROFILE_DAYS,
        payments,
        distinct_payers: a.metrics.distinctPayers,
        volume_usdc: usd(a.volume),
        repeat_payer_share: a.metrics.repeatPayerShare,
        single_payer_share: a.metrics.singlePayerShare,
        hhi: a.metrics.hhi,
        price_consistency: a.metrics.amountConsistency,
        payments_at_declared_price: data.payments.filter((p) => p.amount === declared).length,
        top_payers: a.payers.slice(0, 5).map((p) => ({ address: p.payer, payments: p.payments, volume_usdc: usd(p.volume) })),
      },
      integrity_signals: {
        authenticity_score: a.score,
        score_components: a.components,
        flagged_share: a.metrics.flaggedShare,
        payers_funded_by_payee: a.selfFunded.map((f) => f.payer),
        common_funder_rings: a.rings.map((r) => ({ funder: r.funder, funder_nonce: r.nonce, members: r.fundings.map((f) => f.payer) })),
        round_trip_transfers: a.roundTrips.slice(0, PAYEE_FLOW_CAPS.maxRoundTripsCited).map((t) => ({ to: t.to, transaction_hash: t.transactionHash, log_index: t.logIndex, amount_usdc: usd(t.amount) })),
        round_trip_transfers_omitted: Math.max(0, a.roundTrips.length - PAYEE_FLOW_CAPS.maxRoundTripsCited),
        price_mismatch: priceMismatch,
        funding_source: data.fundingSource,
      },
    },
    metadata: payeeFlowMetadata(data, a),
  };
}

export const sellerProfile = defineToolModule(catalogEntry('seller_profile'), {
  chains: (input) => chainsRead(input.chain),
  gather: gatherSellerProfile,
  analyze: analyzeSellerProfile,
});
