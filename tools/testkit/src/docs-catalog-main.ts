// `npm run docs:catalog`: rewrites the catalog blocks of README.md and docs/ (see docs-catalog.ts),
// then lists what the free-text check finds (exit status 1 when it finds anything).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocs, currentCatalog, DocsCatalogError, formatProblem, generateDocs } from './docs-catalog.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const catalog = currentCatalog();

try {
  const docs = generateDocs(root, catalog);
  const changed = docs.filter((d) => d.generated !== d.current);
  for (const d of changed) writeFileSync(path.join(root, d.file), d.generated);
  console.log(
    changed.length === 0
      ? `docs:catalog: ${docs.length} files, every catalog block up to date`
      : `docs:catalog: rewrote ${changed.map((d) => d.file).join(', ')}`,
  );

  const { problems } = checkDocs(root, catalog);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length > 0) {
    console.error(`docs:catalog: ${problems.length} problem(s) outside the generated blocks; fix them by hand`);
    process.exitCode = 1;
  }
} catch (error) {
  // A malformed marker or a block naming a tool the catalog does not have: nothing was written.
  if (!(error instanceof DocsCatalogError)) throw error;
  console.error(`docs:catalog: ${error.message}`);
  process.exitCode = 1;
}
