import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium: no browser download, the one the machine's package manager keeps up to date. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and nothing that would reach beyond 127.0.0.1 on its own (updates, sync, field trials). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ChromiumAvailability = { status: 'present' } | { status: 'installable' } | { status: 'missing'; reason: string };

export function chromiumAvailability(): ChromiumAvailability {
  if (existsSync(CHROMIUM_PATH)) return { status: 'present' };
  if (process.getuid?.() === 0) return { status: 'installable' };
  return { status: 'missing', reason: `${CHROMIUM_PATH} is missing and this user cannot install it (apt-get install -y chromium needs root)` };
}

/** Installs Debian's chromium once; the caller logs why. */
export function installChromium(): void {
  const run = (args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 600_000 });
  run(['update']);
  run(['install', '-y', '--no-install-recommends', 'chromium']);
}

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless chromium with a fresh profile, removed again on close. */
export async function launchChromium(options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number } = {}): Promise<Chromium> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'paysight-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
      colorScheme: 'light',
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
