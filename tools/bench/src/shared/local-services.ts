import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalServicesInfo } from '@paysight/stack';
import { startServersProcess, type ServersProcess, type ServersProcessOptions } from './servers-process.js';

const LOCAL_SERVICES_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'local-services-main.ts');

export interface BenchProcesses<Targets> {
  services: LocalServicesInfo;
  servers: ServersProcess<Targets>;
  close(): Promise<void>;
}

/**
 * The two processes of a benchmark: the local services (devnet chains, faucet, facilitator) in one,
 * the servers under load in another, so each server process does nothing but serve (as the API in
 * production, whose chains and facilitator are elsewhere). The servers' entry reads the services
 * from its first argument (localServicesOfArgs).
 */
export async function startBenchProcesses<Targets>(serversEntry: string, options: ServersProcessOptions = {}): Promise<BenchProcesses<Targets>> {
  const services = await startServersProcess<LocalServicesInfo>(LOCAL_SERVICES_MAIN);
  try {
    const servers = await startServersProcess<Targets>(serversEntry, { ...options, args: [JSON.stringify(services.targets)] });
    return {
      services: services.targets,
      servers,
      close: async () => {
        await servers.close();
        await services.close();
      },
    };
  } catch (error) {
    await services.close();
    throw error;
  }
}

/** In a servers process: the local services the benchmark started. */
export function localServicesOfArgs(): LocalServicesInfo {
  const [json] = process.argv.slice(2);
  if (!json) throw new Error('bench servers take the local services as their first argument (startBenchProcesses)');
  return JSON.parse(json) as LocalServicesInfo;
}
