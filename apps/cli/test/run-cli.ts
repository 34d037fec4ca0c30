import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const ENTRY = path.join(REPO_ROOT, 'apps/cli/src/main.ts');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real CLI as a child process, as a person would run it from the repository. */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}, cwd = REPO_ROOT): ChildProcess {
  return spawn(process.execPath, ['--conditions=@paysight/source', '--import', 'tsx', ENTRY, ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '', PAYSIGHT_BUYER_KEY: undefined, PAYSIGHT_BASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function runCli(args: string[], env: Record<string, string | undefined> = {}, cwd = REPO_ROOT): Promise<CliResult> {
  const child = spawnCli(args, env, cwd);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
