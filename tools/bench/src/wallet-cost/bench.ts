import { loadavg } from 'node:os';
import { machine } from '../shared/machine.js';
import { devnetWorkload } from './devnet-workload.js';
import { busyWalletWorkload } from './replay-workload.js';
import { measureWorkload, type WalletCostResult } from './run.js';

/** Requests, stages and time of the tools that read the chain, on the replayed busy mainnet-shaped wallet, then on the seeded devnet. */
export async function runWalletCostBench(runs: number): Promise<WalletCostResult> {
  const load = () => Math.round(loadavg()[0]! * 100) / 100;
  const start = load();
  const figures = await measureWorkload(await busyWalletWorkload(), runs);
  const { workload, close } = await devnetWorkload();
  try {
    figures.push(...(await measureWorkload(workload, runs)));
  } finally {
    await close();
  }
  return { machine: machine(), date: new Date().toISOString(), loadAverage: { start, end: load() }, figures };
}
