import type { RiskEvidence } from '@paysight/contracts';
import { MIXERS, SDN_ADDRESSES, THREAT_ADDRESSES, type ThreatCategory } from '@paysight/datasets';
import type { Address } from 'viem';
import { classifyAccountCode } from '../shared/account-code.js';
import type { ActivityView } from '../wallet/evidence/activity-view.js';
import type { Movement } from '../wallet/evidence/movements.js';
import { AGENCY_TEXT, approvalIsOwn, movementAgency, SUBJECT_ACTS, type MovementAgency } from './agency.js';
import { sameAddress, type RiskContext } from './context.js';
import { servesCallers, type CodeSource } from './subject.js';
import { datasetEvidence, describeMovement, movementEvidence } from './evidence-items.js';

/** An address on one of the shipped lists (or the sanctions oracle), with the evidence of its listing. */
export interface ListedParty {
  address: Address;
  list: 'sanctions' | 'mixer' | 'threat';
  label: string;
  category: ThreatCategory | null;
  listing: RiskEvidence[];
}

/** One interaction with a listed address: a movement, a call, or an approval. */
export interface Interaction {
  agency: MovementAgency | 'call' | 'approval' | 'delegation';
  movement: Movement | null;
  item: RiskEvidence;
}

/**
 * The interactions with one listed address, split by who acted: `acts` are the subject's own (they may
 * raise its score), `served` are callers using the subject's code, `inflicted` is what others did to it.
 */
export interface Interactions {
  acts: Interaction[];
  served: Interaction[];
  inflicted: Interaction[];
}

/** Every address the wallet dealt with (movements, indexed transactions, approval spenders, its EIP-7702 delegate), the wallet itself, and the code it runs (a proxy's implementation and beacon). */
export function addressesInView({ activity, proxy }: Pick<RiskContext, 'activity' | 'proxy'>): Address[] {
  const { evidence } = activity;
  const all = [
    evidence.address,
    ...(proxy?.sources.map((s) => s.address) ?? []),
    classifyAccountCode(evidence.snapshot.code).delegatedTo,
    ...activity.movements.map((m) => m.counterparty),
    ...activity.transactions().flatMap((t) => [t.from, t.to ?? null]),
    ...evidence.approvals.states.map((s) => s.spender),
  ];
  return [...new Map(all.flatMap((a) => (a ? [[a.toLowerCase(), a] as const] : []))).values()];
}

/** The code source behind an address, when the subject runs that address's code. */
const codeSourceAt = ({ proxy }: Pick<RiskContext, 'proxy'>, address: string): CodeSource | null => proxy?.sources.find((s) => sameAddress(s.address, address)) ?? null;

/** The subject itself, or code it runs: a listing of it is a fact about the subject, never a counterparty. */
export const isSubjectItself = (context: Pick<RiskContext, 'evidence' | 'proxy'>, address: string) => sameAddress(address, context.evidence.address) || codeSourceAt(context, address) !== null;

/** A listing of the subject or of the code it runs, with its evidence: the listing, and for code, how the subject runs it. */
export interface OwnListing {
  party: ListedParty;
  source: CodeSource | null;
  evidence: RiskEvidence[];
}

export function ownListings(context: Pick<RiskContext, 'evidence' | 'proxy'>, parties: readonly ListedParty[]): OwnListing[] {
  return parties
    .filter((p) => isSubjectItself(context, p.address))
    .map((party) => {
      const source = sameAddress(party.address, context.evidence.address) ? null : codeSourceAt(context, party.address);
      return { party, source, evidence: [...party.listing, ...(source ? [source.evidence] : [])] };
    });
}

/** Who is listed, in words: the wallet itself, or the code it runs. */
export function ownListingSubject({ party, source }: OwnListing): string {
  if (!source) return 'The wallet itself';
  return source.role === 'implementation' ? `Its implementation ${party.address} (the code it runs)` : `Its beacon ${party.address} (which names the code it runs)`;
}

/** What a listing check could not see of a proxy: the code it runs, when its implementation is not readable. */
export function unreadCodeLimits({ proxy }: Pick<RiskContext, 'proxy'>): string[] {
  if (!proxy || proxy.sources.some((s) => s.role === 'implementation')) return [];
  const beacon = proxy.sources.find((s) => s.role === 'beacon');
  return [
    `The subject is a proxy (${proxy.kind}) whose implementation is not readable (no implementation() getter answered and no Upgraded event is in the window; the chain source has no storage reads): the code it runs was not checked against the sanctions and threat lists${beacon ? `, only its beacon ${beacon.address}` : ''}.`,
  ];
}

export function sanctionedParties(context: RiskContext): ListedParty[] {
  const parties = new Map<string, ListedParty>();
  const add = (address: Address, label: string, item: RiskEvidence) => {
    const party = parties.get(address.toLowerCase()) ?? { address, list: 'sanctions' as const, label, category: null, listing: [] };
    party.listing.push(item);
    parties.set(address.toLowerCase(), party);
  };
  const { evidence } = context;
  for (const address of addressesInView(context)) {
    const entry = SDN_ADDRESSES.find(evidence.chain, address);
    if (entry) add(address, `OFAC SDN: ${entry.label}`, datasetEvidence(SDN_ADDRESSES, entry, `${address} appears in the OFAC SDN snapshot of ${SDN_ADDRESSES.header.snapshotDate} under ${entry.label}.`));
  }
  const oracle = evidence.sanctionsOracle;
  for (const address of oracle?.listed ?? []) {
    add(address, 'listed by the sanctions oracle', {
      kind: 'contract_state',
      address: oracle!.address,
      blockNumber: evidence.snapshot.head.number.toString(),
      detail: `The sanctions oracle ${oracle!.address} answered isSanctioned(${address}) = true at the head block.`,
    });
  }
  return [...parties.values()];
}

export function mixerParties(context: RiskContext): ListedParty[] {
  return addressesInView(context).flatMap((address) => {
    const entry = MIXERS.find(context.evidence.chain, address);
    return entry && !isSubjectItself(context, address) ? [{ address, list: 'mixer' as const, label: entry.label, category: null, listing: [datasetEvidence(MIXERS, entry, `${address} is listed as ${entry.label}.`)] }] : [];
  });
}

export function threatParties(context: RiskContext): ListedParty[] {
  return addressesInView(context).flatMap((address) => {
    const entry = THREAT_ADDRESSES.find(context.evidence.chain, address);
    if (!entry) return [];
    const detail = `${address} is listed as ${entry.category} (${entry.label}), source: ${entry.source}.`;
    return [{ address, list: 'threat' as const, label: entry.label, category: entry.category, listing: [datasetEvidence(THREAT_ADDRESSES, entry, detail)] }];
  });
}

/** The approvals of this spender that are the subject's act (see approvalIsOwn). */
function ownApprovalsTo(activity: ActivityView, spender: Address) {
  return activity.evidence.approvals.events.filter((e) => sameAddress(e.spender, spender) && e.value > 0n && approvalIsOwn(activity, e));
}

function movementDetail(activity: ActivityView, m: Movement, agency: MovementAgency, label: string): string {
  const sender = activity.parties(m.transactionHash)?.from;
  const via = sender && !sameAddress(sender, activity.wallet) ? `, in a transaction sent by ${sender}${agency === 'withdrawal' ? ' (a relayer)' : ''}` : '';
  return `${describeMovement(m, activity.formatAmount(m))} (${label})${via}: ${AGENCY_TEXT[agency]}.`;
}

/**
 * The movements, calls, approvals and EIP-7702 delegation between the subject and one listed address, each with who acted.
 * Value pulled out of the subject counts as its act only when it had approved the listed address itself.
 * For a token or a router (servesCallers), nothing it does at a caller's request is its own act.
 */
export function interactionsWith({ activity, codeActs, subject }: RiskContext, party: ListedParty): Interactions {
  const out: Interactions = { acts: [], served: [], inflicted: [] };
  const approved = ownApprovalsTo(activity, party.address);
  const serving = servesCallers(subject);
  const put = (interaction: Interaction, act: boolean) => (act ? (serving ? out.served : out.acts) : interaction.agency === 'served' ? out.served : out.inflicted).push(interaction);
  const cited = new Set<string>();
  for (const m of activity.movements) {
    if (m.direction === 'self' || !sameAddress(m.counterparty, party.address)) continue;
    const agency = movementAgency(activity, m, codeActs);
    cited.add(m.transactionHash.toLowerCase());
    const act = SUBJECT_ACTS.has(agency) || (agency === 'pulled' && approved.length > 0);
    put({ agency, movement: m, item: movementEvidence(m, movementDetail(activity, m, agency, party.label)) }, act);
  }
  for (const t of activity.transactions()) {
    if (cited.has(t.hash.toLowerCase())) continue;
    const fromSubject = sameAddress(t.from, activity.wallet) && sameAddress(t.to, party.address);
    const fromParty = sameAddress(t.from, party.address) && sameAddress(t.to, activity.wallet);
    if (!fromSubject && !(fromParty && codeActs)) continue;
    const item: RiskEvidence = { kind: 'transaction', transactionHash: t.hash, blockNumber: t.blockNumber.toString(), address: party.address, detail: fromSubject ? `Call to ${party.address} (${party.label}) sent by the wallet.` : `Call from ${party.address} (${party.label}) to the contract: a caller using it.` };
    put({ agency: fromSubject ? 'call' : 'served', movement: null, item }, fromSubject);
  }
  if (subject.delegate && sameAddress(subject.delegate, party.address)) {
    const item: RiskEvidence = { kind: 'contract_code', address: activity.wallet, blockNumber: activity.evidence.snapshot.head.number.toString(), detail: `The account delegates its code to ${party.address} (${party.label}) through an EIP-7702 authorization signed with its key.` };
    put({ agency: 'delegation', movement: null, item }, true);
  }
  for (const e of approved) {
    put({ agency: 'approval', movement: null, item: { kind: 'log', transactionHash: e.transactionHash, logIndex: e.logIndex, blockNumber: e.blockNumber.toString(), address: party.address, detail: `The wallet approved ${party.address} (${party.label}) as a spender of ${e.token}.` } }, true);
  }
  return out;
}

/** Inflicted interactions cited beside the acts of a flag, marked as not the wallet's act: the whole relationship in one place. */
export function contextItems(interactions: Pick<Interactions, 'inflicted'>): RiskEvidence[] {
  return interactions.inflicted.map((i) => ({ ...i.item, detail: `Also (not the wallet's act, not scored on its own): ${i.item.detail}` }));
}
