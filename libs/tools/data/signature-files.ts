import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SignatureSource } from '../src/decoding/selector-index.js';

/** Where the hand-written signature files live, relative to this data folder. */
export const SIGNATURES_FOLDER = 'signatures';
/** The generated index, relative to this data folder. */
export const SELECTOR_INDEX_FILE = 'selector-index.json';

/** Every `*.txt` of the signatures folder, by file name (the numeric prefixes set their order). */
export function readSignatureFiles(dataDir: string): SignatureSource[] {
  const dir = path.join(dataDir, SIGNATURES_FOLDER);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => ({ name: `${SIGNATURES_FOLDER}/${name}`, text: readFileSync(path.join(dir, name), 'utf8') }));
}
