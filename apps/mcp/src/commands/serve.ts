import { parseArgs } from 'node:util';
import { MCP_PATH, loadServiceConfiguration, startApiService } from '@paysight/api';
import { createChainSource } from '@paysight/chain-data';
import { parseToolsets } from '@paysight/mcp-adapter';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export const SERVE_USAGE = `paysight-mcp serve [--http-only] [--toolsets wallet,tx,...]

Runs Paysight in this process: the REST API with /api/mcp on PORT (default 4021), and, unless
--http-only, the same MCP tools over stdio. Configured by the API's environment variables
(PAYEE_ADDRESS, FACILITATOR_URL, RPC_URL_<CHAIN>, DATABASE_URL or PAYSIGHT_DATA_DIR, ...; docs/running.md).
Callers pay each call themselves (x402Payment argument or _meta["x402/payment"]). Logs go to stderr.`;

const note = (line: string) => process.stderr.write(`${line}\n`);

/** `serve`: the whole service in process; stdout belongs to JSON-RPC, so every log line goes to stderr. */
export async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'http-only': { type: 'boolean', default: false }, toolsets: { type: 'string' } }, strict: true });
  const toolsets = parseToolsets(values.toolsets);
  if (!toolsets.ok) throw new Error(`--toolsets: ${toolsets.problem}`);
  const config = loadServiceConfiguration(process.env);
  const service = await startApiService(config.api, createChainSource(config.chains), {
    baseRpcUrl: config.baseRpcUrl,
    logWrite: (line) => process.stderr.write(`${line}\n`),
  });
  note(JSON.stringify({ event: 'listening', url: service.url, mcp: `${service.publicBaseUrl}${MCP_PATH}`, stdio: !values['http-only'] }));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  if (values['http-only']) return;

  const server = service.mcp.createServer({ toolsets: toolsets.toolsets });
  server.onclose = stop;
  await server.connect(new StdioServerTransport());
}
