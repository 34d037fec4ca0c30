import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { ChildMessage, ParentMessage } from './servers-child.js';

export interface ServersProcess<Targets> {
  /** What the child announced once its servers were listening. */
  targets: Targets;
  /** Runs one of the child's named actions and resolves with its answer. */
  ask<Answer>(action: string): Promise<Answer>;
  /** Stops the child (SIGTERM: it closes its servers and exits, writing its CPU profile if asked to). */
  close(): Promise<void>;
}

export interface ServersProcessOptions {
  /** Write a V8 CPU profile of the server process into this directory (node --cpu-prof). */
  cpuProfileDir?: string;
  /** Arguments of the entry. */
  args?: readonly string[];
}

const READY_TIMEOUT_MS = 120_000;
const EXIT_TIMEOUT_MS = 30_000;

/**
 * Starts the servers of a benchmark in a child process, so load generation (in this process) and
 * serving do not share an event loop, and waits until the child reports its targets.
 */
export async function startServersProcess<Targets>(entry: string, options: ServersProcessOptions = {}): Promise<ServersProcess<Targets>> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, ['--conditions=@paysight/source', '--import', 'tsx', ...profile, entry, ...(options.args ?? [])], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  });
  try {
    const targets = await ready<Targets>(child);
    return { targets, ask: asker(child), close: () => stop(child) };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

function ready<Targets>(child: ChildProcess): Promise<Targets> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench servers did not start within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    child.on('message', (message: ChildMessage) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.targets as Targets);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench servers exited with ${code}`));
    });
  });
}

function asker(child: ChildProcess) {
  let next = 0;
  return <Answer>(action: string) =>
    new Promise<Answer>((resolve, reject) => {
      const id = next++;
      const onExit = (code: number | null) => reject(new Error(`bench servers exited with ${code} during ${action}`));
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'answer' || message.id !== id) return;
        child.off('message', onMessage).off('exit', onExit);
        if (message.error !== undefined) reject(new Error(`bench servers: ${action} failed: ${message.error}`));
        else resolve(message.answer as Answer);
      };
      child.on('message', onMessage).once('exit', onExit);
      child.send({ type: 'ask', id, action } satisfies ParentMessage);
    });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
