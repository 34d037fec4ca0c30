import { evmAddress } from '@paysight/contracts';
import { DEFAULT_OBSERVATION_RETENTION_DAYS } from '@paysight/paid-call';
import { DEFAULT_CLAIM_LEASE_MS, DEFAULT_RECONCILE_BATCH_SIZE, DEFAULT_RECONCILE_INTERVAL_MS, DEFAULT_RESULT_RETENTION_DAYS, DEFAULT_SETTLE_TIMEOUT_MS, defaultStaleAfterMs, isSigningKey, settlingBoundMs } from '@paysight/payment';
import path from 'node:path';
import { z } from 'zod';
import type { RateLimit } from './http/rate-limit.js';
import type { OpenAiCompatibleConfig } from './narration/index.js';

export interface ApiConfig {
  host: string;
  port: number;
  /** Public origin of the service, used in 402 resource URLs and saved-report links; null = the listening address. */
  publicBaseUrl: string | null;
  payTo: `0x${string}`;
  /** Signs offers and receipts (RECEIPT_SIGNING_KEY, a secp256k1 private key); its address is published as the receipt signer. */
  receiptSigningKey: `0x${string}`;
  facilitatorUrl: string;
  /** Deadline of verify and supported (FACILITATOR_TIMEOUT_MS). */
  facilitatorTimeoutMs: number;
  /** Deadline of settle, which waits for the transfer to be mined (FACILITATOR_SETTLE_TIMEOUT_MS). */
  facilitatorSettleTimeoutMs: number;
  /** The facilitator's circuit breaker: consecutive failures that open it, and its cool-down. */
  facilitatorBreaker: { failureThreshold: number; cooldownMs: number };
  /** Name of the facilitator's operator shown in the discovery manifest (FACILITATOR_PROVIDER); null = derived, never the URL. */
  facilitatorProvider: string | null;
  /** PostgreSQL when set; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  bodyLimitBytes: number;
  /** Days a paid answer is kept for replays of its payment (PAID_RESULT_RETENTION_DAYS); then only its hash. */
  paidResultRetentionDays: number;
  /** Days a capability observation of a tool run is kept (OBSERVATION_RETENTION_DAYS). */
  observationRetentionDays: number;
  /**
   * The server notary key (NOTARY_KEY, 32 bytes as 0x + 64 hex, with NOTARY_KEY_ID) that derives the
   * notary's lookup secrets; null = a random key per process (lookup secrets still verify: only their
   * SHA-256 is stored). Rotate by setting a new key and a new id.
   */
  notaryKey: { id: string; secret: `0x${string}` } | null;
  /**
   * The background reconciler: how often it runs (RECONCILE_INTERVAL_MS), how many rows of each kind a run
   * looks at (RECONCILE_BATCH_SIZE), and after how long untouched a payment in claimed or settling counts as
   * left by a dead process (RECONCILE_STALE_AFTER_MS; never below what a live instance may take to settle).
   */
  reconcile: { intervalMs: number; batchSize: number; staleAfterMs: number };
  /**
   * Lease of a claimed payment while its tool runs (CLAIM_LEASE_MS): renewed every third of it, so a claim
   * untouched longer was left by a dead process and the same payment presented again takes it over.
   */
  claimLeaseMs: number;
  /** Refuse x402 v2 payments without a client payment identifier (PAYMENT_IDENTIFIER=required; default optional). */
  requirePaymentIdentifier: boolean;
  logRequests: boolean;
  /** Serve the agent-commerce trust tools on MCP (MCP_TRUST_TOOLS, default on). */
  mcpTrustTools: boolean;
  /** Extra host names /api/mcp answers for, beside the public host and loopback (MCP_ALLOWED_HOSTS). */
  mcpAllowedHosts: string[];
  /** Serve the free agent endpoints, recommend and the workflow manifest (AGENT_DISCOVERY, default on). */
  agentDiscovery: boolean;
  /** OpenAI-compatible provider for optional AI sections; null keeps every report deterministic. */
  ai: OpenAiCompatibleConfig | null;
  /** Requests without a payment per client address (UNPAID_RATE_LIMIT); null = no limit. */
  unpaidRateLimit: RateLimit | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const aiEnvShape = {
  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
};
type AiEnv = z.infer<z.ZodObject<typeof aiEnvShape>>;
const aiVariablesTogether = (e: AiEnv) => Boolean(e.AI_BASE_URL) === Boolean(e.AI_MODEL);
const aiVariablesMessage = { path: ['AI_MODEL'], message: 'AI_BASE_URL and AI_MODEL go together: set both to enable AI sections, or neither' };

function aiConfig(e: AiEnv): OpenAiCompatibleConfig | null {
  return e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS } : null;
}

const onOff = z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }).default('on');
const isOn = (value: string) => ['on', 'true', '1'].includes(value);

const WINDOW_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `<count>/<window>` (`600/1m`, `20/10s`, `5000/h`), or `0`/`off` for none. */
const rateLimit = z
  .string()
  .trim()
  .regex(/^(0|off|\d{1,9}\/\d{0,6}[smh])$/, 'must be <count>/<window> such as 600/1m or 20/10s (units s, m, h), or 0 to turn it off')
  .transform((value): RateLimit | null => {
    const [count, window] = value.split('/');
    const limit = Number(count);
    if (!window || !limit) return null;
    const amount = window.length > 1 ? Number(window.slice(0, -1)) : 1;
    return { limit, windowMs: amount * WINDOW_UNITS_MS[window.at(-1) as keyof typeof WINDOW_UNITS_MS] };
  })
  .refine((rule) => rule === null || rule.windowMs > 0, 'the window must be longer than 0');

/**
 * The embedded stack's and the tests' receipt signing key: public (it is in this file), so receipts
 * signed with it prove nothing outside a devnet. Production sets RECEIPT_SIGNING_KEY.
 */
export const DEVNET_RECEIPT_SIGNING_KEY = '0x5e1f0b7c2d9a4e3b6c8d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e' as const;

const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be a 0x-prefixed 32-byte hex private key', abort: true })
  .refine(isSigningKey, 'is not a valid secp256k1 private key (0 < key < the curve order)');

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4021),
  PUBLIC_BASE_URL: httpUrl.optional(),
  PAYEE_ADDRESS: evmAddress,
  RECEIPT_SIGNING_KEY: privateKey,
  FACILITATOR_URL: httpUrl,
  FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  FACILITATOR_SETTLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(DEFAULT_SETTLE_TIMEOUT_MS),
  FACILITATOR_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  FACILITATOR_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  FACILITATOR_PROVIDER: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/, 'must be a short name (letters, digits, space, dot, dash, underscore; at most 64), not a URL')
    .refine((name) => !/^\d{1,3}(\.\d{1,3}){3}$/.test(name), 'must be a name, not an IP address')
    .optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PAYSIGHT_DATA_DIR: z.string().min(1).default('.paysight'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(256 * 1024),
  PAID_RESULT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RESULT_RETENTION_DAYS),
  OBSERVATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_OBSERVATION_RETENTION_DAYS),
  NOTARY_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits (32 random bytes)').optional(),
  NOTARY_KEY_ID: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1-40 letters, digits, ., _ or -').default('k1'),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(DEFAULT_RECONCILE_INTERVAL_MS),
  RECONCILE_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_RECONCILE_BATCH_SIZE),
  RECONCILE_STALE_AFTER_MS: z.coerce.number().int().max(86_400_000).optional(),
  CLAIM_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(DEFAULT_CLAIM_LEASE_MS),
  PAYMENT_IDENTIFIER: z.enum(['optional', 'required'], { error: 'must be optional or required' }).default('optional'),
  LOG_LEVEL: z.enum(['info', 'silent']).default('info'),
  MCP_TRUST_TOOLS: onOff,
  AGENT_DISCOVERY: onOff,
  MCP_ALLOWED_HOSTS: z
    .string()
    .transform((value) => value.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((hosts) => hosts.every((h) => /^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(h)), 'must be a comma-separated list of host names without ports')
    .default([]),
  UNPAID_RATE_LIMIT: rateLimit.prefault('600/1m'),
  ...aiEnvShape,
})
  .refine(aiVariablesTogether, aiVariablesMessage)
  // Shorter, and a payment a live instance is still settling would be taken for abandoned.
  .superRefine((e, context) => {
    const bound = settlingBoundMs(e.FACILITATOR_SETTLE_TIMEOUT_MS);
    if (e.RECONCILE_STALE_AFTER_MS !== undefined && e.RECONCILE_STALE_AFTER_MS < bound) {
      context.addIssue({
        code: 'custom',
        path: ['RECONCILE_STALE_AFTER_MS'],
        message: `must be at least ${bound} (FACILITATOR_SETTLE_TIMEOUT_MS plus the 10 s chain check), the longest a live instance keeps a payment in settling`,
      });
    }
  });

const present = (env: Record<string, string | undefined>) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${String(i.path[0])}: ${i.code === 'invalid_type' && i.input === undefined ? 'is required' : i.message}`);
}

/** The optional AI provider's settings alone (the embedded stack reads only these). */
export function loadAiConfig(env: Record<string, string | undefined>): OpenAiCompatibleConfig | null {
  const parsed = z.object(aiEnvShape).refine(aiVariablesTogether, aiVariablesMessage).safeParse(present(env));
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error));
  return aiConfig(parsed.data);
}

/** Reads the API's settings from the environment; every problem is reported at once, by variable name. */
export function loadApiConfig(env: Record<string, string | undefined>): ApiConfig {
  const parsed = envSchema.safeParse(present(env));
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error));
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
    payTo: e.PAYEE_ADDRESS,
    receiptSigningKey: e.RECEIPT_SIGNING_KEY,
    facilitatorUrl: e.FACILITATOR_URL.replace(/\/+$/, ''),
    facilitatorTimeoutMs: e.FACILITATOR_TIMEOUT_MS,
    facilitatorSettleTimeoutMs: e.FACILITATOR_SETTLE_TIMEOUT_MS,
    facilitatorBreaker: { failureThreshold: e.FACILITATOR_BREAKER_FAILURES, cooldownMs: e.FACILITATOR_BREAKER_COOLDOWN_MS },
    facilitatorProvider: e.FACILITATOR_PROVIDER ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: path.resolve(e.PAYSIGHT_DATA_DIR),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    paidResultRetentionDays: e.PAID_RESULT_RETENTION_DAYS,
    observationRetentionDays: e.OBSERVATION_RETENTION_DAYS,
    notaryKey: e.NOTARY_KEY ? { id: e.NOTARY_KEY_ID, secret: e.NOTARY_KEY as `0x${string}` } : null,
    reconcile: {
      intervalMs: e.RECONCILE_INTERVAL_MS,
      batchSize: e.RECONCILE_BATCH_SIZE,
      staleAfterMs: e.RECONCILE_STALE_AFTER_MS ?? defaultStaleAfterMs(e.FACILITATOR_SETTLE_TIMEOUT_MS),
    },
    claimLeaseMs: e.CLAIM_LEASE_MS,
    requirePaymentIdentifier: e.PAYMENT_IDENTIFIER === 'required',
    logRequests: e.LOG_LEVEL === 'info',
    mcpTrustTools: isOn(e.MCP_TRUST_TOOLS),
    agentDiscovery: isOn(e.AGENT_DISCOVERY),
    mcpAllowedHosts: e.MCP_ALLOWED_HOSTS,
    ai: aiConfig(e),
    unpaidRateLimit: e.UNPAID_RATE_LIMIT,
  };
}

/**
 * Settings for an API composed in code (the embedded stack, tests, benchmarks): the environment's
 * defaults, then `given`; except the unpaid rate limit, off unless given (they send from one address).
 */
export function apiConfig(given: Pick<ApiConfig, 'payTo' | 'facilitatorUrl'> & Partial<ApiConfig>): ApiConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    publicBaseUrl: null,
    receiptSigningKey: DEVNET_RECEIPT_SIGNING_KEY,
    facilitatorTimeoutMs: 15_000,
    facilitatorSettleTimeoutMs: DEFAULT_SETTLE_TIMEOUT_MS,
    facilitatorBreaker: { failureThreshold: 5, cooldownMs: 30_000 },
    facilitatorProvider: null,
    databaseUrl: null,
    dataDir: '',
    bodyLimitBytes: 256 * 1024,
    paidResultRetentionDays: DEFAULT_RESULT_RETENTION_DAYS,
    observationRetentionDays: DEFAULT_OBSERVATION_RETENTION_DAYS,
    notaryKey: null,
    reconcile: { intervalMs: DEFAULT_RECONCILE_INTERVAL_MS, batchSize: DEFAULT_RECONCILE_BATCH_SIZE, staleAfterMs: defaultStaleAfterMs(given.facilitatorSettleTimeoutMs) },
    claimLeaseMs: DEFAULT_CLAIM_LEASE_MS,
    requirePaymentIdentifier: false,
    logRequests: false,
    mcpTrustTools: true,
    mcpAllowedHosts: [],
    agentDiscovery: true,
    ai: null,
    unpaidRateLimit: null,
    ...given,
  };
}
