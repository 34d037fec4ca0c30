import { parseArgs } from 'node:util';
import { MCP_PATH, loadServiceConfiguration, startApiService } from '@paysight/api';
import { createChainSource } from '@paysight/chain-data';
import { TOOLSETS, parseToolsets } from '@paysight/mcp-adapter';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from '../command.js';
import { untilSignalled, untilStopped } from '../stdio-lifetime.js';
import { UsageError } from '../usage-error.js';

function parseServeOptions(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { 'http-only': { type: 'boolean', default: false }, toolsets: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const toolsets = parseToolsets(values.toolsets);
  if (!toolsets.ok) throw new UsageError(`--toolsets: ${toolsets.problem}.`);
  return { httpOnly: values['http-only'], toolsets: toolsets.toolsets };
}

/**
 * `paysight-mcp serve`: the whole service in this process (the production composition of the API,
 * with /api/mcp), and the same MCP tools over stdio. Stdout carries JSON-RPC, so the API's request
 * log goes to stderr. Runs until the host closes stdin (or SIGINT / SIGTERM).
 */
export const serveCommand: Command = {
  name: 'serve',
  usage: `paysight-mcp serve [--http-only] [--toolsets wallet,tx]

Runs Paysight in this process: the REST API with ${MCP_PATH} on PORT (default 4021) and, unless
--http-only, the same MCP tools over stdio. Configured by the API's environment variables
(PAYEE_ADDRESS, RECEIPT_SIGNING_KEY, FACILITATOR_URL, RPC_URL_<CHAIN>, DATABASE_URL or PAYSIGHT_DATA_DIR; docs/running.md).
Callers pay each call themselves (x402Payment argument or _meta["x402/payment"]; docs/mcp.md).
--toolsets lists only the tools of those families on stdio (${TOOLSETS.join(', ')}; default all).`,

  async run(argv, { env, log }) {
    const options = parseServeOptions(argv);
    const config = loadServiceConfiguration(env);
    const service = await startApiService(config.api, createChainSource(config.chains), {
      baseRpcUrl: config.baseRpcUrl,
      logWrite: (line) => process.stderr.write(`${line}\n`),
    });
    log(`serving ${service.publicBaseUrl}${MCP_PATH}${options.httpOnly ? '' : ' and stdio'} (store: ${service.store.kind})`);
    try {
      if (options.httpOnly) {
        await untilSignalled();
      } else {
        const server = service.mcp.createServer({ toolsets: options.toolsets });
        await server.connect(new StdioServerTransport());
        await untilStopped(server);
      }
    } finally {
      await service.close();
    }
    log('stopped');
    return 0;
  },
};
