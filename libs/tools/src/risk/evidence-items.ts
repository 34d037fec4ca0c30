import type { ExposureFinding, ExposureId, RiskEvidence, RiskFlag, RiskFlagId } from '@paysight/contracts';
import type { Movement } from '../wallet/evidence/movements.js';
import type { AddressDataset, DatasetEntry } from '@paysight/datasets';
import { EXPOSURE_TITLES, RISK_FLAG_DEFINITIONS } from './flag-catalog.js';

/** Evidence items listed per flag; the rest are counted in the flag's limits. */
export const MAX_EVIDENCE_ITEMS = 12;

function bounded(evidence: RiskEvidence[], limits: string[]): { evidence: RiskEvidence[]; limits: string[] } {
  const shown = evidence.slice(0, MAX_EVIDENCE_ITEMS);
  const more = evidence.length - shown.length;
  return { evidence: shown, limits: more > 0 ? [...limits, `${more} more evidence item(s) are not listed.`] : limits };
}

export function buildFlag(id: RiskFlagId, explanation: string, evidence: RiskEvidence[], limits: string[]): RiskFlag {
  const { title, severity, weight } = RISK_FLAG_DEFINITIONS[id];
  return { id, title, severity, weight, explanation, ...bounded(evidence, limits) };
}

export function buildExposure(id: ExposureId, explanation: string, evidence: RiskEvidence[], limits: string[]): ExposureFinding {
  return { id, title: EXPOSURE_TITLES[id], explanation, ...bounded(evidence, limits) };
}

/** A movement as evidence: its log when it has one, else its transaction. */
export function movementEvidence(m: Movement, detail: string): RiskEvidence {
  return {
    kind: m.logIndex === null ? 'transaction' : 'log',
    transactionHash: m.transactionHash,
    ...(m.logIndex === null ? {} : { logIndex: m.logIndex }),
    blockNumber: m.blockNumber.toString(),
    address: m.counterparty,
    detail,
  };
}

export function datasetEvidence(dataset: AddressDataset<object>, entry: DatasetEntry, detail: string): RiskEvidence {
  return { kind: 'dataset', address: entry.address, dataset: dataset.cite(entry), detail };
}

/** A human description of a movement: "in 0.1 ETH (internal) from 0xabc…". */
export function describeMovement(m: Movement, amount: string): string {
  const via = m.kind === 'internal' ? ' (internal transfer)' : m.kind === 'native' ? '' : ` (${m.kind.toUpperCase()})`;
  if (m.direction === 'in') return `received ${amount}${via} from ${m.counterparty}`;
  if (m.direction === 'out') return `sent ${amount}${via} to ${m.counterparty}`;
  return `moved ${amount}${via} to itself`;
}
