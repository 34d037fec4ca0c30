import { serveParent } from '../shared/servers-child.js';
import { startBenchServers } from './servers.js';

/** Child process of the challenge benchmark: hosts the servers until the benchmark stops it. */
serveParent(await startBenchServers());
