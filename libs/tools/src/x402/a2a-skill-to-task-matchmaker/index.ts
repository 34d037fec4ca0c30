import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeSkillMatchmaker } from './analyze.js';

export { analyzeSkillMatchmaker, type SkillMatchmakerInput, type SkillMatchmakerResult } from './analyze.js';

/** x402-a2a-skill-to-task-matchmaker: a pure function of its request (docs/tools/x402/a2a-skill-to-task-matchmaker.md). */
export const a2aSkillToTaskMatchmaker = defineRequestOnlyTool(catalogEntry('x402_a2a_skill_to_task_matchmaker'), (input) => analyzeSkillMatchmaker(input));
