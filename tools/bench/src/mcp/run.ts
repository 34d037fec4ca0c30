import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCP_PROTOCOL_VERSION } from '@paysight/mcp-adapter';
import type { LoadOptions } from '../shared/load.js';
import { machine, type Machine } from '../shared/machine.js';
import { markdownTable } from '../shared/markdown.js';
import { startBenchProcesses } from '../shared/local-services.js';
import type { ServersProcessOptions } from '../shared/servers-process.js';
import { mcpTransport, measurePaidCalls, restTransport, type PaidCallsOptions, type PaidCallsResult, type Percentiles } from './paid-calls.js';
import { BENCH_REQUEST, BENCH_TOOL } from '../shared/bench-tool.js';
import type { ServedRequest } from './server-timings.js';
import { TIMINGS, type McpTargets } from './servers.js';
import { measureMcpThroughput, type McpRatio, type McpThroughput } from './throughput.js';

export type McpBenchOptions = LoadOptions & PaidCallsOptions & { rounds: number };

export interface McpBenchResult {
  benchmark: 'mcp';
  measuredAt: string;
  machine: Machine;
  settings: McpBenchOptions & { protocolVersion: string; tool: string; arguments: typeof BENCH_REQUEST };
  throughput: McpThroughput[];
  ratios: McpRatio[];
  /** Paid tools/call on /api/mcp. */
  paidCalls: PaidCallsResult;
  /** The same paid calls as REST POSTs with the PAYMENT-SIGNATURE header. */
  restPaidCalls: PaidCallsResult;
}

const SERVERS_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers-main.ts');

/** Throughput of tools/list and an unpaid tools/call against the SDK reference, then the paid calls' overhead. */
export async function runMcpBench(options: McpBenchOptions, serversProcess: ServersProcessOptions = {}): Promise<McpBenchResult> {
  const processes = await startBenchProcesses<McpTargets>(SERVERS_MAIN, serversProcess);
  const { servers, services } = processes;
  try {
    const { rows, ratios } = await measureMcpThroughput(servers.targets, options);
    const timings = {
      start: () => servers.ask<void>(TIMINGS.start),
      take: () => servers.ask<ServedRequest[]>(TIMINGS.take),
      stop: () => servers.ask<ServedRequest[]>(TIMINGS.stop),
    };
    const faucetUrl = services.devnet.faucetUrl;
    const paidCalls = await measurePaidCalls(mcpTransport(servers.targets.paysight), faucetUrl, timings, options);
    const restPaidCalls = await measurePaidCalls(restTransport(`${new URL(servers.targets.paysight).origin}${BENCH_TOOL.path}`), faucetUrl, timings, options);
    return {
      benchmark: 'mcp',
      measuredAt: new Date().toISOString(),
      machine: machine(),
      settings: { ...options, protocolVersion: MCP_PROTOCOL_VERSION, tool: BENCH_TOOL.mcpName, arguments: BENCH_REQUEST },
      throughput: rows,
      ratios,
      paidCalls,
      restPaidCalls,
    };
  } finally {
    await processes.close();
  }
}

export function mcpTables(result: McpBenchResult): string {
  const ratioOf = (row: McpThroughput) => {
    const found = result.ratios.find((r) => r.method === row.method && r.server === row.server);
    if (!found) return '';
    return found.rounds.length > 1 ? `${found.paysightToServer} (${Math.min(...found.rounds)}–${Math.max(...found.rounds)})` : String(found.paysightToServer);
  };
  const throughput = markdownTable(
    ['method', 'server', 'answer', 'requests/s', 'p50 ms', 'p99 ms', 'paysight ÷ server (range over rounds)', 'errors or mismatches'],
    result.throughput.map((r) => [
      r.method,
      r.server,
      `${r.contentType.split(';')[0]}, ${r.responseBytes} B`,
      r.requestsPerSecond,
      r.latencyMs.p50,
      r.latencyMs.p99,
      ratioOf(r),
      r.otherStatuses + r.bodyMismatches + r.errors,
    ]),
  );
  return `${throughput}\n\n${paidTable('per paid tools/call (ms)', result.paidCalls, 'MCP')}\n\n${paidTable(`per paid POST ${BENCH_TOOL.path} (ms)`, result.restPaidCalls, 'HTTP')}`;
}

function paidTable(title: string, paid: PaidCallsResult, surface: string): string {
  const line = (name: string, p: Percentiles) => [name, p.p50, p.p99];
  const table = markdownTable(
    [title, 'p50', 'p99'],
    [
      line('total (server)', paid.totalMs),
      line('facilitator (verify + settle)', paid.facilitatorMs),
      line('facilitator: verify', paid.verifyMs),
      line('facilitator: settle', paid.settleMs),
      line('**server overhead** (total − facilitator)', paid.serverOverheadMs),
      line('overhead: chain reads of the tool', paid.chainReadsMs),
      line('overhead: ledger (in-memory PGlite)', paid.ledgerMs),
      line(`overhead: the rest (${surface}, validation, payment checks, analysis, result)`, paid.restMs),
    ],
  );
  return `${table}\n\n${paid.calls} calls one at a time: ${paid.callsPerSecond} paid calls/s.`;
}
