import { z } from 'zod';
import { decimalString, hashString } from './common.js';

/**
 * Request schemas of the /api/ext/ tools. Where spec document 2 gives a shape it is followed as
 * written (bounds, enums, nullability, "additional properties allowed" at the top level); nested
 * items are closed, so a misspelt member is refused instead of silently ignored. No schema fills in
 * defaults: the validated input is the body as sent, which is what inputFingerprint hashes.
 * recursive-commerce-loop-breaker's request is not shown in the spec: its shape is ours
 * (docs/tools/ext.md).
 */

export const nonBlank = z.string().regex(/\S/, 'must not be blank');
export const dateTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date-time with Z or an offset.' });
export const usdcOrLower = z.enum(['USDC', 'usdc']);
export const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

// recursive-commerce-loop-breaker (request shape: ours)

export const LOOP_LIMITS = { edges: 1000, agentIdLength: 200, callCount: 1_000_000, maxDepth: 100, maxRepeats: 1000 } as const;

const agentId = nonBlank.max(LOOP_LIMITS.agentIdLength).meta({ description: 'Agent identifier, as the caller names agents.' });
export const LOOP_EDGE_KINDS = ['delegation', 'payment'] as const;

const loopCall = {
  fromAgentId: agentId,
  toAgentId: agentId,
  kind: z.enum(LOOP_EDGE_KINDS).meta({ description: 'delegation: the caller hands a task (and its authority) to the callee; payment: the caller pays the callee for a call.' }),
  amount: decimalString.meta({ description: 'USDC paid per call on this edge ("0" for a delegation that moves no money).' }),
};

export const loopBreakerRequest = z.strictObject({
  rootAgentId: agentId.meta({ description: 'The agent that started the task: depth is counted from it.' }),
  proposedCall: z.strictObject(loopCall).meta({ description: 'The call about to be made.' }),
  edges: z
    .array(
      z.strictObject({
        ...loopCall,
        callCount: z.int().min(1).max(LOOP_LIMITS.callCount).optional().meta({ description: 'How many times this call was already made in the task; 1 when omitted.' }),
      }),
    )
    .max(LOOP_LIMITS.edges)
    .meta({ description: 'Calls already made in the task (the delegation and payment graph so far).' }),
  policy: z.strictObject({
    maxDepth: optionalNullable(z.int().min(1).max(LOOP_LIMITS.maxDepth)).meta({ description: 'Most hops from the root agent the callee may sit at.' }),
    maxProjectedSpend: optionalNullable(decimalString).meta({ description: 'Most USDC the task may spend, the proposed call and its projected loop included.' }),
    maxRepeats: optionalNullable(z.int().min(1).max(LOOP_LIMITS.maxRepeats)).meta({ description: 'Most times one caller may call the same callee (and a loop may go round) in the task.' }),
    allowCycles: optionalNullable(z.boolean()).meta({ description: 'true: a loop within the other limits is reviewed, not blocked. Default false.' }),
  }),
});

// micropurchase-fragmentation-guard

const purchaseItem = z.strictObject({
  eventId: nonBlank,
  buyerAgentId: nonBlank,
  buyerWallet: nonBlank,
  sellerAgentId: nonBlank,
  sellerWallet: nonBlank,
  resourceId: nonBlank,
  requestFingerprint: hashString,
  amount: decimalString,
  currency: usdcOrLower,
  network: nonBlank,
  timestamp: dateTime,
});

export const FRAGMENTATION_RELATIONSHIP_TYPES = ['delegation', 'shared_wallet', 'same_seller', 'caller_asserted_group'] as const;
const seconds = z.int().min(1).max(31_536_000);

export const fragmentationGuardRequest = z.looseObject({
  proposedPurchases: z.array(purchaseItem).min(1).max(1000),
  recentPurchases: optionalNullable(z.array(purchaseItem).max(1000)),
  verifiedRelationships: optionalNullable(
    z
      .array(z.strictObject({ leftId: nonBlank, rightId: nonBlank, type: z.enum(FRAGMENTATION_RELATIONSHIP_TYPES), evidenceHash: hashString, verified: z.boolean() }))
      .max(1000),
  ),
  policy: z.strictObject({
    singlePurchaseLimit: decimalString,
    aggregateWindowLimit: decimalString,
    windowSeconds: optionalNullable(seconds),
    minimumFragmentCount: optionalNullable(z.int().min(2).max(1000)),
    similarityWindowSeconds: optionalNullable(seconds),
    nearThresholdPercent: optionalNullable(z.int().min(0).max(100)),
    maxEvents: optionalNullable(z.int().min(1).max(1000)),
  }),
  principalAgentId: nonBlank.optional(),
});

// conflict-of-interest-scanner

const idList = optionalNullable(z.array(z.string()).max(50));
export const CONFLICT_RELATIONSHIP_TYPES = ['ownership', 'shared_wallet', 'referral', 'commission', 'affiliate', 'shared_infrastructure', 'disclosed_partnership'] as const;
const weight = optionalNullable(z.number().min(0).max(1));

export const conflictScannerRequest = z.looseObject({
  evaluatedAt: dateTime,
  recommendingAgent: z.strictObject({ agentId: nonBlank, wallets: idList, organizationIds: idList }),
  selectedSellerId: nonBlank,
  candidateSellers: z
    .array(
      z.strictObject({
        sellerId: nonBlank,
        quotedPrice: decimalString,
        qualityScore: z.number().min(0).max(100),
        latencyMs: z.int().min(0).max(3_600_000),
        successRate: z.number().min(0).max(1),
        wallets: idList,
        organizationIds: idList,
      }),
    )
    .min(1)
    .max(200),
  relationships: optionalNullable(
    z
      .array(
        z.strictObject({
          relationshipId: nonBlank,
          fromId: nonBlank,
          toId: nonBlank,
          type: z.enum(CONFLICT_RELATIONSHIP_TYPES),
          disclosed: z.boolean(),
          verified: z.boolean(),
          evidenceHash: hashString,
          validFrom: dateTime,
          validUntil: dateTime.nullable(),
        }),
      )
      .max(1000),
  ),
  selectionPolicy: z.strictObject({
    objective: nonBlank,
    weights: optionalNullable(z.strictObject({ price: weight, quality: weight, latency: weight })),
    materialDeviationPercent: optionalNullable(z.number().min(0).max(100)),
    allowedDisclosedRelationships: optionalNullable(z.array(z.string()).max(100)),
    blockUndisclosedFinancialBenefit: optionalNullable(z.boolean()),
  }),
});
