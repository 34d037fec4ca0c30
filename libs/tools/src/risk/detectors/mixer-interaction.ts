import type { Detector } from '../context.js';
import { MIXERS } from '@paysight/datasets';
import { buildFlag } from '../evidence-items.js';
import { contextItems, interactionsWith, mixerParties } from '../listed-counterparties.js';

/**
 * Deposits the wallet made, calls it sent, and withdrawals paid to it by the holder of the deposit
 * note (itself, or through a relayer: the note holder chooses the recipient). A pool's payment to the
 * wallet in a call that was not a withdrawal, and dust, are exposure.
 */
export const detectMixerInteraction: Detector = (context) => {
  const dealt = mixerParties(context)
    .map((party) => ({ party, interactions: interactionsWith(context, party) }))
    .filter((d) => d.interactions.acts.length > 0);
  if (!dealt.length) return [];
  const acts = dealt.flatMap((d) => d.interactions.acts.map((a) => ({ ...a, party: d.party })));
  const deposits = acts.filter((a) => a.movement?.direction === 'out').length;
  const withdrawals = acts.filter((a) => a.movement?.direction === 'in').length;
  const calls = acts.length - deposits - withdrawals;
  const cite = (a: (typeof acts)[number]) => ({ ...a.item, dataset: MIXERS.cite(MIXERS.find(context.evidence.chain, a.party.address)!) });
  return [
    buildFlag(
      'mixer_interaction',
      `The wallet interacted with ${[...new Set(dealt.map((d) => d.party.label))].join(', ')} by its own act: ${deposits} deposit(s), ${withdrawals} withdrawal(s) paid to it${calls ? ` and ${calls} other call(s)` : ''}. Mixers break the link between sender and recipient, so the source or destination of these funds cannot be traced. Tornado Cash is no longer on the SDN list (since 2025-03-21): this is a risk signal, not a sanctions hit.`,
      [...acts.map(cite), ...dealt.flatMap((d) => [...d.party.listing, ...contextItems(d.interactions)])],
      [
        `Only the ${MIXERS.onChain(context.evidence.chain).length} mixer and privacy-pool contracts the shipped list (${MIXERS.header.snapshotDate}) places on ${context.evidence.chain} are known.`,
        'Withdrawals arrive as internal transfers: without indexed internal transfers they are not seen.',
        'A withdrawal through a relayer counts as the wallet\'s act because only the deposit note\'s holder can make it; a note holder can still send a withdrawal to a stranger\'s address (as was done to public figures in August 2022), which no on-chain data tells apart.',
        'Only direct interaction is checked, not funds that passed through a mixer one hop away.',
      ],
    ),
  ];
};
