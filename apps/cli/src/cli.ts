import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, EMBEDDED_DEFAULTS } from '@paysight/stack';
import { DEFAULT_MAX_USD, callCommand } from './commands/call.js';
import { recommendCommand } from './commands/recommend.js';
import { toolsCommand } from './commands/tools.js';

const USAGE = `paysight: pay-per-request blockchain intelligence over x402

Usage:
  paysight start [--port 4021] [--ports auto] [--data-dir .paysight] [--quiet]
      Run the embedded stack: local chains, facilitator, store and API.
      --ports auto picks free ports for everything (API, facilitator, chains).
  paysight tools [--json]
      List every paid tool with its price.
  paysight call <tool> '<json>' [--max-usd ${DEFAULT_MAX_USD}] [--base-url URL]
      Call a tool and pay for it in USDC on Base. The buyer key comes from PAYSIGHT_BUYER_KEY,
      or the devnet demo buyer in .paysight/devnet.json. Offers above --max-usd are refused.
  paysight recommend ['<json>' | "<goal>"] [--json] [--base-url URL]
      Ask the service which paid call to make first (free: nothing is paid). The argument is the
      request (goal, walletCount, hasTransactionHash, riskType, budgetUsd, failureMode,
      autonomousCommerce) as a JSON object, or plain words taken as the goal.

  paysight reconcile [--limit 100] [--data-dir .paysight]
      End payments held as settle_pending, and those a dead process left in claimed or settling
      (untouched longer than RECONCILE_STALE_AFTER_MS, as the API): settled when the transfer to the
      payee is on chain, released when the authorization expired unused or was cancelled. Reads
      DATABASE_URL (else the PGlite store under --data-dir; stop the API first, PGlite allows one
      process) and RPC_URL_BASE (else the devnet of \`paysight start\`). Exit 0 when every payment was
      read, 1 when the chain could not be read for some or one needs an operator (see its error_code).

Environment: PAYSIGHT_BASE_URL, PAYSIGHT_BUYER_KEY, DATABASE_URL, RPC_URL_BASE, RECONCILE_STALE_AFTER_MS, FACILITATOR_SETTLE_TIMEOUT_MS.`;

export async function runCli(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const io = { out: (t: string) => console.log(t), err: (t: string) => console.error(t) };

  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  switch (command) {
    case 'start': {
      const port = values.port === undefined ? EMBEDDED_DEFAULTS.apiPort : Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        io.err(`--port must be a port number (got "${values.port}").`);
        return 2;
      }
      if (values.ports !== undefined && values.ports !== 'auto') {
        io.err(`--ports accepts only "auto" (got "${values.ports}").`);
        return 2;
      }
      // Loaded on demand: only `start` needs the API and the chains.
      const { startCommand } = await import('./commands/start.js');
      await startCommand({ dataDir: values['data-dir'], apiPort: port, freePorts: values.ports === 'auto', quiet: values.quiet });
      return 0;
    }
    case 'tools':
      io.out(toolsCommand({ json: values.json }));
      return 0;
    case 'call': {
      const [tool, body] = rest;
      if (!tool || body === undefined) {
        io.err(`Usage: paysight call <tool> '<json>' [--max-usd ${DEFAULT_MAX_USD}]`);
        return 2;
      }
      return callCommand({ tool, body, maxUsd: values['max-usd'], baseUrl: values['base-url'], dataDir: values['data-dir'], env: process.env }, io);
    }
    case 'recommend': {
      if (rest.length > 1) {
        io.err(`Usage: paysight recommend ['<json>' | "<goal>"] [--json] [--base-url URL]`);
        return 2;
      }
      return recommendCommand({ input: rest[0], json: values.json, baseUrl: values['base-url'], dataDir: values['data-dir'], env: process.env }, io);
    }
    case 'reconcile': {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        io.err(`--limit must be a whole number from 1 to 1000 (got "${values.limit}").`);
        return 2;
      }
      // Loaded on demand: only `reconcile` opens the store.
      const { reconcileCommand } = await import('./commands/reconcile.js');
      return reconcileCommand({ dataDir: values['data-dir'], limit, env: process.env }, io);
    }
    default:
      io.err(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

function parseCliArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      ports: { type: 'string' },
      'data-dir': { type: 'string', default: DEFAULT_DATA_DIR },
      quiet: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'max-usd': { type: 'string', default: DEFAULT_MAX_USD },
      'base-url': { type: 'string' },
      limit: { type: 'string', default: '100' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
