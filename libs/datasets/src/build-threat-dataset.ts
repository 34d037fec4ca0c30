/**
 * Builds libs/datasets/data/risk/threat-addresses.json from its two open sources, from the repository root:
 *
 *   npm run datasets:threats -- --darklist addresses-darklist.json --defihacklabs <DeFiHackLabs checkout> \
 *     --date YYYY-MM-DD [--out output.json] [--note "<text>"]...
 *
 * --darklist is MyEtherWallet ethereum-lists' src/addresses/addresses-darklist.json (MIT); --defihacklabs a
 * git checkout of SunWeb3Sec/DeFiHackLabs (Apache-2.0), of which only the comment headers of
 * src/test/*.sol and src/test/YYYY-MM/*.sol are read, and whose commit is recorded. --date is the day the
 * sources were read (neither carries a date of its own); each --note is added to the dataset's notes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHAIN_NAMES, MULTICALL3_ADDRESS, PERMIT2_CONTRACT } from '@paysight/contracts';
import { type DarklistRow, threatEntriesFromDarklist } from './darklist.js';
import { exploitThreatEntries, readPocHeader } from './defihacklabs.js';
import { KNOWN_TOKENS } from './known-tokens.js';
import { EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS, SDN_ADDRESSES, THREAT_CATEGORIES, TOKEN_VARIANTS } from './risk-datasets.js';
import { mergeThreatEntries, threatDataset, type ThreatEntry } from './threat-dataset.js';

const SHIPPED = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/risk/threat-addresses.json');
const USAGE = 'usage: build-threat-dataset.ts --darklist <addresses-darklist.json> --defihacklabs <checkout> --date YYYY-MM-DD [--out output.json] [--note "<text>"]...';

const { values } = parseArgs({
  options: { darklist: { type: 'string' }, defihacklabs: { type: 'string' }, date: { type: 'string' }, out: { type: 'string' }, note: { type: 'string', multiple: true } },
});
const { darklist, defihacklabs: checkout, date } = values;
if (!darklist || !checkout || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(USAGE);
  process.exit(2);
}
const output = values.out ?? SHIPPED;

/** The PoC files: src/test/*.sol and src/test/YYYY-MM/*.sol (deeper folders hold helper libraries). */
function pocPaths(root: string): string[] {
  const test = path.join(root, 'src/test');
  return readdirSync(test)
    .sort()
    .flatMap((name) => {
      if (statSync(path.join(test, name)).isFile()) return name.endsWith('.sol') ? [`src/test/${name}`] : [];
      if (!/^\d{4}-\d{2}$/.test(name)) return [];
      return readdirSync(path.join(test, name))
        .filter((f) => f.endsWith('.sol') && statSync(path.join(test, name, f)).isFile())
        .sort()
        .map((f) => `src/test/${name}/${f}`);
    });
}

/** Known protocol and token contracts, which a PoC may name but which are never listed as threats. */
function protocolContracts(): Map<string, string> {
  const known = new Map<string, string>([
    [MULTICALL3_ADDRESS.toLowerCase(), 'Multicall3'],
    [PERMIT2_CONTRACT.toLowerCase(), 'Uniswap Permit2'],
  ]);
  for (const dataset of [KNOWN_SPENDERS, TOKEN_VARIANTS, EIP7702_SMART_ACCOUNTS]) for (const e of dataset.entries) known.set(e.address.toLowerCase(), `${dataset.header.id}: ${e.label}`);
  for (const chain of CHAIN_NAMES) for (const t of KNOWN_TOKENS[chain]) known.set(t.address.toLowerCase(), `${t.symbol} on ${chain}`);
  return known;
}

const git = (...args: string[]) => execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8' }).trim();
const commit = git('rev-parse', 'HEAD');
const commitDate = git('log', '-1', '--format=%cs');

const darklistText = readFileSync(darklist, 'utf8');
const darklistRows = JSON.parse(darklistText) as DarklistRow[];
const fromDarklist = threatEntriesFromDarklist(darklistRows);
const files = pocPaths(checkout);
const pocs = files.map((file) => readPocHeader(file, readFileSync(path.join(checkout, file), 'utf8')));
const fromDefiHackLabs = exploitThreatEntries(pocs, commit, protocolContracts());
const entries = mergeThreatEntries(fromDarklist.entries, fromDefiHackLabs.entries);

const count = <T>(items: readonly T[], key: (item: T) => string) =>
  items.reduce((counts, item) => counts.set(key(item), (counts.get(key(item)) ?? 0) + 1), new Map<string, number>());
const listCounts = (counts: Map<string, number>, order: readonly string[]) => order.map((k) => `${counts.get(k) ?? 0} ${k}`).join(', ');
const byCategory = (list: readonly ThreatEntry[]) => listCounts(count(list, (e) => e.category), THREAT_CATEGORIES);
const perChain = CHAIN_NAMES.map((c) => `${c} ${entries.filter((e) => e.chains.includes(c)).length}`).join(', ');
const addressList = (list: readonly { address: string }[]) => list.map((e) => e.address).join(', ');

const darklistKeys = new Set(fromDarklist.entries.map((e) => e.address.toLowerCase()));
const inBoth = fromDefiHackLabs.entries.filter((e) => darklistKeys.has(e.address.toLowerCase()));
const sanctioned = entries.filter((e) => SDN_ADDRESSES.entries.some((s) => s.address === e.address));
const found = pocs.flatMap((p) => p.addresses);
const skipped = count(
  pocs.flatMap((p) => p.skipped),
  (s) => s.reason,
);
const excludedWhy = count(fromDefiHackLabs.excluded, (e) => e.reason.replace(/ \(.*| in src\/.*/, ''));

const notes = [
  `Built by libs/datasets/src/build-threat-dataset.ts from two sources: ${entries.length} addresses (${byCategory(entries)}); per chain: ${perChain}.`,
  `Darklist: ${darklistRows.length} rows (file SHA-256 ${createHash('sha256').update(darklistText).digest('hex')}), ${fromDarklist.entries.length} distinct valid addresses (${byCategory(fromDarklist.entries)})${fromDarklist.skipped.length ? `; ${fromDarklist.skipped.length} row(s) with an invalid address skipped (${fromDarklist.skipped.join(', ')})` : ''}. It has no category field: the category is read from the comment (darklistCategory in libs/datasets/src/darklist.ts); an address listed without a comment is counted as a scam. It names Ethereum mainnet addresses, so its entries apply to ethereum only. Coverage: 2017-2020, mostly ICO-era phishing (fake crowdsale sites, fake support accounts), trust-trading scams and the July 2017 Parity multisig exploiter.`,
  `DeFiHackLabs: commit ${commit} of ${commitDate}; ${files.length} PoC files read (src/test/*.sol and src/test/YYYY-MM/*.sol), ${pocs.filter((p) => p.addresses.length).length} of them name an attacker or attack contract on the five chains: ${fromDefiHackLabs.entries.length} exploit addresses after exclusions. Only the comment headers are read (the Attacker and Attack Contract lines, the incident's name and month from the file's path, the "Total Lost" text, the Attack Tx links: libs/datasets/src/defihacklabs.ts says which variants are accepted); the Vulnerable Contract is the victim and never listed. The chain is the one of the address's explorer link (etherscan.io, basescan.org, polygonscan.com, arbiscan.io, optimistic.etherscan.io); ${found.filter((a) => a.chainFrom === 'file').length} address-chain pairs written without a link took the chain of the file's explorer links, which all named that one chain. Not taken: ${skipped.get('other chain') ?? 0} on other chains (BNB Chain, Avalanche, Fantom and others), ${skipped.get('no chain') ?? 0} written without a link in a file whose links name no single chain, ${skipped.get('malformed address') ?? 0} malformed.`,
  `Excluded from DeFiHackLabs: ${fromDefiHackLabs.excluded.length} address(es), never listed: ${[...excludedWhy].map(([why, n]) => `${n} ${why}`).join('; ') || 'none'}${fromDefiHackLabs.excluded.length ? ` (${fromDefiHackLabs.excluded.map((e) => `${e.address}: ${e.reason}`).join('; ')})` : ''}.`,
  `In both sources: ${inBoth.length} address(es)${inBoth.length ? ` (${addressList(inBoth)})` : ''}, each keeping both sources and labels. Also in the OFAC SDN dataset: ${sanctioned.length}${sanctioned.length ? ` (${addressList(sanctioned)})` : ''}; they stay here with their incident.`,
  'Licence: DeFiHackLabs is Apache-2.0 (its LICENSE file). Its .sol files carry an "SPDX-License-Identifier: UNLICENSED" line, a Solidity compiler convention that does not change the repository licence; only facts are taken (addresses, chains, incident names, months, loss text, transaction hashes), no code.',
  'Not covered: current wallet-drainer kits and recent phishing addresses (no open source under a licence that allows shipping: libs/datasets/README.md), exploits on other chains, and DeFiHackLabs incidents without a PoC or whose header gives no address. An attack contract is usually used once; an attacker EOA may be reused or pass its funds on, which this list does not follow.',
  ...(values.note ?? []),
];
writeFileSync(output, `${JSON.stringify(threatDataset(entries, { snapshotDate: date, defiHackLabsCommit: commit, notes }), null, 2)}\n`);
console.log(`${entries.length} threat addresses written to ${output} (${byCategory(entries)}; ${perChain}; DeFiHackLabs ${commit.slice(0, 8)}: ${fromDefiHackLabs.entries.length} added, ${fromDefiHackLabs.excluded.length} excluded, ${inBoth.length} also in the darklist)`);
