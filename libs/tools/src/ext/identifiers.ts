import { resolveChain } from '@paysight/contracts';

/** A spec hash string as a comparison key: without its optional sha256: prefix, lower case. */
export const hashKey = (hash: string): string => hash.replace(/^sha256:/, '').toLowerCase();

/** A network as a comparison key: base, 8453 and eip155:8453 are one network; unknown ones compare as written, case aside. */
export const networkKey = (network: string): string => resolveChain(network)?.caip2 ?? network.trim().toLowerCase();
