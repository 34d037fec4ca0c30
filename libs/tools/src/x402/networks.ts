import { ND } from './helpers.js';

/**
 * A request's list of networks through ND, first occurrence kept: flags `unknown_network` for a
 * network outside the reference data and `duplicate_network` when two entries name the same one.
 */
export function distinctNetworks(raw: readonly string[], flags: Set<string>): string[] {
  const networks: string[] = [];
  for (const entry of raw) {
    const nd = ND(entry);
    if (!nd.known) flags.add('unknown_network');
    if (networks.includes(nd.network)) flags.add('duplicate_network');
    else networks.push(nd.network);
  }
  return networks;
}
