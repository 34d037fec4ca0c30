import type { RiskEvidence } from '@paysight/contracts';
import { SANCTIONS_ORACLES, SDN_ADDRESSES } from '@paysight/datasets';
import type { Detector, RiskContext } from '../context.js';
import { buildFlag } from '../evidence-items.js';
import { contextItems, interactionsWith, isSubjectItself, ownListings, ownListingSubject, sanctionedParties, unreadCodeLimits } from '../listed-counterparties.js';

export function sanctionsLimits({ evidence }: RiskContext): string[] {
  const oracle = evidence.sanctionsOracle;
  return [
    `The SDN snapshot is dated ${SDN_ADDRESSES.header.snapshotDate}${SDN_ADDRESSES.header.complete ? '' : ' and is a partial seed, not the whole list'}.`,
    oracle?.deployed
      ? `The sanctions oracle was asked about ${oracle.checked.length} address(es).`
      : `The sanctions oracle ${SANCTIONS_ORACLES.onChain(evidence.chain).length ? 'has no code on this chain' : 'is not deployed on this chain'}; only the SDN snapshot was used.`,
    'Only direct counterparties are checked (one hop).',
  ];
}

/**
 * The wallet is listed (or the code it runs: a proxy's implementation or beacon), or it dealt with a
 * listed address by its own act (sent value, called, approved, or received value in a transaction it
 * sent). What listed addresses did to it goes to exposure.
 */
export const detectSanctionedCounterparty: Detector = (context) => {
  const parties = sanctionedParties(context);
  const own = ownListings(context, parties);
  const dealt = parties.filter((p) => !isSubjectItself(context, p.address)).map((p) => ({ party: p, interactions: interactionsWith(context, p) })).filter((d) => d.interactions.acts.length > 0);
  if (!own.length && !dealt.length) return [];

  const items: RiskEvidence[] = [
    ...own.flatMap((o) => o.evidence),
    ...dealt.flatMap(({ party, interactions }) => [...party.listing, ...interactions.acts.map((i) => i.item), ...contextItems(interactions)]),
  ];
  const explanation = [
    ...own.map((o) => `${ownListingSubject(o)} is on a sanctions list.`),
    ...(dealt.length ? [`The wallet itself sent value to, called, approved or took value from ${dealt.length} address(es) on a sanctions list: ${dealt.map((d) => d.party.address).join(', ')}.`] : []),
    'This is a heuristic risk signal from public lists, never a sanctions determination.',
  ].join(' ');
  return [
    buildFlag('sanctioned_counterparty', explanation, items, [
      ...sanctionsLimits(context),
      'Transfers a listed address sent the wallet unasked, and spoofed or zero-value events, are reported as exposure and do not raise this flag.',
      ...unreadCodeLimits(context),
    ]),
  ];
};
