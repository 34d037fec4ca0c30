import { BODY_CHALLENGE_FORMATS, VALUE_CLASSES, X402_NETWORKS, type CatalogEntryOf, type NormalizedOffer, type RequestOf, type ResultOf, type ValueClass } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { X402P, type X402POffer } from '../x402p.js';
import { parseL402 } from './l402.js';

type Entry = CatalogEntryOf<'x402_multi_provider_challenge_normalizer'>;
export type ChallengeNormalizerInput = RequestOf<Entry>;
export type ChallengeNormalizerResult = ResultOf<Entry>;
type Decision = ChallengeNormalizerResult['decision'];
type ParseError = ChallengeNormalizerResult['parse_errors'][number];
type Challenge = ChallengeNormalizerInput['challenges'][number];
/** An offer before ranking (rank 0), with its sort keys. */
interface Unranked {
  offer: NormalizedOffer;
  atomic: bigint;
  friction: number;
}

/** Friction of paying an offer (design sheet §12): eip3009 < svm < permit2 < l402; anything else after. */
const FRICTION: Readonly<Record<string, number>> = { eip3009: 0, svm: 1, permit2: 2, l402: 3 };
const LONG_TIMEOUT_SECONDS = 3600;
const TESTNETS: ReadonlySet<string> = new Set(X402_NETWORKS.filter((n) => n.testnet).map((n) => n.caip2));
const VERSION_OF_FORMAT: Partial<Record<Challenge['format'], 1 | 2>> = { x402_v1_body: 1, x402_v2_object: 2, x402_v2_header: 2 };

interface Context {
  offers: Unranked[];
  errors: ParseError[];
  flags: Set<string>;
}

function transferMethod(offer: X402POffer): string | null {
  if (offer.network?.startsWith('solana:')) return 'svm';
  return offer.extra.assetTransferMethod;
}

function fromX402(ctx: Context, challenge: Challenge, index: number): void {
  const parsed = X402P(BODY_CHALLENGE_FORMATS.includes(challenge.format) ? challenge.body : challenge.header_value);
  const fail = (reason: string, offerIndex: number | null = null): void => void ctx.errors.push({ provider_label: challenge.provider_label, challenge_index: index, offer_index: offerIndex, reason });
  if (!parsed.ok) return fail(parsed.reason);
  const declared = VERSION_OF_FORMAT[challenge.format];
  if (declared !== parsed.challenge.x402_version) ctx.flags.add('declared_format_mismatch');
  for (const offer of parsed.challenge.offers) {
    if (offer.amount_atomic === null) {
      fail(offer.amount_raw === null ? 'the offer states no amount' : `the offer's amount ${offer.amount_raw} is not an atomic integer`, offer.index);
      continue;
    }
    if (offer.network !== null && !offer.network_known) ctx.flags.add('unknown_network');
    const usd = offer.asset_symbol === 'USDC';
    const method = transferMethod(offer);
    const normalized: NormalizedOffer = {
      provider_label: challenge.provider_label,
      challenge_index: index,
      offer_index: offer.index,
      protocol: 'x402',
      x402_version: offer.x402_version,
      scheme: offer.scheme,
      network: offer.network,
      asset: offer.asset,
      asset_symbol: offer.asset_symbol,
      amount_atomic: offer.amount_atomic,
      amount_decimal: offer.amount_decimal,
      unit: usd ? 'USDC' : 'unknown',
      pay_to: offer.pay_to,
      max_timeout_seconds: offer.max_timeout_seconds,
      resource_url: offer.resource_url,
      asset_transfer_method: method,
      macaroon_hash: null,
      testnet: offer.network !== null && TESTNETS.has(offer.network),
      value_class: usd ? 'usd_stable' : 'other',
      rank: 0,
    };
    ctx.offers.push({ offer: normalized, atomic: BigInt(offer.amount_atomic), friction: FRICTION[method ?? ''] ?? Object.keys(FRICTION).length });
  }
}

function fromL402(ctx: Context, challenge: Challenge, index: number): void {
  const parsed = parseL402(challenge.header_value ?? '');
  if (typeof parsed === 'string') {
    ctx.errors.push({ provider_label: challenge.provider_label, challenge_index: index, offer_index: null, reason: parsed });
    return;
  }
  const offer: NormalizedOffer = {
    provider_label: challenge.provider_label,
    challenge_index: index,
    offer_index: 0,
    protocol: 'l402',
    x402_version: null,
    scheme: null,
    network: parsed.network,
    asset: 'BTC',
    asset_symbol: 'BTC',
    amount_atomic: parsed.amount_msat.toString(),
    amount_decimal: parsed.amount_sats,
    unit: 'sat',
    pay_to: null,
    max_timeout_seconds: null,
    resource_url: null,
    asset_transfer_method: 'l402',
    macaroon_hash: parsed.macaroon_hash,
    testnet: parsed.testnet,
    value_class: 'btc_lightning',
    rank: 0,
  };
  ctx.offers.push({ offer, atomic: parsed.amount_msat, friction: FRICTION.l402! });
}

const byLabel = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rank within each value class: amount asc, friction, provider_label, then input order. */
function ranked(offers: Unranked[]): NormalizedOffer[] {
  const out: NormalizedOffer[] = [];
  for (const valueClass of VALUE_CLASSES) {
    const members = offers.filter((u) => u.offer.value_class === valueClass);
    members.sort((a, b) => (a.atomic < b.atomic ? -1 : a.atomic > b.atomic ? 1 : 0) || a.friction - b.friction || byLabel(a.offer.provider_label, b.offer.provider_label) || a.offer.challenge_index - b.offer.challenge_index || a.offer.offer_index - b.offer.offer_index);
    members.forEach((u, i) => {
      u.offer.rank = i + 1;
      out.push(u.offer);
    });
  }
  return out;
}

const payeeKey = (payTo: string) => (/^0x[0-9a-fA-F]{40}$/.test(payTo) ? payTo.toLowerCase() : payTo);

function sharedPayees(offers: NormalizedOffer[]): ChallengeNormalizerResult['shared_payees'] {
  const providers = new Map<string, Set<string>>();
  for (const offer of offers) {
    if (offer.pay_to === null) continue;
    const key = payeeKey(offer.pay_to);
    providers.set(key, (providers.get(key) ?? new Set()).add(offer.provider_label));
  }
  return [...providers]
    .filter(([, labels]) => labels.size > 1)
    .map(([pay_to, labels]) => ({ pay_to, providers: [...labels].sort(byLabel) }))
    .sort((a, b) => byLabel(a.pay_to, b.pay_to));
}

const NEXT_ACTION: Record<Decision, string> = {
  normalized: 'Compare the offers within one value class by rank; rank 1 is the cheapest and easiest to pay. Pass the chosen challenge to a route planner with your holdings before paying.',
  partially_normalized: 'Compare the offers that parsed, and fix or re-fetch the challenges listed in parse_errors before counting their providers out.',
  unparseable: 'None of the challenges could be read: check each format (v1 body, v2 object, base64 PAYMENT-REQUIRED value, L402 WWW-Authenticate value) against parse_errors.',
};

const LIMITATIONS = [
  'Only the submitted challenges were read: nothing was fetched, and a provider may price differently on the next request.',
  'Amounts are compared within a value class only; no exchange rate is applied between USDC, sats and other assets.',
  'An L402 invoice is read for its amount and network only: its signature, payee node and expiry are not checked.',
];

/** x402-multi-provider-challenge-normalizer (design sheet §12). */
export function analyzeChallengeNormalizer(input: ChallengeNormalizerInput): ToolOutput<ChallengeNormalizerResult> {
  const ctx: Context = { offers: [], errors: [], flags: new Set() };
  input.challenges.forEach((challenge, i) => (challenge.format === 'l402_www_authenticate' ? fromL402 : fromX402)(ctx, challenge, i));
  const offers = ranked(ctx.offers);
  const shared = sharedPayees(offers);
  if (shared.length > 0) ctx.flags.add('reseller_or_proxy');
  if (offers.some((o) => o.testnet) && offers.some((o) => !o.testnet)) ctx.flags.add('mixed_testnet_mainnet');
  if (offers.some((o) => (o.max_timeout_seconds ?? 0) > LONG_TIMEOUT_SECONDS)) ctx.flags.add('long_timeout');
  const unknownAsset = offers.some((o) => o.unit === 'unknown');
  if (unknownAsset) ctx.flags.add('unknown_asset_decimals');

  const failedChallenges = new Set(ctx.errors.map((e) => e.challenge_index)).size;
  const decision: Decision = offers.length === 0 ? 'unparseable' : ctx.errors.length > 0 ? 'partially_normalized' : 'normalized';
  const classes = new Set(offers.map((o) => o.value_class));
  const confidence = unknownAsset || offers.length === 0 ? 'low' : classes.size > 1 ? 'medium' : 'high';
  const cheapest = (valueClass: ValueClass) => {
    const best = offers.find((o) => o.value_class === valueClass && o.rank === 1);
    return best ? { provider_label: best.provider_label, challenge_index: best.challenge_index, offer_index: best.offer_index, amount_decimal: best.amount_decimal, amount_atomic: best.amount_atomic, unit: best.unit } : null;
  };
  const cheapestByClass = { usd_stable: cheapest('usd_stable'), btc_lightning: cheapest('btc_lightning'), other: cheapest('other') };
  const bests = VALUE_CLASSES.flatMap((c) => (cheapestByClass[c] ? [`${c} ${cheapestByClass[c].provider_label} at ${cheapestByClass[c].amount_decimal ?? `${cheapestByClass[c].amount_atomic} atomic`}${cheapestByClass[c].unit === 'unknown' ? '' : ` ${cheapestByClass[c].unit}`}`] : []));
  const summary =
    `${offers.length} offer${offers.length === 1 ? '' : 's'} normalized from ${input.challenges.length - failedChallenges} of ${input.challenges.length} challenge${input.challenges.length === 1 ? '' : 's'}` +
    (ctx.errors.length > 0 ? ` (${ctx.errors.length} parse error${ctx.errors.length === 1 ? '' : 's'})` : '') +
    (bests.length > 0 ? `; cheapest: ${bests.join('; ')}.` : '.');
  return x402Answer({ decision, confidence, summary, riskFlags: ctx.flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { offers, parse_errors: ctx.errors, cheapest_by_class: cheapestByClass, shared_payees: shared });
}
