import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS } from '../src/index.js';
import { shortStringWord } from '../src/solidity/artifact.js';
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

it('encodes a short string as Solidity stores it in one slot, and refuses a longer one', () => {
  expect(shortStringWord('WETH')).toBe(`0x57455448${'0'.repeat(54)}08`);
  expect(shortStringWord('x'.repeat(31))).toBe(`0x${'78'.repeat(31)}3e`);
  expect(() => shortStringWord('x'.repeat(32))).toThrow('"' + 'x'.repeat(32) + '" is 32 bytes: only strings of up to 31 bytes fit in one storage slot');
});
