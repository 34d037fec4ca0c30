import type { RiskEvidence } from '@paysight/contracts';
import { classifyAccountCode } from '../../shared/account-code.js';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import type { Movement } from '../../wallet/evidence/movements.js';
import { sameAddress, type Detector } from '../context.js';
import { EIP7702_SMART_ACCOUNTS } from '../datasets/index.js';
import { buildFlag, datasetEvidence, describeMovement, movementEvidence } from '../evidence-items.js';

export interface Sweep {
  inbound: Movement;
  outbound: Movement;
}

const isNative = (m: Movement) => m.kind === 'native' || m.kind === 'internal';

/**
 * Value that reached the account and left it again in the same transaction, which the account did not
 * send itself: coin in, then an internal transfer out; or a token in, then the same token out.
 */
export function findSweeps(activity: ActivityView): Sweep[] {
  const byTransaction = new Map<string, Movement[]>();
  for (const m of activity.movements) {
    const key = m.transactionHash.toLowerCase();
    byTransaction.set(key, [...(byTransaction.get(key) ?? []), m]);
  }
  const sweeps: Sweep[] = [];
  for (const moves of byTransaction.values()) {
    if (activity.sentByWallet(moves[0]!.transactionHash) === true) continue;
    for (const inbound of moves.filter((m) => m.direction === 'in' && m.amount > 0n)) {
      const outbound = moves.find(
        (m) => m.direction === 'out' && m.amount > 0n && (isNative(inbound) ? m.kind === 'internal' : m.kind === inbound.kind && sameAddress(m.asset, inbound.asset)),
      );
      if (outbound) sweeps.push({ inbound, outbound });
    }
  }
  return sweeps;
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
  const noInternal = activity.indexed ? [] : ['Without indexed internal transfers, coin forwarded by the delegate is not seen; only token sweeps are.'];

  const known = EIP7702_SMART_ACCOUNTS.find(evidence.chain, delegate);
  if (known) {
    return [
      buildFlag(
        'eip7702_smart_account_delegation',
        `The account delegates to ${known.label} (${delegate}), a known smart-account implementation. This is informational: the owner keeps control and gains batching and sponsored transactions.`,
        [codeItem, datasetEvidence(EIP7702_SMART_ACCOUNTS, known, `${delegate} is listed as ${known.label}.`)],
        ['Recognition rests on the delegate address alone; the implementation\'s own security is not re-audited here.'],
      ),
    ];
  }

  const sweeps = findSweeps(activity);
  if (sweeps.length) {
    const collectors = [...new Set(sweeps.map((s) => s.outbound.counterparty))];
    return [
      buildFlag(
        'eip7702_sweeper_delegation',
        `The account delegates to ${delegate}, and ${sweeps.length} incoming transfer(s) left the account again within the same transaction, to ${collectors.join(', ')}: the delegate sweeps whatever arrives.`,
        [
          codeItem,
          ...sweeps.flatMap((s) => [
            movementEvidence(s.inbound, `Inbound: ${describeMovement(s.inbound, activity.formatAmount(s.inbound))}.`),
            movementEvidence(s.outbound, `Forwarded in the same transaction: ${describeMovement(s.outbound, activity.formatAmount(s.outbound))}.`),
          ]),
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
      ],
      ['No forwarding of incoming value was seen in what was read; that is not proof the delegate is benign.', ...noInternal],
    ),
  ];
};
