import { combineRounds, measureInRounds, ratio, type LoadOptions, type Throughput } from '../shared/load.js';
import { postMcp } from './post.js';
import { LIST_TOOLS, MCP_HEADERS, UNPAID_CALL, type McpBenchRequest, type McpMethod } from './requests.js';
import type { McpTargets } from './servers.js';

export type McpServerName = keyof McpTargets;

export interface McpThroughput extends Throughput {
  method: McpMethod;
  server: McpServerName;
  /** How the server answered: application/json or text/event-stream. */
  contentType: string;
  responseBytes: number;
  /** Requests/s of each round (the figures above are their means). */
  roundsRequestsPerSecond: number[];
}

export interface McpRatio {
  method: McpMethod;
  server: Exclude<McpServerName, 'paysight'>;
  /** Paysight's mean requests/s over this server's, both measured in the same run. */
  paysightToServer: number;
  /** The same ratio in each round (Paysight and this server loaded within seconds of each other). */
  rounds: number[];
}

export const MCP_METHODS: readonly McpBenchRequest[] = [LIST_TOOLS, UNPAID_CALL];

/**
 * Each method on every server, in rounds. The first answer of each server is checked (HTTP 200, the
 * expected JSON-RPC result); every answer under load must then be byte-identical to it.
 */
export async function measureMcpThroughput(servers: McpTargets, options: LoadOptions & { rounds: number }): Promise<{ rows: McpThroughput[]; ratios: McpRatio[] }> {
  const rows: McpThroughput[] = [];
  const ratios: McpRatio[] = [];
  for (const request of MCP_METHODS) {
    const firstAnswers = new Map<McpServerName, Awaited<ReturnType<typeof postMcp>>>();
    for (const [server, url] of Object.entries(servers) as [McpServerName, string][]) {
      const first = await postMcp(url, request.body);
      const problem = request.problem(first.result);
      if (problem) throw new Error(`${server} answered ${request.method} wrongly: ${problem}`);
      firstAnswers.set(server, first);
    }
    const rounds = await measureInRounds(
      [...firstAnswers].map(([server, first]) => [server, { url: servers[server], headers: MCP_HEADERS, body: request.body, expectedStatus: 200, expectedBody: first.text }] as const),
      options,
    );
    const paysight = rounds.get('paysight')!;
    for (const [server, runs] of rounds) {
      const first = firstAnswers.get(server)!;
      const perRound = runs.map((run) => run.requestsPerSecond);
      const combined = combineRounds(runs);
      rows.push({ method: request.method, server, contentType: first.contentType ?? 'none', responseBytes: Buffer.byteLength(first.text), ...combined, roundsRequestsPerSecond: perRound });
      if (server === 'paysight') continue;
      ratios.push({
        method: request.method,
        server,
        paysightToServer: ratio(combineRounds(paysight).requestsPerSecond, combined.requestsPerSecond),
        rounds: runs.map((run, i) => ratio(paysight[i]!.requestsPerSecond, run.requestsPerSecond)),
      });
    }
  }
  return { rows, ratios };
}
