import path from 'node:path';
import type { ChainSource, Store } from '@paysight/contracts';
import {
  createCircuitBreaker,
  createHttpFacilitatorClient,
  createPaidCallProcessor,
  createReceiptSigner,
  createViemAuthorizationReader,
  startReconciler,
  startResultPruner,
  startRetentionPruner,
  withCircuitBreaker,
} from '@paysight/payment';
import { createObservationRecorder, type ObservationRecorder } from '@paysight/paid-call';
import { openStore } from '@paysight/store';
import { createNotaryKey, notConfiguredNarrator } from '@paysight/tools';
import type { McpService } from '@paysight/mcp-adapter';
import { SERVICE_VERSION, createRequestListener, createServing, type ApiDeps } from './app.js';
import { ConfigError, type ApiConfig } from './config.js';
import { x402Profile } from './discovery/x402-profile.js';
import { jsonLogger } from './http/logger.js';
import { listen, type RunningServer } from './server.js';
import { createOpenAiCompatibleNarrator } from './narration/index.js';

export interface ApiService extends RunningServer {
  store: Store;
  /** The origin the service names in its offers and links. */
  publicBaseUrl: string;
  /** The MCP service behind /api/mcp, for other transports of the same process (stdio). */
  mcp: McpService;
  /** Writes the capability observation of each tool run after its answer; `flush` waits for the writes queued so far. */
  observations: ObservationRecorder;
}

/**
 * Opens the store and wires store, chain data, facilitator and paywall into a listening API.
 * Used by the production entry point and by the embedded stack alike.
 */
export interface ApiServiceOptions {
  /** JSON-RPC of Base, where unreported settlements are reconciled. */
  baseRpcUrl: string;
  /** An already open store, owned by the caller; otherwise one is opened from the config and closed with the service. */
  store?: Store;
  /** Where log lines go (default stdout; a stdio MCP server keeps stdout for JSON-RPC). */
  logWrite?: (line: string) => void;
}

export async function startApiService(config: ApiConfig, chainSource: ChainSource, options: ApiServiceOptions): Promise<ApiService> {
  if (!chainSource.chains().includes('base')) {
    throw new ConfigError(['RPC_URL_BASE: is required: payments settle on Base and are reconciled there']);
  }
  const ownsStore = !options.store;
  const store = options.store ?? (await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') }));
  const closeStore = () => (ownsStore ? store.close() : Promise.resolve());
  try {
    const facilitator = withCircuitBreaker(
      createHttpFacilitatorClient({ url: config.facilitatorUrl, timeoutMs: config.facilitatorTimeoutMs, settleTimeoutMs: config.facilitatorSettleTimeoutMs }),
      createCircuitBreaker(config.facilitatorBreaker),
    );
    const authorizations = createViemAuthorizationReader({ rpcUrl: options.baseRpcUrl });
    const receiptSigner = createReceiptSigner(config.receiptSigningKey);
    const payments = createPaidCallProcessor({
      payTo: config.payTo,
      ledger: store.ledger,
      paymentIds: store.paymentIds,
      requirePaymentIdentifier: config.requirePaymentIdentifier,
      facilitator,
      authorizations,
      pendingRetryAfterSeconds: Math.ceil(config.reconcile.intervalMs / 1000),
      staleAfterMs: config.reconcile.staleAfterMs,
      claimLeaseMs: config.claimLeaseMs,
      receiptSigner,
    });
    let listeningUrl = '';
    const log = jsonLogger({ enabled: config.logRequests, write: options.logWrite });
    const observations = createObservationRecorder({
      store: store.observations,
      serviceVersion: SERVICE_VERSION,
      onError: ({ error, dropped }) => log.error('observations_not_recorded', { dropped, message: error instanceof Error ? error.message : String(error) }),
    });
    const deps: ApiDeps = {
      publicBaseUrl: () => config.publicBaseUrl ?? listeningUrl,
      narrator: config.ai ? createOpenAiCompatibleNarrator(config.ai) : notConfiguredNarrator,
      chainSource,
      store,
      payments,
      facilitatorReachable: () => facilitator.supported().then(() => true),
      facilitatorBreaker: () => facilitator.breakerState(),
      x402: x402Profile(config.facilitatorUrl, config.facilitatorProvider),
      bodyLimitBytes: config.bodyLimitBytes,
      mcpTrustTools: config.mcpTrustTools,
      mcpAllowedHosts: config.mcpAllowedHosts,
      agentDiscovery: config.agentDiscovery,
      unpaidRateLimit: config.unpaidRateLimit,
      observations,
      observationRetentionDays: config.observationRetentionDays,
      ...(config.notaryKey ? { notaryKey: createNotaryKey(config.notaryKey.id, Buffer.from(config.notaryKey.secret.slice(2), 'hex')) } : {}),
      log,
    };
    const serving = createServing(deps);
    const server = await listen(createRequestListener(deps, serving), config.host, config.port);
    listeningUrl = server.url;
    const pruner = startResultPruner({
      ledger: store.ledger,
      retentionDays: config.paidResultRetentionDays,
      onPruned: (count) => log.info('paid_results_pruned', { count, retentionDays: config.paidResultRetentionDays }),
      onError: (error) => log.error('paid_results_prune_failed', { message: error instanceof Error ? error.message : String(error) }),
    });
    const observationPruner = startRetentionPruner({
      prune: (before, limit) => store.observations.prune(before, limit),
      retentionDays: config.observationRetentionDays,
      batchSize: 5_000,
      onPruned: (count) => log.info('observations_pruned', { count, retentionDays: config.observationRetentionDays }),
      onError: (error) => log.error('observations_prune_failed', { message: error instanceof Error ? error.message : String(error) }),
    });
    // Expired notary records are never served; this deletes them (hourly, like the other pruners).
    const notaryPurger = startRetentionPruner({
      prune: (now, limit) => store.notary.purgeExpired(now, limit),
      retentionDays: 0,
      batchSize: 5_000,
      onPruned: (count) => log.info('notary_records_purged', { count }),
      onError: (error) => log.error('notary_records_purge_failed', { message: error instanceof Error ? error.message : String(error) }),
    });
    const reconciler = startReconciler({
      ledger: store.ledger,
      authorizations,
      intervalMs: config.reconcile.intervalMs,
      batchSize: config.reconcile.batchSize,
      staleAfterMs: config.reconcile.staleAfterMs,
      onReconciled: ({ settled, released, attention }) => {
        log.info('settle_pending_reconciled', { settled, released, attention });
        if (attention.length) log.error('payment_needs_attention', { x402RequestIds: attention, hint: 'see error_code of these payment_ledger rows (docs/running.md)' });
      },
      onError: (error) => log.error('settle_pending_reconcile_failed', { message: error instanceof Error ? error.message : String(error) }),
    });
    return {
      ...server,
      store,
      publicBaseUrl: config.publicBaseUrl ?? server.url,
      mcp: serving.mcp,
      observations,
      close: async () => {
        await Promise.all([pruner.stop(), observationPruner.stop(), notaryPurger.stop(), reconciler.stop()]);
        await server.close();
        await observations.flush();
        await closeStore();
      },
    };
  } catch (error) {
    await closeStore();
    throw error;
  }
}
