import { localServicesOfArgs } from '../shared/local-services.js';
import { startPaysightApi } from '../shared/paysight-api.js';
import type { ChildServers } from '../shared/servers-child.js';
import { REFERENCE_MCP_PATH, startReferenceMcpServer } from './reference-server.js';
import { recordServerTimings, type ServerTimings, type WaitKind } from './server-timings.js';
import { timedLedger } from './timed-ledger.js';

/** MCP endpoint of each server, loaded in this order. */
export interface McpTargets {
  paysight: string;
  reference: string;
  referenceJson: string;
  sdkBare: string;
}

/**
 * Named actions of the child: time Paysight's requests from now on, hand over the requests timed
 * since the last take, stop timing (and hand over the rest). Timing is on only around the paid calls:
 * its AsyncLocalStorage turns on async hooks, which would slow every server under load.
 */
export const TIMINGS = { start: 'startTimings', take: 'takeTimings', stop: 'stopTimings' } as const;

/**
 * Side by side in one process: the Paysight API (its /api/mcp) on the local services; the plain
 * official-SDK reference as the SDK's stateless example, in its two response modes (SSE, the
 * default; JSON); and the same SDK server with nothing around it (sdkBare), the ceiling of a server
 * that lets the SDK handle every request. Paysight's requests can be timed from inside
 * (recordServerTimings, and its ledger calls through timedLedger) for the paid-call overhead.
 */
export async function startMcpBenchServers(): Promise<ChildServers<McpTargets>> {
  const services = localServicesOfArgs();
  let timings: ServerTimings | null = null;
  const paysight = await startPaysightApi(services, { ledger: (ledger) => timedLedger(ledger, () => timings) });
  const { payTo } = paysight;
  const [reference, referenceJson, sdkBare] = await Promise.all([
    startReferenceMcpServer({ payTo, style: 'sdkExample', jsonResponse: false }),
    startReferenceMcpServer({ payTo, style: 'sdkExample', jsonResponse: true }),
    startReferenceMcpServer({ payTo, style: 'bare', jsonResponse: true }),
  ]);

  const facilitatorOrigin = new URL(services.facilitatorUrl).origin;
  const chainOrigins = new Set(Object.values(services.devnet.chains).map((chain) => new URL(chain.rpcUrl).origin));
  const classify = (origin: string): WaitKind => (origin === facilitatorOrigin ? 'facilitator' : chainOrigins.has(origin) ? 'chain' : 'other');
  const stopTimings = () => {
    const rest = timings?.take() ?? [];
    timings?.stop();
    timings = null;
    return rest;
  };

  return {
    targets: {
      paysight: `${paysight.api.url}/api/mcp`,
      reference: `${reference.url}${REFERENCE_MCP_PATH}`,
      referenceJson: `${referenceJson.url}${REFERENCE_MCP_PATH}`,
      sdkBare: `${sdkBare.url}${REFERENCE_MCP_PATH}`,
    },
    actions: {
      [TIMINGS.start]: () => {
        stopTimings();
        timings = recordServerTimings({ port: paysight.api.port, classify });
      },
      [TIMINGS.take]: () => timings?.take() ?? [],
      [TIMINGS.stop]: stopTimings,
    },
    close: async () => {
      stopTimings();
      await Promise.all([reference.close(), referenceJson.close(), sdkBare.close()]);
      await paysight.close();
    },
  };
}
