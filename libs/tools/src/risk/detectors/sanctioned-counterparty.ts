import type { RiskEvidence } from '@paysight/contracts';
import type { Address } from 'viem';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import { sameAddress, type Detector } from '../context.js';
import { SANCTIONS_ORACLES, SDN_ADDRESSES } from '@paysight/datasets';
import { buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';

/** Every address the wallet dealt with (movements, indexed transactions, approval spenders), and the wallet itself. */
function addressesInView(activity: ActivityView): Address[] {
  const { evidence } = activity;
  const all = [
    evidence.address,
    ...activity.movements.map((m) => m.counterparty),
    ...activity.transactions().flatMap((t) => [t.from, t.to ?? null]),
    ...evidence.approvals.states.map((s) => s.spender),
  ];
  return [...new Map(all.flatMap((a) => (a ? [[a.toLowerCase(), a] as const] : []))).values()];
}

function interactionEvidence(activity: ActivityView, address: Address): RiskEvidence[] {
  if (sameAddress(address, activity.wallet)) return [];
  const moves = activity.movementsWith(address).slice(0, 3);
  if (moves.length) return moves.map((m) => movementEvidence(m, `Interaction with the listed address: ${describeMovement(m, activity.formatAmount(m))}.`));
  return activity
    .transactionsWith(address)
    .slice(0, 3)
    .map((t) => ({ kind: 'transaction' as const, transactionHash: t.hash, blockNumber: t.blockNumber.toString(), address, detail: `Transaction between the wallet and the listed address.` }));
}

export const detectSanctionedCounterparty: Detector = ({ evidence, activity }) => {
  const oracle = evidence.sanctionsOracle;
  const hits = new Map<string, { address: Address; items: RiskEvidence[] }>();
  const hit = (address: Address, item: RiskEvidence) => {
    const entry = hits.get(address.toLowerCase()) ?? { address, items: [] };
    entry.items.push(item);
    hits.set(address.toLowerCase(), entry);
  };
  for (const address of addressesInView(activity)) {
    const entry = SDN_ADDRESSES.find(evidence.chain, address);
    if (entry) hit(address, datasetEvidence(SDN_ADDRESSES, entry, `${address} appears in the OFAC SDN snapshot of ${SDN_ADDRESSES.header.snapshotDate} under ${entry.label}.`));
  }
  for (const address of oracle?.listed ?? []) {
    hit(address, {
      kind: 'contract_state',
      address: oracle!.address,
      blockNumber: evidence.snapshot.head.number.toString(),
      detail: `The sanctions oracle ${oracle!.address} answered isSanctioned(${address}) = true at the head block.`,
    });
  }
  if (!hits.size) return [];

  const items = [...hits.values()].flatMap((h) => [...h.items, ...interactionEvidence(activity, h.address)]);
  const self = hits.has(evidence.address.toLowerCase());
  const others = [...hits.values()].filter((h) => !sameAddress(h.address, evidence.address)).map((h) => h.address);
  const explanation = [
    ...(self ? ['The wallet itself is on a sanctions list.'] : []),
    ...(others.length ? [`The wallet dealt directly with ${others.length} address(es) on a sanctions list: ${others.join(', ')}.`] : []),
    'This is a heuristic risk signal from public lists, never a sanctions determination.',
  ].join(' ');
  return [
    buildFlag(
      'sanctioned_counterparty',
      explanation,
      items,
      [
        `The SDN snapshot is dated ${SDN_ADDRESSES.header.snapshotDate}${SDN_ADDRESSES.header.complete ? '' : ' and is a partial seed, not the whole list'}.`,
        oracle?.deployed
          ? `The sanctions oracle was asked about ${oracle.checked.length} address(es).`
          : `The sanctions oracle ${SANCTIONS_ORACLES.onChain(evidence.chain).length ? 'has no code on this chain' : 'is not deployed on this chain'}; only the SDN snapshot was used.`,
        'Only direct counterparties are checked (one hop).',
      ],
    ),
  ];
};
