import type { ReportSection } from '@paysight/contracts';
import type { Address } from 'viem';
import { classifyAccountCode } from '../../../shared/account-code.js';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import type { ActivityView } from '../../evidence/activity-view.js';
import type { ContractFacts } from '../../evidence/data.js';
import { addressLabel, tallyCounterparties } from '../flows.js';
import { percent } from '../money.js';
import { finding, type Finding, type SectionBuilder } from './section.js';

const TOP_CONTRACTS = 5;

/**
 * The contract side of a project: for a contract, its code, proxy shape, who controls it and how
 * concentrated its users are; for a deployer, the contracts it created; for a delegated account, its
 * delegate; for any wallet, the contracts it relies on most.
 */
export const contractRiskSection: SectionBuilder = ({ context: { activity, evidence } }): ReportSection => {
  const account = classifyAccountCode(evidence.snapshot.code);
  const findings: Finding[] = [];
  const self = evidence.contracts.find((c) => c.role === 'self');
  if (self) findings.push(...contractFindings(self), usersFinding(activity, self.address));
  else if (account.kind === 'delegated_eoa') {
    const known = EIP7702_SMART_ACCOUNTS.find(evidence.chain, account.delegatedTo!);
    const code = evidence.accounts[account.delegatedTo!.toLowerCase()];
    findings.push(
      finding('Subject', 'EIP-7702 delegated account', `Its code delegates to ${account.delegatedTo}.`),
      finding('Delegate', known ? known.label : 'not a known smart-account implementation', code ? `${code.size} bytes of code at the delegate.` : null),
    );
  } else findings.push(finding('Subject', 'externally owned account', 'No code of its own; the contracts it created and uses are below.'));

  const created = evidence.contracts.filter((c) => c.role === 'created');
  if (created.length) {
    findings.push(finding('Contracts created', String(created.length), created.map((c) => c.address).join(', ')));
    for (const c of created) findings.push(...contractFindings(c).map((f) => ({ ...f, label: `${c.address.slice(0, 10)}…: ${f.label}` })));
  } else if (!self) {
    findings.push(finding('Contracts created', activity.indexed ? 'none in the indexed history' : 'unknown', activity.indexed ? null : 'Creations are listed by the indexer, which was unavailable.'));
  }
  findings.push(reliedOn(activity));
  return { reportType: 'contract_project_risk_snapshot', title: 'Contract and project risk snapshot', findings };
};

function contractFindings(c: ContractFacts): Finding[] {
  const r = c.reads;
  const events = (name: ContractFacts['controlEvents'][number]['event']) => c.controlEvents.filter((e) => e.event === name);
  const upgrades = events('Upgraded');
  const owners = events('OwnershipTransferred');
  const proxy = c.eip1967Slots.length > 0 || upgrades.length > 0;
  const implementation = r.implementation ?? upgrades.at(-1)?.value ?? null;
  const out: Finding[] = [
    finding('Code', `${c.code.size} bytes`, c.creationTransaction ? `Created in ${c.creationTransaction}.` : null),
    finding(
      'Proxy',
      proxy ? `upgradeable proxy (EIP-1967 ${c.eip1967Slots.join(', ') || 'events'})` : 'no proxy pattern found',
      proxy ? `Implementation: ${implementation ?? 'not readable (the ChainSource port has no storage reads)'}. Whoever controls upgrades can change the code.` : null,
    ),
    finding(
      'Control',
      r.getOwners ? `Safe-style multisig: ${r.getThreshold ?? '?'} of ${r.getOwners.split(', ').length} owners` : r.owner ? `owner ${r.owner}` : 'no owner() getter answered',
      r.getOwners ? `Owners: ${r.getOwners}.` : r.owner === '0x0000000000000000000000000000000000000000' ? 'Ownership was renounced.' : null,
    ),
  ];
  if (upgrades.length || owners.length || events('AdminChanged').length) {
    out.push(
      finding(
        'Control changes in the window',
        `${upgrades.length} upgrade(s), ${owners.length} ownership transfer(s), ${events('AdminChanged').length} admin change(s)`,
        c.controlEvents.map((e) => `${e.event} -> ${e.value} in ${e.transactionHash}`).join('; '),
      ),
    );
  }
  if (r.symbol || r.totalSupply) out.push(finding('Token', `${r.name ?? '?'} (${r.symbol ?? '?'})`, r.totalSupply ? `Total supply ${r.totalSupply} raw units.` : null));
  if (r.paused !== undefined) out.push(finding('Paused', r.paused, r.paused === 'true' ? 'Transfers or calls are halted by its controller.' : null));
  return out;
}

/** How concentrated the contract's callers are, from the indexed transactions sent to it. */
function usersFinding(activity: ActivityView, contract: Address): Finding {
  if (!activity.indexed) return finding('Users', 'unknown', 'Callers are listed by the indexer, which was unavailable.');
  const calls = activity.transactions().filter((t) => t.to?.toLowerCase() === contract.toLowerCase());
  const bySender = new Map<string, number>();
  for (const t of calls) bySender.set(t.from, (bySender.get(t.from) ?? 0) + 1);
  const top = [...bySender].sort((a, b) => b[1] - a[1])[0];
  if (!top) return finding('Users', 'no calls in the indexed history', null);
  return finding(
    'Users',
    `${bySender.size} distinct caller(s) in ${calls.length} transaction(s)`,
    `Most active: ${top[0]} with ${top[1]} call(s) (${percent(BigInt(top[1]), BigInt(calls.length))}).${bySender.size === 1 ? ' A single caller: usage is not independent.' : ''}`,
  );
}

/** The contracts the wallet interacts with most, with what they are known as. */
function reliedOn(activity: ActivityView): Finding {
  const contracts = tallyCounterparties(activity)
    .filter((t) => activity.accountKind(t.address) === 'contract')
    .slice(0, TOP_CONTRACTS);
  if (!contracts.length) return finding('Contracts it uses most', 'none identified', 'Only counterparties whose code was read are classified.');
  return finding(
    'Contracts it uses most',
    contracts.map((t) => `${t.address}${addressLabel(activity, t.address) ? ` [${addressLabel(activity, t.address)}]` : ''} (${t.interactions})`).join('; '),
    null,
  );
}
