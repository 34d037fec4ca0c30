import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const CURB_APPEAL_DECISIONS = ['needs_work', 'acceptable', 'appealing'] as const;
export const CURB_APPEAL_GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
/** The rubric's criteria and penalties, in the rubric's order. */
export const CURB_APPEAL_CRITERIA = [
  'name',
  'title',
  'description',
  'price_disclosure',
  'input_schema',
  'described_properties',
  'bounded_properties',
  'required_list',
  'output_schema',
  'annotation_hints',
  'examples',
  'token_bloat',
  'lookalike',
] as const;

export const curbAppealGrade = z.object({
  tool: z.string(),
  score: z.number().min(0).max(100).meta({ description: '100 minus the points lost, at least 0; two decimals at most.' }),
  grade: z.enum(CURB_APPEAL_GRADES),
  lost_points: z
    .array(
      z.object({
        criterion: z.enum(CURB_APPEAL_CRITERIA),
        points: z.number().positive(),
        pointer: z.string().meta({ description: 'JSON pointer into the request of what the points were lost on.' }),
      }),
    )
    .meta({ description: 'In rubric order; penalties last.' }),
  lookalikes: z.array(z.string()).meta({ description: 'Tools whose description word set has a Jaccard similarity of at least 0.8 with this one, in input order.' }),
});

export const mcpSchemaCurbAppealGraderResult = x402Result({
  decision: z.enum(CURB_APPEAL_DECISIONS),
  grades: z.array(curbAppealGrade).meta({ description: 'Sorted by score ascending, ties by input order.' }),
  median_score: z.number().min(0).max(100).meta({ description: 'Nearest-rank median (the lower middle of an even count).' }),
});
