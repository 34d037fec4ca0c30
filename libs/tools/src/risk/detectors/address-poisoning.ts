import type { RiskEvidence } from '@paysight/contracts';
import type { Address } from 'viem';
import type { ActivityView } from '../../wallet/evidence/activity-view.js';
import type { Movement } from '../../wallet/evidence/movements.js';
import type { Detector } from '../context.js';
import { buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';
import { imitatedToken } from './fake-token.js';
import { LOOKALIKE_PREFIX_CHARS, LOOKALIKE_SUFFIX_CHARS, lookalikeKey } from '../../shared/lookalike.js';

/** Dust: less than 10^-digits of a whole coin or token (0.0001 of the native coin, 0.01 of a token). */
export const DUST_FRACTION_DIGITS = { native: 4, token: 2 } as const;

export function isDust(activity: ActivityView, m: Movement): boolean {
  if (m.kind === 'erc721' || m.kind === 'erc1155') return false;
  const decimals = m.asset === null ? 18 : activity.token(m.asset).decimals;
  if (decimals === null) return m.amount === 0n;
  const digits = m.asset === null ? DUST_FRACTION_DIGITS.native : DUST_FRACTION_DIGITS.token;
  return m.amount < 10n ** BigInt(Math.max(decimals - digits, 0));
}

const counterfeit = (activity: ActivityView, m: Movement) => m.asset !== null && imitatedToken(activity.evidence.chain, m.asset, activity.token(m.asset)) !== null;

/**
 * Addresses the wallet really deals with: recipients of value it sent itself, and senders of more than
 * dust of a genuine asset.
 */
function realCounterparties(activity: ActivityView): Map<string, Address> {
  const real = new Map<string, Address>();
  for (const m of activity.movements) {
    if (m.amount === 0n || m.direction === 'self' || counterfeit(activity, m)) continue;
    const genuine = m.direction === 'out' ? activity.sentByWallet(m.transactionHash) === true : !isDust(activity, m);
    if (genuine) real.set(m.counterparty.toLowerCase(), m.counterparty);
  }
  return real;
}

export const detectAddressPoisoning: Detector = ({ evidence, activity }) => {
  const real = realCounterparties(activity);
  const realByKey = new Map<string, Address>();
  for (const address of real.values()) realByKey.set(lookalikeKey(address), address);

  const items: RiskEvidence[] = [];
  const lookalikes = new Map<string, { lookalike: Address; imitates: Address }>();
  const cited = new Set<string>();
  for (const m of activity.movements) {
    if (real.has(m.counterparty.toLowerCase())) continue;
    const imitates = realByKey.get(lookalikeKey(m.counterparty));
    if (!imitates) continue;
    lookalikes.set(m.counterparty.toLowerCase(), { lookalike: m.counterparty, imitates });
    const what = m.amount === 0n ? 'zero-value transfer' : isDust(activity, m) ? 'dust transfer' : counterfeit(activity, m) ? 'counterfeit-token transfer' : 'transfer';
    items.push(movementEvidence(m, `Look-alike ${what}: ${describeMovement(m, activity.formatAmount(m))}, which imitates the real counterparty ${imitates} (both read ${lookalikeKey(imitates)}).`));
    cited.add(`${m.transactionHash}:${m.logIndex}`);
  }
  for (const m of activity.movements) {
    if (m.direction !== 'out' || m.amount !== 0n || m.logIndex === null || cited.has(`${m.transactionHash}:${m.logIndex}`)) continue;
    const parties = activity.parties(m.transactionHash);
    if (!parties || parties.from.toLowerCase() === evidence.address.toLowerCase()) continue;
    items.push(movementEvidence(m, `Zero-value transfer out of the wallet that the wallet did not send: transaction sent by ${parties.from}, ${describeMovement(m, activity.formatAmount(m))}.`));
  }
  if (!items.length) return [];

  const pairs = [...lookalikes.values()].map((p) => `${p.lookalike} imitates ${p.imitates}`);
  return [
    buildFlag(
      'address_poisoning',
      `The wallet's history was seeded with transfers that exist to be copied by mistake${pairs.length ? `: ${pairs.join('; ')}` : ''}. Someone who copies a recipient from this history may pay the attacker.`,
      items,
      [
        `Look-alikes are matched on the first ${LOOKALIKE_PREFIX_CHARS} and last ${LOOKALIKE_SUFFIX_CHARS} hex characters against counterparties the wallet really paid or was paid by, inside what was read.`,
        'A zero-value transfer counts only when its sender is known and is not the wallet.',
        ...(activity.indexed ? [] : ['Without indexed history, native dust is not seen and senders are known only for the transactions looked up.']),
      ],
    ),
  ];
};
