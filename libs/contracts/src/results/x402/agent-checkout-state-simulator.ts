import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { CHECKOUT_EVENTS, CHECKOUT_STATES } from '../../x402/checkout-flow.js';

export const CHECKOUT_SIMULATOR_DECISIONS = ['invalid_flow', 'recoverable_deviation', 'valid_flow'] as const;
/** Violations, the major ones first; the last three are minor (a logging defect, not a wrong exchange). */
export const CHECKOUT_VIOLATIONS = [
  'unverified_execution',
  'charged_without_service',
  'served_without_charge',
  'double_delivery',
  'settle_twice',
  'illegal_transition',
  'receipt_missing',
  'out_of_order',
  'wrong_actor',
] as const;
export type CheckoutViolation = (typeof CHECKOUT_VIOLATIONS)[number];
export const MINOR_CHECKOUT_VIOLATIONS: readonly CheckoutViolation[] = ['receipt_missing', 'out_of_order', 'wrong_actor'];

export const checkoutViolation = z.object({
  seq: z.int().min(0),
  from_state: z.enum(CHECKOUT_STATES),
  event: z.enum(CHECKOUT_EVENTS),
  violation: z.enum(CHECKOUT_VIOLATIONS),
});

export const agentCheckoutStateSimulatorResult = x402Result({
  decision: z.enum(CHECKOUT_SIMULATOR_DECISIONS),
  flows: z
    .array(z.object({ correlation_id: z.string(), final_state: z.enum(CHECKOUT_STATES), violations: z.array(checkoutViolation).meta({ description: 'In seq order.' }) }))
    .meta({ description: 'One per correlation_id, in order of first appearance in the input.' }),
  counts: z.object({
    flows: z.int().min(0),
    events: z.int().min(0),
    terminal_flows: z.int().min(0).meta({ description: 'Flows that end complete or failed_uncharged.' }),
    violations: z.int().min(0),
    by_violation: z.array(z.object({ violation: z.enum(CHECKOUT_VIOLATIONS), count: z.int().min(1) })).meta({ description: 'In the order of the violation list.' }),
  }),
});
