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
export { darklistCategory, type DarklistRow, threatDataset, threatEntriesFromDarklist, type ThreatEntry } from './darklist.js';
export * from './known-tokens.js';
