/**
 * Builds libs/datasets/data/risk/threat-addresses.json from MyEtherWallet ethereum-lists'
 * src/addresses/addresses-darklist.json (MIT), from the repository root:
 *
 *   npm run datasets:threats -- addresses-darklist.json [output.json] --date YYYY-MM-DD [--note "<text>"]...
 *
 * --date is the day the list was read (the list carries no date of its own); each --note is added to the
 * dataset's notes (where the copy came from, what was left out).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type DarklistRow, threatDataset, threatEntriesFromDarklist } from './darklist.js';
import { THREAT_CATEGORIES } from './risk-datasets.js';

const SHIPPED = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/risk/threat-addresses.json');

const { positionals, values } = parseArgs({ allowPositionals: true, options: { date: { type: 'string' }, note: { type: 'string', multiple: true } } });
const [input, output = SHIPPED] = positionals;
if (!input || !values.date || !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  console.error('usage: build-threat-dataset.ts <addresses-darklist.json> [output.json] --date YYYY-MM-DD [--note "<text>"]...');
  process.exit(2);
}
const { entries, skipped } = threatEntriesFromDarklist(JSON.parse(readFileSync(input, 'utf8')) as DarklistRow[]);
const counts = THREAT_CATEGORIES.map((c) => `${entries.filter((e) => e.category === c).length} ${c}`).join(', ');
const notes = [
  `Built by libs/datasets/src/build-threat-dataset.ts: ${entries.length} addresses (${counts})${skipped.length ? `; ${skipped.length} row(s) with an invalid address skipped (${skipped.join(', ')})` : ''}.`,
  'The darklist has no category field: the category is read from its comment (darklistCategory in libs/datasets/src/darklist.ts); an address listed without a comment is counted as a scam.',
  'Coverage: mostly 2017-2018 ICO-era phishing (fake crowdsale sites, fake support accounts), trust-trading scams and the July 2017 Parity multisig exploiter. The list names Ethereum mainnet addresses, so entries apply to ethereum only. No current drainer kits (Inferno, Angel, Pink and similar): no source with a licence that allows shipping was found (libs/datasets/README.md).',
  ...(values.note ?? []),
];
writeFileSync(output, `${JSON.stringify(threatDataset(entries, values.date, notes), null, 2)}\n`);
console.log(`${entries.length} threat addresses written to ${output} (${counts})`);
