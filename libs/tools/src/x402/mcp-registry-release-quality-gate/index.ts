import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeReleaseGate } from './analyze.js';

export { analyzeReleaseGate, baseUrlAllowed, bumpOf, parseSemver, versionProblem, type ReleaseGateInput, type ReleaseGateResult } from './analyze.js';

/** x402-mcp-registry-release-quality-gate: a pure function of its request (docs/tools/x402/mcp-registry-release-quality-gate.md). */
export const mcpRegistryReleaseQualityGate = defineRequestOnlyTool(catalogEntry('x402_mcp_registry_release_quality_gate'), (input) => analyzeReleaseGate(input));
