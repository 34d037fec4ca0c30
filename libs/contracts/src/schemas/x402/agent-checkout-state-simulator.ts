import { z } from 'zod';
import { CHECKOUT_ACTORS, CHECKOUT_EVENTS } from '../../x402/checkout-flow.js';

/** Bounds of x402-agent-checkout-state-simulator's request (design §36; docs/tools/x402/agent-checkout-state-simulator.md). */
export const CHECKOUT_SIMULATOR_LIMITS = { events: 2000, correlationId: 128 } as const;

export const agentCheckoutStateSimulatorRequest = z.strictObject({
  events: z
    .array(
      z.strictObject({
        correlation_id: z.string().min(1).max(CHECKOUT_SIMULATOR_LIMITS.correlationId).meta({ description: 'The paid call the event belongs to.' }),
        seq: z.int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Order of the event within its correlation.' }),
        actor: z.enum(CHECKOUT_ACTORS),
        event: z.enum(CHECKOUT_EVENTS),
      }),
    )
    .min(1)
    .max(CHECKOUT_SIMULATOR_LIMITS.events),
});
