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
const PARTY_START = /<DistinctParty[\s>]/;
const PARTY_END = '</DistinctParty>';
/**
 * Text kept between chunks outside a party: longer than any FeatureType or DateOfIssue element, so one
 * cut by a chunk boundary is whole in the next scan (scanning them twice is harmless).
 */
const REFERENCE_TAIL = 4096;

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? entity;
  });
}

/**
 * Reads OFAC's SDN list in its advanced XML format (sdn_advanced.xml) chunk by chunk, keeping one
 * DistinctParty at a time in memory: the whole file is about 120 MB. Collects the EVM-format values of
 * features whose type is "Digital Currency Address - <currency>", with the primary name of the entry
 * that carries them.
 */
export class SdnAdvancedXmlReader {
  private pending = '';
  private insideParty = false;
  private dateOfIssue: string | null = null;
  private readonly currencyByFeatureType = new Map<string, string>();
  /** Feature type id → address candidates, resolved at the end so the order of sections does not matter. */
  private readonly candidates: { typeId: string; address: string; name: string }[] = [];

  push(chunk: string): void {
    this.pending += chunk;
    for (;;) {
      if (this.insideParty) {
        const end = this.pending.indexOf(PARTY_END);
        if (end < 0) return;
        this.readParty(this.pending.slice(0, end + PARTY_END.length));
        this.pending = this.pending.slice(end + PARTY_END.length);
        this.insideParty = false;
        continue;
      }
      const start = this.pending.search(PARTY_START);
      if (start < 0) {
        this.readReference(this.pending);
        this.pending = this.pending.slice(-REFERENCE_TAIL);
        return;
      }
      this.readReference(this.pending.slice(0, start));
      this.pending = this.pending.slice(start);
      this.insideParty = true;
    }
  }

  finish(): SdnExtract {
    if (!this.insideParty) this.readReference(this.pending);
    const byAddress = new Map<string, { address: Address; labels: Set<string>; currencies: Set<string> }>();
    for (const { typeId, address, name } of this.candidates) {
      const currency = this.currencyByFeatureType.get(typeId);
      if (!currency) continue;
      const entry = byAddress.get(address) ?? { address: getAddress(address), labels: new Set<string>(), currencies: new Set<string>() };
      entry.labels.add(name);
      entry.currencies.add(currency);
      byAddress.set(address, entry);
    }
    return {
      dateOfIssue: this.dateOfIssue,
      entries: [...byAddress.values()]
        .sort((a, b) => a.address.toLowerCase().localeCompare(b.address.toLowerCase()))
        .map((e) => ({ address: e.address, label: [...e.labels].sort().join('; '), currencies: [...e.currencies].sort() })),
    };
  }

  private readReference(text: string): void {
    for (const [, id, currency] of text.matchAll(/<FeatureType\b[^>]*\bID="(\d+)"[^>]*>\s*Digital Currency Address - ([^<]+?)\s*<\/FeatureType>/g)) {
      this.currencyByFeatureType.set(id!, currency!);
    }
    const date = /<DateOfIssue\b[^>]*>\s*<Year>(\d{4})<\/Year>\s*<Month>(\d{1,2})<\/Month>\s*<Day>(\d{1,2})<\/Day>/.exec(text);
    if (date && !this.dateOfIssue) this.dateOfIssue = `${date[1]}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}`;
  }

  private readParty(party: string): void {
    const alias = /<Alias\b[^>]*\bPrimary="true"[^>]*>([\s\S]*?)<\/Alias>/.exec(party)?.[1] ?? '';
    // The primary alias may spell the name several times (other scripts, other spellings): take the primary one.
    const names = [...alias.matchAll(/<DocumentedName\b([^>]*)>([\s\S]*?)<\/DocumentedName>/g)];
    const documented = names.find(([, attributes]) => /\bDocNameStatusID="1"/.test(attributes!)) ?? names[0];
    const name = [...(documented?.[2] ?? '').matchAll(/<NamePartValue\b[^>]*>([^<]*)<\/NamePartValue>/g)].map((m) => decodeEntities(m[1]!.trim())).join(' ') || 'unnamed SDN entry';
    for (const [, typeId, body] of party.matchAll(/<Feature\b[^>]*\bFeatureTypeID="(\d+)"[^>]*>([\s\S]*?)<\/Feature>/g)) {
      for (const [, value] of body!.matchAll(/<VersionDetail\b[^>]*>([^<]+)<\/VersionDetail>/g)) {
        const candidate = value!.trim();
        if (EVM_ADDRESS.test(candidate)) this.candidates.push({ typeId: typeId!, address: candidate.toLowerCase(), name });
      }
    }
  }
}

/** The EVM addresses of a whole sdn_advanced.xml held in memory (small excerpts; the generator streams the real file). */
export function evmAddressesFromSdnAdvancedXml(xml: string): SdnExtract {
  const reader = new SdnAdvancedXmlReader();
  reader.push(xml);
  return reader.finish();
}

/** Where the file was obtained and its SHA-256, recorded in the dataset's notes. */
export interface SdnProvenance {
  sha256: string;
  obtainedFrom?: string;
}

/** The shipped dataset file for a full extract of the list. */
export function sdnDataset(extract: SdnExtract, snapshotDate: string, provenance?: SdnProvenance): RawDataset<{ currencies: string[] }> {
  return {
    id: 'ofac-sdn-evm-addresses',
    description: 'EVM-format digital currency addresses named in entries of the OFAC Specially Designated Nationals (SDN) list.',
    source:
      "U.S. Department of the Treasury, Office of Foreign Assets Control: SDN list in the advanced format (sdn_advanced.xml), features 'Digital Currency Address - <currency>'. https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML",
    licence: 'Public domain: a work of the U.S. Government (17 U.S.C. 105).',
    snapshotDate,
    complete: true,
    notes: [
      `Generated from sdn_advanced.xml${extract.dateOfIssue ? ` issued ${extract.dateOfIssue}` : ''} by libs/datasets/src/build-sdn-dataset.ts: every address in EVM format (0x + 40 hex digits), whatever currency it is filed under. Each address applies to every chain: the list does not say on which EVM chain it was used.`,
      ...(provenance
        ? [`File used: SHA-256 ${provenance.sha256}${provenance.obtainedFrom ? `, obtained from ${provenance.obtainedFrom}` : ''}.`]
        : []),
      'Update: download sdn_advanced.xml from OFAC, run `npm run datasets:sdn -- sdn_advanced.xml` from the repository root, then rebuild the library (libs/datasets/README.md).',
      'A match is a heuristic risk signal for research, never a sanctions determination.',
    ],
    entries: extract.entries,
  };
}
