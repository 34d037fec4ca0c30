import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';
import { COUNTERFACTUAL_MODES } from '../../schemas/ext/counterfactual-value-meter.js';

const signedDecimal = z.string().meta({ description: 'Signed decimal string, rounded to six fractional digits (half away from zero).', examples: ['-0.25'] });

export const counterfactualValueResult = extendedResult('newer', {
  mode: z.enum(COUNTERFACTUAL_MODES),
  decisionChanged: z.boolean().nullable().meta({ description: 'decision_delta: the updated decision selects another option; null in the other mode or when not computed.' }),
  utilityDelta: z
    .object({
      selected: signedDecimal.meta({ description: 'Expected utility of the updated selection minus that of the baseline selection.' }),
      best: signedDecimal.meta({ description: 'Best expected utility after the evidence minus the best before it.' }),
      decisionValue: signedDecimal.meta({ description: 'Under the updated state: the updated selection minus the baseline selection (0 when the decision did not change).' }),
    })
    .nullable(),
  confidenceChange: z.number().nullable().meta({ description: 'Confidence of the updated selection minus that of the baseline selection.' }),
  valueToCostRatio: signedDecimal.nullable().meta({ description: 'Value of the evidence (decisionValue, or the purchased item\'s Shapley value) per USDC of purchase.cost; null without a purchase.' }),
  material: z.boolean().nullable().meta({ description: 'Whether the evidence is material under the policy; null when it cannot be judged.' }),
  attributions: z
    .array(
      z.object({
        evidenceItemId: z.string(),
        shapleyValue: signedDecimal,
        exactValue: z.string().meta({ description: 'The Shapley value as an exact reduced fraction of utility units.', examples: ['7/3'] }),
        share: z.number().nullable().meta({ description: 'shapleyValue over the total gain v(all) - v(none); null when that total is 0.' }),
        standaloneValue: signedDecimal.meta({ description: 'v({item}) - v(none).' }),
        marginalRange: z.object({ min: signedDecimal, max: signedDecimal }).meta({ description: 'Smallest and largest marginal contribution of the item over all coalitions without it.' }),
      }),
    )
    .meta({ description: 'coalition_attribution: one entry per evidence item, in request order; empty otherwise.' }),
  completeness: z
    .object({
      complete: z.boolean(),
      expectedCoalitions: z.int(),
      suppliedCoalitions: z.int(),
      missingCount: z.int(),
      missingCoalitions: z.array(z.array(z.string())).meta({ description: 'The first missing coalitions (at most 20), each as its evidence item ids.' }),
      duplicateCoalitions: z.array(z.array(z.string())).meta({ description: 'Coalitions listed more than once (at most 20).' }),
      unknownEvidenceItemIds: z.array(z.string()).meta({ description: 'coalitionIds that name no evidence item (at most 20).' }),
      malformedEntries: z.array(z.int()).meta({ description: 'Indexes of coalitionUtilities entries that list one id twice (at most 20).' }),
    })
    .nullable()
    .meta({ description: 'coalition_attribution: whether every coalition is present exactly once; null in the other mode.' }),
});
