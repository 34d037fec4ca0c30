import { startBenchServers } from './servers.js';

/** Child process of the challenge benchmark: hosts the servers, prints their URLs, stops on SIGTERM. */
const servers = await startBenchServers();
process.stdout.write(`${JSON.stringify(servers.targets)}\n`);
process.once('SIGTERM', () => {
  servers.close().then(() => process.exit(0));
});
