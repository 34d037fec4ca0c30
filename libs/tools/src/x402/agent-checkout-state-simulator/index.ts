import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { simulateCheckout } from './analyze.js';

export { simulateCheckout, type CheckoutSimulatorInput, type CheckoutSimulatorResult } from './analyze.js';

/** x402-agent-checkout-state-simulator: a pure function of its request (docs/tools/x402/agent-checkout-state-simulator.md). */
export const agentCheckoutStateSimulator = defineRequestOnlyTool(catalogEntry('x402_agent_checkout_state_simulator'), (input) => simulateCheckout(input));
