import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeScopeAuditor } from './analyze.js';

export { analyzeScopeAuditor, covers, scopeRisk, type ScopeAuditorInput, type ScopeAuditorResult } from './analyze.js';

/** x402-mcp-paid-tool-permission-scope-auditor: a pure function of its request (docs/tools/x402/mcp-paid-tool-permission-scope-auditor.md). */
export const mcpPaidToolPermissionScopeAuditor = defineRequestOnlyTool(catalogEntry('x402_mcp_paid_tool_permission_scope_auditor'), (input) => analyzeScopeAuditor(input));
