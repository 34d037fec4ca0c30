import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCP_PATH } from '@paysight/api';
import { CHAIN_NAMES, DISCOVERY_PATHS, toolById } from '@paysight/contracts';
import { MCP_PROTOCOL_VERSION } from '@paysight/mcp-adapter';
import { EMBEDDED_DEFAULTS } from '@paysight/stack';
import { startEmbeddedStack, type EmbeddedStack } from '@paysight/stack/api';

export interface StartOptions {
  dataDir: string;
  apiPort: number;
  /** Free ports for everything instead of the defaults. */
  freePorts: boolean;
  quiet: boolean;
}

/** `paysight start`: runs the embedded stack until Ctrl+C. */
export async function startCommand(options: StartOptions): Promise<void> {
  const started = Date.now();
  const stack = await startEmbeddedStack({
    dataDir: options.dataDir,
    host: EMBEDDED_DEFAULTS.host,
    apiPort: options.freePorts ? 0 : options.apiPort,
    facilitatorPort: options.freePorts ? 0 : EMBEDDED_DEFAULTS.facilitatorPort,
    explorerPort: options.freePorts ? 0 : EMBEDDED_DEFAULTS.explorerPort,
    chainPorts: options.freePorts ? Object.fromEntries(CHAIN_NAMES.map((c) => [c, 0])) : EMBEDDED_DEFAULTS.chainPorts,
    logRequests: !options.quiet,
    log: (line) => console.log(line),
  });
  console.log(banner(stack, options, Date.now() - started));

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('\nStopping…');
  await stack.close();
}

export function banner(stack: EmbeddedStack, options: Pick<StartOptions, 'dataDir'>, elapsedMs: number): string {
  const snapshot = toolById('wallet_snapshot')!;
  const alice = stack.devnet.scenario.chains.base.wallets.alice?.address ?? stack.devnet.accounts.demoBuyer.address;
  const api = stack.api.publicBaseUrl;
  const chains = CHAIN_NAMES.map((c) => `    ${c.padEnd(9)} ${stack.devnet.chains[c].rpcUrl}  (chain id ${stack.devnet.chains[c].chainId})`);
  const relative = (p: string) => path.relative(process.cwd(), p) || p;
  return [
    '',
    `Paysight is ready in ${(elapsedMs / 1000).toFixed(1)} s (embedded devnet: chain data is labelled Demo).`,
    '',
    `  API           ${api}`,
    `  Health        ${api}${DISCOVERY_PATHS.health}`,
    `  Agents page   ${api}${DISCOVERY_PATHS.agentsPage}  (every tool with its price, schema and examples)`,
    `  Discovery     ${api}${DISCOVERY_PATHS.llmsTxt}, ${DISCOVERY_PATHS.openapi}, ${DISCOVERY_PATHS.x402}, ${DISCOVERY_PATHS.ai} (docs/agents.md)`,
    `  MCP           ${api}${MCP_PATH}  (streamable HTTP, MCP ${MCP_PROTOCOL_VERSION}; docs/mcp.md)`,
    `  Facilitator   ${stack.facilitator.url}`,
    `  Explorer      ${stack.devnet.explorerUrl}  (Etherscan API v2 format, indexes the local chains)`,
    `  Store         PGlite in ${relative(path.resolve(options.dataDir, 'db'))}`,
    `  Devnet file   ${relative(stack.devnetFilePath)}  (holds the demo buyer's key: devnet only)`,
    '  Chains',
    ...chains,
    '',
    'Ask which paid call fits a goal (free, nothing is paid):',
    `  npx paysight recommend 'check a seller before my agent pays it'`,
    '',
    `Pay for a call (${snapshot.price} USDC from the demo buyer, settled on the local Base):`,
    `  npx paysight call ${snapshot.id} '${JSON.stringify({ address: alice, chain: 'base' })}'`,
    '',
    'Connect an MCP host (paste into its configuration; the agent pays each call with x402):',
    `  ${JSON.stringify({ mcpServers: { paysight: { type: 'http', url: `${api}${MCP_PATH}` } } })}`,
    'Or let a local proxy pay from the demo buyer (devnet key, worthless elsewhere; docs/mcp-proxy.md):',
    `  ${JSON.stringify({ mcpServers: { paysight: proxyServerConfig(api, stack.devnet.accounts.demoBuyer.privateKey) } })}`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}

/** A stdio MCP server entry that runs this clone's paying proxy against `api` (`start` runs only inside the repository: the devnet is not published). */
function proxyServerConfig(api: string, buyerKey: string) {
  const bin = fileURLToPath(new URL('../../../mcp/bin/paysight-mcp.mjs', import.meta.url));
  return { command: 'node', args: [bin, 'proxy', '--url', api], env: { PAYSIGHT_BUYER_KEY: buyerKey } };
}
