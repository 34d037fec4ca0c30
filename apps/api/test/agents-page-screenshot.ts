import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DISCOVERY_PATHS } from '@paysight/contracts';
import express from 'express';
import { agentsPageRouter } from '../src/routes/agents-page.js';
import { listen } from '../src/server.js';
import { launchChromium } from './saved-report-browser.js';

/**
 * Serves the /agents page through its real route and saves the screenshot the docs show:
 * docs/images/agents.png (the whole page on a laptop, the first tool's details open). The page names the
 * default local address (what `npm start` serves), whatever port this script listens on.
 * Run: npm run screenshot:agents -w @paysight/api
 */
const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/images');
const SHOWN_BASE_URL = 'http://127.0.0.1:4021';

async function main(): Promise<void> {
  const app = express().use(agentsPageRouter({ publicBaseUrl: () => SHOWN_BASE_URL, agentDiscovery: true }));
  const server = await listen(app, '127.0.0.1', 0);
  const browser = await launchChromium({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  try {
    await mkdir(IMAGES, { recursive: true });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}${DISCOVERY_PATHS.agentsPage}`);
    await page.locator('[data-tool] summary').first().click();
    // The whole page in one viewport rather than a scrolled full-page capture, which would draw the
    // sticky search bar wherever the scroll left it.
    await page.setViewportSize({ width: 1280, height: await page.evaluate<number>('document.documentElement.scrollHeight') });
    const file = path.join(IMAGES, 'agents.png');
    await page.screenshot({ path: file });
    console.log(`wrote ${file}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
