/** A raw stablecoin amount in millionths of a USD, at 1 USD per token. */
export function toMicroUsd(amount: bigint, decimals: number): bigint {
  return decimals >= 6 ? amount / 10n ** BigInt(decimals - 6) : amount * 10n ** BigInt(6 - decimals);
}
