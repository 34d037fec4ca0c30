import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeBlastRadius } from './analyze.js';

export { analyzeBlastRadius, type BlastRadiusInput, type BlastRadiusResult } from './analyze.js';

/** x402-mcp-tool-change-blast-radius-analyzer: a pure function of its request (docs/tools/x402/mcp-tool-change-blast-radius-analyzer.md). */
export const mcpToolChangeBlastRadiusAnalyzer = defineRequestOnlyTool(catalogEntry('x402_mcp_tool_change_blast_radius_analyzer'), (input) => analyzeBlastRadius(input));
