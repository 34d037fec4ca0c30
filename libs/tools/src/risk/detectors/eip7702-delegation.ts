import type { RiskEvidence } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import { classifyAccountCode } from '../../shared/account-code.js';
import { groupBy } from '../../shared/group-by.js';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import type { Movement } from '../../wallet/evidence/movements.js';
import { sameAddress, type Detector } from '../context.js';
import { EIP7702_SMART_ACCOUNTS } from '@paysight/datasets';
import { buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';

/** Value that left the account in a transaction it did not send; `inbound` is what arrived in the same transaction and was forwarded, if anything. */
export interface Sweep {
  inbound: Movement | null;
  outbound: Movement;
}

/** A forward is at least this share (percent) of what arrived: a sweeper passes everything on, a fee is a small part. */
export const SWEEP_MIN_FORWARD_PERCENT = 90n;

const isNative = (m: Movement) => m.kind === 'native' || m.kind === 'internal';
const sameAsset = (inbound: Movement, m: Movement) => (isNative(inbound) ? m.kind === 'internal' : m.kind === inbound.kind && sameAddress(m.asset, inbound.asset));

/**
 * What the account's code forwarded when someone else called it. A sweep needs real forwarding: in a
 * transaction the account did not send, value arrived and at least SWEEP_MIN_FORWARD_PERCENT of it left
 * again, in the same asset, to a third party (neither the transaction's sender, such as a relayer or
 * bundler paid for its service, nor the payer). Once such a collector is known, value that left the
 * account for it without arriving first (the sweep of a standing balance) is a sweep too. Value leaving
 * in relayer-sent transactions alone is what a sponsored smart account does, and is not a sweep.
 */
export function findSweeps(movements: readonly Movement[], wallet: Address, senderOf: (hash: Hex) => Address | null): Sweep[] {
  const byTransaction = groupBy(movements, (m) => m.transactionHash.toLowerCase());
  const foreign = [...byTransaction.values()].filter((moves) => {
    const sender = senderOf(moves[0]!.transactionHash);
    return sender !== null && !sameAddress(sender, wallet);
  });
  const sweeps: Sweep[] = [];
  const used = new Set<Movement>();
  for (const moves of foreign) {
    const sender = senderOf(moves[0]!.transactionHash)!;
    for (const inbound of moves.filter((m) => m.direction === 'in' && m.amount > 0n)) {
      const outbound = moves.find(
        (m) =>
          m.direction === 'out' &&
          !used.has(m) &&
          sameAsset(inbound, m) &&
          m.amount * 100n >= inbound.amount * SWEEP_MIN_FORWARD_PERCENT &&
          !sameAddress(m.counterparty, sender) &&
          !sameAddress(m.counterparty, inbound.counterparty),
      );
      if (!outbound) continue;
      used.add(outbound);
      sweeps.push({ inbound, outbound });
    }
  }
  const collectors = new Set(sweeps.map((s) => s.outbound.counterparty.toLowerCase()));
  for (const moves of foreign) {
    for (const outbound of moves.filter((m) => m.direction === 'out' && m.kind !== 'native' && m.amount > 0n && !used.has(m) && collectors.has(m.counterparty.toLowerCase()))) {
      sweeps.push({ inbound: null, outbound });
    }
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

  const sweeps = findSweeps(activity.movements, evidence.address, (hash) => activity.parties(hash)?.from ?? null);
  if (sweeps.length) {
    const collectors = [...new Set(sweeps.map((s) => s.outbound.counterparty))];
    return [
      buildFlag(
        'eip7702_sweeper_delegation',
        `The account delegates to ${delegate}, and its code forwarded value that arrived to a third party in the same transaction (${sweeps.filter((s) => s.inbound).length} time(s)), ${sweeps.filter((s) => !s.inbound).length} more time(s) moving a standing balance to the same collector, inside transactions it did not send: ${collectors.join(', ')}. The delegate sweeps the account.`,
        [
          codeItem,
          ...sweeps.flatMap((s) => [
            ...(s.inbound ? [movementEvidence(s.inbound, `Inbound: ${describeMovement(s.inbound, activity.formatAmount(s.inbound))}.`)] : []),
            movementEvidence(
              s.outbound,
              `${s.inbound ? 'Forwarded in the same transaction' : 'Moved out by the delegate to the same collector in a transaction the account did not send'}: ${describeMovement(s.outbound, activity.formatAmount(s.outbound))}.`,
            ),
          ]),
          ...setBy,
        ],
        ['Sweeps are seen only in the transactions read; a sweeper that has not yet forwarded anything looks like an unrecognized delegation.', `A sweep is value forwarded (at least ${SWEEP_MIN_FORWARD_PERCENT}% of what arrived, same asset) to a third party in a transaction the account did not send; payments to the relayer or bundler that sent the transaction are not sweeps.`, ...noInternal],
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
      ['No value was seen forwarded to a third party in a transaction the account did not send; that is not proof the delegate is benign.', typeLimit, ...noInternal],
    ),
  ];
};
