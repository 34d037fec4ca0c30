import { z } from 'zod';
import { x402Atomic, x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-network-token-route-planner's request (design sheet §21). */
export const ROUTE_PLANNER_LIMITS = { accepts: 20, holdings: 50, nativeGas: 20, allowances: 20, networkOrder: 20, network: 80, asset: 120, headerValue: 16 * 1024 } as const;

const network = z.string().min(1).max(ROUTE_PLANNER_LIMITS.network).meta({ description: 'CAIP-2 id or x402 v1 alias (normalized by ND).' });
const asset = z.string().min(1).max(ROUTE_PLANNER_LIMITS.asset).meta({ description: 'Token address or mint.' });

/** x402-network-token-route-planner (design sheet §21): exactly one of challenge or accepts. */
export const networkTokenRoutePlannerRequest = z
  .strictObject({
    challenge: z
      .union([x402Document, z.string().min(1).max(ROUTE_PLANNER_LIMITS.headerValue)])
      .optional()
      .meta({ description: 'The 402 challenge: a v1 body, a v2 PaymentRequired object, or its base64 PAYMENT-REQUIRED value (at most 16 KiB).' }),
    accepts: z.array(x402Document).min(1).max(ROUTE_PLANNER_LIMITS.accepts).optional().meta({ description: 'The offers alone (v1 or v2 requirements objects), when the challenge is not at hand.' }),
    holdings: z
      .array(z.strictObject({ network, asset, balance_atomic: x402Atomic }))
      .max(ROUTE_PLANNER_LIMITS.holdings)
      .meta({ description: 'The buyer\'s balances, in atomic units of each asset.' }),
    native_gas: z.array(z.strictObject({ network, has_gas: z.boolean() })).max(ROUTE_PLANNER_LIMITS.nativeGas).optional().meta({ description: 'Whether the buyer holds native gas per network; a network not listed counts as no gas.' }),
    permit2_allowances: z
      .array(z.strictObject({ network, asset, allowance_atomic: x402Atomic }))
      .max(ROUTE_PLANNER_LIMITS.allowances)
      .optional()
      .meta({ description: 'The buyer\'s current ERC-20 allowance to Permit2 per network and asset; not listed counts as 0.' }),
    preferences: z
      .strictObject({
        network_order: z.array(network).max(ROUTE_PLANNER_LIMITS.networkOrder).default([]).meta({ description: 'Preferred networks first; breaks ties between routes of equal steps and amount.' }),
        allow_testnets: z.boolean().default(false),
        allow_bridge: z.boolean().default(false).meta({ description: 'Consider bridging USDC by CCTP from another network.' }),
      })
      .default({ network_order: [], allow_testnets: false, allow_bridge: false }),
  })
  .superRefine((value, ctx) => {
    if ((value.challenge === undefined) === (value.accepts === undefined)) ctx.addIssue({ code: 'custom', path: ['challenge'], message: 'give exactly one of challenge or accepts' });
  });
