import type { z } from 'zod';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { facilitatorCostComparatorRequest } from '../schemas/x402/facilitator-cost-comparator.js';
import { facilitatorCostComparatorResult } from '../results/x402/facilitator-cost-comparator.js';
import { priceDisplayUnitSanityCheckerRequest } from '../schemas/x402/price-display-unit-sanity-checker.js';
import { priceDisplayUnitSanityCheckerResult } from '../results/x402/price-display-unit-sanity-checker.js';
import { defaultAssetTokenamountAdvisorRequest } from '../schemas/x402/default-asset-tokenamount-advisor.js';
import { defaultAssetTokenamountAdvisorResult } from '../results/x402/default-asset-tokenamount-advisor.js';
import { multiChainFacilitatorFailoverPlannerRequest } from '../schemas/x402/multi-chain-facilitator-failover-planner.js';
import { multiChainFacilitatorFailoverPlannerResult } from '../results/x402/multi-chain-facilitator-failover-planner.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';

const USDC_BASE = X402_USDC['eip155:8453']!.address;
/** A facilitator's GET /supported answer for the examples: v2 exact kinds on the networks, one EVM signer. */
const exampleSupported = (networks: string[], signer: string) => ({
  kinds: networks.map((network) => ({ x402Version: 2, scheme: 'exact', network })),
  extensions: [],
  signers: { 'eip155:*': [signer] },
});

/** Price of every x402-* tool (design sheet §0): 0.01 USDC on Base, one exact offer. */
export const X402_FAMILY_PRICE = '0.01';

/** The family identity rule (design sheet §0): one slug gives route, tool id, MCP name and endpoint. */
export function x402Identity<const Slug extends string>(slug: Slug) {
  const underscored = slug.replaceAll('-', '_') as string;
  return {
    id: `x402_${underscored}` as `x402_${string}`,
    slug: `x402-${slug}` as const,
    path: `/api/x402/x402-${slug}` as const,
    mcpName: `svc_x402_${underscored}`,
  };
}

interface X402ToolSpec<Id extends string, Req extends z.ZodType, Res extends z.ZodType> {
  /** The slug without the family prefix (catalog-drift-monitor). */
  slug: string;
  id: Id;
  title: string;
  description: string;
  /** agent_expansion_v2_api for #1 only (spec); the rest are agent_expansion_v3_api. */
  productFamily?: ExpansionProductFamily;
  /** Only the notary (#4) writes, so only it sets readOnlyHint false. */
  annotations?: Partial<ToolAnnotations>;
  request: Req;
  result: Res;
  example: z.input<Req>;
}

/** One x402-* catalog entry: the identity, price, envelope and annotations of §0 around a tool's own schemas. */
export function defineX402Tool<const Id extends string, Req extends z.ZodType, Res extends z.ZodType>(spec: X402ToolSpec<Id, Req, Res>): CatalogEntry<Req, Res> & { id: Id } {
  const identity = x402Identity(spec.slug);
  if (identity.id !== spec.id) throw new Error(`catalog: x402 tool ${spec.slug} must have the id ${identity.id}, not ${spec.id}`);
  return defineTool({
    id: spec.id,
    slug: identity.slug,
    path: identity.path,
    mcpName: identity.mcpName,
    title: spec.title,
    description: spec.description,
    price: X402_FAMILY_PRICE,
    family: 'x402',
    envelope: { kind: 'expansion', productFamily: spec.productFamily ?? 'agent_expansion_v3_api', strict: true },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true, ...spec.annotations },
    request: spec.request,
    result: spec.result,
    example: spec.example,
  });
}

/** The x402-* tools built so far (design sheet x402-family.md, in the spec's order). */
export const X402_TOOLS = [
  defineX402Tool({
    slug: 'catalog-drift-monitor',
    id: 'x402_catalog_drift_monitor',
    productFamily: 'agent_expansion_v2_api',
    title: 'x402 catalog drift monitor',
    description:
      'For one paid endpoint: do the catalog entry, the OpenAPI operation, the MCP tool entry and the unpaid 402 challenge agree with each other and with what the caller expects (path, method, tool id, MCP name, price, currency, network, payee)? Mismatches with severity and JSON pointers; documents are submitted, never fetched.',
    request: catalogDriftMonitorRequest,
    result: catalogDriftMonitorResult,
    example: {
      service_url: 'https://api.example.com',
      expected_endpoint: '/api/x402/tx-status',
      expected_price: '0.01',
      expected_network: 'eip155:8453',
      expected_receiver: EXAMPLE_PAYEE,
      payment_challenge_json: {
        x402Version: 2,
        resource: { url: 'https://api.example.com/api/x402/tx-status' },
        accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: X402_USDC['eip155:8453']!.address, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }],
      },
    },
  }),
  defineX402Tool({
    slug: 'facilitator-cost-comparator',
    id: 'x402_facilitator_cost_comparator',
    title: 'x402 facilitator cost comparator',
    description:
      'For one payment size and monthly volume: which compatible facilitator is cheapest by its facilitatorFees quote (flat, bps with min/max, tiered or hybrid bounds), what each costs per payment and per month after free tiers, and at which payment amount flat and percentage fees cross. Quotes are submitted, never fetched or verified.',
    request: facilitatorCostComparatorRequest,
    result: facilitatorCostComparatorResult,
    example: {
      payment: { network: 'eip155:8453', amount_atomic: '10000', monthly_count: 100_000 },
      facilitators: [
        { label: 'F1', supported: exampleSupported(['eip155:8453'], '0x1111111111111111111111111111111111111111'), quote: { model: 'flat', flatFee: '1000', asset: USDC_BASE }, free_per_month: 1000 },
        { label: 'F2', supported: exampleSupported(['eip155:8453'], '0x2222222222222222222222222222222222222222'), quote: { model: 'bps', bps: 30, maxFee: '5000', asset: USDC_BASE } },
      ],
      as_of: '2026-11-28T00:00:00Z',
    },
  }),
  defineX402Tool({
    slug: 'price-display-unit-sanity-checker',
    id: 'x402_price_display_unit_sanity_checker',
    title: 'x402 price display unit sanity checker',
    description:
      'Do the human-readable price and the atomic amount describe the same money? Per item: the display read exactly ($, USD, USDC, cents, k/M), the amount divided by the asset\'s decimals, and the unit error if any: wrong decimals, a decimal field that disagrees, a power-of-ten shift (18 vs 6 decimals, cents vs dollars, atomic shown as dollars) or a plain mismatch.',
    request: priceDisplayUnitSanityCheckerRequest,
    result: priceDisplayUnitSanityCheckerResult,
    example: {
      items: [{ item_id: 'premium-report', display_text: '$0.01', amount_atomic: '10000000000000000', asset: USDC_BASE, network: 'eip155:8453' }],
    },
  }),
  defineX402Tool({
    slug: 'default-asset-tokenamount-advisor',
    id: 'x402_default_asset_tokenamount_advisor',
    title: 'x402 default-asset TokenAmount advisor',
    description:
      'From a route price such as "$0.01": the exact x402 TokenAmount per network (atomic amount, default USDC asset, EIP-712 name and version in extra) and its v1 twin, with any rounding to the asset\'s smallest unit made explicit (half_up, down, up or reject) and networks without a default asset named.',
    request: defaultAssetTokenamountAdvisorRequest,
    result: defaultAssetTokenamountAdvisorResult,
    example: { price: '$0.001', networks: ['eip155:84532'] },
  }),
  defineX402Tool({
    slug: 'multi-chain-facilitator-failover-planner',
    id: 'x402_multi_chain_facilitator_failover_planner',
    title: 'x402 multi-chain facilitator failover planner',
    description:
      'For a seller accepting several networks: per network, the primary facilitator and ordered fallbacks in independent failure domains (facilitators sharing a signer address count as one), the single points of failure, and when failing over is safe (verify errors at once; a settle timeout only once the authorization is provably unused or expired).',
    request: multiChainFacilitatorFailoverPlannerRequest,
    result: multiChainFacilitatorFailoverPlannerResult,
    example: {
      networks: ['eip155:8453', 'eip155:84532'],
      facilitators: [
        { label: 'F1', supported: exampleSupported(['eip155:8453', 'eip155:84532'], '0x1111111111111111111111111111111111111111') },
        { label: 'F2', supported: exampleSupported(['eip155:8453'], '0x1111111111111111111111111111111111111111') },
        { label: 'F3', supported: exampleSupported(['eip155:8453'], '0x3333333333333333333333333333333333333333') },
      ],
    },
  }),
] as const;
