import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';

export const SKILL_MATCHMAKER_DECISIONS = ['no_match', 'weak_match', 'strong_match'] as const;
/** Why a skill is not a candidate, in the order they are checked. */
export const SKILL_FILTER_REASONS = ['modes_unsupported', 'required_tags_missing', 'price_above_max', 'coverage_below_min'] as const;
export const SKILL_MODE_FITS = ['exact', 'wildcard', 'unfit'] as const;
/** At most this many skills are listed in ranked[]. */
export const SKILL_MATCHMAKER_RANKED_MAX = 20;

export const rankedSkill = z.object({
  agent_name: z.string().meta({ description: 'The card\'s name, or card[i] when it has none.' }),
  skill_id: z.string(),
  pointer: z.string().meta({ description: 'JSON pointer to the skill in the request.', examples: ['/agent_cards/0/skills/0'] }),
  bm25: z.number().meta({ description: 'BM25 of the task against the skill (k1 1.2, b 0.75, corpus: every skill of every card) plus 0.1 × the share of required tags matched; 4 decimal places.' }),
  coverage: z.number().min(0).max(1).meta({ description: 'Unique task content tokens the skill contains ÷ unique task content tokens; 4 decimal places.' }),
  matched_terms: z.array(z.string()).meta({ description: 'The task tokens the skill contains, sorted.' }),
  mode_fit: z.enum(SKILL_MODE_FITS).meta({ description: 'exact: every required mode listed as is; wildcard: some only through */* or type/*; unfit: a mode is not covered.' }),
  filtered_out_reason: z.enum(SKILL_FILTER_REASONS).nullable().meta({ description: 'The first filter the skill fails; null for a candidate.' }),
});

export const a2aSkillToTaskMatchmakerResult = x402Result({
  decision: z.enum(SKILL_MATCHMAKER_DECISIONS),
  ranked: z.array(rankedSkill).max(SKILL_MATCHMAKER_RANKED_MAX).meta({ description: 'Candidates first, then filtered skills; each by BM25 (highest first), then agent name, then skill id.' }),
  top: rankedSkill.nullable().meta({ description: 'The best candidate; null on no_match.' }),
});
