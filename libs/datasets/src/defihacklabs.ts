import { CHAIN_NAMES, CHAINS, type ChainName } from '@paysight/contracts';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { chainUnion, type ExploitIncident, type ThreatEntry } from './threat-dataset.js';

/**
 * The facts a DeFiHackLabs proof of concept (SunWeb3Sec/DeFiHackLabs, Apache-2.0) states in its comment
 * header, read line by line from `// Key : value` comments; no code is read. Example:
 *
 *   // @KeyInfo - Total Lost : ~50k
 *   // Attacker : https://basescan.org/address/0x4015...
 *   // Attack Contract : https://basescan.org/address/0x22a7...
 *   // Vulnerable Contract : https://basescan.org/address/0xb633...
 *   // Attack Tx : https://basescan.org/tx/0xd10f...
 *
 * What is accepted (the variants found across the repository's PoCs):
 * - the key is any case, may start with `@`, may carry a number or a parenthesised note ("Attacker1",
 *   "Attack Contract 2", "Attack Contract(Main logic)", "Attacker EOA2"), and is separated from its value by
 *   `:` or ` - `;
 * - attacker keys: attacker, exploiter, attacker EOA / address / wallet, original / real attacker, ETH / USDC
 *   attacker, "attacker / signer", "attacker/beneficiary", attack deployer; attack-contract keys: attack(er)
 *   contract(s), attackcontract, attack ctrt, original / real / main / helper / created attack contract,
 *   attacker contract address, attacker helper / orchestrator, attacker-deployed malicious implementation,
 *   exploit address / contract. Anything else (the vulnerable contract, victims, whitehats, frontrunners,
 *   tokens, pairs) is never listed;
 * - the value holds explorer links (`https://<explorer>/address/0x...`, any number on a line, each with its
 *   chain from its host) or, when the line has no link, bare addresses, which take the chain of the
 *   file's explorer links if these all name one chain and are skipped otherwise; a line holding only
 *   links or addresses continues the key above it;
 * - an address is 0x and 40 hex digits not followed by another hex digit (a link with more or fewer digits
 *   is skipped). Its casing is not relied on: many PoCs write addresses in a mixed case that is not their
 *   EIP-55 checksum, so a checksum cannot tell a misspelt address here.
 */
export const DEFIHACKLABS_REPO = 'SunWeb3Sec/DeFiHackLabs';

/** Explorer hosts of the five chains (lower case, without `www.`): the registry's explorers, and other hosts PoCs link. */
export const EXPLORER_CHAINS: Readonly<Record<string, ChainName>> = {
  ...Object.fromEntries(CHAIN_NAMES.map((chain) => [new URL(CHAINS[chain].explorerUrl).host, chain])),
  'etherscan.com': 'ethereum',
  'base.blockscout.com': 'base',
};

export type ExploitRole = 'attacker' | 'attack contract';

export interface PocAddress {
  address: Address;
  chain: ChainName;
  role: ExploitRole;
  /** `link`: from the address's own explorer link; `file`: a bare address given the chain of the file's links. */
  chainFrom: 'link' | 'file';
}

export interface PocSkip {
  line: number;
  text: string;
  reason: 'other chain' | 'no chain' | 'malformed address';
}

export interface PocHeader {
  /** Path in the repository, e.g. src/test/2024-05/Sonne_exp.sol. */
  path: string;
  /** The file name without `_exp...sol`. */
  incident: string;
  /** YYYY-MM from the directory; null for a PoC outside a month directory. */
  month: string | null;
  /** The "Total Lost" text as written. */
  lost: string | null;
  /** Attack transactions linked on the five chains. */
  attackTxs: { chain: ChainName; hash: Hex }[];
  /** Attackers and attack contracts on the five chains. */
  addresses: PocAddress[];
  /** Addresses named as vulnerable contract, victim, whitehat or frontrunner, on any chain: never listed. */
  notAttackers: Address[];
  /** Attacker or attack-contract addresses not taken, with why. */
  skipped: PocSkip[];
}

const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;
const EXPLORER_LINK = /https?:\/\/(?:www\.)?([a-z0-9.-]+)\/+(address|tx|token)\/(0x[0-9a-fA-F]+)/gi;
const LOSS = /^@?(?:keyinfo\s*-+\s*)?total\s+los[st]\w*\s*:\s*(.+)$/i;
const KEYED = /^@?([A-Za-z][^:]{0,80}?)\s*(?::|\s-\s)\s*(.*)$/;
const CONTINUATION = /^(?:https?:\/\/|0x[0-9a-fA-F]{40})/i;

const ATTACKER_KEY = /^(?:(?:original|real|eth|usdc) )?(?:attacker|exploiter)(?: ?eoa| address| wallet)?(?: \/ (?:signer|beneficiary))?$|^attack deployer$/;
const CONTRACT_KEY =
  /^(?:(?:original|real|main|helper|created) )?attack(?:er)? ?(?:contracts?|ctrt)(?: address)?(?: \/ execution address)?$|^attacker (?:helper|orchestrator)$|^attacker-deployed malicious implementation$|^exploit (?:address|contract)$/;
const NOT_ATTACKER_KEY = /vul|victim|white ?hat|front ?run|\bmev\b/;
const TX_KEY = /^(?:(?:first|second) )?(?:attack|attacker|exploit) (?:tx|txs|transaction|transactions)$/;

type KeyKind = ExploitRole | 'not attacker' | 'attack tx' | null;

/** The key's words: lower case, without numbers and parenthesised notes ("Attack Contract 1 (Swap)" -> "attack contract"). */
function normalizeKey(key: string): string {
  return key
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\d+/g, ' ')
    .replace(/\s*\/\s*/g, ' / ')
    .replace(/\s+/g, ' ')
    .trim();
}

function keyKind(key: string): KeyKind {
  const words = normalizeKey(key);
  if (NOT_ATTACKER_KEY.test(words)) return 'not attacker';
  if (ATTACKER_KEY.test(words)) return 'attacker';
  if (CONTRACT_KEY.test(words)) return 'attack contract';
  if (TX_KEY.test(words)) return 'attack tx';
  return null;
}

function explorerChain(host: string): ChainName | 'other' {
  return EXPLORER_CHAINS[host.toLowerCase().replace(/^www\./, '')] ?? 'other';
}

function links(value: string): { chain: ChainName | 'other'; kind: string; value: string }[] {
  return [...value.matchAll(EXPLORER_LINK)].map((m) => ({ chain: explorerChain(m[1]!), kind: m[2]!.toLowerCase(), value: m[3]! }));
}

/** `Leetswap_exp.sol` -> `Leetswap`; `Conic_exp2.sol` -> `Conic`; `uniswap-erc777.sol` -> `uniswap-erc777`. */
function incidentName(fileName: string): string {
  return fileName.replace(/\.sol$/i, '').replace(/_exp(?:loit)?[\w.]*$/i, '').replace(/\.sol$/i, '');
}

/** The facts of one PoC's comment header (see the module comment for what is accepted). */
export function readPocHeader(path: string, text: string): PocHeader {
  const parts = path.split('/');
  const fileName = parts.at(-1)!;
  const directory = parts.at(-2) ?? '';
  const comments = text.split(/\r?\n/).map((line, index) => ({ number: index + 1, body: /^\s*\/\/+\s*(.*?)\s*$/.exec(line)?.[1] ?? null }));
  const fileChains = new Set(comments.flatMap((c) => (c.body ? links(c.body).filter((l) => l.kind !== 'token') : [])).map((l) => l.chain));
  const fileChain = fileChains.size === 1 ? [...fileChains][0]! : null;

  const header: PocHeader = {
    path,
    incident: incidentName(fileName),
    month: /^\d{4}-\d{2}$/.test(directory) ? directory : null,
    lost: null,
    attackTxs: [],
    addresses: [],
    notAttackers: [],
    skipped: [],
  };
  let current: KeyKind = null;
  for (const { number, body } of comments) {
    if (body === null) {
      current = null;
      continue;
    }
    const loss = LOSS.exec(body);
    const keyed = loss || CONTINUATION.test(body) ? null : KEYED.exec(body);
    if (loss) {
      header.lost ??= loss[1]!.trim();
      current = null;
      continue;
    }
    if (keyed) current = keyKind(keyed[1]!);
    else if (!CONTINUATION.test(body)) current = null;
    if (!current) continue;
    const value = keyed ? keyed[2]! : body;
    const linked = links(value);
    if (current === 'attack tx') {
      for (const l of linked) if (l.kind === 'tx' && l.chain !== 'other' && /^0x[0-9a-fA-F]{64}$/.test(l.value)) header.attackTxs.push({ chain: l.chain, hash: l.value.toLowerCase() as Hex });
      continue;
    }
    if (current === 'not attacker') {
      for (const raw of value.match(ADDRESS) ?? []) header.notAttackers.push(getAddress(raw.toLowerCase()));
      continue;
    }
    const role = current;
    const found = linked.some((l) => l.kind === 'address')
      ? linked.filter((l) => l.kind === 'address').map((l) => ({ raw: l.value.match(ADDRESS)?.[0] ?? null, chain: l.chain, chainFrom: 'link' as const }))
      : (value.match(ADDRESS) ?? []).map((raw) => ({ raw, chain: fileChain, chainFrom: 'file' as const }));
    for (const { raw, chain, chainFrom } of found) {
      const address = raw ? getAddress(raw.toLowerCase()) : null;
      if (!address) header.skipped.push({ line: number, text: body, reason: 'malformed address' });
      else if (chain === null) header.skipped.push({ line: number, text: body, reason: 'no chain' });
      else if (chain === 'other') header.skipped.push({ line: number, text: body, reason: 'other chain' });
      else if (!header.addresses.some((a) => a.address === address && a.chain === chain && a.role === role)) header.addresses.push({ address, chain, role, chainFrom });
    }
  }
  return header;
}

/** Where a PoC file is read on GitHub at a commit. */
function defiHackLabsLink(commit: string, path: string): string {
  return `https://github.com/${DEFIHACKLABS_REPO}/blob/${commit}/${path}`;
}

export interface ExcludedAddress {
  address: Address;
  reason: string;
}

/**
 * The attackers and attack contracts of the PoCs as `exploit` entries, one per address, ordered by month
 * and file: each PoC naming it becomes an incident, its label "Attacker of <incident> (<month>)" or
 * "Attack contract of ...", its source the PoC's link at the commit. Never listed, and returned with the
 * reason instead: the zero address, an address any PoC names as vulnerable contract, victim, whitehat or
 * frontrunner (on any chain), and the addresses of `protocol` (known protocol and token contracts, keyed
 * by lower-case address, valued by what they are).
 */
export function exploitThreatEntries(pocs: readonly PocHeader[], commit: string, protocol: ReadonlyMap<string, string>): { entries: ThreatEntry[]; excluded: ExcludedAddress[] } {
  const notAttackers = new Map(pocs.flatMap((poc) => poc.notAttackers.map((a) => [a.toLowerCase(), poc.path] as const)));
  const byAddress = new Map<string, ThreatEntry & { incidents: ExploitIncident[] }>();
  const excluded = new Map<string, ExcludedAddress>();
  const ordered = [...pocs].sort((a, b) => (a.month ?? '').localeCompare(b.month ?? '') || a.path.localeCompare(b.path));
  for (const poc of ordered) {
    for (const found of poc.addresses) {
      const key = found.address.toLowerCase();
      const reason =
        found.address === zeroAddress
          ? 'the zero address'
          : protocol.has(key)
            ? `a known protocol or token contract (${protocol.get(key)})`
            : notAttackers.has(key)
              ? `named as a vulnerable contract, victim, whitehat or frontrunner in ${notAttackers.get(key)}`
              : null;
      if (reason) {
        if (!excluded.has(key)) excluded.set(key, { address: found.address, reason });
        continue;
      }
      const entry = byAddress.get(key) ?? { address: found.address, label: '', category: 'exploit', source: '', chains: [], incidents: [] };
      const incident = entry.incidents.find((i) => i.path === poc.path && i.role === found.role);
      const attackTxs = poc.attackTxs.filter((t) => t.chain === found.chain).map((t) => t.hash);
      if (incident) {
        incident.chains = chainUnion(incident.chains, [found.chain]);
        incident.attackTxs = [...new Set([...incident.attackTxs, ...attackTxs])];
      } else {
        entry.incidents.push({ incident: poc.incident, month: poc.month, role: found.role, chains: [found.chain], path: poc.path, lost: poc.lost, attackTxs });
      }
      entry.chains = chainUnion(entry.chains, [found.chain]);
      byAddress.set(key, entry);
    }
  }
  const entries = [...byAddress.values()].map((entry) => ({
    ...entry,
    label: [...new Set(entry.incidents.map((i) => `${i.role === 'attacker' ? 'Attacker' : 'Attack contract'} of ${i.incident}${i.month ? ` (${i.month})` : ''}`))].join('; '),
    source: [...new Set(entry.incidents.map((i) => defiHackLabsLink(commit, i.path)))].join(' '),
  }));
  return { entries, excluded: [...excluded.values()] };
}
