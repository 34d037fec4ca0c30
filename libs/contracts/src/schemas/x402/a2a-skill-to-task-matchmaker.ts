import { z } from 'zod';
import { x402Decimal, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-a2a-skill-to-task-matchmaker's request (design sheet §51; docs/tools/x402/a2a-skill-to-task-matchmaker.md). */
export const SKILL_MATCHMAKER_LIMITS = { description: 2000, modes: 20, mode: 127, tags: 20, tag: 64, cards: 20 } as const;
export const SKILL_MATCHMAKER_DEFAULT_MIN_COVERAGE = 0.35;

const modes = (what: string) =>
  z
    .array(z.string().min(1).max(SKILL_MATCHMAKER_LIMITS.mode))
    .max(SKILL_MATCHMAKER_LIMITS.modes)
    .default([])
    .meta({ description: `MIME types the task ${what}; a skill fits when its modes (or its card's defaults) cover every one, */* and type/* included.` });

/** x402-a2a-skill-to-task-matchmaker (design sheet §51; no other properties). */
export const a2aSkillToTaskMatchmakerRequest = z.strictObject({
  task: z.strictObject({
    description: z.string().min(1).max(SKILL_MATCHMAKER_LIMITS.description).meta({ description: 'What the task is, in plain words (at most 2000 characters).' }),
    input_modes: modes('sends'),
    output_modes: modes('needs back'),
    required_tags: z
      .array(z.string().min(1).max(SKILL_MATCHMAKER_LIMITS.tag))
      .max(SKILL_MATCHMAKER_LIMITS.tags)
      .default([])
      .meta({ description: 'Tags every candidate skill must carry (compared case-insensitively).' }),
    max_price: x402Decimal.optional().meta({ description: 'The most the caller pays per call: a card whose x402 extension declares a higher price is filtered out.' }),
  }),
  agent_cards: z.array(x402Document).min(1).max(SKILL_MATCHMAKER_LIMITS.cards).meta({ description: '1 to 20 A2A agent cards (v0.3 or v1.0), as served. Each at most 256 KiB and 32 levels.' }),
  min_coverage: z.number().min(0).max(1).default(SKILL_MATCHMAKER_DEFAULT_MIN_COVERAGE).meta({ description: 'The share of the task\'s content words a skill must contain to count as a match (default 0.35).' }),
});
