import eip7702SmartAccounts from '../data/risk/eip7702-smart-accounts.json' with { type: 'json' };
import knownSpenders from '../data/risk/known-spenders.json' with { type: 'json' };
import mixers from '../data/risk/mixers.json' with { type: 'json' };
import sdn from '../data/risk/ofac-sdn-evm-addresses.json' with { type: 'json' };
import sanctionsOracles from '../data/risk/sanctions-oracles.json' with { type: 'json' };
import threatAddresses from '../data/risk/threat-addresses.json' with { type: 'json' };
import tokenVariants from '../data/risk/token-variants.json' with { type: 'json' };
import { AddressDataset, type RawDataset } from './address-dataset.js';
import type { ExploitIncident } from './threat-dataset.js';

/** OFAC SDN addresses (the whole list's EVM-format addresses at its date of issue; see its header). */
export const SDN_ADDRESSES = new AddressDataset<{ currencies: string[] }>(sdn as RawDataset<{ currencies: string[] }>);
/** Where Chainalysis' sanctions oracle is deployed. */
export const SANCTIONS_ORACLES = new AddressDataset(sanctionsOracles as RawDataset<object>);
/** An entry that names where its address was read: repository, file and commit, or a documentation page. */
export type SourcedEntry = { source: string };
/** What a mixer contract does: holds deposits (pool), fronts pools (router, entrypoint), or registers relayers. */
export type MixerRole = 'pool' | 'router' | 'relayer-registry';
/** Mixer and privacy-pool contracts, each on the chains it is deployed on, with the source that places it there. */
export const MIXERS = new AddressDataset<SourcedEntry & { role: MixerRole }>(mixers as RawDataset<SourcedEntry & { role: MixerRole }>);
/** Smart-account implementations an EIP-7702 account may safely delegate to, each on the chains its vendor deploys it on. */
export const EIP7702_SMART_ACCOUNTS = new AddressDataset<SourcedEntry>(eip7702SmartAccounts as RawDataset<SourcedEntry>);
/** Routers, allowance managers and protocol contracts routinely approved for unlimited amounts, each on the chains its project deploys it on. */
export const KNOWN_SPENDERS = new AddressDataset<SourcedEntry>(knownSpenders as RawDataset<SourcedEntry>);
/** Legitimate tokens that carry a well-known symbol away from the canonical address. */
export const TOKEN_VARIANTS = new AddressDataset(tokenVariants as RawDataset<object>);

/** What an open source labels a threat address as. */
export const THREAT_CATEGORIES = ['drainer', 'phishing', 'scam', 'exploit'] as const;
export type ThreatCategory = (typeof THREAT_CATEGORIES)[number];
/** What a threat entry carries besides its address, label and chains; `incidents` for exploiters DeFiHackLabs names. */
export interface ThreatListing {
  category: ThreatCategory;
  source: string;
  incidents?: readonly ExploitIncident[];
}
/** Drainers, phishing and scam operators, and exploiters, each entry with the source that labels it. */
export const THREAT_ADDRESSES = new AddressDataset<ThreatListing>(threatAddresses as RawDataset<ThreatListing>);

export const RISK_DATASETS = [SDN_ADDRESSES, SANCTIONS_ORACLES, MIXERS, THREAT_ADDRESSES, EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS, TOKEN_VARIANTS] as const;
