import { type Abi, bytesToHex, type Hex, toBytes } from 'viem';

/** One storage variable of a compiled contract, as solc reports it. */
export interface StorageEntry {
  label: string;
  slot: string;
  offset: number;
}

/** What the devnet needs of a compiled contract; committed as JSON under src/artifacts/. */
export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  /** Creation code: what a deploy transaction carries. */
  bytecode: Hex;
  /** Runtime code: what hardhat_setCode places at a fixed address. */
  deployedBytecode: Hex;
  storageLayout: StorageEntry[];
}

/** The storage slot of a state variable, for writing it with hardhat_setStorageAt. */
export function storageSlot(artifact: Artifact, label: string): Hex {
  const entry = artifact.storageLayout.find((e) => e.label === label);
  if (!entry) throw new Error(`${artifact.contractName} has no state variable "${label}"`);
  return `0x${BigInt(entry.slot).toString(16).padStart(64, '0')}`;
}

/**
 * The storage word of a Solidity `string` shorter than 32 bytes: the bytes left-aligned, and twice
 * the length in the lowest byte (longer strings live in other slots and are not needed here).
 */
export function shortStringWord(text: string): Hex {
  const bytes = toBytes(text);
  if (bytes.length > 31) throw new Error(`"${text}" is ${bytes.length} bytes: only strings of up to 31 bytes fit in one storage slot`);
  const word = new Uint8Array(32);
  word.set(bytes);
  word[31] = bytes.length * 2;
  return bytesToHex(word);
}
