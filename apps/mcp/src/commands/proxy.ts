import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DECIMAL_PATTERN, decimalToAtomic } from '@paysight/contracts';
import { TOOLSETS, parseToolsets, type Toolset } from '@paysight/mcp-adapter';
import { createBuyerClient } from '@paysight/payment';
import { BUYER_KEY_VARIABLE, buyerAccountFromEnv } from '../buyer-key.js';
import type { Command } from '../command.js';
import { SessionBudget, usdc, type SpendCaps } from '../proxy/budget.js';
import { RemotePaysight, describeError } from '../proxy/remote.js';
import { createProxyServer } from '../proxy/server.js';
import { isPaidTool } from '../proxy/tool-list.js';
import { untilStopped } from '../stdio-lifetime.js';
import { UsageError } from '../usage-error.js';
import { APP_VERSION } from '../version.js';

export const DEFAULT_MAX_USD_PER_CALL = '0.25';
export const DEFAULT_MAX_USD_PER_SESSION = '2.00';

const PROXY_INFO = { name: 'paysight-mcp-proxy', version: APP_VERSION };

interface ProxyOptions {
  url: URL;
  caps: SpendCaps;
  /** Only the tools of these toolsets (catalog families); all when absent. */
  toolsets?: readonly Toolset[];
}

/**
 * `paysight-mcp proxy`: an MCP server on stdio that lists a Paysight server's tools and pays for
 * each call from the buyer key, within a per-call and a per-session cap. Runs until the host
 * closes stdin (or SIGINT / SIGTERM).
 */
export const proxyCommand: Command = {
  name: 'proxy',
  usage: `paysight-mcp proxy --url <Paysight base URL> [--max-usd-per-call ${DEFAULT_MAX_USD_PER_CALL}] [--max-usd-per-session ${DEFAULT_MAX_USD_PER_SESSION}] [--toolsets wallet,tx]

Serves the tools of the Paysight server at --url over stdio and pays for each call in USDC on Base
from ${BUYER_KEY_VARIABLE} (environment only), refusing any call above either cap (docs/mcp-proxy.md).
--toolsets lists only the tools of those families (${TOOLSETS.join(', ')}; default all).`,

  async run(argv, { env, log }) {
    const options = parseProxyOptions(argv);
    const account = buyerAccountFromEnv(env);
    const remote = await RemotePaysight.connect(options.url, PROXY_INFO, options.toolsets);
    const tools = await remote.listTools().catch((error: unknown) => {
      throw new Error(`Cannot list the tools of ${remote.endpoint.href}: ${describeError(error)}`, { cause: error });
    });
    const budget = new SessionBudget(options.caps);
    const buyer = createBuyerClient(account, { maxUsdPerPayment: usdc(options.caps.perCall) });
    const server = createProxyServer({ remote, budget, buyer, payer: account.address, log }, tools, PROXY_INFO);
    await server.connect(new StdioServerTransport());
    log(
      `proxying ${tools.filter(isPaidTool).length} paid and ${tools.filter((t) => !isPaidTool(t)).length} free tools of ${remote.endpoint.href}; ` +
        `paying from ${account.address}, at most ${usdc(options.caps.perCall)} USD per call and ${usdc(options.caps.perSession)} USD this session`,
    );
    await untilStopped(server);
    await remote.close();
    log(`stopped; spent ${budget.report().spent} USDC this session`);
    return 0;
  },
};

function parseProxyOptions(argv: string[]): ProxyOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'max-usd-per-call': { type: 'string', default: DEFAULT_MAX_USD_PER_CALL },
        'max-usd-per-session': { type: 'string', default: DEFAULT_MAX_USD_PER_SESSION },
        toolsets: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(describeError(error), { cause: error });
  }
  return {
    url: baseUrl(values.url),
    caps: { perCall: usdAmount('max-usd-per-call', values['max-usd-per-call']), perSession: usdAmount('max-usd-per-session', values['max-usd-per-session']) },
    toolsets: values.toolsets === undefined ? undefined : toolsetList(values.toolsets),
  };
}

function toolsetList(value: string): readonly Toolset[] {
  const selection = parseToolsets(value);
  if (!selection.ok) throw new UsageError(`--toolsets: ${selection.problem}.`);
  return selection.toolsets;
}

function baseUrl(value: string | undefined): URL {
  if (!value) throw new UsageError('--url is required: the base URL of a Paysight server, such as https://paysight.example.com.');
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new UsageError(`--url must be an http or https URL (got "${value}").`);
  return url;
}

function usdAmount(flag: string, value: string): bigint {
  if (!DECIMAL_PATTERN.test(value)) throw new UsageError(`--${flag} must be an amount of USD such as 0.25 or 2 (got "${value}").`);
  return BigInt(decimalToAtomic(value));
}
