import { X402_NETWORKS, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ASSET, ND } from '../helpers.js';
import { distinctNetworks } from '../networks.js';
import { formatExact, integerPart, parseExact, shift, subtractExact, type ExactDecimal } from '../exact-decimal.js';

type Entry = CatalogEntryOf<'x402_default_asset_tokenamount_advisor'>;
export type TokenAmountInput = RequestOf<Entry>;
export type TokenAmountResult = ResultOf<Entry>;
type Decision = TokenAmountResult['decision'];
type TokenAmount = TokenAmountResult['token_amounts'][number];
type Rounding = TokenAmountInput['rounding'];

/** "$0.01", "US$0.01", "0.01", "0.01 USD", "0.01 USDC" (case-insensitive). Anything else is ambiguous. */
const USD_PRICE = /^(?:(?:US)?\$\s*)?(\d+(?:\.\d+)?)(?:\s*USDC?)?$/i;
const EURO = /€|\bEUR\b/i;

const V1_ALIAS: ReadonlyMap<string, string> = new Map(X402_NETWORKS.map((n) => [n.caip2, n.alias]));

interface AssetChoice {
  asset: string;
  decimals: number;
  eip712: { name: string; version: string } | null;
  permit2: boolean;
  override: boolean;
}

function assetFor(network: string, overrides: TokenAmountInput['asset_overrides']): AssetChoice | null {
  const override = overrides?.find((o) => ND(o.network).network === network);
  if (override) {
    const eip712 = override.eip712_name !== undefined && override.eip712_version !== undefined ? { name: override.eip712_name, version: override.eip712_version } : null;
    return { asset: override.asset, decimals: override.decimals, eip712, permit2: override.asset_transfer_method === 'permit2', override: true };
  }
  const usdc = ASSET(network);
  return usdc ? { asset: usdc.address, decimals: usdc.decimals, eip712: usdc.eip712, permit2: false, override: false } : null;
}

/** price · 10^decimals as an integer under the rounding mode; null under `reject` when a fraction remains. */
function toUnits(price: ExactDecimal, decimals: number, rounding: Rounding): { units: bigint; rounded: boolean } | null {
  const scaled = shift(price, decimals);
  const { whole, fractional } = integerPart(scaled);
  if (!fractional) return { units: whole, rounded: false };
  if (rounding === 'reject') return null;
  if (rounding === 'down') return { units: whole, rounded: true };
  if (rounding === 'up') return { units: whole + 1n, rounded: true };
  const twiceRemainder = (scaled.n % 10n ** BigInt(scaled.scale)) * 2n;
  return { units: twiceRemainder >= 10n ** BigInt(scaled.scale) ? whole + 1n : whole, rounded: true };
}

function tokenAmount(network: string, price: ExactDecimal, input: TokenAmountInput, flags: Set<string>): { entry: TokenAmount; override: boolean } {
  const choice = assetFor(network, input.asset_overrides);
  const failed = (status: TokenAmount['status'], asset: AssetChoice | null): TokenAmount => ({ network, amount: null, asset: asset?.asset ?? null, decimals: asset?.decimals ?? null, extra: {}, v1: null, rounding_delta: null, status });
  if (!choice) return { entry: failed('unsupported_network', null), override: false };
  const result = toUnits(price, choice.decimals, input.rounding);
  if (result === null) return { entry: failed('fraction_rejected', choice), override: choice.override };
  if (result.units === 0n) return { entry: failed('rounds_to_zero', choice), override: choice.override };
  const extra: Record<string, string> = {};
  if (choice.eip712) Object.assign(extra, { name: choice.eip712.name, version: choice.eip712.version });
  else if (network.startsWith('eip155:')) flags.add('eip712_domain_unknown');
  if (choice.permit2) extra.assetTransferMethod = 'permit2';
  const amount = result.units.toString();
  // The @x402 SDK's convertToTokenAmount truncates extra fraction digits: a rounded-up amount is one unit above what it would produce.
  if (result.rounded && result.units > integerPart(shift(price, choice.decimals)).whole) flags.add('differs_from_sdk_truncation');
  const alias = V1_ALIAS.get(network);
  return {
    entry: {
      network,
      amount,
      asset: choice.asset,
      decimals: choice.decimals,
      extra,
      v1: alias === undefined ? null : { maxAmountRequired: amount, network: alias },
      rounding_delta: formatExact(subtractExact({ n: result.units, scale: choice.decimals }, price)),
      status: result.rounded ? 'rounded' : 'exact',
    },
    override: choice.override,
  };
}

const NEXT_ACTION: Record<Decision, string> = {
  ambiguous_price: 'Restate the price in US dollars as a plain decimal ("$0.01", "0.01 USDC"); euro or unreadable prices cannot be turned into a USDC amount.',
  unsupported_network: 'Give an asset override (address, decimals, EIP-712 name/version) for the networks without a default asset, or drop them from the route.',
  below_minimum_unit: 'The price is finer than the asset\'s smallest unit on some networks: raise it, or pick a rounding mode other than reject.',
  rounded: 'Publish the rounded amounts shown, or change the price to a multiple of the smallest unit so every network charges exactly the price.',
  exact: 'Use these TokenAmounts as they are: every network charges exactly the price.',
};

const LIMITATIONS = [
  'Default assets are the USDC rows of the versioned reference data; networks without a verified row (Avalanche Fuji, Solana) need an override.',
  'Overrides are taken as given: their address, decimals and EIP-712 domain were not checked on chain.',
];

/** x402-default-asset-tokenamount-advisor (design sheet §24): price to TokenAmount per network, rounding explicit. */
export function analyzeTokenAmounts(input: TokenAmountInput): ToolOutput<TokenAmountResult> {
  const flags = new Set<string>();
  const text = input.price.trim();
  const match = EURO.test(text) ? null : USD_PRICE.exec(text);
  const price = match ? parseExact(match[1]!) : null;
  if (price === null) {
    flags.add(EURO.test(text) ? 'non_usd_currency' : 'unparseable_price');
    return x402Answer(
      { decision: 'ambiguous_price', confidence: 'high', summary: `The price "${text.slice(0, 40)}" is not a US dollar amount this tool can read; no TokenAmount was built.`, riskFlags: flags, nextAction: NEXT_ACTION.ambiguous_price, limitations: [...LIMITATIONS] },
      { price_decimal: null, token_amounts: [] },
    );
  }
  const networks = distinctNetworks(input.networks, flags);
  const overridden = (input.asset_overrides ?? []).map((o) => ND(o.network).network);
  if (overridden.some((n, i) => overridden.indexOf(n) !== i)) flags.add('duplicate_override');
  if (overridden.some((n) => !networks.includes(n))) flags.add('unused_override');

  const built = networks.map((network) => tokenAmount(network, price, input, flags));
  const token_amounts = built.map((b) => b.entry);
  const statuses = new Set(token_amounts.map((t) => t.status));
  for (const status of statuses) if (status !== 'exact') flags.add(status);
  const decision: Decision = statuses.has('unsupported_network')
    ? 'unsupported_network'
    : statuses.has('rounds_to_zero') || statuses.has('fraction_rejected')
      ? 'below_minimum_unit'
      : statuses.has('rounded')
        ? 'rounded'
        : 'exact';
  const count = (status: TokenAmount['status']) => token_amounts.filter((t) => t.status === status).length;
  const summary = `${formatExact(price)} USD on ${networks.length} network${networks.length === 1 ? '' : 's'} (rounding ${input.rounding}): ${count('exact')} exact, ${count('rounded')} rounded, ${count('rounds_to_zero') + count('fraction_rejected')} below the smallest unit, ${count('unsupported_network')} without an asset.`;
  return x402Answer(
    { decision, confidence: built.some((b) => b.override) ? 'medium' : 'high', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] },
    { price_decimal: formatExact(price), token_amounts },
  );
}
