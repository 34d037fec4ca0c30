import { getAddress, type Address } from 'viem';
import type { ThreatCategory } from './risk-datasets.js';
import { mostSpecificCategory, type ThreatEntry } from './threat-dataset.js';

/** One row of MyEtherWallet ethereum-lists' src/addresses/addresses-darklist.json. */
export interface DarklistRow {
  address: string;
  comment: string;
  date: string;
}

export const DARKLIST_SOURCE = 'ethereum-lists darklist';

/**
 * What a darklist comment says the address is. The list has no category field, so it is read from the
 * comment: exploiters first, then anything that says phishing, then scams (trust trading, giveaways,
 * fake copies of tokens, lotteries), then the remaining impersonations (fake sale sites, fake support and admins,
 * fake wallets), which are phishing. An address without a comment is a scam: the list says only that it
 * is malicious.
 */
export function darklistCategory(comment: string): ThreatCategory {
  if (/exploit|hacker/i.test(comment)) return 'exploit';
  if (/phish/i.test(comment)) return 'phishing';
  if (/trust[- ]?trading|giveaway|giveway|lottery|ponzi|scam|fake copy of|^fake [\w ]+ token$|generator|blender|does not add up|funds being stolen|suicide|malicious/i.test(comment)) return 'scam';
  if (/fake|pretending|cloned|slackbot|myelherwallel|change bank/i.test(comment)) return 'phishing';
  return 'scam';
}

/** YYYY-MM-DD from the list's dates ("2018-03-12", "7/18/17"); null when absent. */
function isoDate(date: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(date);
  return us ? `20${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : null;
}

/**
 * The darklist as threat entries, one per address (rows repeating an address are merged: their comments
 * joined, the earliest date kept, the most specific category taken). Rows whose address is not a valid
 * EVM address are skipped and counted. The list names Ethereum mainnet addresses, so entries apply there.
 */
export function threatEntriesFromDarklist(rows: readonly DarklistRow[]): { entries: ThreatEntry[]; skipped: string[] } {
  const byAddress = new Map<string, { address: Address; comments: string[]; dates: string[] }>();
  const skipped: string[] = [];
  for (const row of rows) {
    const raw = row.address.trim();
    if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) {
      skipped.push(raw);
      continue;
    }
    const entry = byAddress.get(raw.toLowerCase()) ?? { address: getAddress(raw.toLowerCase()), comments: [], dates: [] };
    const comment = row.comment.trim();
    if (comment && !entry.comments.includes(comment)) entry.comments.push(comment);
    const date = isoDate(row.date.trim());
    if (date) entry.dates.push(date);
    byAddress.set(raw.toLowerCase(), entry);
  }
  const entries = [...byAddress.values()].map(({ address, comments, dates }): ThreatEntry => {
    const listed = dates.sort()[0];
    const category = mostSpecificCategory(comments.map(darklistCategory)) ?? 'scam';
    const text = comments.length ? comments.join('; ') : 'Listed in the darklist without a comment';
    return { address, label: listed ? `${text} (listed ${listed})` : text, category, source: DARKLIST_SOURCE, chains: ['ethereum'] };
  });
  return { entries, skipped };
}
