import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeMandateReceiptFit } from './analyze.js';

export { analyzeMandateReceiptFit, type MandateReceiptFitInput, type MandateReceiptFitResult } from './analyze.js';

/** x402-agent-commerce-mandate-receipt-fit-card: a pure function of its request (docs/tools/x402/agent-commerce-mandate-receipt-fit-card.md). */
export const agentCommerceMandateReceiptFitCard = defineRequestOnlyTool(catalogEntry('x402_agent_commerce_mandate_receipt_fit_card'), (input) => analyzeMandateReceiptFit(input));
