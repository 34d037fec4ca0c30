/**
 * Builds libs/datasets/data/risk/ofac-sdn-evm-addresses.json from OFAC's official sdn_advanced.xml, from
 * the repository root:
 *
 *   npm run datasets:sdn -- sdn_advanced.xml [output.json] [YYYY-MM-DD] [--obtained-from "<where>"]
 *
 * The output defaults to the shipped file; the snapshot date to the list's date of issue. The file is
 * streamed (about 120 MB), and its SHA-256 is recorded in the dataset's notes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { SdnAdvancedXmlReader, sdnDataset } from './sdn-advanced-xml.js';

const SHIPPED = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/risk/ofac-sdn-evm-addresses.json');

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'obtained-from': { type: 'string' } } });
const [input, output = SHIPPED, date] = positionals;
if (!input) {
  console.error('usage: build-sdn-dataset.ts <sdn_advanced.xml> [output.json] [snapshot date YYYY-MM-DD] [--obtained-from "<where the file came from>"]');
  process.exit(2);
}

const reader = new SdnAdvancedXmlReader();
const hash = createHash('sha256');
const utf8 = new StringDecoder('utf8'); // a character split across two chunks is decoded whole
for await (const chunk of createReadStream(input) as AsyncIterable<Buffer>) {
  hash.update(chunk);
  reader.push(utf8.write(chunk));
}
reader.push(utf8.end());
const extract = reader.finish();
const snapshotDate = date ?? extract.dateOfIssue;
if (!snapshotDate || !/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate)) {
  console.error('the file states no date of issue: pass the snapshot date (YYYY-MM-DD) as the third argument');
  process.exit(2);
}
if (extract.entries.length === 0) {
  console.error(`no EVM digital currency addresses found in ${input}: is it sdn_advanced.xml?`);
  process.exit(1);
}
const sha256 = hash.digest('hex');
writeFileSync(output, `${JSON.stringify(sdnDataset(extract, snapshotDate, { sha256, obtainedFrom: values['obtained-from'] }), null, 2)}\n`);
console.log(`${extract.entries.length} addresses written to ${output} (snapshot ${snapshotDate}, sha256 ${sha256})`);
