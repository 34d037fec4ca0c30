import * as vm from 'node:vm';
import type { ClaimOutcome, LedgerClaim, LedgerEntry, SavedReportRecord } from '@paysight/contracts';
import { newLedgerClaim, randomAddress } from '@paysight/testkit';

/** Opening a fresh PGlite runs initdb (seconds, more on a busy machine). */
export const OPEN_TIMEOUT_MS = 120_000;

/**
 * PGlite's WASM loader calls import(), which jest's CommonJS sandbox only allows under
 * node --experimental-vm-modules (the flag that also defines vm.SyntheticModule). Without it PGlite
 * fails and leaves a rejection that kills the jest worker, so stop before starting it.
 */
export function assertPgliteCanLoad(): void {
  if (typeof vm.SyntheticModule !== 'function') {
    throw new Error('PGlite cannot load under jest without --experimental-vm-modules: run jest with NODE_OPTIONS=--experimental-vm-modules');
  }
}

/** A claim for a new payment (the test kit's, shared with the payment and CLI tests). */
export { newLedgerClaim as newClaim, randomAddress };

export function claimedEntry(outcome: ClaimOutcome): LedgerEntry {
  if (!outcome.claimed) throw new Error(`expected a claim, found the payment ${outcome.existing.state}`);
  return outcome.entry;
}

/** The claim fields of an entry, to present the same payment again. */
export function claimOf(entry: LedgerEntry): LedgerClaim {
  const { state: _s, settlementTx: _t, errorCode: _e, resultHash: _r, resultJson: _j, attempts: _a, createdAt: _c, updatedAt: _u, validBefore, ...claim } = entry;
  if (validBefore === null) throw new Error(`${entry.x402RequestId} has no validBefore`);
  return { ...claim, validBefore };
}

/**
 * A report to save: nested JSON with text in several scripts and an amount (2^256 - 1) far beyond
 * a JavaScript number, so a lossy round trip shows.
 */
export function newReport(): Pick<SavedReportRecord, 'toolId' | 'chain' | 'subject' | 'document'> {
  const subject = randomAddress();
  return {
    toolId: 'saved_report',
    chain: 'base',
    subject,
    document: {
      kind: 'wallet_report',
      subject: { address: subject, chain: 'base' },
      summary: 'Zahlungen, 支払い, платежи: <b>"quoted"</b> & more',
      amounts: ['115792089237316195423570985008687907853269984665640564039457584007913129639935', '0.000001'],
      flags: [{ id: 'fresh_wallet', weight: 12.5, evidence: [{ kind: 'address', address: subject }] }],
      empty: { list: [], object: {}, nothing: null },
    },
  };
}
