import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

/** Installing chromium takes a while on a fresh machine; launching it then takes well under a second. */
export const CHROMIUM_SETUP_TIMEOUT_MS = 600_000;

/** A jest describe that runs where chromium is present or can be installed, and is skipped with a note where not. */
export function describeWithChromium(title: string, body: () => void): void {
  const availability = chromiumAvailability();
  if (availability.status === 'missing') {
    // Straight to stderr: jest's default reporter drops console output of files whose tests are all skipped.
    process.stderr.write(`Skipping "${title}": ${availability.reason}.\n`);
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

/** For a beforeAll (with CHROMIUM_SETUP_TIMEOUT_MS): installs chromium when it is missing and can be installed. */
export function ensureChromium(): void {
  if (chromiumAvailability().status !== 'installable') return;
  console.log("Chromium is missing: installing Debian's chromium with apt-get (once, as root)");
  installChromium();
}

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless chromium with a fresh profile, removed again on close. */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number; javaScriptEnabled?: boolean } = {},
): Promise<Chromium> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'paysight-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
      colorScheme: 'light',
      javaScriptEnabled: options.javaScriptEnabled ?? true,
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

/** Records what a person would call broken on `page`: console errors and warnings, uncaught errors, failed requests. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
  return problems;
}
