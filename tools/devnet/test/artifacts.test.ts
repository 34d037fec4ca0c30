import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS } from '../src/index.js';
import { artifactJson, compileContracts } from '../src/solidity/compile.js';

const packageDir = join(__dirname, '..');

it('commits artifacts that match a fresh compile of solidity/ (run `npm run compile -w @paysight/devnet` if not)', async () => {
  const compiled = await compileContracts(join(packageDir, 'solidity'));
  const committed = (await readdir(join(packageDir, 'src', 'artifacts'))).filter((f) => f.endsWith('.json')).sort();
  expect(committed).toEqual(Object.keys(compiled).map((name) => `${name}.json`).sort());
  expect(Object.keys(ARTIFACTS).sort()).toEqual(Object.keys(compiled).sort());
  for (const [name, artifact] of Object.entries(compiled)) {
    expect(artifactJson(ARTIFACTS[name as keyof typeof ARTIFACTS])).toBe(artifactJson(artifact));
  }
}, 60_000);
