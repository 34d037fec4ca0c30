import os from 'node:os';

export interface Machine {
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
}

/** What a result was measured on: figures carry over between machines only as ratios. */
export function machine(): Machine {
  const cpus = os.cpus();
  return { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', platform: `${os.platform()} ${os.arch()}` };
}
