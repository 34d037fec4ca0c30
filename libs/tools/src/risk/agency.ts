import { KNOWN_TOKENS, MIXERS } from '@paysight/datasets';
import { classifyAccountCode } from '../shared/account-code.js';
import type { ActivityView } from '../wallet/evidence/activity-view.js';
import type { ApprovalEvent } from '../wallet/evidence/data.js';
import type { Movement } from '../wallet/evidence/movements.js';
import { sameAddress } from './context.js';

/** Dust: less than 10^-digits of a whole coin or token (0.0001 of the native coin, 0.01 of a token). */
export const DUST_FRACTION_DIGITS = { native: 4, token: 2 } as const;

export function isDust(activity: ActivityView, m: Movement): boolean {
  if (m.kind === 'erc721' || m.kind === 'erc1155') return false;
  const decimals = m.asset === null ? 18 : activity.token(m.asset).decimals;
  if (decimals === null) return m.amount === 0n;
  const digits = m.asset === null ? DUST_FRACTION_DIGITS.native : DUST_FRACTION_DIGITS.token;
  return m.amount < 10n ** BigInt(Math.max(decimals - digits, 0));
}

/**
 * Who acted in a movement, seen from the subject (docs/risk-flags.md, "Direction and agency"):
 * - `own`: the subject sent the transaction, or its own code ran at a call addressed to it and paid
 *   someone other than the caller (a contract, or an EIP-7702 account whose delegate is a known smart account);
 * - `withdrawal`: a mixer pool paid the subject in a call to the pool; only the holder of the deposit's
 *   note can make that call (directly or through a relayer), and the note holder chooses the recipient;
 * - `served`: a caller of a contract paid it or was paid by it in the caller's own transaction (a user
 *   of a router, a depositor of a vault): who a contract serves, not what it does;
 * - `pulled`: value left the subject in someone else's transaction that was not a call to the subject
 *   (a spender using an allowance, a delegate's code, or a token contract's forged event);
 * - `spoofed`: a zero-value transfer out of the subject in someone else's transaction
 *   (`transferFrom(subject, x, 0)` needs no allowance);
 * - `unsolicited`: value arrived in a transaction the subject did not send;
 * - `unknown`: the transaction's sender is not known (not indexed, not looked up).
 */
export type MovementAgency = 'own' | 'withdrawal' | 'served' | 'pulled' | 'spoofed' | 'unsolicited' | 'unknown';

/** Agencies that are the subject's act: they may raise its risk score. */
export const SUBJECT_ACTS: ReadonlySet<MovementAgency> = new Set(['own', 'withdrawal']);

export function movementAgency(activity: ActivityView, m: Movement, codeActsForSubject: boolean): MovementAgency {
  // A native transaction's value is always its sender's.
  if (m.kind === 'native' && m.direction === 'out') return 'own';
  const parties = activity.parties(m.transactionHash);
  if (!parties) return 'unknown';
  if (sameAddress(parties.from, activity.wallet)) return 'own';
  const callToSubject = codeActsForSubject && sameAddress(parties.to, activity.wallet);
  // A contract serves its callers; an EIP-7702 account paying the relayer that submitted its call pays for a service.
  if (callToSubject && sameAddress(parties.from, m.counterparty) && classifyAccountCode(activity.evidence.snapshot.code).kind === 'contract') return 'served';
  if (m.direction === 'in') {
    const mixerPaidOut = m.kind === 'internal' && sameAddress(parties.to, m.counterparty) && MIXERS.find(activity.evidence.chain, m.counterparty) !== undefined;
    return mixerPaidOut && !isDust(activity, m) ? 'withdrawal' : 'unsolicited';
  }
  if (m.amount === 0n) return 'spoofed';
  return callToSubject ? 'own' : 'pulled';
}

export const AGENCY_TEXT: Readonly<Record<MovementAgency, string>> = {
  own: 'the wallet\'s own act',
  withdrawal: 'a withdrawal paid to the wallet by the holder of the deposit note',
  served: 'a caller using the contract',
  pulled: 'moved out by someone else\'s transaction',
  spoofed: 'a zero-value transfer someone else emitted',
  unsolicited: 'sent to the wallet unasked',
  unknown: 'sender of the transaction unknown',
};

/**
 * Whether an approval is the subject's act. A live approval carries the origin the gather worked out
 * from its transaction (ApprovalOrigin: only `unattributed` is not the owner's). Older events are judged
 * here: the subject sent the approving transaction, or (a permit submitted by someone else) the token is
 * genuine: a canonical token of the chain, or one the subject itself sent in its own transaction. A
 * token contract that is not genuine can emit any Approval it likes.
 */
export function approvalIsOwn(activity: ActivityView, event: Pick<ApprovalEvent, 'transactionHash' | 'logIndex' | 'token' | 'foundIn'>): boolean {
  const state = activity.evidence.approvals.states.find((s) => s.latest.logIndex === event.logIndex && s.latest.transactionHash.toLowerCase() === event.transactionHash.toLowerCase());
  if (state) return state.origin !== 'unattributed';
  if (event.foundIn === 'receipt' || activity.sentByWallet(event.transactionHash) === true) return true;
  if (KNOWN_TOKENS[activity.evidence.chain].some((t) => sameAddress(t.address, event.token))) return true;
  return activity.movementsOfAsset(event.token).some((m) => m.direction === 'out' && m.amount > 0n && activity.sentByWallet(m.transactionHash) === true);
}
