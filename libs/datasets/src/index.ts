export { AddressDataset, type DatasetEntry, type DatasetHeader, type RawDataset } from './address-dataset.js';
export * from './risk-datasets.js';
export {
  evmAddressesFromSdnAdvancedXml,
  SdnAdvancedXmlReader,
  sdnDataset,
  type SdnAddress,
  type SdnExtract,
  type SdnProvenance,
} from './sdn-advanced-xml.js';
export { DARKLIST_SOURCE, darklistCategory, type DarklistRow, threatEntriesFromDarklist } from './darklist.js';
export * from './known-tokens.js';
export { type ExploitIncident, mergeThreatEntries, threatDataset, type ThreatEntry } from './threat-dataset.js';
export {
  DEFIHACKLABS_REPO,
  EXPLORER_CHAINS,
  type ExcludedAddress,
  type ExploitRole,
  exploitThreatEntries,
  type PocAddress,
  type PocHeader,
  type PocSkip,
  readPocHeader,
} from './defihacklabs.js';
