import type { RiskEvidence } from '@paysight/contracts';
import { classifyAccountCode } from '../../shared/account-code.js';
import { daysBetween, DAY_SECONDS, type Detector } from '../context.js';
import { buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';

/** A wallet whose first activity on this chain is at most this many days old... */
export const FRESH_WALLET_MAX_AGE_DAYS = 14;
/** ...and that has sent at most this many transactions (its nonce). */
export const FRESH_WALLET_MAX_TRANSACTIONS = 10;

export const detectFreshWallet: Detector = ({ evidence, activity }) => {
  if (classifyAccountCode(evidence.snapshot.code).kind === 'contract' || !activity.seesFirstActivity()) return [];
  const first = activity.firstActivity();
  if (!first || first.timestamp === null) return [];
  const ageSeconds = activity.nowSeconds - first.timestamp;
  if (ageSeconds > BigInt(FRESH_WALLET_MAX_AGE_DAYS) * DAY_SECONDS) return [];
  const sent = evidence.snapshot.transactionCount;
  if (sent > FRESH_WALLET_MAX_TRANSACTIONS) return [];

  const inbound = activity.movements.filter((m) => m.direction === 'in').reverse();
  const funders = new Set(inbound.map((m) => m.counterparty.toLowerCase()));
  const items: RiskEvidence[] = [
    {
      kind: 'transaction',
      transactionHash: first.transactionHash,
      blockNumber: first.blockNumber.toString(),
      address: evidence.address,
      detail: `First activity of the wallet on ${evidence.chain}: ${daysBetween(first.timestamp, activity.nowSeconds)} day(s) before the head block.`,
    },
    {
      kind: 'address',
      address: evidence.address,
      blockNumber: evidence.snapshot.head.number.toString(),
      detail: `Transaction count (nonce) ${sent} at the head block.`,
    },
    ...inbound.slice(0, 3).map((m) => movementEvidence(m, `Early funding: ${describeMovement(m, activity.formatAmount(m))}.`)),
    ...activity
      .transactions()
      .filter((t) => t.from.toLowerCase() === evidence.address.toLowerCase())
      .map((t) => ({ kind: 'transaction' as const, transactionHash: t.hash, blockNumber: t.blockNumber.toString(), address: t.to ?? undefined, detail: 'One of the few transactions the wallet has sent.' })),
  ];
  return [
    buildFlag(
      'fresh_wallet',
      `The wallet's first activity is ${daysBetween(first.timestamp, activity.nowSeconds)} day(s) old and it has sent ${sent} transaction(s); it was funded by ${funders.size} source(s). New wallets have no track record.`,
      items,
      [
        `Age is judged on ${evidence.chain} only: the same address may have a longer history on other chains.`,
        `Thresholds: first activity within ${FRESH_WALLET_MAX_AGE_DAYS} days, at most ${FRESH_WALLET_MAX_TRANSACTIONS} transactions sent.`,
      ],
    ),
  ];
};
