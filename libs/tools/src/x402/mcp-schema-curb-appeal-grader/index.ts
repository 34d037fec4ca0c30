import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeCurbAppealGrader } from './analyze.js';

export { analyzeCurbAppealGrader, gradeOf, lookalikePairs, rubricLosses, RUBRIC_POINTS, type CurbAppealInput, type CurbAppealResult } from './analyze.js';

/** x402-mcp-schema-curb-appeal-grader: a pure function of its request (docs/tools/x402/mcp-schema-curb-appeal-grader.md). */
export const mcpSchemaCurbAppealGrader = defineRequestOnlyTool(catalogEntry('x402_mcp_schema_curb_appeal_grader'), (input) => analyzeCurbAppealGrader(input));
