import path from 'node:path';
import { apiConfig, startApiService, type ApiConfig, type ApiService } from '@paysight/api';
import type { ChainSource, Store } from '@paysight/contracts';
import { createDevnetChainSource } from '@paysight/devnet';
import type { Address } from 'viem';
import type { LocalServicesInfo } from './services.js';

export interface StackApiOptions {
  /** The address every offer pays. */
  payTo: Address;
  /**
   * An open store, owned by the caller (it stays open when the API closes); or a data directory
   * under which the API opens its PGlite store (`<dataDir>/db`) and closes it with itself.
   */
  store: Store | { dataDir: string };
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default: the local facilitator of `services`. */
  facilitatorUrl?: string;
  /** Default: the API's (15 s). */
  facilitatorTimeoutMs?: number;
  /** Default: the API's (60 s). */
  facilitatorSettleTimeoutMs?: number;
  /** Default: the API's (5 failures, 30 s cool-down). */
  facilitatorBreaker?: ApiConfig['facilitatorBreaker'];
  /** The background settle-pending reconciler; default: the API's (every 30 s, 100 rows). */
  reconcile?: ApiConfig['reconcile'];
  /** Default: the devnet's chains and explorer, createDevnetChainSource(services.devnet). */
  chainSource?: ChainSource;
  /** An OpenAI-compatible provider for AI sections; default null (deterministic reports). */
  ai?: ApiConfig['ai'];
  /** One JSON line per request on stdout; default false. */
  logRequests?: boolean;
  /** AGENT_DISCOVERY; default on. */
  agentDiscovery?: boolean;
  /** MCP_TRUST_TOOLS; default on. */
  mcpTrustTools?: boolean;
  /** PAYMENT_IDENTIFIER=required; default optional. */
  requirePaymentIdentifier?: boolean;
}

function isStore(store: StackApiOptions['store']): store is Store {
  return 'ledger' in store;
}

/**
 * Layer (b) of the local stack: the real API service (the production composition, startApiService)
 * on the local services: their facilitator over HTTP, their chains as chain data, payments
 * reconciled on their Base.
 */
export async function startStackApi(services: LocalServicesInfo, options: StackApiOptions): Promise<ApiService> {
  const store = isStore(options.store) ? options.store : undefined;
  const config = apiConfig({
    payTo: options.payTo,
    facilitatorUrl: options.facilitatorUrl ?? services.facilitatorUrl,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    dataDir: isStore(options.store) ? '' : path.resolve(options.store.dataDir),
    logRequests: options.logRequests ?? false,
    ai: options.ai ?? null,
    agentDiscovery: options.agentDiscovery ?? true,
    mcpTrustTools: options.mcpTrustTools ?? true,
    ...(options.facilitatorTimeoutMs === undefined ? {} : { facilitatorTimeoutMs: options.facilitatorTimeoutMs }),
    ...(options.facilitatorSettleTimeoutMs === undefined ? {} : { facilitatorSettleTimeoutMs: options.facilitatorSettleTimeoutMs }),
    ...(options.facilitatorBreaker === undefined ? {} : { facilitatorBreaker: options.facilitatorBreaker }),
    ...(options.reconcile === undefined ? {} : { reconcile: options.reconcile }),
    ...(options.requirePaymentIdentifier === undefined ? {} : { requirePaymentIdentifier: options.requirePaymentIdentifier }),
  });
  return startApiService(config, options.chainSource ?? createDevnetChainSource(services.devnet), {
    baseRpcUrl: services.devnet.chains.base.rpcUrl,
    ...(store ? { store } : {}),
  });
}
