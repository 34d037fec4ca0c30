import eip7702SmartAccounts from '../data/risk/eip7702-smart-accounts.json' with { type: 'json' };
import knownSpenders from '../data/risk/known-spenders.json' with { type: 'json' };
import mixers from '../data/risk/mixers.json' with { type: 'json' };
import sdn from '../data/risk/ofac-sdn-evm-addresses.json' with { type: 'json' };
import sanctionsOracles from '../data/risk/sanctions-oracles.json' with { type: 'json' };
import tokenVariants from '../data/risk/token-variants.json' with { type: 'json' };
import { AddressDataset, type RawDataset } from './address-dataset.js';

/** OFAC SDN addresses (a dated, partial seed; see its header). */
export const SDN_ADDRESSES = new AddressDataset<{ currencies: string[] }>(sdn as RawDataset<{ currencies: string[] }>);
/** Where Chainalysis' sanctions oracle is deployed. */
export const SANCTIONS_ORACLES = new AddressDataset(sanctionsOracles as RawDataset<object>);
/** Mixer pools and routers. */
export const MIXERS = new AddressDataset<{ role: 'pool' | 'router' }>(mixers as RawDataset<{ role: 'pool' | 'router' }>);
/** Smart-account implementations an EIP-7702 account may safely delegate to. */
export const EIP7702_SMART_ACCOUNTS = new AddressDataset(eip7702SmartAccounts as RawDataset<object>);
/** Routers and allowance managers that are routinely approved for unlimited amounts. */
export const KNOWN_SPENDERS = new AddressDataset(knownSpenders as RawDataset<object>);
/** Legitimate tokens that carry a well-known symbol away from the canonical address. */
export const TOKEN_VARIANTS = new AddressDataset(tokenVariants as RawDataset<object>);

export const RISK_DATASETS = [SDN_ADDRESSES, SANCTIONS_ORACLES, MIXERS, EIP7702_SMART_ACCOUNTS, KNOWN_SPENDERS, TOKEN_VARIANTS] as const;
