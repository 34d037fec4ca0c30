import { X402_CCTP_DOMAINS, X402_NETWORKS, type CatalogEntryOf, type PaymentRoute, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ND, isUsdcOf } from '../helpers.js';
import { X402P, type X402POffer } from '../x402p.js';

type Entry = CatalogEntryOf<'x402_network_token_route_planner'>;
export type RoutePlannerInput = RequestOf<Entry>;
export type RoutePlannerResult = ResultOf<Entry>;
type Decision = RoutePlannerResult['decision'];
type Unpayable = RoutePlannerResult['unpayable'][number];
type Step = PaymentRoute['steps'][number];

const TESTNETS: ReadonlySet<string> = new Set(X402_NETWORKS.filter((n) => n.testnet).map((n) => n.caip2));
const SPONSORING_EXTENSIONS = ['eip2612GasSponsoring', 'erc20ApprovalGasSponsoring'] as const;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const sameAsset = (a: string, b: string) => (EVM_ADDRESS.test(a) ? a.toLowerCase() === b.trim().toLowerCase() : a === b.trim());

interface Holding {
  index: number;
  network: string;
  asset: string;
  balance: bigint;
}

interface Context {
  holdings: Holding[];
  gas: ReadonlySet<string>;
  allowances: { network: string; asset: string; allowance: bigint }[];
  sponsored: boolean;
  /** Index of a network in preferences.network_order (unlisted networks after all listed ones). */
  preference: (network: string) => number;
  flags: Set<string>;
}

/** The offers to plan for, through X402P; the accepts-only form is read as a challenge without its envelope. */
function offersOf(input: RoutePlannerInput): { offers: X402POffer[]; extensionIds: string[] } | string {
  const parsed = X402P(input.challenge ?? { accepts: input.accepts });
  if (!parsed.ok) return parsed.reason;
  return { offers: parsed.challenge.offers, extensionIds: parsed.challenge.extension_ids };
}

function methodOf(offer: X402POffer): string | null {
  return offer.network?.startsWith('solana:') ? 'svm' : offer.extra.assetTransferMethod;
}

/** The steps on the offer's network after the funds are there: a Permit2 approval when the allowance falls short, then the signature. Null when the approval needs gas the payer lacks. */
function paymentSteps(ctx: Context, offer: X402POffer, network: string, asset: string, amount: bigint): Step[] | null {
  const method = methodOf(offer);
  const sign: Step = { kind: 'sign', network, to_network: null, gas_payer: 'facilitator' };
  if (method !== 'permit2') {
    if (method !== 'eip3009' && method !== 'svm') ctx.flags.add('unknown_transfer_method');
    return [sign];
  }
  const allowance = ctx.allowances.find((a) => a.network === network && sameAsset(a.asset, asset))?.allowance ?? 0n;
  if (allowance >= amount) return [sign];
  if (ctx.sponsored) return [{ kind: 'approve_permit2', network, to_network: null, gas_payer: 'facilitator' }, sign];
  if (!ctx.gas.has(network)) return null;
  return [{ kind: 'approve_permit2', network, to_network: null, gas_payer: 'payer' }, sign];
}

type Planned = { route: PaymentRoute } | { unpayable: Unpayable };

function plan(ctx: Context, input: RoutePlannerInput, offer: X402POffer): Planned {
  const fail = (reason: Unpayable['reason'], detail: string): Planned => ({ unpayable: { offer_index: offer.index, reason, detail } });
  if (offer.network === null || offer.asset === null || offer.amount_atomic === null) return fail('unreadable_offer', 'the offer states no network, asset or atomic amount');
  if (!offer.network_known) ctx.flags.add('unknown_network');
  const { network, asset } = offer;
  const amount = BigInt(offer.amount_atomic);
  if (TESTNETS.has(network) && !input.preferences.allow_testnets) return fail('testnet_skipped', `${network} is a testnet and preferences.allow_testnets is false`);
  const route = (holding: Holding, steps: Step[]): Planned => ({
    route: { offer_index: offer.index, network, asset, amount_atomic: offer.amount_atomic!, asset_transfer_method: methodOf(offer), holding_index: holding.index, steps },
  });

  const direct = ctx.holdings.filter((h) => h.network === network && sameAsset(h.asset, asset));
  const funded = direct.find((h) => h.balance >= amount);
  let failure: Planned;
  if (funded) {
    const steps = paymentSteps(ctx, offer, network, asset, amount);
    if (steps) return route(funded, steps);
    failure = fail('no_gas', `the Permit2 approval on ${network} needs native gas and no gas sponsoring is declared`);
  } else if (direct.length > 0) {
    const best = direct.reduce((a, b) => (b.balance > a.balance ? b : a));
    failure = fail('insufficient_balance', `holding ${best.index} has ${best.balance} of ${amount} atomic on ${network}`);
  } else failure = fail('no_holding', `no holding of ${asset} on ${network}`);

  if (!input.preferences.allow_bridge) return failure;
  const canonical = X402_CCTP_DOMAINS[network] !== undefined && isUsdcOf(network, asset);
  if (!canonical) return 'unpayable' in failure && failure.unpayable.reason === 'no_holding' ? fail('not_bridgeable', `${asset} on ${network} is not USDC on a CCTP network`) : failure;
  const sources = ctx.holdings
    .filter((h) => h.network !== network && X402_CCTP_DOMAINS[h.network] !== undefined && isUsdcOf(h.network, h.asset) && h.balance >= amount && ctx.gas.has(h.network))
    .sort((a, b) => ctx.preference(a.network) - ctx.preference(b.network) || a.index - b.index);
  const steps = sources.length > 0 ? paymentSteps(ctx, offer, network, asset, amount) : null;
  if (steps) return route(sources[0]!, [{ kind: 'bridge_cctp', network: sources[0]!.network, to_network: network, gas_payer: 'payer' }, ...steps]);
  if ('unpayable' in failure && failure.unpayable.reason === 'no_holding') return fail('not_bridgeable', `no USDC on another CCTP network with ${amount} atomic and native gas to bridge`);
  return failure;
}

const NEXT_ACTION: Record<Decision, string> = {
  no_route: 'No offer can be paid with these holdings: top up the asset on an offered network (see unpayable for what is missing), add native gas, or allow bridging if you hold USDC elsewhere.',
  route_with_steps: 'Pay the chosen offer after its preparatory steps (approval or bridge) in the listed order; the payment signature comes last.',
  direct_route: 'Sign the chosen offer\'s payment: the balance is there and the facilitator settles it.',
};

const LIMITATIONS = [
  'Balances, gas and allowances are as the request states them: nothing is read on chain, and they may change before the payment.',
  'A bridge step is planned by CCTP domain only: bridge fees, attestation time and limits are not modelled.',
  'Gas is a yes/no per network: whether it suffices for an approval or a bridge transaction is not estimated.',
];

const byAmount = (a: PaymentRoute, b: PaymentRoute) => {
  const x = BigInt(a.amount_atomic);
  const y = BigInt(b.amount_atomic);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** x402-network-token-route-planner (design sheet §21). */
export function analyzeRoutePlanner(input: RoutePlannerInput): ToolOutput<RoutePlannerResult> {
  const flags = new Set<string>();
  const parsed = offersOf(input);
  const limitations = [...LIMITATIONS];
  if (typeof parsed === 'string') {
    flags.add('challenge_unparsed');
    limitations.push(`The challenge was not read (${parsed}).`);
    return x402Answer({ decision: 'no_route', confidence: 'medium', summary: `No route: the challenge could not be read (${parsed}).`, riskFlags: flags, nextAction: NEXT_ACTION.no_route, limitations }, { chosen: null, alternatives: [], unpayable: [] });
  }
  const order = input.preferences.network_order.map((n) => ND(n).network);
  const ctx: Context = {
    holdings: input.holdings.map((h, index) => ({ index, network: ND(h.network).network, asset: h.asset.trim(), balance: BigInt(h.balance_atomic) })),
    gas: new Set((input.native_gas ?? []).filter((g) => g.has_gas).map((g) => ND(g.network).network)),
    allowances: (input.permit2_allowances ?? []).map((a) => ({ network: ND(a.network).network, asset: a.asset, allowance: BigInt(a.allowance_atomic) })),
    sponsored: SPONSORING_EXTENSIONS.some((id) => parsed.extensionIds.includes(id)),
    preference: (network) => {
      const index = order.indexOf(network);
      return index < 0 ? order.length : index;
    },
    flags,
  };
  const routes: PaymentRoute[] = [];
  const unpayable: Unpayable[] = [];
  for (const offer of parsed.offers) {
    const planned = plan(ctx, input, offer);
    if ('route' in planned) routes.push(planned.route);
    else unpayable.push(planned.unpayable);
  }
  routes.sort((a, b) => a.steps.length - b.steps.length || byAmount(a, b) || ctx.preference(a.network) - ctx.preference(b.network) || a.offer_index - b.offer_index);
  const [chosen = null, ...alternatives] = routes;
  for (const route of routes) for (const step of route.steps) if (step.kind !== 'sign') flags.add(step.kind === 'bridge_cctp' ? 'bridge_required' : step.gas_payer === 'facilitator' ? 'permit2_approval_sponsored' : 'permit2_approval_needed');
  if (unpayable.some((u) => u.reason === 'testnet_skipped')) flags.add('testnet_offer_skipped');

  const decision: Decision = chosen === null ? 'no_route' : chosen.steps.length > 1 ? 'route_with_steps' : 'direct_route';
  const held = new Set(ctx.holdings.map((h) => h.network));
  const offered = parsed.offers.flatMap((o) => (o.network === null ? [] : [o.network]));
  const confidence = offered.every((n) => held.has(n)) ? 'high' : 'medium';
  const summary =
    chosen === null
      ? `No route: none of ${parsed.offers.length} offer${parsed.offers.length === 1 ? '' : 's'} can be paid (${unpayable.map((u) => `#${u.offer_index} ${u.reason}`).join(', ')}).`
      : `${decision === 'direct_route' ? 'Direct route' : 'Route with steps'}: offer #${chosen.offer_index} on ${chosen.network} for ${chosen.amount_atomic} atomic in ${chosen.steps.length} step${chosen.steps.length === 1 ? '' : 's'} (${chosen.steps.map((s) => s.kind).join(' → ')}); ${alternatives.length} alternative${alternatives.length === 1 ? '' : 's'}, ${unpayable.length} unpayable.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { chosen, alternatives, unpayable });
}
