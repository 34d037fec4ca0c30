import type { McpService } from '@paysight/mcp-adapter';
import type { PaidCallProcessor } from '@paysight/payment';
import type { X402Profile } from './x402-profile.js';

/** What the free discovery surfaces read. None of it reaches a chain, the facilitator or a tool. */
export interface DiscoveryDeps {
  /** Public origin of the service; absolute URLs in every document start with it. */
  publicBaseUrl: () => string;
  /** The agent-discovery setting (AGENT_DISCOVERY): off, recommend and the workflow manifest answer 404. */
  agentDiscovery: boolean;
  /** The payment setting as the manifest shows it: environment and facilitator provider, never its address. */
  x402: X402Profile;
  /** Source of the 402 challenges, so that documents show exactly the offers a paid route sends. */
  payments: Pick<PaidCallProcessor, 'challenge' | 'receiptSigner'>;
  /** The MCP server's tool list, for /.well-known/mcp. */
  mcp: McpService;
}
