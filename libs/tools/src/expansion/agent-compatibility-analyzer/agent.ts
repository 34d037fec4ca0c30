import type { agentCapabilities } from '@paysight/contracts';
import type { z } from 'zod';
import { micro } from '../../ext/verdict.js';
import { caip2Of, registryUsdc } from '../x402-terms.js';

/** The official x402 client (@x402/core x402Client) refuses to sign more than this per payment unless its spend controls say otherwise: "$1". */
export const OFFICIAL_CLIENT_DEFAULT_CAP = 1_000_000n;

type Capabilities = z.output<typeof agentCapabilities>;

/** A network as compared: its CAIP-2 id, else the name as given in lower case. */
export const networkKey = (network: string) => caip2Of(network) ?? network.trim().toLowerCase();

/** The agent's declared capabilities in the form offers are compared with, and what had to be assumed. */
export interface AgentProfile {
  versions: ReadonlySet<number>;
  schemes: ReadonlySet<string>;
  networks: ReadonlySet<string>;
  /** Asset contracts (lower case) by network key. */
  assets: ReadonlyMap<string, ReadonlySet<string>>;
  assetsAssumed: boolean;
  /** Micro-USDC per payment; null: no cap. */
  cap: bigint | null;
  capSource: 'declared' | 'none' | 'official_default';
  transports: ReadonlySet<string>;
  extensions: ReadonlySet<string>;
  mcp: Capabilities['mcp'] | null;
}

export function agentProfile(agent: Capabilities): AgentProfile {
  const networks = new Set(agent.networks.map(networkKey));
  const assets = new Map<string, Set<string>>();
  if (agent.assets) {
    for (const { network, address } of agent.assets) {
      const key = networkKey(network);
      assets.set(key, (assets.get(key) ?? new Set()).add(address.trim().toLowerCase()));
    }
  } else {
    // Not declared: the canonical USDC of every listed network Paysight's registry knows.
    for (const network of networks) {
      const usdc = registryUsdc(network);
      if (usdc) assets.set(network, new Set([usdc]));
    }
  }
  const capSource = agent.max_amount_per_payment === undefined ? 'official_default' : agent.max_amount_per_payment === null ? 'none' : 'declared';
  return {
    versions: new Set(agent.x402_versions),
    schemes: new Set(agent.schemes.map((s) => s.trim().toLowerCase())),
    networks,
    assets,
    assetsAssumed: !agent.assets,
    cap: capSource === 'official_default' ? OFFICIAL_CLIENT_DEFAULT_CAP : agent.max_amount_per_payment ? micro(agent.max_amount_per_payment) : null,
    capSource,
    transports: new Set(agent.payment_transports),
    extensions: new Set((agent.extensions ?? []).map((e) => e.trim().toLowerCase())),
    mcp: agent.mcp ?? null,
  };
}
