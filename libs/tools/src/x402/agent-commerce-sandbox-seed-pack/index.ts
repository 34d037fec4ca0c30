import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeSeedPack } from './analyze.js';

export { analyzeSeedPack, type SeedPackInput, type SeedPackResult } from './analyze.js';

/** x402-agent-commerce-sandbox-seed-pack: a pure function of its request (docs/tools/x402/agent-commerce-sandbox-seed-pack.md). */
export const agentCommerceSandboxSeedPack = defineRequestOnlyTool(catalogEntry('x402_agent_commerce_sandbox_seed_pack'), (input) => analyzeSeedPack(input));
