import type { AddressHistory, HistoryTransaction, RiskEvidence } from '@paysight/contracts';
import type { Address } from 'viem';
import type { Movement } from '../../wallet/evidence/movements.js';
import { sameAddress, type Detector } from '../context.js';
import { buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';
import { FRESH_WALLET_MAX_TRANSACTIONS } from './fresh-wallet.js';

/** The main funder gave at least this share (percent) of all native coin the wallet received... */
export const FUNDING_MIN_SHARE_PERCENT = 50;
/** ...and, within this many seconds of funding the wallet, sent similar amounts to other wallets... */
export const FANOUT_WINDOW_SECONDS = 86_400n;
/** ...similar meaning within this percentage of the wallet's funding amount... */
export const FANOUT_AMOUNT_TOLERANCE_PERCENT = 10n;
/** ...to at least this many other fresh wallets (at most FRESH_WALLET_MAX_TRANSACTIONS sent). */
export const FANOUT_MIN_FRESH_RECIPIENTS = 3;

export interface MainFunder {
  address: Address;
  /** Percent of the native coin received, 0-100. */
  sharePercent: number;
  fundings: Movement[];
}

/** The address that sent the wallet the most native coin (transactions and internal transfers), with its share. */
export function mainFunder(wallet: Address, movements: readonly Movement[]): MainFunder | null {
  const inbound = movements.filter((m) => m.direction === 'in' && (m.kind === 'native' || m.kind === 'internal') && !sameAddress(m.counterparty, wallet));
  const totals = new Map<string, bigint>();
  let total = 0n;
  for (const m of inbound) {
    totals.set(m.counterparty.toLowerCase(), (totals.get(m.counterparty.toLowerCase()) ?? 0n) + m.amount);
    total += m.amount;
  }
  if (total === 0n) return null;
  const [top, amount] = [...totals].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const fundings = inbound.filter((m) => m.counterparty.toLowerCase() === top);
  return { address: fundings[0]!.counterparty, sharePercent: Number((amount * 10_000n) / total) / 100, fundings };
}

const similar = (a: bigint, b: bigint) => (a > b ? a - b : b - a) * 100n <= FANOUT_AMOUNT_TOLERANCE_PERCENT * b;
const within = (a: bigint, b: bigint) => (a > b ? a - b : b - a) <= FANOUT_WINDOW_SECONDS;

/** The funder's other native transfers that look like the wallet's funding: similar amount, close in time. */
export function fanOutTransfers(wallet: Address, funderHistory: AddressHistory, fundings: readonly Movement[]): (HistoryTransaction & { to: Address })[] {
  return funderHistory.transactions.filter(
    (t): t is HistoryTransaction & { to: Address } =>
      t.status === 'success' &&
      t.value > 0n &&
      t.to !== null &&
      !sameAddress(t.to, wallet) &&
      fundings.some((f) => sameAddress(t.from, f.counterparty) && f.timestamp !== null && within(t.timestamp, f.timestamp) && similar(t.value, f.amount)),
  );
}

export const detectFundingConcentration: Detector = ({ evidence, activity }) => {
  const funder = evidence.funder;
  if (!funder || funder.history.status !== 'ok') return [];
  const main = mainFunder(evidence.address, activity.movements);
  if (!main || !sameAddress(main.address, funder.address) || main.sharePercent < FUNDING_MIN_SHARE_PERCENT) return [];
  const fresh = fanOutTransfers(evidence.address, funder.history.history, main.fundings).filter((t) => {
    const nonce = funder.recipientNonces[t.to.toLowerCase()];
    return nonce !== undefined && nonce <= FRESH_WALLET_MAX_TRANSACTIONS;
  });
  const recipients = new Set(fresh.map((t) => t.to.toLowerCase()));
  if (recipients.size < FANOUT_MIN_FRESH_RECIPIENTS) return [];

  const items: RiskEvidence[] = [
    ...main.fundings.map((m) => movementEvidence(m, `Funding of this wallet: ${describeMovement(m, activity.formatAmount(m))}.`)),
    ...fresh.map((t) => ({
      kind: 'transaction' as const,
      transactionHash: t.hash,
      blockNumber: t.blockNumber.toString(),
      address: t.to,
      detail: `The same funder sent ${activity.formatAmount({ asset: null, amount: t.value, kind: 'native', tokenId: null })} to ${t.to}, which has sent ${funder.recipientNonces[t.to.toLowerCase()]} transaction(s).`,
    })),
  ];
  return [
    buildFlag(
      'funding_concentration',
      `${main.sharePercent}% of the native coin this wallet received came from ${main.address}, which sent similar amounts to ${recipients.size} other fresh wallet(s) within ${Number(FANOUT_WINDOW_SECONDS) / 3600} hours: a pattern of wallets created and funded together (sybil farming, airdrop hunting, laundering splits).`,
      items,
      [
        "The funder's history is read up to its newest entries only; an older fan-out is not seen.",
        'An exchange paying out equal withdrawals to new customers can look like a fan-out.',
        `Freshness of the other recipients is their transaction count at the head block (at most ${FRESH_WALLET_MAX_TRANSACTIONS}).`,
      ],
    ),
  ];
};
