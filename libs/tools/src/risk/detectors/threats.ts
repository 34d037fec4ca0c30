import type { ExposureFinding, RiskEvidence } from '@paysight/contracts';
import { THREAT_ADDRESSES } from '@paysight/datasets';
import { movementAgency } from '../agency.js';
import type { Detector, ExposureDetector, RiskContext } from '../context.js';
import { buildExposure, buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';
import { contextItems, interactionsWith, isSubjectItself, ownListings, ownListingSubject, threatParties, unreadCodeLimits, type Interactions, type ListedParty } from '../listed-counterparties.js';

function threatLimits(): string[] {
  return [
    `The threat list (${THREAT_ADDRESSES.header.id}, ${THREAT_ADDRESSES.header.snapshotDate}) has ${THREAT_ADDRESSES.entries.length} entr${THREAT_ADDRESSES.entries.length === 1 ? 'y' : 'ies'}${THREAT_ADDRESSES.header.complete ? '' : ' and is not complete'}; an address missing from it is not known to be safe.`,
    'Labels come from open sources (named in each dataset entry); they are not verified here.',
  ];
}

/** The wallet itself is listed, or the code it runs is (a proxy's implementation or beacon). */
export const detectListedThreat: Detector = (context) => {
  const own = ownListings(context, threatParties(context));
  if (!own.length) return [];
  return [
    buildFlag(
      'listed_threat',
      own.map((o) => `${ownListingSubject(o)} is listed as a ${o.party.category} address: ${o.party.label}.`).join(' '),
      own.flatMap((o) => o.evidence),
      [...threatLimits(), ...unreadCodeLimits(context)],
    ),
  ];
};

/** Threat addresses the wallet dealt with by its own act; value they pulled out and approvals are left to their own findings. */
export function threatDealings(context: RiskContext): { party: ListedParty; interactions: Interactions; acts: Interactions['acts'] }[] {
  return threatParties(context)
    .filter((p) => !isSubjectItself(context, p.address))
    .map((party) => {
      const interactions = interactionsWith(context, party);
      return { party, interactions, acts: interactions.acts.filter((a) => a.agency !== 'pulled' && a.agency !== 'approval') };
    })
    .filter((d) => d.acts.length > 0);
}

/**
 * The wallet sent value to, called, or took value from a listed threat address in its own transactions.
 * Value a listed address pulled out of the wallet is exposure (drained_by_listed_drainer); live
 * approvals are approval_to_threat.
 */
export const detectThreatCounterparty: Detector = (context) => {
  const dealt = threatDealings(context);
  if (!dealt.length) return [];
  return [
    buildFlag(
      'threat_counterparty',
      `The wallet itself dealt with ${dealt.length} listed threat address(es): ${dealt.map((d) => `${d.party.address} (${d.party.category}: ${d.party.label})`).join('; ')}. Paying a drainer or phishing address means the owner was deceived or is complicit; taking value from an exploiter may be handling stolen funds.`,
      dealt.flatMap((d) => [...d.party.listing, ...d.acts.map((a) => a.item), ...contextItems(d.interactions)]),
      [...threatLimits(), 'Only direct counterparties are checked (one hop).'],
    ),
  ];
};

/** Value a listed threat address pulled out of the wallet (transferFrom in its own transaction, or to it). */
export const drainedExposure: ExposureDetector = (context): ExposureFinding[] => {
  const { evidence, activity, codeActs } = context;
  const items: RiskEvidence[] = [];
  const drainers = new Set<string>();
  for (const m of activity.movements) {
    if (m.direction !== 'out' || movementAgency(activity, m, codeActs) !== 'pulled') continue;
    const sender = activity.parties(m.transactionHash)?.from ?? null;
    const entry = THREAT_ADDRESSES.find(evidence.chain, m.counterparty) ?? (sender ? THREAT_ADDRESSES.find(evidence.chain, sender) : undefined);
    if (!entry) continue;
    drainers.add(entry.address);
    items.push(movementEvidence(m, `Pulled out of the wallet in a transaction sent by ${sender}: ${describeMovement(m, activity.formatAmount(m))}; ${entry.address} is listed as ${entry.category} (${entry.label}).`));
  }
  if (!items.length) return [];
  const listing = [...drainers].map((a) => THREAT_ADDRESSES.find(evidence.chain, a)!).map((e) => datasetEvidence(THREAT_ADDRESSES, e, `${e.address} is listed as ${e.category} (${e.label}), source: ${e.source}.`));
  return [
    buildExposure(
      'drained_by_listed_drainer',
      `${items.length} transfer(s) out of the wallet were made by listed threat address(es) (${[...drainers].join(', ')}), not by the wallet: it is a victim. The approval that allowed it was the wallet's act; while such an approval is live to a listed drainer, phisher or exploiter, approval_to_threat is raised.`,
      [...listing, ...items],
      threatLimits(),
    ),
  ];
};
