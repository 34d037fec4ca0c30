import { resolveChain, type ChainName } from '@paysight/contracts';

/**
 * What `chains()` reports for a request whose chain is a free string (a name, a chain id or a CAIP-2
 * id): the known chain's name, or the string as given, which the serving layer refuses with 400
 * before any payment.
 */
export function chainsRead(free: string): string[] {
  return [resolveChain(free)?.name ?? free];
}

/** The known chain a free chain string names, in gather and analyze (the serving layer has refused unknown ones). */
export function requestedChain(free: string): ChainName {
  const chain = resolveChain(free);
  if (!chain) throw new Error(`unknown chain "${free}": the serving layer refuses it before payment`);
  return chain.name;
}
