import { z } from 'zod';

// Fastify's proxy matcher refuses /0 ranges, so they are refused here, where the message is ours.
const ProxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).refine((entry) => !entry.endsWith('/0'));

/** `10.0.0.2, 10.1.0.0/16` → its entries, each checked: a typo stops start-up instead of trusting the wrong hosts. */
const ProxyList = z.string().transform((value, context) => {
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!ProxyAddress.safeParse(entry).success) {
      context.addIssue({ code: 'custom', message: `'${entry}' is not an IP address or CIDR range of /1 or more (e.g. 10.0.0.2, 10.0.0.0/8, fd00::/8)` });
    }
  }
  return entries;
});

/**
 * The environment, parsed once. Nothing else in the code reads `process.env`: whatever needs a
 * setting receives it from here.
 */
const EnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  TOLLGATE_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  TOLLGATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TOLLGATE_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  TOLLGATE_TRUST_PROXY: ProxyList.optional(),
  TOLLGATE_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TOLLGATE_SIGNUP_CREDIT_USD: z.string().regex(/^\d+(\.\d{1,6})?$/).default('5.00'),
  TOLLGATE_PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOLLGATE_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  TOLLGATE_CALL_DEADLINE_MS: z.coerce.number().int().min(100).default(120_000),
  TOLLGATE_STREAM_KEEPALIVE_MS: z.coerce.number().int().min(100).default(15_000),
  TOLLGATE_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  TOLLGATE_EXPOSE_VENDOR_NAMES: z.enum(['true', 'false']).default('false'),
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_BASE_URL: z.string().url().default('https://api.dataforseo.com'),
  DATAFORSEO_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  GOOGLE_PLACES_BASE_URL: z.string().url().default('https://places.googleapis.com'),
}).refine((env) => (env.DATAFORSEO_LOGIN === undefined) === (env.DATAFORSEO_PASSWORD === undefined), {
  message: 'set both DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD, or neither',
  path: ['DATAFORSEO_PASSWORD'],
});

export type Environment = z.infer<typeof EnvironmentSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  rateLimitPerMinute: number;
  /** Failed authentications (401s) per client address per sliding minute before it gets 429s. */
  authFailuresPerMinute: number;
  /**
   * The reverse proxies in front (addresses or CIDR ranges) whose `X-Forwarded-For` is believed;
   * empty: nobody's, and the client address is the socket's.
   */
  trustProxy: string[];
  maxBodyBytes: number;
  signupCreditUsd: string;
  publicUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  /** A request/response call's server-side deadline (its reservation's lease outlives it). */
  callDeadlineMs: number;
  /** How long a stream may stay silent before a keep-alive comment. */
  streamKeepAliveMs: number;
  /** How often expired reservations are looked for (and expired idempotency keys swept). */
  reconcileIntervalMs: number;
  /** `x-tollgate-provider` names the vendor instead of saying `live`. */
  exposeVendorNames: boolean;
  vendors: VendorSettings;
}

/** Third-party data vendors: each is used only when its credentials are set. */
export interface VendorSettings {
  /** How long one upstream call may take before it fails as 502 UPSTREAM_ERROR. */
  timeoutMs: number;
  /** `pollMs`: how often a queued task (engines without a live endpoint) is asked for its result. */
  dataForSeo: { login: string; password: string; baseUrl: string; pollMs: number } | undefined;
  googlePlaces: { apiKey: string; baseUrl: string } | undefined;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as operators expect.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.TOLLGATE_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    rateLimitPerMinute: env.TOLLGATE_RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: env.TOLLGATE_AUTH_FAILURES_PER_MINUTE,
    trustProxy: env.TOLLGATE_TRUST_PROXY ?? [],
    maxBodyBytes: env.TOLLGATE_MAX_BODY_BYTES,
    signupCreditUsd: env.TOLLGATE_SIGNUP_CREDIT_USD,
    publicUrl: env.TOLLGATE_PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    callDeadlineMs: env.TOLLGATE_CALL_DEADLINE_MS,
    streamKeepAliveMs: env.TOLLGATE_STREAM_KEEPALIVE_MS,
    reconcileIntervalMs: env.TOLLGATE_RECONCILE_INTERVAL_MS,
    exposeVendorNames: env.TOLLGATE_EXPOSE_VENDOR_NAMES === 'true',
    vendors: {
      timeoutMs: env.TOLLGATE_UPSTREAM_TIMEOUT_MS,
      dataForSeo:
        env.DATAFORSEO_LOGIN !== undefined && env.DATAFORSEO_PASSWORD !== undefined
          ? { login: env.DATAFORSEO_LOGIN, password: env.DATAFORSEO_PASSWORD, baseUrl: env.DATAFORSEO_BASE_URL.replace(/\/+$/, ''), pollMs: env.DATAFORSEO_POLL_MS }
          : undefined,
      googlePlaces:
        env.GOOGLE_PLACES_API_KEY !== undefined
          ? { apiKey: env.GOOGLE_PLACES_API_KEY, baseUrl: env.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, '') }
          : undefined,
    },
  };
}
