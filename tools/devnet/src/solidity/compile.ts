import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import solc from 'solc';
import type { Abi, Hex } from 'viem';
import type { Artifact, StorageEntry } from './artifact.js';

export const SOLC_SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  // Without the metadata hash the bytecode depends only on the code, not on comments or file paths.
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'storageLayout'] } },
} as const;

interface SolcContractOutput {
  abi: Abi;
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
  storageLayout: { storage: StorageEntry[] };
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

/**
 * Compiles every .sol file in `solidityDir` with the solc npm package (in process) and returns one
 * artifact per deployable contract (abstract contracts and interfaces have no bytecode), by name.
 * Throws with solc's messages when anything fails to compile or when solc warns.
 */
export async function compileContracts(solidityDir: string): Promise<Record<string, Artifact>> {
  const files = (await readdir(solidityDir)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, { content: string }> = {};
  for (const file of files) sources[file] = { content: await readFile(join(solidityDir, file), 'utf8') };

  const input = { language: 'Solidity', sources, settings: SOLC_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity !== 'info');
  if (problems.length > 0) {
    throw new Error(`solc ${solc.version()} reported:\n${problems.map((e) => e.formattedMessage).join('\n')}`);
  }

  const artifacts: Record<string, Artifact> = {};
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, compiled] of Object.entries(contracts)) {
      if (compiled.evm.bytecode.object === '') continue;
      if (artifacts[contractName]) throw new Error(`two contracts are named ${contractName}`);
      artifacts[contractName] = {
        contractName,
        sourceName,
        abi: compiled.abi,
        bytecode: `0x${compiled.evm.bytecode.object}` as Hex,
        deployedBytecode: `0x${compiled.evm.deployedBytecode.object}` as Hex,
        storageLayout: compiled.storageLayout.storage.map(({ label, slot, offset }) => ({ label, slot, offset })),
      };
    }
  }
  return artifacts;
}

/** The committed form of an artifact: stable, diff-friendly JSON. */
export function artifactJson(artifact: Artifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}
