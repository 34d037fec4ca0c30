import { MOR_ISSUE_CODES, MOR_PROCESSOR_KINDS, MOR_ROLES, MOR_ROLE_RULES, type CatalogEntryOf, type MorIssueCode, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { groupBy } from '../../shared/group-by.js';
import { x402Answer } from '../answer.js';
import { pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_merchant_of_record_boundary_explainer'>;
export type MorExplainerInput = RequestOf<Entry>;
export type MorExplainerResult = ResultOf<Entry>;
type Decision = MorExplainerResult['decision'];
type Party = MorExplainerInput['parties'][number];
type Row = MorExplainerResult['role_table'][number];
type Issue = MorExplainerResult['issues'][number] & { order: number };

const ISSUE_RANK: ReadonlyMap<string, number> = new Map(MOR_ISSUE_CODES.map((code, i) => [code, i]));
/** Case-folded for comparison: compatibility-normalized, lowercased, inner whitespace collapsed. */
const fold = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** One row per role; a role left out is the funds recipient's, marked not stated. */
function roleTable(input: MorExplainerInput, parties: ReadonlyMap<string, Party>, disclosed: ReadonlySet<string> | null): Row[] {
  return MOR_ROLES.map((role) => {
    const stated = input.roles[role];
    const partyId = stated ?? input.roles.funds_recipient;
    const party = parties.get(partyId);
    return { role, party_id: partyId, label: party?.label ?? null, kind: party?.kind ?? null, disclosed: disclosed ? disclosed.has(partyId) : null, stated: stated !== undefined };
  });
}

function issuesOf(input: MorExplainerInput, rows: readonly Row[], funds: Party | undefined, disclosed: ReadonlySet<string> | null, parties: ReadonlyMap<string, Party>): Issue[] {
  const issues: Issue[] = [];
  const add = (code: MorIssueCode, detail: string, order = 0) => issues.push({ code, detail, order });
  if (funds && MOR_PROCESSOR_KINDS.includes(funds.kind)) add('processor_holds_funds', `${funds.party_id} (${funds.kind}) receives the funds; in x402 payTo is normally the seller`);
  rows.forEach((row, i) => {
    if (row.stated && row.label === null) add('unknown_party', `${pointer('roles', row.role)}: ${row.party_id} is not among the parties`, i);
  });
  (input.disclosed_to_buyer ?? []).forEach((id, i) => {
    if (!parties.has(id)) add('unknown_party', `${pointer('disclosed_to_buyer', i)}: ${id} is not among the parties`, MOR_ROLES.length + i);
  });
  if (disclosed) {
    const undisclosed = groupBy(rows.filter((row) => !row.disclosed && row.label !== null), (row) => row.party_id);
    [...undisclosed].forEach(([id, held], i) => add('undisclosed_role_holder', `${id} holds ${held.map((row) => row.role).join(', ')} but is not in disclosed_to_buyer`, i));
  }
  if (funds && input.cart_merchant_name !== undefined && fold(input.cart_merchant_name) !== fold(funds.label)) {
    add('merchant_name_mismatch', `the cart names "${input.cart_merchant_name}", the funds go to ${funds.party_id} "${funds.label}"`);
  }
  for (const rule of MOR_ROLE_RULES) {
    const holder = input.roles[rule.role];
    if (rule.splitCode !== null && holder !== undefined && holder !== input.roles.funds_recipient) {
      add(rule.splitCode as MorIssueCode, `${pointer('roles', rule.role)} is ${holder}, the funds go to ${input.roles.funds_recipient}`);
    }
  }
  return issues.sort((a, b) => ISSUE_RANK.get(a.code)! - ISSUE_RANK.get(b.code)! || a.order - b.order);
}

/** Whether the funds recipient holds every role a rule marks with `key` (roles left out count as its own). */
const holdsAll = (input: MorExplainerInput, key: 'clear' | 'single') => MOR_ROLE_RULES.filter((r) => r[key]).every((r) => (input.roles[r.role] ?? input.roles.funds_recipient) === input.roles.funds_recipient);

const NEXT_ACTION: Record<Decision, string> = {
  undetermined: 'Name the party that receives the funds (the x402 payTo) among the parties, then explain again.',
  single_clear_mor: 'One party holds funds, receipt, terms and refunds: direct disputes, refunds and receipts to it.',
  platform_mor: 'The disclosed intermediary is the merchant of record: send refunds and disputes to it, not to the underlying seller.',
  split_roles: 'Before paying, ask who refunds and whose terms apply; make the checkout name the funds recipient and disclose every role holder.',
};

export function analyzeMerchantOfRecord(input: MorExplainerInput): ToolOutput<MorExplainerResult> {
  const parties = new Map(input.parties.map((p) => [p.party_id, p]));
  const disclosed = input.disclosed_to_buyer ? new Set(input.disclosed_to_buyer) : null;
  const funds = parties.get(input.roles.funds_recipient);
  const rows = roleTable(input, parties, disclosed);
  const issues = issuesOf(input, rows, funds, disclosed, parties);
  const clear = funds !== undefined && holdsAll(input, 'clear');
  const decision: Decision =
    funds === undefined ? 'undetermined' : holdsAll(input, 'single') ? 'single_clear_mor' : clear && funds.kind !== 'seller' && disclosed?.has(funds.party_id) ? 'platform_mor' : 'split_roles';

  const flags = new Set<string>(issues.map((i) => i.code));
  const allStated = rows.every((r) => r.stated);
  if (!allStated) flags.add('roles_assumed');
  if (!disclosed) flags.add('disclosure_unknown');
  const limitations = ['A role table from the caller\'s statement of who does what; no legal determination of the merchant of record, and nothing is checked on chain or in contracts.'];
  if (!allStated) limitations.push(`Roles left out were taken to be the funds recipient's: ${rows.filter((r) => !r.stated).map((r) => r.role).join(', ')}.`);
  if (!disclosed) limitations.push('disclosed_to_buyer was not given: disclosure was not judged, and no intermediary could be shown to be a disclosed merchant of record.');
  const holder = funds ? `${funds.party_id} "${funds.label}" (${funds.kind})` : `${input.roles.funds_recipient} (not among the parties)`;
  return x402Answer(
    {
      decision,
      confidence: allStated ? 'high' : 'medium',
      summary: `${input.parties.length} party(ies); funds go to ${holder}${funds ? `, ${clear ? 'a clear' : 'not a clear'} merchant of record` : ''}; ${issues.length} issue(s)${issues.length ? `: ${[...new Set(issues.map((i) => i.code))].join(', ')}` : ''} (${decision}).`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    {
      role_table: rows,
      mor_candidate: funds ? { party_id: funds.party_id, label: funds.label, kind: funds.kind, clear } : null,
      issues: issues.map(({ code, detail }) => ({ code, detail })),
    },
  );
}
