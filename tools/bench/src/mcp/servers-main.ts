import { serveParent } from '../shared/servers-child.js';
import { startMcpBenchServers } from './servers.js';

/** Child process of the MCP benchmark: hosts the servers until the benchmark stops it. */
serveParent(await startMcpBenchServers());
