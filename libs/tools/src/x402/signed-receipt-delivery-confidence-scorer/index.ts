import { catalogEntry } from '@paysight/contracts';
import { defineCheckedRequestTool } from '../../ext/verdict.js';
import { analyzeReceiptDelivery } from './analyze.js';
import { checkReceiptSignature } from './signature.js';

export { analyzeReceiptDelivery, type ReceiptScorerInput, type ReceiptScorerResult } from './analyze.js';
export { checkReceiptSignature, type SignatureCheck } from './signature.js';

/** x402-signed-receipt-delivery-confidence-scorer: the signature is checked offline first, then a pure scoring (docs/tools/x402/signed-receipt-delivery-confidence-scorer.md). */
export const signedReceiptDeliveryConfidenceScorer = defineCheckedRequestTool(catalogEntry('x402_signed_receipt_delivery_confidence_scorer'), checkReceiptSignature, (input, check) => analyzeReceiptDelivery(input, check));
