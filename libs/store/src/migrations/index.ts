import type { Migration } from './migration.js';
import { paymentLedger } from './0001-payment-ledger.js';
import { savedReports } from './0002-saved-reports.js';
import { paidResults } from './0003-paid-results.js';
import { settlePending } from './0004-settle-pending.js';
import { paymentIdentity } from './0005-payment-identity.js';
import { signedReceipts } from './0006-signed-receipts.js';
import { capabilityObservations } from './0007-capability-observations.js';
import { notaryRecords } from './0008-notary-records.js';

export type { Migration } from './migration.js';

/** Every migration, in version order. */
export const MIGRATIONS: readonly Migration[] = [paymentLedger, savedReports, paidResults, settlePending, paymentIdentity, signedReceipts, capabilityObservations, notaryRecords];
