import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHAIN_NAMES, evmAddress } from '@paysight/contracts';
import { z } from 'zod';

/** Where `paysight start` keeps its state (PGlite store, devnet.json), relative to the working directory. */
export const DEFAULT_DATA_DIR = '.paysight';
export const DEVNET_FILE = 'devnet.json';

const chainEntry = z.object({ name: z.enum(CHAIN_NAMES), chainId: z.number().int(), rpcUrl: z.string(), usdc: evmAddress });

/** What the embedded stack publishes for tools and people: local URLs and the devnet-only demo buyer key. */
export const devnetFile = z.object({
  warning: z.string(),
  generatedAt: z.string(),
  chains: z.record(z.enum(CHAIN_NAMES), chainEntry),
  payee: evmAddress,
  facilitatorUrl: z.string(),
  /** The devnet's Etherscan-compatible explorer (use as EXPLORER_API_URL). */
  explorerUrl: z.string(),
  apiBaseUrl: z.string(),
  demoBuyer: z.object({ address: evmAddress, privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/) }),
});
export type DevnetFile = z.infer<typeof devnetFile>;

export const DEVNET_KEY_WARNING =
  'Devnet only: the demo buyer key holds play money on the local chains started by `paysight start`. Never fund it or use it anywhere else.';

export function devnetFilePath(dataDir = DEFAULT_DATA_DIR): string {
  return path.resolve(dataDir, DEVNET_FILE);
}

export async function writeDevnetFile(dataDir: string, content: DevnetFile): Promise<string> {
  const file = devnetFilePath(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/** The devnet file of a running embedded stack, or null when there is none. */
export async function readDevnetFile(dataDir = DEFAULT_DATA_DIR): Promise<DevnetFile | null> {
  let text: string;
  try {
    text = await readFile(devnetFilePath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const parsed = devnetFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${devnetFilePath(dataDir)} is not a Paysight devnet file; delete it and run \`npm start\` again.`);
  return parsed.data;
}
