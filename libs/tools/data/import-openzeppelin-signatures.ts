// Writes signatures/95-openzeppelin.txt from the ABIs that OpenZeppelin Contracts publishes in its npm
// package (build/contracts/*.json, MIT). From the repository root:
//   cd /tmp && npm pack @openzeppelin/contracts@<version> && tar xzf openzeppelin-contracts-<version>.tgz
//   node --conditions=@paysight/source --import tsx libs/tools/data/import-openzeppelin-signatures.ts /tmp/package
// then regenerate selector-index.json (see README.md).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readSignatureFiles, SIGNATURES_FOLDER } from './signature-files.js';
import type { Abi } from 'viem';
import { parseSignature } from '../src/decoding/signature.js';
import { abiSignatureLines, selectorKey } from './abi-signatures.js';

const OPENZEPPELIN_SIGNATURES_FILE = '95-openzeppelin.txt';

function main(packageDir: string): void {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
  const buildDir = path.join(packageDir, 'build', 'contracts');
  const contracts = readdirSync(buildDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const artifact = JSON.parse(readFileSync(path.join(buildDir, name), 'utf8')) as { contractName?: string; abi: Abi };
      return { name: artifact.contractName ?? path.basename(name, '.json'), abi: artifact.abi };
    });
  const dataDir = import.meta.dirname;
  const known = new Set(
    readSignatureFiles(dataDir)
      .filter((file) => !file.name.endsWith(OPENZEPPELIN_SIGNATURES_FILE))
      .flatMap((file) => file.text.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean))
      .map((line) => selectorKey(parseSignature(line))),
  );
  const lines = abiSignatureLines(contracts, known);
  const header = [
    `# Functions and custom errors of ${manifest.name} ${manifest.version} (licence ${manifest.license}), read from the ABIs`,
    '# in its npm package (build/contracts/*.json) by libs/tools/data/import-openzeppelin-signatures.ts on',
    `# ${new Date().toISOString().slice(0, 10)}. Most deployed tokens, NFTs, governors and access-controlled contracts are built on`,
    '# these; signatures the hand-written files already hold are left out. Do not edit by hand: re-run the import.',
  ];
  writeFileSync(path.join(dataDir, SIGNATURES_FOLDER, OPENZEPPELIN_SIGNATURES_FILE), `${[...header, ...lines].join('\n')}\n`);
  console.log(`${OPENZEPPELIN_SIGNATURES_FILE}: ${lines.filter((l) => l && !l.startsWith('#')).length} signatures from ${contracts.length} contracts`);
}

const packageDir = process.argv[2];
if (!packageDir) {
  console.error('usage: import-openzeppelin-signatures.ts <unpacked @openzeppelin/contracts package directory>');
  process.exit(2);
}
main(packageDir);
