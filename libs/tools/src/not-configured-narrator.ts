import type { Narrator } from '@paysight/contracts';

/**
 * The Narrator port when no AI provider is configured: every report stays deterministic, and says
 * so (`not_configured`). Servers without a provider and anyone running the analyzers directly pass
 * it as `ToolPorts.narrator`.
 */
export const notConfiguredNarrator: Narrator = {
  narrate: async () => ({ status: 'not_configured' }),
};
