/**
 * Builds libs/datasets/data/risk/ofac-sdn-evm-addresses.json from OFAC's official sdn_advanced.xml:
 *
 *   node --conditions=@paysight/source --import tsx libs/datasets/src/build-sdn-dataset.ts \
 *     sdn_advanced.xml libs/datasets/data/risk/ofac-sdn-evm-addresses.json
 *
 * The snapshot date is the list's date of issue (or pass it as a third argument, YYYY-MM-DD).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { evmAddressesFromSdnAdvancedXml, sdnDataset } from './sdn-advanced-xml.js';

const [input, output, date] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: build-sdn-dataset.ts <sdn_advanced.xml> <output.json> [snapshot date YYYY-MM-DD]');
  process.exit(2);
}
const extract = evmAddressesFromSdnAdvancedXml(readFileSync(input, 'utf8'));
const snapshotDate = date ?? extract.dateOfIssue;
if (!snapshotDate || !/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate)) {
  console.error('the file states no date of issue: pass the snapshot date (YYYY-MM-DD) as the third argument');
  process.exit(2);
}
if (extract.entries.length === 0) {
  console.error(`no EVM digital currency addresses found in ${input}: is it sdn_advanced.xml?`);
  process.exit(1);
}
writeFileSync(output, `${JSON.stringify(sdnDataset(extract, snapshotDate), null, 2)}\n`);
console.log(`${extract.entries.length} addresses written to ${output} (snapshot ${snapshotDate})`);
