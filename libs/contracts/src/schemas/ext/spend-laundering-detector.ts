import { z } from 'zod';
import { decimalString, hashString } from '../common.js';
import { dateTime, nonBlank } from '../ext.js';
import { uniqueIds } from './references.js';

/**
 * spend-laundering-detector request. Spec document 2 gives the four top-level fields and the
 * array bounds (100 delegations, 1,000 spend events); the members of each object are ours
 * (docs/tools/ext.md). Every object is closed: a misspelt limit is refused, not ignored.
 */
export const LAUNDERING_LIMITS = { delegations: 100, spendEvents: 1000, wallets: 50, delegationWallets: 20, idLength: 200, maxDelegationDepth: 100 } as const;

const id = nonBlank.max(LAUNDERING_LIMITS.idLength);
const usdcOrLower = z.enum(['USDC', 'usdc']);

export const launderingDelegation = z.strictObject({
  delegationId: id.meta({ description: 'Id of the grant.' }),
  from: id.meta({ description: 'Who grants: the principal id or a delegate id.' }),
  to: id.meta({ description: 'The delegate that receives spending authority.' }),
  wallets: z.array(id).max(LAUNDERING_LIMITS.delegationWallets).meta({ description: 'Wallets the delegate spends from under this grant.' }),
  spendLimit: decimalString.nullable().optional().meta({ description: 'Most USDC the delegate may spend per window; null: the policy perDelegateLimit applies.' }),
  validFrom: dateTime,
  validUntil: dateTime.nullable().meta({ description: 'End of the grant (exclusive); null: open-ended.' }),
  revoked: z.boolean(),
  revokedAt: dateTime.nullable().optional().meta({ description: 'When the grant was revoked; revoked without revokedAt counts as revoked from the start.' }),
  evidenceHash: hashString.meta({ description: 'Hash of the signed grant the caller holds.' }),
});

export const launderingSpendEvent = z.strictObject({
  eventId: id,
  wallet: id.meta({ description: 'The wallet that paid.' }),
  agentId: id.nullable().optional().meta({ description: 'The agent that made the payment, as the caller\'s logs record it.' }),
  amount: decimalString,
  currency: usdcOrLower,
  timestamp: dateTime,
  counterparty: id.meta({ description: 'Who was paid (a label or wallet).' }),
  attributionEvidenceHash: hashString.nullable().optional().meta({ description: 'Hash of the evidence that agentId made this payment (a signed receipt, a log entry): needed to count a wallet outside the delegation tree.' }),
});

export const spendLaunderingRequest = z.strictObject({
  principal: z.strictObject({
    id: id.meta({ description: 'The principal whose authority the delegations pass on.' }),
    wallets: z.array(id).max(LAUNDERING_LIMITS.wallets).meta({ description: 'The principal\'s own wallets.' }),
  }),
  delegations: z
    .array(launderingDelegation)
    .max(LAUNDERING_LIMITS.delegations)
    .superRefine(uniqueIds('delegationId', (d: z.output<typeof launderingDelegation>) => d.delegationId)),
  spendEvents: z
    .array(launderingSpendEvent)
    .max(LAUNDERING_LIMITS.spendEvents)
    .superRefine(uniqueIds('eventId', (e: z.output<typeof launderingSpendEvent>) => e.eventId)),
  policy: z.strictObject({
    aggregateLimit: decimalString.meta({ description: 'Most USDC the principal\'s whole tree may spend per window.' }),
    windowSeconds: z.int().min(1).max(31_536_000).nullable().optional().meta({ description: 'Length of the sliding window; default 86,400.' }),
    perDelegateLimit: decimalString.nullable().optional().meta({ description: 'Per-window limit of a delegate whose grants set none.' }),
    maxDelegationDepth: z.int().min(1).max(LAUNDERING_LIMITS.maxDelegationDepth).nullable().optional().meta({ description: 'Most grants between the principal and a delegate that may spend.' }),
    nearLimitPercent: z.int().min(0).max(100).nullable().optional().meta({ description: 'Share of a limit from which spend is reviewed; default 80.' }),
    minimumSplitDelegates: z.int().min(2).max(LAUNDERING_LIMITS.delegations).nullable().optional().meta({ description: 'Fewest delegates that make a split; default 2.' }),
  }),
});
