import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { type Devnet, freshAccount, startDevnet } from '@paysight/devnet';

jest.setTimeout(30_000);

const runner = join(__dirname, '..', 'src', 'facilitator-main.ts');

function start(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=@paysight/source', '--import', 'tsx', runner], {
    cwd: join(__dirname, '..'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

describe('facilitator-main (the runner)', () => {
  let devnet: Devnet;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    devnet = await startDevnet({ seed: false });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await devnet.close();
  });

  it('refuses a bad configuration with every problem listed, and never echoes the key', async () => {
    const child = start({ FACILITATOR_RPC_URL: 'localhost:8546', FACILITATOR_PRIVATE_KEY: '0xnot-a-key-s3cret', FACILITATOR_PORT: '99999' });
    children.push(child);
    const stderr = collect(child.stderr);
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr()).toContain('FACILITATOR_RPC_URL must be');
    expect(stderr()).toContain('FACILITATOR_PRIVATE_KEY must be');
    expect(stderr()).toContain('FACILITATOR_PORT must be');
    expect(stderr()).not.toContain('s3cret');
  });

  it('serves on the configured chain until SIGTERM, then exits cleanly', async () => {
    const signer = freshAccount();
    const child = start({ FACILITATOR_RPC_URL: devnet.chains.base.rpcUrl, FACILITATOR_PRIVATE_KEY: signer.privateKey, FACILITATOR_PORT: '0' });
    children.push(child);
    const stdout = collect(child.stdout);
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', () => {
        const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout());
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`runner exited with ${code}`)));
    });
    expect(stdout()).toContain(signer.address);
    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ ok: true, network: 'eip155:8453', signer: signer.address });

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
  });
});
