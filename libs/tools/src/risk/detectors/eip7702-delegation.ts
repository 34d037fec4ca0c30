import type { RiskEvidence } from '@paysight/contracts';
import type { Hex } from 'viem';
import { classifyAccountCode } from '../../shared/account-code.js';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import type { Movement } from '../../wallet/evidence/movements.js';
import { sameAddress, type Detector } from '../context.js';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import { buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';

/** Value that left the account in a transaction it did not send; `inbound` is what arrived in the same transaction, if anything. */
export interface Sweep {
  inbound: Movement | null;
  outbound: Movement;
}

const isNative = (m: Movement) => m.kind === 'native' || m.kind === 'internal';

/**
 * What the account's code moved out when someone else called it: coin that arrived and left again
 * as an internal transfer, a token that arrived and left again, or coin that left without arriving
 * (only the account's own code can move an EOA's coin inside someone else's transaction).
 */
export function findSweeps(movements: readonly Movement[], sentByWallet: (hash: Hex) => boolean | null): Sweep[] {
  const byTransaction = new Map<string, Movement[]>();
  for (const m of movements) {
    const key = m.transactionHash.toLowerCase();
    byTransaction.set(key, [...(byTransaction.get(key) ?? []), m]);
  }
  const sweeps: Sweep[] = [];
  for (const moves of byTransaction.values()) {
    if (sentByWallet(moves[0]!.transactionHash) === true) continue;
    const used = new Set<Movement>();
    for (const inbound of moves.filter((m) => m.direction === 'in' && m.amount > 0n)) {
      const outbound = moves.find((m) => m.direction === 'out' && m.amount > 0n && !used.has(m) && (isNative(inbound) ? m.kind === 'internal' : m.kind === inbound.kind && sameAddress(m.asset, inbound.asset)));
      if (!outbound) continue;
      used.add(outbound);
      sweeps.push({ inbound, outbound });
    }
    for (const outbound of moves.filter((m) => m.direction === 'out' && m.kind === 'internal' && m.amount > 0n && !used.has(m))) sweeps.push({ inbound: null, outbound });
  }
  return sweeps;
}

/** Type-4 transactions of the account (they carry delegations), among those whose type was looked up. */
function delegationTransactions(activity: ActivityView): RiskEvidence[] {
  return activity
    .transactions()
    .filter((t) => activity.parties(t.hash)?.type === 'eip7702')
    .map((t) => ({
      kind: 'transaction' as const,
      transactionHash: t.hash,
      blockNumber: t.blockNumber.toString(),
      address: t.from,
      detail: `Type-4 (EIP-7702) transaction sent by ${sameAddress(t.from, activity.wallet) ? 'the account itself' : t.from}: it carries authorizations such as this account's delegation.`,
    }));
}

export const detectEip7702Delegation: Detector = ({ evidence, activity }) => {
  const account = classifyAccountCode(evidence.snapshot.code);
  if (account.kind !== 'delegated_eoa' || !account.delegatedTo) return [];
  const delegate = account.delegatedTo;
  const head = evidence.snapshot.head.number.toString();
  const codeItem: RiskEvidence = {
    kind: 'contract_code',
    address: evidence.address,
    blockNumber: head,
    detail: `The account's code is the EIP-7702 delegation designator 0xef0100 followed by ${delegate}.`,
  };
  const setBy = delegationTransactions(activity);
  const typeLimit = activity.indexed ? 'Only the newest transactions of the account are looked up for their type; an older delegation transaction, or one sent to another address, is not cited.' : 'Without indexed history the transaction that set the delegation is not found.';
  const noInternal = activity.indexed ? [] : ['Without indexed internal transfers, coin forwarded by the delegate is not seen; only token sweeps are.'];

  const known = EIP7702_SMART_ACCOUNTS.find(evidence.chain, delegate);
  if (known) {
    const ownCalls = activity
      .transactions()
      .filter((t) => sameAddress(t.from, evidence.address) && sameAddress(t.to, evidence.address) && !setBy.some((e) => e.transactionHash === t.hash))
      .map((t) => ({ kind: 'transaction' as const, transactionHash: t.hash, blockNumber: t.blockNumber.toString(), address: evidence.address, detail: 'A call the account made to itself, executed by the delegate\'s code (a batch or a sponsored call).' }));
    return [
      buildFlag(
        'eip7702_smart_account_delegation',
        `The account delegates to ${known.label} (${delegate}), a known smart-account implementation. This is informational: the owner keeps control and gains batching and sponsored transactions.`,
        [codeItem, datasetEvidence(EIP7702_SMART_ACCOUNTS, known, `${delegate} is listed as ${known.label}.`), ...setBy, ...ownCalls],
        ['Recognition rests on the delegate address alone; the implementation\'s own security is not re-audited here.', typeLimit],
      ),
    ];
  }

  const sweeps = findSweeps(activity.movements, (hash) => activity.sentByWallet(hash));
  if (sweeps.length) {
    const collectors = [...new Set(sweeps.map((s) => s.outbound.counterparty))];
    return [
      buildFlag(
        'eip7702_sweeper_delegation',
        `The account delegates to ${delegate}, and value left it ${sweeps.length} time(s) inside transactions it did not send (${sweeps.filter((s) => s.inbound).length} right after arriving), to ${collectors.join(', ')}: the delegate sweeps the account.`,
        [
          codeItem,
          ...sweeps.flatMap((s) => [
            ...(s.inbound ? [movementEvidence(s.inbound, `Inbound: ${describeMovement(s.inbound, activity.formatAmount(s.inbound))}.`)] : []),
            movementEvidence(
              s.outbound,
              `${s.inbound ? 'Forwarded in the same transaction' : 'Moved out by the delegate in a transaction the account did not send'}: ${describeMovement(s.outbound, activity.formatAmount(s.outbound))}.`,
            ),
          ]),
          ...setBy,
        ],
        ['Sweeps are seen only in the transactions read; a sweeper that has not yet received anything looks like an unrecognized delegation.', ...noInternal],
      ),
    ];
  }

  const delegateCode = evidence.accounts[delegate.toLowerCase()];
  return [
    buildFlag(
      'eip7702_unrecognized_delegation',
      `The account delegates to ${delegate}, which is not a known smart-account implementation${delegateCode ? ` (${delegateCode.size} bytes of code)` : ''}. Whoever wrote that code decides what the account does with incoming value and signatures.`,
      [
        codeItem,
        {
          kind: 'contract_code',
          address: delegate,
          blockNumber: head,
          detail: delegateCode ? `The delegate has ${delegateCode.size} bytes of code (${delegateCode.kind}).` : 'The delegate\'s code was not read.',
        },
        ...setBy,
      ],
      ['No value was seen leaving the account in a transaction it did not send; that is not proof the delegate is benign.', typeLimit, ...noInternal],
    ),
  ];
};
