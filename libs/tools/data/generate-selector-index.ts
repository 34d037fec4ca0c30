// Rebuilds selector-index.json from signatures/*.txt:
//   node --conditions=@paysight/source --import tsx libs/tools/data/generate-selector-index.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSelectorIndex, serializeSelectorIndex } from '../src/decoding/selector-index.js';
import { readSignatureFiles, SELECTOR_INDEX_FILE } from './signature-files.js';

const dataDir = import.meta.dirname;
const index = buildSelectorIndex(readSignatureFiles(dataDir));
writeFileSync(path.join(dataDir, SELECTOR_INDEX_FILE), serializeSelectorIndex(index));
const { functions, errors, collisions } = index.counts;
console.log(`${SELECTOR_INDEX_FILE}: ${functions} function and ${errors} error signatures, ${collisions} shared selectors`);
