import type { ExposureFinding, RiskEvidence } from '@paysight/contracts';
import type { ExposureDetector } from '../context.js';
import { buildExposure } from '../evidence-items.js';
import { interactionsWith, isSubjectItself, mixerParties, sanctionedParties, threatParties, type ListedParty } from '../listed-counterparties.js';
import { threatDealings } from './threats.js';

/**
 * Listed addresses (sanctions, mixers, threats) the wallet never dealt with by its own act, but that
 * sent it value, emitted transfers involving it, or (for a contract) called it. Once the wallet has
 * dealt with an address by its own act, the flag cites the whole relationship and it is not repeated here.
 */
export const listedExposure: ExposureDetector = (context): ExposureFinding[] => {
  const sanctioned = sanctionedParties(context);
  const mixers = mixerParties(context);
  const dealtWith = new Set<string>([
    ...[...sanctioned, ...mixers].filter((p) => interactionsWith(context, p).acts.length > 0).map((p) => p.address.toLowerCase()),
    ...threatDealings(context).map((d) => d.party.address.toLowerCase()),
  ]);
  const parties = [...sanctioned, ...mixers, ...threatParties(context)].filter((p) => !isSubjectItself(context, p.address) && !dealtWith.has(p.address.toLowerCase()));

  const contact: RiskEvidence[] = [];
  const served: RiskEvidence[] = [];
  const contactParties = new Map<string, ListedParty>();
  const servedParties = new Map<string, ListedParty>();
  for (const party of parties) {
    const interactions = interactionsWith(context, party);
    // Value a listed threat address pulled out of the wallet is drained_by_listed_drainer.
    const inflicted = interactions.inflicted.filter((i) => !(party.list === 'threat' && i.agency === 'pulled'));
    if (inflicted.length) {
      contact.push(...party.listing, ...inflicted.map((i) => i.item));
      contactParties.set(party.address.toLowerCase(), party);
    }
    if (interactions.served.length) {
      served.push(...party.listing, ...interactions.served.map((i) => i.item));
      servedParties.set(party.address.toLowerCase(), party);
    }
  }
  const names = (m: Map<string, ListedParty>) => [...m.values()].map((p) => `${p.address} (${p.label})`).join('; ');
  const out: ExposureFinding[] = [];
  if (contact.length) {
    out.push(
      buildExposure(
        'unsolicited_listed_contact',
        `Listed addresses appear in the wallet's history without any act of the wallet: ${names(contactParties)}. Anyone can send value to an address, and zero-value transferFrom calls or spoofed Transfer events cost the wallet nothing, so these do not raise its risk score.`,
        contact,
        ['A transfer whose transaction sender is unknown (not indexed and not looked up) is reported here, not as the wallet\'s act.'],
      ),
    );
  }
  if (served.length) {
    out.push(
      buildExposure(
        'serves_listed_callers',
        `Listed addresses used this ${context.subject.type} as callers: ${names(servedParties)}. A contract serves whoever calls it; this is who it serves, not what it did.`,
        served,
        ['Callers are seen in the indexed transactions and movements read, within their bounds.'],
      ),
    );
  }
  return out;
};
