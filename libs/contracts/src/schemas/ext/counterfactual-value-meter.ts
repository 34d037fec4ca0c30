import { z } from 'zod';
import { decimalString, hashString } from '../common.js';
import { nonBlank, optionalNullable, usdcOrLower } from '../ext.js';

/**
 * counterfactual-value-meter request, as spec document 2 gives it: `mode` is the only required
 * member; which of the others a mode needs is checked when the request is analyzed
 * (insufficient_evidence), not here, because the spec makes them all optional.
 */

export const COUNTERFACTUAL_MODES = ['decision_delta', 'coalition_attribution'] as const;
export const COUNTERFACTUAL_LIMITS = { options: 100, evidenceItemsMin: 2, evidenceItemsMax: 12, coalitions: 10_000, coalitionIds: 12 } as const;

const positiveDecimal = decimalString.regex(/[1-9]/, 'must have at least one nonzero digit');

const decisionState = z.strictObject({
  snapshotHash: hashString.meta({ description: 'Hash of the decision state this snapshot records.' }),
  selectedOptionId: nonBlank.meta({ description: 'The option the agent chose in this state.' }),
  options: z
    .array(
      z.strictObject({
        optionId: nonBlank,
        expectedUtility: decimalString.meta({ description: 'Expected utility of the option in this state, on the utility scale.' }),
        confidence: z.number().min(0).max(1),
      }),
    )
    .min(1)
    .max(COUNTERFACTUAL_LIMITS.options),
});

export const counterfactualValueRequest = z.looseObject({
  mode: z.enum(COUNTERFACTUAL_MODES).meta({
    description: 'decision_delta: compare the decision before and after one piece of evidence; coalition_attribution: Shapley values of 2 to 12 evidence items from the utility of every coalition of them.',
  }),
  purchase: z
    .strictObject({
      purchaseId: nonBlank,
      cost: positiveDecimal.meta({ description: 'What the evidence cost, in USDC (more than zero).' }),
      currency: usdcOrLower.optional(),
      evidenceItemId: nonBlank,
      evidenceHash: hashString,
      sourceReceiptHash: hashString.nullable(),
    })
    .optional()
    .meta({ description: 'The evidence purchase whose value is measured against its cost.' }),
  utilityScale: z
    .strictObject({ name: nonBlank.optional(), minimum: decimalString, maximum: decimalString, higherIsBetter: z.literal(true) })
    .optional()
    .meta({ description: 'The scale every utility is on; utilities outside it fail the check.' }),
  baselineDecision: decisionState.optional().meta({ description: 'decision_delta: the decision state before the evidence.' }),
  updatedDecision: decisionState.optional().meta({ description: 'decision_delta: the decision state after the evidence, over the same options.' }),
  observedOutcome: z
    .strictObject({
      available: optionalNullable(z.boolean()),
      outcomeHash: optionalNullable(hashString),
      realizedUtility: optionalNullable(decimalString),
    })
    .refine((o) => o.available !== true || (o.outcomeHash !== undefined && o.outcomeHash !== null), { message: 'outcomeHash is required when available is true', path: ['outcomeHash'] })
    .nullable()
    .optional(),
  policy: z
    .strictObject({
      minimumMaterialUtilityChange: decimalString,
      minimumValueToCostRatio: decimalString,
      minimumConfidenceChange: optionalNullable(z.number().min(0).max(1)),
    })
    .optional(),
  evidenceItems: z
    .array(z.strictObject({ evidenceItemId: nonBlank, evidenceHash: hashString }))
    .min(COUNTERFACTUAL_LIMITS.evidenceItemsMin)
    .max(COUNTERFACTUAL_LIMITS.evidenceItemsMax)
    .optional()
    .meta({ description: 'coalition_attribution: the evidence items to attribute value to.' }),
  coalitionUtilities: z
    .array(
      z.strictObject({
        coalitionIds: z.array(z.string()).max(COUNTERFACTUAL_LIMITS.coalitionIds).meta({ description: 'The evidence items of the coalition; [] is the empty coalition (no evidence).' }),
        utility: decimalString.meta({ description: 'Utility of the decision made with exactly these items.' }),
        provenanceHash: hashString,
      }),
    )
    .max(COUNTERFACTUAL_LIMITS.coalitions)
    .optional()
    .meta({ description: 'coalition_attribution: the utility of every coalition of the evidence items, the empty one included, each exactly once.' }),
});
