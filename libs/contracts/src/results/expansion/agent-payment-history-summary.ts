import { z } from 'zod';
import { expansionResult } from '../../envelopes/expansion.js';
import { blockNumberText, checksummedAddress, isoTimestamp } from '../../schemas/common.js';

export const PAYMENT_HISTORY_DECISIONS = ['active', 'dormant', 'inactive', 'insufficient_evidence'] as const;

const usdcText = z.string().meta({ description: 'USDC amount as a decimal string.', examples: ['0.25'] });
const shareNumber = z.number().min(0).max(1);

export const paymentHistorySummaryResult = expansionResult({
  decision: z.enum(PAYMENT_HISTORY_DECISIONS),
  window: z.object({
    lookback_days: z.int(),
    from_block: blockNumberText,
    to_block: blockNumberText,
    from_time: isoTimestamp.meta({ description: 'Start of the time the reads cover: the cutoff (lookback_days before to_time) when they reach it.' }),
    to_time: isoTimestamp,
    covered_days: z.number().meta({ description: 'Days the blocks read actually span (up to lookback_days).' }),
    complete: z.boolean().meta({ description: 'Every block of the lookback was read and no payment was left out.' }),
  }),
  payments: z.object({
    count: z.int(),
    distinct_payers: z.int(),
    total_usdc: usdcText,
    median_usdc: usdcText.nullable(),
    p90_usdc: usdcText.nullable(),
    min_usdc: usdcText.nullable(),
    max_usdc: usdcText.nullable(),
    first_at: isoTimestamp.nullable(),
    last_at: isoTimestamp.nullable(),
    repeat_payer_share: shareNumber,
    hhi: shareNumber.meta({ description: 'Herfindahl-Hirschman index of the payers\' shares of volume, 0 to 1.' }),
    eip3009_share: shareNumber.nullable().meta({ description: 'Share of the checked payments made by an EIP-3009 authorization (AuthorizationUsed in the same transaction); null when none was checked.' }),
  }),
  daily_series: z.array(z.object({ date: z.string().meta({ description: 'UTC day, YYYY-MM-DD.' }), payments: z.int(), payers: z.int(), amount_usdc: usdcText })),
  top_payers: z.array(z.object({ address: checksummedAddress, payments: z.int(), amount_usdc: usdcText, volume_share: shareNumber })),
  price_points: z.array(z.object({ amount_usdc: usdcText, payments: z.int(), share: shareNumber })).meta({ description: 'The most frequent amounts: the prices buyers actually pay.' }),
  resource_path: z
    .object({ value: z.string(), attributed: z.literal(false), note: z.string() })
    .nullable()
    .meta({ description: 'The resource_path of the request, echoed: USDC transfers do not say which resource they paid for.' }),
});
