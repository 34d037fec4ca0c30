import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(REPO_ROOT, 'apps/api/src/main.ts');
const READY_TIMEOUT_MS = 60_000;

export interface ApiProcess {
  url: string;
  /** What the process wrote on stderr so far (for failure messages). */
  stderr(): string;
  /** SIGTERM (as a deployment stops an instance), then waits for the exit; resolves with the exit code. */
  close(): Promise<number | null>;
  /** SIGKILL (a crash: out of memory, a host lost), then waits for the process to be gone. */
  kill(): Promise<void>;
}

/** The production entry (apps/api/src/main.ts) as its own OS process, configured by `env` alone, as a deployment would run it. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--conditions=@paysight/source', '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    const url = await listeningUrl(child, () => stdout, () => stderr);
    return { url, stderr: () => stderr, close: () => stop(child), kill: () => kill(child) };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

function listeningUrl(child: ChildProcess, stdout: () => string, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start within ${READY_TIMEOUT_MS / 1000} s: ${stderr()}`)), READY_TIMEOUT_MS);
    child.stdout!.on('data', () => {
      const line = stdout()
        .split('\n')
        .find((l) => l.includes('"event":"listening"'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code}: ${stderr()}`));
    });
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const [code] = await exited;
  return code;
}

export interface CountingProxy {
  url: string;
  /** HTTP requests received so far. */
  requests(): number;
  /** Resolves once a request arrives while the proxy holds them. */
  held(): Promise<void>;
  /** Holds every request from now on until `release` is called. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of one JSON-RPC node, counting what passes through it, able to hold requests (a slow node). */
export async function countingRpcProxy(upstream: string): Promise<CountingProxy> {
  let requests = 0;
  let gate: { opened: Promise<void>; open: () => void; arrived: Promise<void>; arrive: () => void } | null = null;
  const server = createServer((req, res) => {
    requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      gate?.arrive();
      (gate?.opened ?? Promise.resolve())
        .then(() => fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }))
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    hold() {
      const [opened, open] = signal();
      const [arrived, arrive] = signal();
      gate = { opened, open, arrived, arrive };
    },
    held: () => gate?.arrived ?? Promise.reject(new Error('the proxy is not holding requests')),
    release() {
      gate?.open();
      gate = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate?.open();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function signal(): [Promise<void>, () => void] {
  let fire = () => undefined as void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return [fired, fire];
}

/** A PostgreSQL database of its own on the test server, for tests whose processes must share one ledger. */
export function scratchDatabase(prefix: string, serverUrl: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const withClient = async <T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    create: () => withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`)),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    /** The rows of one statement run in this database. */
    rows: <R extends Record<string, unknown>>(sql: string, params: unknown[]) => withClient(url.toString(), async (client) => (await client.query<R>(sql, params)).rows),
  };
}
