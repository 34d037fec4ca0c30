import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walletReport, type ReportStore, type WalletReport } from '@paysight/contracts';
import { createDevnetChainSource, startDevnet } from '@paysight/devnet';
import { openStore } from '@paysight/store';
import { deepWalletReport, notConfiguredNarrator } from '@paysight/tools';
import express from 'express';
import { silentLogger } from '../src/http/logger.js';
import { listen } from '../src/server.js';
import { savedReportPath, savedReportRouter } from '../src/routes/saved-report.js';
import { launchChromium } from './saved-report-browser.js';

/** The devnet wallet whose report the docs show: the victim of the address-poisoning pattern on base. */
const SUBJECT = { chain: 'base', wallet: 'poisonVictim' } as const;

/**
 * Produces a real deep wallet report of a seeded devnet wallet (the tool itself, on local chains
 * with their explorer), then renders it through the real store and route and saves screenshots for
 * the docs: docs/images/saved-report.png (the whole page on a laptop) and
 * docs/images/saved-report-phone.png (the first screen on a phone).
 * Run: npm run screenshot:report -w @paysight/api
 */
const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/images');

async function main(): Promise<void> {
  const store = await openStore({ dataDir: 'memory://' });
  const report = await devnetReport(store.reports);
  const saved = await store.reports.save({ toolId: 'deep_wallet_report', chain: report.subject.chain, subject: report.subject.address, document: report });
  const app = express().use(savedReportRouter({ reports: store.reports, log: silentLogger }));
  const server = await listen(app, '127.0.0.1', 0);
  try {
    await mkdir(IMAGES, { recursive: true });
    const url = `${server.url}${savedReportPath(saved.id)}`;
    for (const shot of [
      { file: 'saved-report.png', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, fullPage: true },
      { file: 'saved-report-phone.png', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, fullPage: false },
    ]) {
      const browser = await launchChromium({ viewport: shot.viewport, deviceScaleFactor: shot.deviceScaleFactor });
      try {
        const page = await browser.context.newPage();
        await page.goto(url);
        await page.screenshot({ path: path.join(IMAGES, shot.file), fullPage: shot.fullPage });
        console.log(`wrote ${path.join(IMAGES, shot.file)}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
    await store.close();
  }
}

async function devnetReport(reports: ReportStore): Promise<WalletReport> {
  const devnet = await startDevnet();
  try {
    const chain = createDevnetChainSource(devnet);
    const address = devnet.scenario.chains[SUBJECT.chain].wallets[SUBJECT.wallet]!.address;
    const observations = { retentionDays: null, summarize: () => Promise.reject(new Error('a report reads no observations')) };
    const ports = { chain, narrator: notConfiguredNarrator, reports, observations, notary: undefined as never, savedReportUrl: (id: string) => savedReportPath(id) };
    const input = { address, chain: SUBJECT.chain, depth: 'deep' as const, reportType: 'wallet_money_map' as const };
    const { result } = await deepWalletReport.run(input, ports, { now: new Date() });
    return walletReport.parse(result.report);
  } finally {
    await devnet.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
