import { CHAIN_NAMES, type ChainName } from '@paysight/contracts';
import { getAddress, isAddress, type Address } from 'viem';

/** The header every shipped dataset carries: where it comes from, under which licence, and how old it is. */
export interface DatasetHeader {
  id: string;
  description: string;
  source: string;
  licence: string;
  /** YYYY-MM-DD. */
  snapshotDate: string;
  /** False when the file holds only part of its source (a seed or a curated subset). */
  complete: boolean;
  notes: string[];
}

/** One listed address; `chains` absent means every chain of the registry. */
export interface DatasetEntry {
  address: Address;
  label: string;
  chains: readonly ChainName[];
}

export interface RawDataset<Extra> extends DatasetHeader {
  entries: (Extra & { address: string; label: string; chains?: string[] })[];
}

/** A dataset checked at load time and indexed by lower-case address. */
export class AddressDataset<Extra = object> {
  readonly header: DatasetHeader;
  readonly entries: readonly (DatasetEntry & Extra)[];
  private readonly byAddress = new Map<string, DatasetEntry & Extra>();

  constructor(raw: RawDataset<Extra>) {
    const { entries, ...header } = raw;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(header.snapshotDate)) throw new Error(`dataset ${header.id}: snapshotDate must be YYYY-MM-DD`);
    this.header = header;
    this.entries = entries.map((entry) => {
      if (!isAddress(entry.address, { strict: false })) throw new Error(`dataset ${header.id}: ${entry.address} is not an address`);
      const chains = (entry.chains ?? CHAIN_NAMES).map((c) => {
        if (!(CHAIN_NAMES as readonly string[]).includes(c)) throw new Error(`dataset ${header.id}: unknown chain ${c}`);
        return c as ChainName;
      });
      const parsed = { ...entry, address: getAddress(entry.address.toLowerCase()), chains };
      if (this.byAddress.has(parsed.address.toLowerCase())) throw new Error(`dataset ${header.id}: ${parsed.address} is listed twice`);
      this.byAddress.set(parsed.address.toLowerCase(), parsed);
      return parsed;
    });
  }

  /** The entry for an address on a chain, if listed there. */
  find(chain: ChainName, address: string): (DatasetEntry & Extra) | undefined {
    const entry = this.byAddress.get(address.toLowerCase());
    return entry && entry.chains.includes(chain) ? entry : undefined;
  }

  /** Entries that apply to a chain. */
  onChain(chain: ChainName): (DatasetEntry & Extra)[] {
    return this.entries.filter((e) => e.chains.includes(chain));
  }

  /** How a flag's evidence cites an entry of this dataset. */
  cite(entry: DatasetEntry): { id: string; entry: string; snapshotDate: string } {
    return { id: this.header.id, entry: `${entry.address} (${entry.label})`, snapshotDate: this.header.snapshotDate };
  }
}
