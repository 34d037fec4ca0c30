import type { RiskEvidence } from '@paysight/contracts';
import type { Address } from 'viem';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import type { Movement } from '../../wallet/evidence/movements.js';
import { isDust, movementAgency } from '../agency.js';
import type { Detector, ExposureDetector, RiskContext } from '../context.js';
import { buildExposure, buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';
import { imitatedToken } from './fake-token.js';
import { groupBy } from '../../shared/group-by.js';
import { LOOKALIKE_PREFIX_CHARS, LOOKALIKE_SUFFIX_CHARS, lookalikeKey } from '../../shared/lookalike.js';

const counterfeit = (activity: ActivityView, m: Movement) => m.asset !== null && imitatedToken(activity.evidence.chain, m.asset, activity.token(m.asset)) !== null;

/** Value the wallet sent in its own transaction (not zero, not a counterfeit token). */
const paidByWallet = (context: RiskContext, m: Movement) => m.direction === 'out' && m.amount > 0n && !counterfeit(context.activity, m) && movementAgency(context.activity, m, context.codeActs) === 'own';

/** How early an address became a real counterparty: its oldest payment by the wallet, else its oldest genuine non-dust payment to it. */
function realSince(context: RiskContext, movements: readonly Movement[]): { paid: bigint | null; received: bigint | null } {
  const { activity } = context;
  const oldest = (list: Movement[]) => (list.length ? list.reduce((a, b) => (b.blockNumber < a ? b.blockNumber : a), list[0]!.blockNumber) : null);
  return {
    paid: oldest(movements.filter((m) => paidByWallet(context, m))),
    received: oldest(movements.filter((m) => m.direction === 'in' && m.amount > 0n && !counterfeit(activity, m) && !isDust(activity, m))),
  };
}

/** Earlier block first; unknown (null) last. */
const compareBlocks = (a: bigint | null, b: bigint | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

interface Poisoning {
  pairs: { lookalike: Address; imitates: Address }[];
  /** Payments the wallet itself made to a look-alike: the poisoning worked. */
  paid: RiskEvidence[];
  /** What the poisoner planted: look-alike transfers and zero-value transfers out of the wallet it did not send. */
  planted: RiskEvidence[];
}

/**
 * Look-alikes: counterparties sharing the first and last hex characters with another counterparty that
 * never paid the wallet more than dust of a genuine asset and that the wallet either never paid or paid
 * only after it had paid another member of the group. The imitated address is the group's earliest real
 * counterparty.
 */
function findPoisoning(context: RiskContext): Poisoning {
  const { evidence, activity } = context;
  const byCounterparty = groupBy(activity.movements.filter((m) => m.direction !== 'self'), (m) => m.counterparty.toLowerCase());
  const groups = groupBy(byCounterparty.keys(), lookalikeKey);

  const result: Poisoning = { pairs: [], paid: [], planted: [] };
  const cited = new Set<string>();
  for (const addresses of groups.values()) {
    if (addresses.length < 2) continue;
    const since = new Map(addresses.map((a) => [a, realSince(context, byCounterparty.get(a)!)]));
    const earliestPaidOther = (a: string) => addresses.filter((o) => o !== a).map((o) => since.get(o)!.paid).reduce<bigint | null>((min, b) => (b !== null && (min === null || b < min) ? b : min), null);
    const isLookalike = (a: string) => {
      const { paid, received } = since.get(a)!;
      const other = earliestPaidOther(a);
      return received === null && (paid === null || (other !== null && other < paid));
    };
    const genuine = addresses.filter((a) => !isLookalike(a)).sort((a, b) => compareBlocks(since.get(a)!.paid, since.get(b)!.paid) || compareBlocks(since.get(a)!.received, since.get(b)!.received));
    const imitated = genuine[0];
    if (!imitated) continue;
    const imitates = byCounterparty.get(imitated)![0]!.counterparty;
    for (const address of addresses.filter(isLookalike)) {
      const moves = byCounterparty.get(address)!;
      result.pairs.push({ lookalike: moves[0]!.counterparty, imitates });
      for (const m of moves) {
        cited.add(`${m.transactionHash}:${m.logIndex}`);
        if (paidByWallet(context, m)) {
          result.paid.push(movementEvidence(m, `The wallet paid the look-alike: ${describeMovement(m, activity.formatAmount(m))}, which imitates the real counterparty ${imitates} (both read ${lookalikeKey(imitates)}).`));
          continue;
        }
        const what = m.amount === 0n ? 'zero-value transfer' : isDust(activity, m) ? 'dust transfer' : counterfeit(activity, m) ? 'counterfeit-token transfer' : 'transfer';
        result.planted.push(movementEvidence(m, `Look-alike ${what}: ${describeMovement(m, activity.formatAmount(m))}, which imitates the real counterparty ${imitates} (both read ${lookalikeKey(imitates)}).`));
      }
    }
  }
  for (const m of activity.movements) {
    if (m.direction !== 'out' || m.amount !== 0n || m.logIndex === null || cited.has(`${m.transactionHash}:${m.logIndex}`)) continue;
    const parties = activity.parties(m.transactionHash);
    if (!parties || parties.from.toLowerCase() === evidence.address.toLowerCase()) continue;
    result.planted.push(movementEvidence(m, `Zero-value transfer out of the wallet that the wallet did not send: transaction sent by ${parties.from}, ${describeMovement(m, activity.formatAmount(m))}.`));
  }
  return result;
}

function poisoningLimits(activity: ActivityView): string[] {
  return [
    `Look-alikes are matched on the first ${LOOKALIKE_PREFIX_CHARS} and last ${LOOKALIKE_SUFFIX_CHARS} hex characters against counterparties the wallet really paid or was paid by, inside what was read.`,
    'A zero-value transfer counts only when its sender is known and is not the wallet.',
    ...(activity.indexed ? [] : ['Without indexed history, native dust is not seen and senders are known only for the transactions looked up.']),
  ];
}

const describePairs = (pairs: Poisoning['pairs']) => pairs.map((p) => `${p.lookalike} imitates ${p.imitates}`).join('; ');

/** The poisoning worked: the wallet itself paid a look-alike of a real counterparty. */
export const detectAddressPoisoning: Detector = (context) => {
  const poisoning = findPoisoning(context);
  if (!poisoning.paid.length) return [];
  return [
    buildFlag(
      'address_poisoning',
      `The wallet paid a look-alike of one of its real counterparties (${describePairs(poisoning.pairs)}): an address-poisoning attack succeeded, and its owner copies recipients from its history.`,
      [...poisoning.paid, ...poisoning.planted],
      poisoningLimits(context.activity),
    ),
  ];
};

/** Look-alike transfers and zero-value transfers planted in the wallet's history: done to it, never scored. */
export const poisoningExposure: ExposureDetector = (context) => {
  const poisoning = findPoisoning(context);
  if (poisoning.paid.length || !poisoning.planted.length) return [];
  return [
    buildExposure(
      'targeted_by_poisoning',
      `The wallet's history was seeded with transfers that exist to be copied by mistake${poisoning.pairs.length ? `: ${describePairs(poisoning.pairs)}` : ''}. The wallet did not pay any look-alike; someone who copies a recipient from this history may pay the attacker.`,
      poisoning.planted,
      poisoningLimits(context.activity),
    ),
  ];
};
