import type { RiskEvidence } from '@paysight/contracts';
import type { Detector } from '../context.js';
import { MIXERS } from '@paysight/datasets';
import { buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';

export const detectMixerInteraction: Detector = ({ evidence, activity }) => {
  const items: RiskEvidence[] = [];
  const pools = new Map<string, string>();
  let deposits = 0;
  let withdrawals = 0;
  const cited = new Set<string>();
  for (const m of activity.movements) {
    const mixer = MIXERS.find(evidence.chain, m.counterparty);
    if (!mixer || m.direction === 'self') continue;
    pools.set(mixer.address.toLowerCase(), mixer.label);
    if (m.direction === 'out') deposits++;
    else withdrawals++;
    cited.add(m.transactionHash.toLowerCase());
    const role = m.direction === 'out' ? 'Deposit' : 'Withdrawal';
    const sender = activity.parties(m.transactionHash)?.from;
    const via = sender && sender.toLowerCase() !== evidence.address.toLowerCase() ? `, in a transaction sent by ${sender} (a relayer)` : '';
    items.push({ ...movementEvidence(m, `${role}: ${describeMovement(m, activity.formatAmount(m))} (${mixer.label})${via}.`), dataset: MIXERS.cite(mixer) });
  }
  // Calls without value (a withdrawal the wallet submits itself, a router deposit of tokens) count too.
  for (const t of activity.transactions()) {
    const mixer = t.to ? MIXERS.find(evidence.chain, t.to) : undefined;
    if (!mixer || cited.has(t.hash.toLowerCase()) || t.from.toLowerCase() !== evidence.address.toLowerCase()) continue;
    pools.set(mixer.address.toLowerCase(), mixer.label);
    items.push({ kind: 'transaction', transactionHash: t.hash, blockNumber: t.blockNumber.toString(), address: mixer.address, dataset: MIXERS.cite(mixer), detail: `Call to ${mixer.label} sent by the wallet.` });
  }
  if (!items.length) return [];
  const listed = [...pools.keys()].map((a) => MIXERS.find(evidence.chain, a)!);
  return [
    buildFlag(
      'mixer_interaction',
      `The wallet interacted with ${[...new Set(pools.values())].join(', ')}: ${deposits} deposit(s) and ${withdrawals} withdrawal(s). Mixers break the link between sender and recipient, so the source or destination of these funds cannot be traced. Tornado Cash is no longer on the SDN list (since 2025-03-21): this is a risk signal, not a sanctions hit.`,
      [...items, ...listed.map((entry) => datasetEvidence(MIXERS, entry, `${entry.address} is listed as ${entry.label}.`))],
      [
        `Only the ${MIXERS.onChain(evidence.chain).length} mixer and privacy-pool contracts the shipped list (${MIXERS.header.snapshotDate}) places on ${evidence.chain} are known.`,
        'Withdrawals arrive as internal transfers: without indexed internal transfers they are not seen.',
        'Only direct interaction is checked, not funds that passed through a mixer one hop away.',
      ],
    ),
  ];
};
