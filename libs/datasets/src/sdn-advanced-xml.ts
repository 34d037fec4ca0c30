import { getAddress, type Address } from 'viem';
import type { RawDataset } from './address-dataset.js';

export interface SdnAddress {
  address: Address;
  /** Primary name of the SDN entry (entries sharing an address are joined with "; "). */
  label: string;
  /** The currencies the list files the address under ("ETH", "USDT", ...). */
  currencies: string[];
}

export interface SdnExtract {
  /** The list's date of issue, YYYY-MM-DD, when the file states it. */
  dateOfIssue: string | null;
  entries: SdnAddress[];
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? entity;
  });
}

/**
 * The EVM-format digital currency addresses of OFAC's SDN list in its advanced XML format
 * (sdn_advanced.xml): features whose type is "Digital Currency Address - <currency>", with the primary
 * name of the entry that carries them.
 */
export function evmAddressesFromSdnAdvancedXml(xml: string): SdnExtract {
  const currencyByFeatureType = new Map<string, string>();
  for (const [, id, currency] of xml.matchAll(/<FeatureType\b[^>]*\bID="(\d+)"[^>]*>\s*Digital Currency Address - ([^<]+?)\s*<\/FeatureType>/g)) {
    currencyByFeatureType.set(id!, currency!);
  }
  const date = /<DateOfIssue>\s*<Year>(\d{4})<\/Year>\s*<Month>(\d{1,2})<\/Month>\s*<Day>(\d{1,2})<\/Day>/.exec(xml);
  const byAddress = new Map<string, { address: Address; labels: Set<string>; currencies: Set<string> }>();
  for (const [party] of xml.matchAll(/<DistinctParty\b[\s\S]*?<\/DistinctParty>/g)) {
    const alias = /<Alias\b[^>]*\bPrimary="true"[^>]*>([\s\S]*?)<\/Alias>/.exec(party)?.[1] ?? '';
    const name = [...alias.matchAll(/<NamePartValue\b[^>]*>([^<]*)<\/NamePartValue>/g)].map((m) => decodeEntities(m[1]!.trim())).join(' ') || 'unnamed SDN entry';
    for (const [, typeId, body] of party.matchAll(/<Feature\b[^>]*\bFeatureTypeID="(\d+)"[^>]*>([\s\S]*?)<\/Feature>/g)) {
      const currency = currencyByFeatureType.get(typeId!);
      if (!currency) continue;
      for (const [, value] of body!.matchAll(/<VersionDetail\b[^>]*>([^<]+)<\/VersionDetail>/g)) {
        const candidate = value!.trim();
        if (!EVM_ADDRESS.test(candidate)) continue;
        const address = getAddress(candidate.toLowerCase());
        const entry = byAddress.get(address.toLowerCase()) ?? { address, labels: new Set<string>(), currencies: new Set<string>() };
        entry.labels.add(name);
        entry.currencies.add(currency);
        byAddress.set(address.toLowerCase(), entry);
      }
    }
  }
  return {
    dateOfIssue: date ? `${date[1]}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}` : null,
    entries: [...byAddress.values()]
      .sort((a, b) => a.address.toLowerCase().localeCompare(b.address.toLowerCase()))
      .map((e) => ({ address: e.address, label: [...e.labels].sort().join('; '), currencies: [...e.currencies].sort() })),
  };
}

/** The shipped dataset file for a full extract of the list. */
export function sdnDataset(extract: SdnExtract, snapshotDate: string): RawDataset<{ currencies: string[] }> {
  return {
    id: 'ofac-sdn-evm-addresses',
    description: 'EVM-format digital currency addresses named in entries of the OFAC Specially Designated Nationals (SDN) list.',
    source:
      "U.S. Department of the Treasury, Office of Foreign Assets Control: SDN list in the advanced format (sdn_advanced.xml), features 'Digital Currency Address - <currency>'. https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML",
    licence: 'Public domain: a work of the U.S. Government (17 U.S.C. 105).',
    snapshotDate,
    complete: true,
    notes: [
      `Generated from sdn_advanced.xml${extract.dateOfIssue ? ` issued ${extract.dateOfIssue}` : ''} by libs/datasets/src/build-sdn-dataset.ts: every address in EVM format (0x + 40 hex digits), whatever currency it is filed under.`,
      'A match is a heuristic risk signal for research, never a sanctions determination.',
    ],
    entries: extract.entries,
  };
}
