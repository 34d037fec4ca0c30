import type { z } from 'zod';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';
import { multiProviderChallengeNormalizerRequest } from '../schemas/x402/multi-provider-challenge-normalizer.js';
import { multiProviderChallengeNormalizerResult } from '../results/x402/multi-provider-challenge-normalizer.js';
import { networkTokenRoutePlannerRequest } from '../schemas/x402/network-token-route-planner.js';
import { networkTokenRoutePlannerResult } from '../results/x402/network-token-route-planner.js';
import type { ExpansionProductFamily } from '../envelopes/expansion.js';
import { X402_USDC } from '../x402/reference-data.js';
import { type CatalogEntry, type ToolAnnotations, defineTool } from './entry.js';

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

const USDC_BASE = X402_USDC['eip155:8453']!.address;
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const USDC_SOLANA = X402_USDC[SOLANA]!.address;
/** A v2 PaymentRequired as its base64 PAYMENT-REQUIRED header value (standard base64 of the JSON). */
const asHeader = (paymentRequired: object) => Buffer.from(JSON.stringify(paymentRequired), 'utf8').toString('base64');

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
        accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }],
      },
    },
  }),
  defineX402Tool({
    slug: 'multi-provider-challenge-normalizer',
    id: 'x402_multi_provider_challenge_normalizer',
    title: 'x402 multi-provider challenge normalizer',
    description:
      'For a buyer holding 402 challenges from several providers for similar resources (x402 v1 bodies, v2 objects, base64 PAYMENT-REQUIRED values, L402 WWW-Authenticate values): one comparable offer list with CAIP-2 networks, atomic and decimal amounts, value classes (USD stablecoin, Lightning sats, other), ranks by price then payment friction, the cheapest per class, and reseller, testnet and timeout flags. Challenges are submitted, never fetched.',
    request: multiProviderChallengeNormalizerRequest,
    result: multiProviderChallengeNormalizerResult,
    example: {
      challenges: [
        {
          provider_label: 'A',
          format: 'x402_v1_body',
          body: { x402Version: 1, accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000', resource: 'https://a.example/api/quote', description: 'Quote', mimeType: 'application/json', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 }] },
        },
        {
          provider_label: 'B',
          format: 'x402_v2_header',
          header_value: asHeader({ x402Version: 2, resource: { url: 'https://b.example/api/quote' }, accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '9000', asset: USDC_BASE, payTo: '0x2222222222222222222222222222222222222222', maxTimeoutSeconds: 60 }] }),
        },
      ],
    },
  }),
  defineX402Tool({
    slug: 'network-token-route-planner',
    id: 'x402_network_token_route_planner',
    title: 'x402 network and token route planner',
    description:
      'For a buyer facing a 402 with several offers while holding balances on several networks: which offers it can pay, in how many steps (Permit2 approval, CCTP bridge, then the signature), who pays the gas of each step, and which route is best (fewest steps, then amount, then preferred network). Unpayable offers come with their reason. Holdings are stated, never read on chain.',
    request: networkTokenRoutePlannerRequest,
    result: networkTokenRoutePlannerResult,
    example: {
      challenge: {
        x402Version: 2,
        resource: { url: 'https://api.example.com/api/x402/quote' },
        accepts: [
          { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 60 },
          { scheme: 'exact', network: SOLANA, amount: '10000', asset: USDC_SOLANA, payTo: 'Examp1ePayee1111111111111111111111111111111', maxTimeoutSeconds: 60 },
        ],
      },
      holdings: [
        { network: 'eip155:8453', asset: USDC_BASE, balance_atomic: '5000' },
        { network: SOLANA, asset: USDC_SOLANA, balance_atomic: '2000000' },
      ],
    },
  }),
] as const;
