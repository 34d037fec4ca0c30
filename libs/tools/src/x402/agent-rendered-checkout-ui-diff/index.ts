import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeCheckoutUi } from './analyze.js';

export { analyzeCheckoutUi, type CheckoutUiInput, type CheckoutUiResult } from './analyze.js';

/** x402-agent-rendered-checkout-ui-diff: a pure function of its request (docs/tools/x402/agent-rendered-checkout-ui-diff.md). */
export const agentRenderedCheckoutUiDiff = defineRequestOnlyTool(catalogEntry('x402_agent_rendered_checkout_ui_diff'), (input) => analyzeCheckoutUi(input));
