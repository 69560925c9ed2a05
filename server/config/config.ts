// Server configuration: the sandbox defaults (docs/guides/integrator.md), overridable by a JSON file (CONFIG=path,
// deep-merged over the defaults) and by environment variables. Validated with Zod so a typo in the
// file fails at start with the offending path, never later at the first request.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EXCHANGE_DECIMAL_PATTERN } from '../../contracts/shared/primitives.ts';
import { ExchangeKeySchema, MerchantKeySchema, PartnerCredentialSchema } from '../auth/keys.ts';
import { SANDBOX_DEFAULTS } from './defaults.ts';

/** Where the merchant sandbox may deliver webhooks (server/merchant/reference/webhook-transport.ts). */
export const WebhookTargetPolicySchema = z
  .object({
    /** Allow targets on private networks (RFC 1918, CGNAT, unique and site-local IPv6). */
    allowPrivateNetworks: z.boolean(),
    /** Allow loopback targets (127.0.0.0/8, ::1): local development, decision M3. */
    allowLoopback: z.boolean(),
  })
  .strict();
export type WebhookTargetPolicy = z.infer<typeof WebhookTargetPolicySchema>;

const windowSchema = z
  .object({
    /** Requests allowed per window. */
    limit: z.number().int().min(1),
    windowMs: z.number().int().min(1),
    /** Ban that follows the first refused request; every request during it gets 429. */
    banMs: z.number().int().min(0),
  })
  .strict();

export const ConfigSchema = z
  .object({
    host: z.string().min(1),
    port: z.number().int().min(0).max(65535),
    /** all: requests and responses; requests: requests only; none: no OpenAPI validation (benchmarks). */
    validate: z.enum(['all', 'requests', 'none']),
    /** Largest accepted request body, in the notation of express.json (`100kb`). */
    bodyLimit: z.string().regex(/^\d+(b|kb|mb)$/i, 'a size like 100kb or 1mb'),
    /** One line per request on stdout. */
    logRequests: z.boolean(),
    /** How long a request holds its Idempotency-Key while it runs; a key left by a crashed process is free again after it. */
    idempotencyLeaseMs: z.number().int().min(100),
    /** CORS: allowed origins (`*` any, [] no CORS headers); preflights are answered before the APIs. */
    cors: z.object({ origins: z.array(z.string().min(1)) }).strict(),
    rateLimit: z
      .object({ enabled: z.boolean(), exchange: windowSchema, merchant: windowSchema, partner: windowSchema })
      .strict(),
    exchange: z
      .object({
        keys: z.array(ExchangeKeySchema),
        /** Accepted distance between nonce and server time (X2: 30 s). */
        nonceWindowMs: z.number().int().min(1),
        /** How long a used nonce is remembered; at least twice the window plus 1 s (X2: 61 s). */
        nonceTtlMs: z.number().int().min(1),
        /** Seed balance of every currency for every account (reference implementation). */
        seedBalance: z.string().regex(new RegExp(EXCHANGE_DECIMAL_PATTERN)),
        /** Fee per side of each trade, in quote currency (decision X-fee: 0.0025 = 0.25 %). */
        feeRate: z.string().regex(/^0(\.[0-9]+)?$/, 'a decimal fraction below 1, like 0.0025'),
        /** Delay before a requested cancel takes effect (cancellation is asynchronous). */
        cancelDelayMs: z.number().int().min(0),
        /** With a state file: how long the exchange writer lease lasts unrenewed; a second process takes over after it (server/state/exchange-lease.ts). */
        writerLeaseMs: z.number().int().min(100),
      })
      .strict()
      .refine((e) => e.nonceTtlMs >= 2 * e.nonceWindowMs + 1000, {
        message: 'nonceTtlMs must be at least 2 × nonceWindowMs + 1000, or a nonce could be replayed',
        path: ['nonceTtlMs'],
      }),
    merchant: z
      .object({
        keys: z.array(MerchantKeySchema),
        /** M2 sandbox lifecycle timings. */
        sandbox: z.object({ foundAfterMs: z.number().int().min(0), confirmedAfterMs: z.number().int().min(0) }).strict(),
        webhookTargets: WebhookTargetPolicySchema,
      })
      .strict(),
    partner: z
      .object({
        credentials: z.array(PartnerCredentialSchema),
        /** scrypt's N for registered users' passwords (default 16384 = 2^14, node's); a power of two. */
        passwordHashCost: z.number().int().min(1024).max(65536).refine((n) => (n & (n - 1)) === 0, 'a power of two'),
      })
      .strict(),
    /** The sandbox control API (decisions S-where, S-rate-limits of contracts/sandbox). */
    sandbox: z
      .object({
        /** Serve /sandbox/v1 and run the merchant sandbox on its test clock. */
        controlApi: z.boolean(),
        /** Start with sandbox credentials exempt from the rate limits (POST /sandbox/v1/rate-limits changes it). */
        exemptRateLimits: z.boolean(),
      })
      .strict(),
    /**
     * Stores shared by several instances (used nonces, rate limits, invoice numbers) in Redis;
     * absent: in process memory. REDIS_URL sets `url`.
     */
    redis: z
      .object({
        url: z.string().regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL'),
        /** Prefix of every key; instances that work as one use the same prefix. */
        keyPrefix: z.string().min(1).default('cryptopay:'),
        /** A Redis command unanswered after this long fails the request with 503. */
        commandTimeoutMs: z.number().int().min(1).default(1000),
      })
      .strict()
      .optional(),
    /**
     * The sandbox's state in PostgreSQL (server/state/pg), shared by any number of instances;
     * absent: the state file (STATE) or memory. DATABASE_URL sets `url`.
     */
    database: z
      .object({
        url: z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres:// or postgresql:// URL'),
        /** Most connections one instance opens (its pool). */
        poolSize: z.number().int().min(1).max(1000).default(10),
        /** A request waiting longer than this for a free connection fails with 503. */
        connectTimeoutMs: z.number().int().min(1).default(5000),
      })
      .strict()
      .optional(),
  })
  .strict();

export type ServerConfig = z.infer<typeof ConfigSchema>;
export type ConfigInput = DeepPartial<ServerConfig>;
type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** Thrown for an unreadable or invalid configuration; the message lists every problem with its path. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars replace. Skips `__proto__` so a file cannot pollute prototypes. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isObject(base) || !isObject(override)) return override === undefined ? base : override;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(override)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = deepMerge(base[k], v);
  }
  return out;
}

/** The defaults merged with `input`, validated. */
export function resolveConfig(input: ConfigInput | unknown = {}, origin = 'config'): ServerConfig {
  const result = ConfigSchema.safeParse(deepMerge(SANDBOX_DEFAULTS, input));
  if (!result.success) throw configError(result.error, origin);
  return result.data;
}

/** One part of the config (`bodyLimit`, `rateLimit`, an API's credentials) over its defaults, validated alone: what the validators for other services take. */
export function resolvePart<K extends keyof typeof SANDBOX_DEFAULTS & keyof ServerConfig>(key: K, input: unknown, origin = 'config'): ServerConfig[K] {
  const result = (ConfigSchema.shape[key] as unknown as z.ZodType<ServerConfig[K]>).safeParse(deepMerge(SANDBOX_DEFAULTS[key], input));
  if (!result.success) throw configError(result.error, origin, [key]);
  return result.data;
}

function configError(error: z.ZodError, origin: string, prefix: PropertyKey[] = []): ConfigError {
  const lines = error.issues.map((i) => `  - ${[...prefix, ...i.path].join('.') || '(root)'}: ${i.message}`);
  return new ConfigError(`Invalid ${origin}:\n${lines.join('\n')}`);
}

/**
 * Reads HOST, PORT, VALIDATE, RATE_LIMIT=off, REDIS_URL, DATABASE_URL, SANDBOX_API=on|off and CONFIG=path (the JSON
 * file is applied first, env on top). Without a CONFIG file the sandbox control API is on (S-where).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  let fromFile: unknown = {};
  if (env.CONFIG) {
    let text: string;
    try {
      text = readFileSync(env.CONFIG, 'utf8');
    } catch (e) {
      throw new ConfigError(`Cannot read CONFIG file ${env.CONFIG}: ${(e as Error).message}`);
    }
    try {
      fromFile = JSON.parse(text);
    } catch (e) {
      throw new ConfigError(`CONFIG file ${env.CONFIG} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const fromEnv: Record<string, unknown> = {};
  const sandboxApi = env.SANDBOX_API === undefined || env.SANDBOX_API === '' ? undefined : env.SANDBOX_API;
  if (sandboxApi !== undefined && !['on', 'off'].includes(sandboxApi)) throw new ConfigError(`SANDBOX_API must be "on" or "off", got "${sandboxApi}"`);
  if (sandboxApi !== undefined || !env.CONFIG) fromEnv.sandbox = { controlApi: sandboxApi === undefined || sandboxApi === 'on' };
  if (env.HOST) fromEnv.host = env.HOST;
  if (env.PORT !== undefined && env.PORT !== '') {
    if (!/^\d+$/.test(env.PORT)) throw new ConfigError(`PORT must be an integer, got "${env.PORT}"`);
    fromEnv.port = Number(env.PORT);
  }
  if (env.VALIDATE) fromEnv.validate = env.VALIDATE;
  if (env.REDIS_URL) fromEnv.redis = { url: env.REDIS_URL };
  if (env.DATABASE_URL) fromEnv.database = { url: env.DATABASE_URL };
  if (env.RATE_LIMIT !== undefined && env.RATE_LIMIT !== '') {
    if (!['on', 'off'].includes(env.RATE_LIMIT)) throw new ConfigError(`RATE_LIMIT must be "on" or "off", got "${env.RATE_LIMIT}"`);
    fromEnv.rateLimit = { enabled: env.RATE_LIMIT === 'on' };
  }
  return resolveConfig(deepMerge(fromFile, fromEnv), env.CONFIG ? `configuration (CONFIG=${env.CONFIG} and environment)` : 'configuration (environment)');
}
