import type { PaymentLedger } from './ledger.js';
import type { PaymentIdentifierStore } from './payment-identifiers.js';
import type { ReportStore } from './report-store.js';

/** Everything the service persists. One adapter per database; see @paysight/store. */
export interface Store {
  readonly kind: 'pglite' | 'postgres';
  readonly ledger: PaymentLedger;
  readonly paymentIds: PaymentIdentifierStore;
  readonly reports: ReportStore;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
