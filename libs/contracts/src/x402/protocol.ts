/**
 * x402 protocol names the family reads (design sheet §R), restated as data from the x402 v1/v2
 * specifications and the @x402 packages (Apache-2.0); versioned with X402_REFERENCE_DATA_VERSION.
 */

/** Extension ids a v2 PaymentRequired may carry under `extensions`. */
export const X402_EXTENSION_IDS = ['payment-identifier', 'bazaar', 'offer-receipt', 'terms', 'facilitatorFees', 'eip2612GasSponsoring', 'erc20ApprovalGasSponsoring', 'sign-in-with-x'] as const;
export type X402ExtensionId = (typeof X402_EXTENSION_IDS)[number];

/** HTTP header names per protocol version. */
export const X402_HEADERS = {
  1: { payment: 'X-PAYMENT', paymentResponse: 'X-PAYMENT-RESPONSE' },
  2: { paymentRequired: 'PAYMENT-REQUIRED', payment: 'PAYMENT-SIGNATURE', paymentResponse: 'PAYMENT-RESPONSE' },
} as const;

/** The MCP transport's `_meta` keys. */
export const X402_MCP_META_KEYS = { payment: 'x402/payment', paymentResponse: 'x402/payment-response', error: 'x402/error' } as const;

/** How an EVM `exact` offer moves the asset (extra.assetTransferMethod); eip3009 when absent. */
export const X402_ASSET_TRANSFER_METHODS = ['eip3009', 'permit2'] as const;

/** Canonical Permit2 (the same address on every EVM chain). */
export const PERMIT2_CONTRACT = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/**
 * The facilitatorFees extension (coinbase/x402 specs/extensions/facilitator_fees.md, Apache-2.0),
 * restated: a facilitatorFeeQuote has a model; a flat quote carries flatFee; a bps quote carries bps
 * and, recommended, maxFee, with fee = max(minFee, min(maxFee, floor(paymentAmount · bps / 10000)))
 * (floor division, atomic units; an absent bound does not apply); tiered and hybrid quotes should
 * carry minFee/maxFee bounds so they can be compared without their tiers. `expiry` is unix seconds.
 */
export const X402_FEE_MODELS = ['flat', 'bps', 'tiered', 'hybrid'] as const;
export type X402FeeModel = (typeof X402_FEE_MODELS)[number];
/** The denominator of a basis-point fee (10000 bps = 100%). */
export const X402_BPS_DENOMINATOR = 10_000n;

/**
 * The x402 exact-scheme Permit2 proxy: the spender a Permit2 witness signature names, and the contract
 * whose settleWithPermit consumes an EIP-2612 permit (@x402/evm 2.27, x402ExactPermit2ProxyAddress).
 */
export const X402_EXACT_PERMIT2_PROXY = '0x402085c248EeA27D92E8b30b2C58ed07f9E20001';

/**
 * Coinbase's SpendPermissionManager (coinbase/spend-permissions, deployed at one address on Base,
 * Ethereum, Optimism, Arbitrum, Polygon and their testnets): a smart wallet's periodic allowance for
 * a spender. Its SpendPermission struct bounds allowance to uint160 and period, start and end to uint48
 * (unix seconds; a spend at t is valid for start ≤ t < end, and period k is [start + k·period, …) capped at end).
 */
export const SPEND_PERMISSION_MANAGER = '0xf85210B21cC50302F477BA56686d2019dC9b67Ad';
export const SPEND_PERMISSION_BOUNDS = { allowanceMax: 2n ** 160n - 1n, uint48Max: 2 ** 48 - 1 } as const;

/** ERC-7528: the address that stands for a chain's native asset where a token address is expected. */
export const ERC7528_NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
