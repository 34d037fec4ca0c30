import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzePurchaseReconciliation } from './analyze.js';

export { analyzePurchaseReconciliation, type PurchaseReconcilerInput, type PurchaseReconcilerResult } from './analyze.js';

/** x402-autonomous-purchase-intent-to-receipt-reconciler: a pure function of its request (docs/tools/x402/autonomous-purchase-intent-to-receipt-reconciler.md). */
export const autonomousPurchaseIntentToReceiptReconciler = defineRequestOnlyTool(catalogEntry('x402_autonomous_purchase_intent_to_receipt_reconciler'), (input) => analyzePurchaseReconciliation(input));
