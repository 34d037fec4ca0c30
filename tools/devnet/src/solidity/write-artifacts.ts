// Recompiles solidity/*.sol into src/artifacts/*.json: `npm run compile -w @paysight/devnet`.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactJson, compileContracts } from './compile.js';

const packageDir = join(import.meta.dirname, '..', '..');
const outDir = join(packageDir, 'src', 'artifacts');

const artifacts = await compileContracts(join(packageDir, 'solidity'));
await mkdir(outDir, { recursive: true });
for (const stale of (await readdir(outDir)).filter((f) => f.endsWith('.json'))) await rm(join(outDir, stale));
for (const artifact of Object.values(artifacts)) {
  await writeFile(join(outDir, `${artifact.contractName}.json`), artifactJson(artifact));
  console.log(`wrote src/artifacts/${artifact.contractName}.json`);
}
