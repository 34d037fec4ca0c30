import { z } from 'zod';
import { nonBlank } from '../ext.js';
import { uniqueIds, usdcAtMost } from './references.js';

/**
 * evidence-budget-router request. Spec document 2 does not show it: this shape is ours
 * (docs/tools/ext.md). Closed at every level; every array and string is bounded; ids must be unique
 * and every reference (a covered dimension, a source a source needs) must name a listed id.
 */
export const ROUTER_LIMITS = { dimensions: 20, sources: 50, covers: 20, dependsOn: 10, idLength: 100, labelLength: 200, questionLength: 500, latencyMs: 3_600_000, deadlineMs: 86_400_000, price: '1000000' } as const;

const id = nonBlank.max(ROUTER_LIMITS.idLength);
const probability = z.number().min(0).max(1);

export const routerDimension = z.strictObject({
  dimensionId: id.meta({ description: 'One question the decision needs answered, such as counterparty_risk.' }),
  required: z.boolean().meta({ description: 'true: no plan is acceptable without this dimension at minimumConfidence.' }),
  weight: probability.nullable().optional().meta({ description: 'How much the dimension matters, 0 to 1; default 1.' }),
});

export const routerSource = z.strictObject({
  sourceId: id.meta({ description: 'A paid tool or API that could be bought.' }),
  provider: nonBlank.max(ROUTER_LIMITS.labelLength).meta({ description: 'Who sells it: a label only, never contacted.' }),
  price: usdcAtMost(ROUTER_LIMITS.price).meta({ description: 'USDC per call (decimal string).' }),
  latencyMs: z.int().min(0).max(ROUTER_LIMITS.latencyMs).meta({ description: 'Expected time to its answer.' }),
  reliability: probability.meta({ description: 'Probability that its answer is usable and right.' }),
  covers: z
    .array(z.strictObject({ dimensionId: id, strength: probability.meta({ description: 'How fully a usable answer settles the dimension, 0 to 1.' }) }))
    .min(1)
    .max(ROUTER_LIMITS.covers)
    .superRefine(uniqueIds('dimensionId', (c: { dimensionId: string }) => c.dimensionId)),
  dependsOn: z.array(id).max(ROUTER_LIMITS.dependsOn).nullable().optional().meta({ description: 'Sources whose answer this one needs as input: buying it means buying them first.' }),
  redundancyGroup: id.nullable().optional().meta({ description: 'Sources sharing one origin (the same indexer or data vendor): their answers are not independent.' }),
});

type Source = z.output<typeof routerSource>;

export const evidenceBudgetRouterRequest = z
  .strictObject({
    question: nonBlank.max(ROUTER_LIMITS.questionLength).meta({ description: 'The decision the evidence is for; recorded, not interpreted.' }),
    budget: usdcAtMost(ROUTER_LIMITS.price).meta({ description: 'Most USDC to spend on evidence for this decision.' }),
    deadlineMs: z.int().min(1).max(ROUTER_LIMITS.deadlineMs).nullable().optional().meta({ description: 'All evidence must be in hand within this many milliseconds.' }),
    dimensions: z
      .array(routerDimension)
      .min(1)
      .max(ROUTER_LIMITS.dimensions)
      .superRefine(uniqueIds('dimensionId', (d: z.output<typeof routerDimension>) => d.dimensionId)),
    sources: z
      .array(routerSource)
      .min(1)
      .max(ROUTER_LIMITS.sources)
      .superRefine(uniqueIds('sourceId', (s: Source) => s.sourceId, { field: 'dependsOn', of: (s) => s.dependsOn })),
    policy: z.strictObject({
      minimumConfidence: probability.nullable().optional().meta({ description: 'Confidence every required dimension must reach; default 0.8.' }),
      targetConfidence: probability.nullable().optional().meta({ description: 'Confidence wanted on every required dimension; below it (above the minimum) is reviewed. Default 0.9, never below the minimum.' }),
      maxSources: z.int().min(1).max(ROUTER_LIMITS.sources).nullable().optional().meta({ description: 'Most sources to buy.' }),
    }),
  })
  .superRefine((request, ctx) => {
    const dimensions = new Set(request.dimensions.map((d) => d.dimensionId));
    request.sources.forEach((source, index) =>
      source.covers.forEach((cover, at) => {
        if (!dimensions.has(cover.dimensionId)) ctx.addIssue({ code: 'custom', message: `covers names ${cover.dimensionId}, which is not a listed dimensionId`, path: ['sources', index, 'covers', at, 'dimensionId'] });
      }),
    );
  });
