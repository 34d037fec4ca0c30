import { evmAddress } from '@paysight/contracts';
import path from 'node:path';
import { z } from 'zod';

export interface ApiConfig {
  host: string;
  port: number;
  /** Public origin of the service, used in 402 resource URLs and saved-report links; null = the listening address. */
  publicBaseUrl: string | null;
  payTo: `0x${string}`;
  facilitatorUrl: string;
  facilitatorTimeoutMs: number;
  /** PostgreSQL when set; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  bodyLimitBytes: number;
  logRequests: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4021),
  PUBLIC_BASE_URL: httpUrl.optional(),
  PAYEE_ADDRESS: evmAddress,
  FACILITATOR_URL: httpUrl,
  FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PAYSIGHT_DATA_DIR: z.string().min(1).default('.paysight'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(256 * 1024),
  LOG_LEVEL: z.enum(['info', 'silent']).default('info'),
});

/** Reads the API's settings from the environment; every problem is reported at once, by variable name. */
export function loadApiConfig(env: Record<string, string | undefined>): ApiConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.code === 'invalid_type' && i.input === undefined ? 'is required' : i.message}`));
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
    payTo: e.PAYEE_ADDRESS,
    facilitatorUrl: e.FACILITATOR_URL.replace(/\/+$/, ''),
    facilitatorTimeoutMs: e.FACILITATOR_TIMEOUT_MS,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: path.resolve(e.PAYSIGHT_DATA_DIR),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logRequests: e.LOG_LEVEL === 'info',
  };
}
