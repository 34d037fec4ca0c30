import type { PaymentLedger } from './ledger.js';
import type { NotaryStore } from './notary.js';
import type { ObservationStore } from './observations.js';
import type { PaymentIdentifierStore } from './payment-identifiers.js';
import type { ReportStore } from './report-store.js';

/** Everything the service persists. One adapter per database; see @paysight/store. */
export interface Store {
  readonly kind: 'pglite' | 'postgres';
  readonly ledger: PaymentLedger;
  readonly paymentIds: PaymentIdentifierStore;
  readonly reports: ReportStore;
  /** Capability observations of this service's own tool runs (the negative-capability tool reads them). */
  readonly observations: ObservationStore;
  /** Hash-only provenance records of x402-response-provenance-notary, the family's one writer. */
  readonly notary: NotaryStore;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
