import { randomBytes, randomUUID } from 'node:crypto';
import { DISCOVERY_PATHS, ServiceError, bodyLimitOf, largestBodyLimit, rateLimitedMessage, toolByPath, type ChainSource, type Narrator, type NotaryKey, type Store } from '@paysight/contracts';
import { LOOPBACK_HOSTS, createMcpHttpHandler, createMcpService, type McpService } from '@paysight/mcp-adapter';
import { createPaidCallService, type ObservationRecorder, type PaidCallService } from '@paysight/paid-call';
import { decodePayment, type BreakerState, type PaidCallProcessor } from '@paysight/payment';
import { TOOL_MODULES, createNotaryKey } from '@paysight/tools';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { sendError, writeError } from './http/errors.js';
import { bodyErrors, jsonBody } from './http/json-body.js';
import { silentLogger, type Logger } from './http/logger.js';
import { clientAddress, createRateLimiter, type RateLimit, type RateLimiter } from './http/rate-limit.js';
import type { DiscoveryDeps } from './discovery/deps.js';
import type { X402Profile } from './discovery/x402-profile.js';
import { agentsPageRouter } from './routes/agents-page.js';
import { agentsRouter } from './routes/agents.js';
import { healthRouter } from './routes/health.js';
import { manifestsRouter } from './routes/manifests.js';
import { openApiRouter } from './routes/openapi.js';
import { paidToolsRouter, plainPaidRoute, servePaidRoute, type PaidCallLocals } from './routes/paid-tools.js';
import { savedReportPath, savedReportRouter } from './routes/saved-report.js';

export const SERVICE_VERSION = '0.1.0';

export interface ApiDeps {
  /** Public origin of the service (resource URLs in offers); read per request. */
  publicBaseUrl: () => string;
  chainSource: ChainSource;
  store: Store;
  narrator: Narrator;
  payments: PaidCallProcessor;
  facilitatorReachable: () => Promise<boolean>;
  /** The state of the circuit breaker in front of the facilitator. */
  facilitatorBreaker: () => BreakerState;
  /** What the discovery manifest says about the payment setting (environment and facilitator provider). */
  x402: X402Profile;
  bodyLimitBytes?: number;
  /** Serve the agent-commerce trust tools on MCP (default true). */
  mcpTrustTools?: boolean;
  /** Host names beside the public one and loopback that /api/mcp answers for. */
  mcpAllowedHosts?: readonly string[];
  /** Serve /api/agents/recommend and the workflow manifest (default true); off, both answer 404. */
  agentDiscovery?: boolean;
  /** Requests without a payment per client address (UNPAID_RATE_LIMIT); absent or null = no limit. */
  unpaidRateLimit?: RateLimit | null;
  /** Records an observation of every tool run (the negative-capability tool reads them); none when absent. */
  observations?: ObservationRecorder;
  /** Days observations are kept (OBSERVATION_RETENTION_DAYS), as the negative-capability tool reports it; null = not pruned. */
  observationRetentionDays?: number | null;
  /** Derives the notary's lookup secrets (NOTARY_KEY); absent = a random key for this process. */
  notaryKey?: NotaryKey;
  clock?: () => Date;
  log?: Logger;
}

/** The serving core that every surface of this process shares: one paid-call service, and MCP over it. */
export interface Serving {
  paidCalls: PaidCallService;
  mcp: McpService;
  /** One count per client for REST and MCP together; null when unpaid requests are not limited. */
  unpaidLimit: RateLimiter | null;
}

export function createServing(deps: ApiDeps): Serving {
  const log = deps.log ?? silentLogger;
  const paidCalls = createPaidCallService({
    tools: Object.values(TOOL_MODULES),
    ports: {
      chain: deps.chainSource,
      narrator: deps.narrator,
      reports: deps.store.reports,
      savedReportUrl: (id) => `${deps.publicBaseUrl()}${savedReportPath(id)}`,
      observations: { retentionDays: deps.observationRetentionDays ?? null, summarize: (query) => deps.store.observations.summarize(query) },
      notary: { records: deps.store.notary, key: deps.notaryKey ?? createNotaryKey('ephemeral', randomBytes(32)) },
    },
    payments: deps.payments,
    observations: deps.observations,
    clock: deps.clock,
    onToolFailure: ({ toolId, requestId, error }) => log.error('tool_failed', { requestId, tool: toolId, error: describe(error) }),
  });
  const mcp = createMcpService({ paidCalls, publicBaseUrl: deps.publicBaseUrl, trustTools: deps.mcpTrustTools, serverInfo: { name: 'paysight', version: SERVICE_VERSION } });
  return { paidCalls, mcp, unpaidLimit: deps.unpaidRateLimit ? createRateLimiter(deps.unpaidRateLimit) : null };
}

export const MCP_PATH = '/api/mcp';

/**
 * The whole HTTP service: /api/mcp, the paid routes' plain JSON POSTs, then the REST app. /api/mcp
 * and those POSTs are answered ahead of Express: they read their own bodies (under the same rules)
 * and answer on their own, so Express's router and middleware would only add their cost (a third of
 * an unpaid MCP call's, a fifth of an unpaid REST call's; docs/benchmarks.md). All log the same
 * request line and count against the same unpaid rate limit.
 */
export function createRequestListener(deps: ApiDeps, serving: Serving = createServing(deps)): RequestListener {
  const log = deps.log ?? silentLogger;
  const app = createApp(deps, serving);
  const unpaidLimit = serving.unpaidLimit;
  const maxBodyBytes = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const mcp = createMcpHttpHandler({
    service: serving.mcp,
    maxBodyBytes: largestBodyLimit(maxBodyBytes),
    allowedHosts: allowedMcpHosts(deps),
    limitUnpaid: unpaidLimit ? (req) => unpaidLimit(clientAddress(req)) : undefined,
  });
  const paidRoutes = { paidCalls: serving.paidCalls, publicBaseUrl: deps.publicBaseUrl, maxBodyBytes };
  return (req, res) => {
    const path = pathOf(req.url);
    if (path === MCP_PATH) {
      logRequest(log, req, res, () => ({ path: MCP_PATH }));
      mcp(req, res).catch((error: unknown) => {
        log.error('unhandled_error', { requestId: res.getHeader('X-Request-Id'), error: error instanceof Error ? error.stack : String(error) });
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error.' }, id: null }));
      });
      return;
    }
    const entry = plainPaidRoute(req, path);
    if (!entry) {
      app(req, res);
      return;
    }
    const locals: PaidCallLocals = { requestId: logRequest(log, req, res, () => ({ path: entry.path, x402RequestId: locals.x402RequestId })) };
    if (unpaidLimit && refusedUnpaid(unpaidLimit, req, res, path)) return;
    servePaidRoute(entry, req, res, paidRoutes, locals).catch((error: unknown) => answerUnhandled(log, res, locals.requestId, error));
  };
}

const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** The public host, loopback and the configured extra hosts; recomputed only when the public origin changes. */
function allowedMcpHosts(deps: ApiDeps): () => readonly string[] {
  let origin = '';
  let hosts: readonly string[] = [];
  return () => {
    const current = deps.publicBaseUrl();
    if (current !== origin) {
      origin = current;
      hosts = [new URL(current).hostname, ...LOOPBACK_HOSTS, ...(deps.mcpAllowedHosts ?? [])];
    }
    return hosts;
  };
}

const pathOf = (url: string | undefined): string => (url ?? '/').split('?', 1)[0] ?? '/';

/** Gives the request an id (X-Request-Id) and logs one line when it is answered; `fields` is read then. */
function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, fields: () => { path: string; x402RequestId?: unknown }): string {
  const requestId = randomUUID();
  const started = process.hrtime.bigint();
  res.setHeader('X-Request-Id', requestId);
  res.on('finish', () => {
    log.info('request', { requestId, method: req.method, status: res.statusCode, ms: Number((process.hrtime.bigint() - started) / 1_000_000n), ...fields() });
  });
  return requestId;
}

/** The REST service. Composition only: every dependency is passed in. */
export function createApp(deps: ApiDeps, serving: Serving = createServing(deps)): Express {
  const log = deps.log ?? silentLogger;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);

  app.use((req, res, next) => {
    res.locals.requestId = logRequest(log, req, res, () => ({
      // The matched route, not the path: a saved report's path holds its secret id.
      path: req.route ? `${req.baseUrl}${String(req.route.path)}` : req.path,
      x402RequestId: res.locals.x402RequestId,
    }));
    next();
  });
  if (serving.unpaidLimit) app.use(limitUnpaid(serving.unpaidLimit));
  const discovery: DiscoveryDeps = { publicBaseUrl: deps.publicBaseUrl, agentDiscovery: deps.agentDiscovery ?? true, x402: deps.x402, payments: deps.payments, mcp: serving.mcp };
  // Ahead of the JSON body parser: recommend answers 413 from the declared size, before reading a byte.
  app.use(agentsRouter(discovery));
  const serviceLimit = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  app.use(jsonBody((path) => {
    const entry = toolByPath(path);
    return entry ? bodyLimitOf(entry, serviceLimit) : serviceLimit;
  }));
  app.use(bodyErrors);

  app.use(manifestsRouter(discovery));
  app.use(openApiRouter(discovery));
  app.use(agentsPageRouter(discovery));
  app.use(healthRouter({ chainSource: deps.chainSource, store: deps.store, facilitatorReachable: deps.facilitatorReachable, facilitatorBreaker: deps.facilitatorBreaker, version: SERVICE_VERSION }));
  app.use(paidToolsRouter({ paidCalls: serving.paidCalls, publicBaseUrl: deps.publicBaseUrl }));
  app.use(savedReportRouter({ reports: deps.store.reports, log }));

  app.use((req, res) => sendError(res, 404, 'not_found', `No route for ${req.method} ${req.path}.`));
  app.use(errorHandler(log));
  return app;
}

/**
 * Requests without a well-formed payment header count against their client's limit (429 past it);
 * paid retries never do, nor the health check a load balancer polls. True when refused (answered).
 */
function refusedUnpaid(take: RateLimiter, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path === DISCOVERY_PATHS.health || decodePayment(req.headers).status === 'decoded') return false;
  const retryAfter = take(clientAddress(req));
  if (retryAfter === null) return false;
  res.setHeader('Retry-After', String(retryAfter));
  writeError(res, 429, 'rate_limited', rateLimitedMessage(retryAfter), { retryAfterSeconds: retryAfter });
  return true;
}

function limitUnpaid(take: RateLimiter): RequestHandler {
  return (req, res, next) => {
    if (!refusedUnpaid(take, req, res, req.path)) next();
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof ServiceError) {
      sendError(res, error.status, error.code, error.message, error.details);
      return;
    }
    answerUnhandled(log, res, res.locals.requestId as string, error);
  };
}

/** A fault of ours: logged with its stack, answered 500 with the request id and nothing charged. */
function answerUnhandled(log: Logger, res: ServerResponse, requestId: string, error: unknown): void {
  log.error('unhandled_error', { requestId, error: error instanceof Error ? error.stack : String(error) });
  if (!res.headersSent) writeError(res, 500, 'internal_error', 'Something went wrong on our side. Nothing was charged.', { requestId });
}
