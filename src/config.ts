import os from 'node:os';
import { z } from 'zod';
import { MAX_BALANCE_MICROS, MICROS_PER_USD, parseUsd } from './core/money';
import { describeIssues } from './core/validation';

/** `a, b,,c ` → `['a', 'b', 'c']`: how every list setting is written. */
function commaList(value: string): string[] {
  return value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

// Fastify's proxy matcher refuses /0 ranges, so they are refused here, where the message is ours.
const ProxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).refine((entry) => !entry.endsWith('/0'));

/** `10.0.0.2, 10.1.0.0/16` → its entries, each checked: a typo stops start-up instead of trusting the wrong hosts. */
const ProxyList = z.string().transform((value, context) => {
  const entries = commaList(value);
  for (const entry of entries) {
    if (!ProxyAddress.safeParse(entry).success) {
      context.addIssue({ code: 'custom', message: `'${entry}' is not an IP address or CIDR range of /1 or more (e.g. 10.0.0.2, 10.0.0.0/8, fd00::/8)` });
    }
  }
  return entries;
});

/** `127.0.0.1:5353, [::1]:53, 9.9.9.9` → its entries, each a resolver address (port 53 when left out). */
const DnsServerList = z.string().transform((value, context) => {
  const entries = commaList(value);
  for (const entry of entries) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/.exec(entry);
    const host = match?.[1] ?? match?.[2];
    const ok = host !== undefined && (z.ipv4().safeParse(host).success || z.ipv6().safeParse(host).success) && Number(match?.[3] ?? 53) <= 65535;
    if (!ok) context.addIssue({ code: 'custom', message: `'${entry}' is not a resolver address (an IP with an optional port: 127.0.0.1:5353, [::1]:53, 9.9.9.9)` });
  }
  return entries;
});

/** `10.0.0.0/8, fd00::/8, 192.168.1.5` → its entries, each an address or CIDR range. */
const NetworkList = z.string().transform((value, context) => {
  const entries = commaList(value);
  for (const entry of entries) {
    if (!z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(entry).success) {
      context.addIssue({ code: 'custom', message: `'${entry}' is not an IP address or CIDR range (e.g. 10.0.0.0/8, fd00::/8)` });
    }
  }
  return entries;
});

/** The longest a Node timer waits: a setting above it would silently fire after 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/** A duration setting in milliseconds, from `least` up to what a timer can wait. */
function milliseconds(least: number, fallback: number) {
  return z.coerce.number().int().min(least).max(MAX_TIMER_MS, `at most ${MAX_TIMER_MS} (about 24.8 days): Node's timers cannot wait longer`).default(fallback);
}

/** A URL whose scheme is one of `schemes` (`z.url()` alone takes ftp:, file:, …). */
function urlWithScheme(schemes: readonly string[], example: string) {
  return z
    .string()
    .url()
    .refine((value) => !URL.canParse(value) || schemes.includes(new URL(value).protocol.replace(/:$/, '')), `a ${schemes.join(' or ')} URL, e.g. ${example}`);
}
const httpUrl = (example: string) => urlWithScheme(['http', 'https'], example);

const USD_AMOUNT = /^\d+(\.\d{1,6})?$/;

/**
 * The environment, parsed once. Nothing else in the code reads `process.env`: whatever needs a
 * setting receives it from here.
 */
const EnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  TOLLGATE_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql'], 'postgres://user:password@db.example:5432/tollgate').optional(),
  REDIS_URL: urlWithScheme(['redis', 'rediss'], 'redis://cache.example:6379').optional(),
  TOLLGATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TOLLGATE_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  TOLLGATE_TRUST_PROXY: ProxyList.optional(),
  TOLLGATE_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TOLLGATE_SIGNUP_CREDIT_USD: z
    .string()
    .regex(USD_AMOUNT, 'a USD amount with at most 6 decimals, e.g. 5.00')
    // Refinements run after a failed regex too: only an amount is compared.
    .refine((value) => !USD_AMOUNT.test(value) || parseUsd(value) <= MAX_BALANCE_MICROS, `at most ${MAX_BALANCE_MICROS / MICROS_PER_USD} (the most a balance can hold)`)
    .default('5.00'),
  TOLLGATE_PUBLIC_URL: httpUrl('https://api.example.com').optional(),
  // Checked as the mailer will read it, so that a URL it cannot parse stops the start naming this setting.
  TOLLGATE_SMTP_URL: z
    .string()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== '', 'smtp://user:password@host:587 or smtps://…:465, with a host (characters such as @ : / in the password percent-encoded)')
    .optional(),
  TOLLGATE_MAIL_FROM: z.string().min(3).default('Tollgate <no-reply@localhost>'),
  TOLLGATE_SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TOLLGATE_SIGNUPS: z.enum(['open', 'closed']).default('open'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOLLGATE_UPSTREAM_TIMEOUT_MS: milliseconds(100, 60_000),
  TOLLGATE_CALL_DEADLINE_MS: milliseconds(100, 120_000),
  TOLLGATE_REQUEST_TIMEOUT_MS: milliseconds(1_000, 120_000),
  TOLLGATE_STREAM_KEEPALIVE_MS: milliseconds(100, 15_000),
  TOLLGATE_RECONCILE_INTERVAL_MS: milliseconds(100, 30_000),
  TOLLGATE_SHUTDOWN_GRACE_MS: milliseconds(100, 10_000),
  TOLLGATE_ADMIN_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  TOLLGATE_METRICS_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'HOST:PORT, e.g. 10.0.0.5:9464 or [::1]:9464')
    .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65535, 'the port must be 0 to 65535')
    .optional(),
  TOLLGATE_EXPOSE_VENDOR_NAMES: z.enum(['true', 'false']).default('false'),
  TOLLGATE_SERVE_BELOW_COST: z.string().optional(),
  TOLLGATE_MODEL_CATALOG: z.string().min(1).optional(),
  TOLLGATE_SANDBOX_CHAT_TOKENS_PER_SECOND: z.coerce.number().min(0).max(1_000_000).default(200),
  TOLLGATE_CHAT_UPSTREAMS: z.string().optional(),
  TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS: milliseconds(100, 30_000),
  TOLLGATE_DNS_SERVERS: DnsServerList.optional(),
  TOLLGATE_FETCH_ALLOWED_NETWORKS: NetworkList.optional(),
  TOLLGATE_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).default(10_485_760),
  TOLLGATE_FETCH_TIMEOUT_MS: milliseconds(100, 15_000),
  TOLLGATE_SMTP_PROBE: z.enum(['true', 'false']).default('false'),
  TOLLGATE_SMTP_PROBE_TIMEOUT_MS: milliseconds(100, 10_000),
  TOLLGATE_SMTP_PROBE_HELO: z.string().regex(/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/, "this server's host name, e.g. mail-check.example.com").optional(),
  TOLLGATE_SMTP_PROBE_FROM: z.string().regex(/^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/, 'an address at a domain you control, e.g. verify@example.com').optional(),
  TOLLGATE_SMTP_PROBE_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  TOLLGATE_AI_EXTRACT_MODEL: z.string().min(1).default('openai/gpt-4o-mini'),
  OPENROUTER_API_KEY: z.string().optional(),
  OPENROUTER_BASE_URL: httpUrl('https://openrouter.ai/api/v1').default('https://openrouter.ai/api/v1'),
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_BASE_URL: httpUrl('https://api.dataforseo.com').default('https://api.dataforseo.com'),
  DATAFORSEO_POLL_MS: milliseconds(10, 2_000),
  TOLLGATE_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  TOLLGATE_BROWSER_POOL_SIZE: z.coerce.number().int().min(1).max(32).default(2),
  /** Worker threads that read pages (parse, find the main content, write markdown); default: one per core. */
  TOLLGATE_PAGE_READERS: z.coerce.number().int().min(1).max(64).default(() => os.availableParallelism()),
  TOLLGATE_BROWSER_QUEUE_SIZE: z.coerce.number().int().min(0).max(10_000).default(16),
  TOLLGATE_BROWSER_TIMEOUT_MS: milliseconds(1_000, 30_000),
  TOLLGATE_STEALTH_PROXY_URL: z.string().regex(/^https?:\/\/\S+$/, 'an http(s) proxy URL, e.g. http://user:pass@proxy.example:8000 (may hold {country})').optional(),
  GOOGLE_PLACES_API_KEY: z.string().optional(),
  GOOGLE_PLACES_BASE_URL: httpUrl('https://places.googleapis.com').default('https://places.googleapis.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_BASE_URL: httpUrl('https://api.stripe.com').default('https://api.stripe.com'),
  TOLLGATE_LIVE_LOOKUPS: z.enum(['true', 'false']).default('true'),
  TOLLGATE_RDAP_BOOTSTRAP: z.string().min(1).optional(),
  NAMECHEAP_API_USER: z.string().optional(),
  NAMECHEAP_API_KEY: z.string().optional(),
  NAMECHEAP_USERNAME: z.string().optional(),
  NAMECHEAP_CLIENT_IP: z.ipv4().optional(),
  NAMECHEAP_BASE_URL: httpUrl('https://api.namecheap.com/xml.response').default('https://api.namecheap.com/xml.response'),
  TOMBA_KEY: z.string().optional(),
  TOMBA_SECRET: z.string().optional(),
  TOMBA_BASE_URL: httpUrl('https://api.tomba.io/v1').default('https://api.tomba.io/v1'),
  OPENWEBNINJA_API_KEY: z.string().min(1).optional(),
  OPENWEBNINJA_BASE_URL: httpUrl('https://api.openwebninja.com/realtime-amazon-data').default('https://api.openwebninja.com/realtime-amazon-data'),
  RAPIDAPI_KEY: z.string().min(1).optional(),
  /** The retail vendor's API through RapidAPI (its host there, e.g. real-time-amazon-data.p.rapidapi.com): used when OPENWEBNINJA_API_KEY is not set. */
  RAPIDAPI_RETAIL_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name, e.g. real-time-amazon-data.p.rapidapi.com').optional(),
  RAPIDAPI_RETAIL_BASE_URL: httpUrl('https://api.example.com').optional(),
  /** The photo-platform data API on RapidAPI (Social API's "Instagram Scraper API"; its other hosts answer the same). */
  RAPIDAPI_PHOTOS_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name, e.g. instagram-scraper-api2.p.rapidapi.com').default('instagram-scraper-api2.p.rapidapi.com'),
  RAPIDAPI_PHOTOS_BASE_URL: httpUrl('https://api.example.com').optional(),
  /** The short-video data API on RapidAPI (tiktok-scraper7). */
  RAPIDAPI_CLIPS_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name, e.g. tiktok-scraper7.p.rapidapi.com').default('tiktok-scraper7.p.rapidapi.com'),
  RAPIDAPI_CLIPS_BASE_URL: httpUrl('https://api.example.com').optional(),
  RAPIDAPI_VIDEO_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'a host name, e.g. yt-api.p.rapidapi.com').default('yt-api.p.rapidapi.com'),
  RAPIDAPI_VIDEO_BASE_URL: httpUrl('https://api.example.com').optional(),
  FAL_KEY: z.string().min(1).optional(),
  FAL_QUEUE_URL: httpUrl('https://queue.fal.run').default('https://queue.fal.run'),
  /** How long a sandbox media job takes, queued then running: clients exercise polling. */
  TOLLGATE_SANDBOX_MEDIA_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Media job steps run at once by this process's workers; 0 runs none here (`tollgate worker` does). */
  TOLLGATE_MEDIA_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(4),
  /** How long a media job and its files are kept after it was queued. */
  TOLLGATE_MEDIA_RETENTION_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
}).refine((env) => [env.NAMECHEAP_API_USER, env.NAMECHEAP_API_KEY, env.NAMECHEAP_CLIENT_IP].every((value) => value === undefined) || [env.NAMECHEAP_API_USER, env.NAMECHEAP_API_KEY, env.NAMECHEAP_CLIENT_IP].every((value) => value !== undefined), {
  message: 'set NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP together, or none of them',
  path: ['NAMECHEAP_API_KEY'],
}).refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_WEBHOOK_SECRET === undefined), {
  message: 'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
  path: ['STRIPE_WEBHOOK_SECRET'],
}).refine((env) => env.TOLLGATE_SMTP_PROBE === 'false' || env.TOLLGATE_SMTP_PROBE_HELO !== undefined, {
  message: "required when TOLLGATE_SMTP_PROBE=true: this server's public host name (matching its reverse DNS), which mail servers judge a probe by",
  path: ['TOLLGATE_SMTP_PROBE_HELO'],
}).refine((env) => env.TOMBA_KEY === undefined || env.TOMBA_SECRET !== undefined, {
  message: 'required with TOMBA_KEY: the contact-data vendor takes the API key (ta_…) and its secret (ts_…) together; set both, or neither',
  path: ['TOMBA_SECRET'],
}).refine((env) => env.TOMBA_SECRET === undefined || env.TOMBA_KEY !== undefined, {
  message: 'required with TOMBA_SECRET: the contact-data vendor takes the API key (ta_…) and its secret (ts_…) together; set both, or neither',
  path: ['TOMBA_KEY'],
}).refine((env) => env.RAPIDAPI_RETAIL_HOST === undefined || env.RAPIDAPI_KEY !== undefined || env.OPENWEBNINJA_API_KEY !== undefined, {
  message: 'required with RAPIDAPI_RETAIL_HOST: the RapidAPI key the retail vendor is called with',
  path: ['RAPIDAPI_KEY'],
}).refine((env) => (env.DATAFORSEO_LOGIN === undefined) === (env.DATAFORSEO_PASSWORD === undefined), {
  message: 'set both DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD, or neither',
  path: ['DATAFORSEO_PASSWORD'],
});

export type Environment = z.infer<typeof EnvironmentSchema>;

export interface Config {
  /** `TOLLGATE_*` variables set but not read (typos, most likely), each as a sentence to warn with. */
  unrecognisedSettings: string[];
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
  /** The dashboard's mail (verification, password reset); unset: the links go to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Dashboard sign-ups per client address per sliding hour. */
  signupsPerAddressPerHour: number;
  /** Whether anyone may create an account on the dashboard (`closed`: the operator creates them with the CLI). */
  signups: 'open' | 'closed';
  /** Buying credit through Stripe Checkout; unset: the operator adds credit. */
  stripe: StripeSettings | undefined;
  logLevel: Environment['LOG_LEVEL'];
  /** A request/response call's server-side deadline (its reservation's lease outlives it). */
  callDeadlineMs: number;
  /** How long a request's headers and body may take to arrive: past it, 408 and the connection closed. */
  requestTimeoutMs: number;
  /** Media jobs: steps run at once by this process's workers (0: none) and how long jobs and their files are kept. */
  mediaJobs: { concurrency: number; retentionMs: number };
  /** How long a stream may stay silent before a keep-alive comment. */
  streamKeepAliveMs: number;
  /** How often expired reservations are looked for (and expired idempotency keys swept). */
  reconcileIntervalMs: number;
  /** How long a SIGTERM/SIGINT shutdown may take, draining calls in flight, before the process exits. */
  shutdownGraceMs: number;
  /** The operator's bearer token for `GET /metrics` on the API's address; unset: no /metrics there. */
  adminToken: string | undefined;
  /** A separate address serving `GET /metrics` without a token (a private interface); unset: none. */
  metricsAddress: { host: string; port: number } | undefined;
  /** `x-tollgate-provider` names the vendor instead of saying `live`. */
  exposeVendorNames: boolean;
  /**
   * Endpoint ids served live although their vendor's requests cost more than their price
   * (TOLLGATE_SERVE_BELOW_COST): the operator accepts the loss. Checked against the registry at start.
   */
  serveBelowCost: string[];
  /** The operator's model catalog file (replacing or extending the built-in one), if any. */
  modelCatalogFile: string | undefined;
  vendors: VendorSettings;
  net: NetSettings;
  browser: BrowserSettings;
  /** Worker threads reading pages (TOLLGATE_PAGE_READERS). */
  pageReaders: number;
  endpoints: EndpointSettings;
}

/** Operator choices that endpoints read (handed to handlers as `settings`). */
export interface EndpointSettings {
  /** The catalog model that /v1/scrape/ai-extract asks (checked at start: it must fit the endpoint's price). */
  aiExtractModel: string;
}

/** Fetching customer-chosen URLs and resolving names (src/net). */
export interface NetSettings {
  /** Resolvers as `host:port`; undefined: the system's (resolv.conf). */
  dnsServers: string[] | undefined;
  /** Networks opened despite the non-public address rules (intranets, tests); empty by default. */
  allowedNetworks: string[];
  /** A fetched body's cap, after decompression. */
  fetchMaxBytes: number;
  /** A whole fetch's time limit, redirects included. */
  fetchTimeoutMs: number;
  /** Asking mail servers whether they accept an address (src/net/smtp-probe.ts). */
  smtpProbe: SmtpProbeSettings;
}

/** SMTP mailbox probing, for email verification: off by default (see the README for why). */
export interface SmtpProbeSettings {
  enabled: boolean;
  /** 25 in the world; tests point it at a loopback server. */
  port: number;
  /** One mail server's whole conversation, connecting included. */
  timeoutMs: number;
  /** The EHLO name: this server's public host name. */
  heloName: string;
  /** The MAIL FROM address (default `postmaster@` the EHLO name). */
  mailFrom: string;
}

/** The headless-Chromium pool (src/net/browser-pool.ts). */
export interface BrowserSettings {
  chromiumPath: string;
  /** Browsers in the pool; each renders one call at a time. */
  poolSize: number;
  /** Calls that may wait for a browser; one more is refused with 503 and Retry-After. */
  queueSize: number;
  /** The most one browser call may take (less when the call's own deadline is nearer). */
  timeoutMs: number;
  /** The operator's upstream proxy for stealth scrapes, `{country}` replaced by the request's country. */
  stealthProxyUrl: string | undefined;
}

export interface StripeSettings {
  secretKey: string;
  /** Verifies the webhook's `Stripe-Signature`; credit is added only from a verified event. */
  webhookSecret: string;
  /** Without a trailing slash. */
  baseUrl: string;
}

/** Chat completions: the upstreams that serve them, and the sandbox's pace when none does. */
export interface ChatSettings {
  /** How fast the sandbox streams its tokens; 0: as fast as it can. */
  sandboxTokensPerSecond: number;
  /** OpenAI-compatible upstreams, in the order they are tried; empty: the sandbox serves chat. */
  upstreams: ChatUpstreamSettings[];
  /** How long an upstream may stay silent (before its first byte, or mid-stream) before it counts as failed. */
  firstByteTimeoutMs: number;
}

/** One OpenAI-compatible upstream (`TOLLGATE_CHAT_UPSTREAMS` names it; `<NAME>_*` variables describe it). */
export interface ChatUpstreamSettings {
  /** As listed, lower case; for the log (and `x-tollgate-provider` when vendor names are exposed). */
  name: string;
  /** Without a trailing slash; `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a bearer token; absent for upstreams that take none (a self-hosted vLLM or Ollama). */
  apiKey: string | undefined;
  /** Model-id prefixes it serves (`meta-llama/`); undefined: every model. */
  modelPrefixes: string[] | undefined;
  /**
   * The field the completion limit is sent in (`<NAME>_MAX_TOKENS_FIELD`); unset: by its host
   * (../providers/openai-compatible/index.ts `completionLimitField`).
   */
  completionLimitField?: CompletionLimitField;
}

/** The names an upstream may take the completion limit by: OpenAI's own API refuses `max_tokens` for its reasoning models. */
export const COMPLETION_LIMIT_FIELDS = ['max_tokens', 'max_completion_tokens'] as const;
export type CompletionLimitField = (typeof COMPLETION_LIMIT_FIELDS)[number];

/** Third-party data vendors: each is used only when its credentials are set. */
export interface VendorSettings {
  /** How long one upstream call may take before it fails as 502 UPSTREAM_ERROR. */
  timeoutMs: number;
  /** `pollMs`: how often a queued task (engines without a live endpoint) is asked for its result. */
  dataForSeo: { login: string; password: string; baseUrl: string; pollMs: number } | undefined;
  googlePlaces: { apiKey: string; baseUrl: string } | undefined;
  /** The registrar's domain check (Namecheap's API; `clientIp` is the address it has whitelisted). */
  namecheap: { apiUser: string; apiKey: string; username: string; clientIp: string; baseUrl: string } | undefined;
  /** The contact-data vendor (Tomba) for the email endpoints; the sandbox serves them without it. */
  tomba: { key: string; secret: string; baseUrl: string } | undefined;
  /**
   * The retail-marketplace vendor (OpenWeb Ninja's real-time marketplace API): directly with
   * OPENWEBNINJA_API_KEY, else through RapidAPI with RAPIDAPI_KEY and RAPIDAPI_RETAIL_HOST; the
   * sandbox serves the retail endpoints without either.
   */
  retail: { channel: 'direct' | 'rapidapi'; baseUrl: string; headers: Record<string, string> } | undefined;
  /** The photo-platform data API on RapidAPI, when RAPIDAPI_KEY is set; the sandbox serves the photos endpoints without it. */
  photos: { apiKey: string; host: string; baseUrl: string } | undefined;
  /** The short-video data API on RapidAPI, when RAPIDAPI_KEY is set; the sandbox serves the clips endpoints without it. */
  clips: { apiKey: string; host: string; baseUrl: string } | undefined;
  /** The video-platform data API (YT-API) on RapidAPI, when RAPIDAPI_KEY is set; the sandbox serves the video endpoints without it. */
  video: { apiKey: string; host: string; baseUrl: string } | undefined;
  /** Media generation and analysis: fal's queue API when FAL_KEY is set, else the sandbox (its jobs take `sandboxJobSeconds`). */
  media: { fal: { key: string; queueUrl: string } | undefined; sandboxJobSeconds: number };
  /**
   * Registration data (WHOIS): `live` asks the registries' RDAP servers (found through the IANA
   * bootstrap, ours or `bootstrapFile`); false: the sandbox answers.
   */
  whois: { live: boolean; bootstrapFile: string | undefined };
  chat: ChatSettings;
}

/** `10.0.0.5:9464` or `[::1]:9464` → its host (brackets removed) and port. */
/** Settings whose values a configuration error does not repeat: they may hold secrets (keys, passwords in URLs). */
const SECRET_SETTING = /KEY|SECRET|TOKEN|PASSWORD|LOGIN|USER|_URL$/;

/**
 * A configuration problem as one line naming the variable, in the words the API's 400s use ("must
 * be a whole number", not zod's "expected int, received number"), with the value given unless it
 * may be a secret: `PORT: must be a number (got 'abc')`.
 */
function configurationProblem(issue: z.core.$ZodIssue, present: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? '');
  const given = present[name];
  const shown = given === undefined || SECRET_SETTING.test(name) ? '' : ` (got '${given}')`;
  return `${describeIssues([issue])}${shown}`;
}

/**
 * `TOLLGATE_*` variables read outside this schema: `tollgate mcp`'s key (src/cli/main.ts), for a
 * client of a server rather than the server itself.
 */
const READ_BY_THE_CLI: readonly string[] = ['TOLLGATE_API_KEY'];

/** Every variable the schema or the CLI reads; `TOLLGATE_*` ones outside them are typos until shown otherwise. */
const KNOWN_SETTINGS: readonly string[] = [...Object.keys(EnvironmentSchema.shape).filter((name) => name.startsWith('TOLLGATE_')), ...READ_BY_THE_CLI];

/**
 * `TOLLGATE_ADMIN_TOKN is not a Tollgate setting and is ignored; did you mean TOLLGATE_ADMIN_TOKEN?`
 * for each `TOLLGATE_*` variable set that Tollgate does not read: a mistyped name otherwise leaves
 * its default in force without a word.
 */
function unrecognisedSettings(present: Record<string, string | undefined>): string[] {
  return Object.keys(present)
    .filter((name) => name.startsWith('TOLLGATE_') && !KNOWN_SETTINGS.includes(name))
    .sort()
    .map((name) => {
      // The nearest known name, each distance measured once (the first of equals, in the schema's order).
      let closest = { setting: '', distance: Infinity };
      for (const setting of KNOWN_SETTINGS) {
        const distance = editDistance(name, setting);
        if (distance < closest.distance) closest = { setting, distance };
      }
      const hint = closest.distance <= 3 ? `; did you mean ${closest.setting}?` : ' (the README lists the settings under Configuration)';
      return `${name} is not a Tollgate setting and is ignored${hint}`;
    });
}

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions from one to the other. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      current[column] = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + (from[row - 1] === to[column - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[to.length]!;
}

function hostAndPort(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return { host: address.slice(0, colon).replace(/^\[(.*)\]$/, '$1'), port: Number(address.slice(colon + 1)) };
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as operators expect.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => configurationProblem(issue, present));
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    unrecognisedSettings: unrecognisedSettings(present),
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
    smtpUrl: env.TOLLGATE_SMTP_URL,
    mailFrom: env.TOLLGATE_MAIL_FROM,
    signupsPerAddressPerHour: env.TOLLGATE_SIGNUPS_PER_ADDRESS_PER_HOUR,
    signups: env.TOLLGATE_SIGNUPS,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, baseUrl: env.STRIPE_BASE_URL.replace(/\/+$/, '') }
        : undefined,
    logLevel: env.LOG_LEVEL,
    callDeadlineMs: env.TOLLGATE_CALL_DEADLINE_MS,
    requestTimeoutMs: env.TOLLGATE_REQUEST_TIMEOUT_MS,
    mediaJobs: { concurrency: env.TOLLGATE_MEDIA_CONCURRENCY, retentionMs: Math.round(env.TOLLGATE_MEDIA_RETENTION_HOURS * 3_600_000) },
    streamKeepAliveMs: env.TOLLGATE_STREAM_KEEPALIVE_MS,
    reconcileIntervalMs: env.TOLLGATE_RECONCILE_INTERVAL_MS,
    shutdownGraceMs: env.TOLLGATE_SHUTDOWN_GRACE_MS,
    adminToken: env.TOLLGATE_ADMIN_TOKEN,
    metricsAddress: env.TOLLGATE_METRICS_ADDRESS === undefined ? undefined : hostAndPort(env.TOLLGATE_METRICS_ADDRESS),
    exposeVendorNames: env.TOLLGATE_EXPOSE_VENDOR_NAMES === 'true',
    serveBelowCost: commaList(env.TOLLGATE_SERVE_BELOW_COST ?? ''),
    modelCatalogFile: env.TOLLGATE_MODEL_CATALOG,
    net: {
      dnsServers: env.TOLLGATE_DNS_SERVERS !== undefined && env.TOLLGATE_DNS_SERVERS.length > 0 ? env.TOLLGATE_DNS_SERVERS : undefined,
      allowedNetworks: env.TOLLGATE_FETCH_ALLOWED_NETWORKS ?? [],
      fetchMaxBytes: env.TOLLGATE_FETCH_MAX_BYTES,
      fetchTimeoutMs: env.TOLLGATE_FETCH_TIMEOUT_MS,
      smtpProbe: {
        enabled: env.TOLLGATE_SMTP_PROBE === 'true',
        port: env.TOLLGATE_SMTP_PROBE_PORT,
        timeoutMs: env.TOLLGATE_SMTP_PROBE_TIMEOUT_MS,
        heloName: env.TOLLGATE_SMTP_PROBE_HELO ?? 'localhost',
        mailFrom: env.TOLLGATE_SMTP_PROBE_FROM ?? `postmaster@${env.TOLLGATE_SMTP_PROBE_HELO ?? 'localhost'}`,
      },
    },
    pageReaders: env.TOLLGATE_PAGE_READERS,
    browser: {
      chromiumPath: env.TOLLGATE_CHROMIUM_PATH,
      poolSize: env.TOLLGATE_BROWSER_POOL_SIZE,
      queueSize: env.TOLLGATE_BROWSER_QUEUE_SIZE,
      timeoutMs: env.TOLLGATE_BROWSER_TIMEOUT_MS,
      stealthProxyUrl: env.TOLLGATE_STEALTH_PROXY_URL,
    },
    endpoints: { aiExtractModel: env.TOLLGATE_AI_EXTRACT_MODEL },
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
      namecheap:
        env.NAMECHEAP_API_USER !== undefined && env.NAMECHEAP_API_KEY !== undefined && env.NAMECHEAP_CLIENT_IP !== undefined
          ? {
              apiUser: env.NAMECHEAP_API_USER,
              apiKey: env.NAMECHEAP_API_KEY,
              username: env.NAMECHEAP_USERNAME ?? env.NAMECHEAP_API_USER,
              clientIp: env.NAMECHEAP_CLIENT_IP,
              baseUrl: env.NAMECHEAP_BASE_URL,
            }
          : undefined,
      tomba:
        env.TOMBA_KEY !== undefined && env.TOMBA_SECRET !== undefined
          ? { key: env.TOMBA_KEY, secret: env.TOMBA_SECRET, baseUrl: env.TOMBA_BASE_URL.replace(/\/+$/, '') }
          : undefined,
      retail: retailVendor(env),
      photos: rapidApiVendor(env.RAPIDAPI_KEY, env.RAPIDAPI_PHOTOS_HOST, env.RAPIDAPI_PHOTOS_BASE_URL),
      clips: rapidApiVendor(env.RAPIDAPI_KEY, env.RAPIDAPI_CLIPS_HOST, env.RAPIDAPI_CLIPS_BASE_URL),
      video: rapidApiVendor(env.RAPIDAPI_KEY, env.RAPIDAPI_VIDEO_HOST, env.RAPIDAPI_VIDEO_BASE_URL),
      media: {
        fal: env.FAL_KEY !== undefined ? { key: env.FAL_KEY, queueUrl: env.FAL_QUEUE_URL.replace(/\/+$/, '') } : undefined,
        sandboxJobSeconds: env.TOLLGATE_SANDBOX_MEDIA_SECONDS,
      },
      whois: { live: env.TOLLGATE_LIVE_LOOKUPS === 'true', bootstrapFile: env.TOLLGATE_RDAP_BOOTSTRAP },
      chat: {
        sandboxTokensPerSecond: env.TOLLGATE_SANDBOX_CHAT_TOKENS_PER_SECOND,
        upstreams: chatUpstreams(env, present),
        firstByteTimeoutMs: env.TOLLGATE_CHAT_FIRST_BYTE_TIMEOUT_MS,
      },
    },
  };
}

/** An API on RapidAPI: the account's key, the API's host, and its address (`https://<host>` unless a test points it at a fake). */
function rapidApiVendor(apiKey: string | undefined, host: string, baseUrl: string | undefined): { apiKey: string; host: string; baseUrl: string } | undefined {
  return apiKey === undefined ? undefined : { apiKey, host, baseUrl: (baseUrl ?? `https://${host}`).replace(/\/+$/, '') };
}

function retailVendor(env: Environment): VendorSettings['retail'] {
  if (env.OPENWEBNINJA_API_KEY !== undefined) {
    return { channel: 'direct', baseUrl: env.OPENWEBNINJA_BASE_URL.replace(/\/+$/, ''), headers: { 'x-api-key': env.OPENWEBNINJA_API_KEY } };
  }
  if (env.RAPIDAPI_KEY !== undefined && env.RAPIDAPI_RETAIL_HOST !== undefined) {
    return {
      channel: 'rapidapi',
      baseUrl: (env.RAPIDAPI_RETAIL_BASE_URL ?? `https://${env.RAPIDAPI_RETAIL_HOST}`).replace(/\/+$/, ''),
      headers: { 'x-rapidapi-key': env.RAPIDAPI_KEY, 'x-rapidapi-host': env.RAPIDAPI_RETAIL_HOST },
    };
  }
  return undefined;
}

/** OpenRouter's defaults: the one upstream whose address is known in advance. */
const OPENROUTER = 'openrouter';
const UPSTREAM_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * `TOLLGATE_CHAT_UPSTREAMS` (default: `openrouter` when OPENROUTER_API_KEY is set) and, per name N,
 * `N_BASE_URL`, `N_API_KEY`, `N_MODELS`, `N_MAX_TOKENS_FIELD`. These variables' names depend on the list, so they are
 * read here rather than declared in the schema; every problem names its variable.
 */
function chatUpstreams(env: Environment, present: Record<string, string | undefined>): ChatUpstreamSettings[] {
  const listed = env.TOLLGATE_CHAT_UPSTREAMS === undefined ? undefined : commaList(env.TOLLGATE_CHAT_UPSTREAMS.toLowerCase());
  const names = listed ?? (env.OPENROUTER_API_KEY !== undefined ? [OPENROUTER] : []);
  const problems: string[] = [];
  const upstreams: ChatUpstreamSettings[] = [];
  for (const [position, name] of names.entries()) {
    if (!UPSTREAM_NAME.test(name)) {
      problems.push(`TOLLGATE_CHAT_UPSTREAMS: '${name}' is not an upstream name (a letter, then letters, digits or _; it prefixes its variables, e.g. TOGETHER_BASE_URL)`);
      continue;
    }
    if (names.indexOf(name) !== position) {
      problems.push(`TOLLGATE_CHAT_UPSTREAMS: '${name}' is listed twice`);
      continue;
    }
    const prefix = name.toUpperCase();
    const baseUrl = name === OPENROUTER ? env.OPENROUTER_BASE_URL : present[`${prefix}_BASE_URL`];
    const apiKey = present[`${prefix}_API_KEY`];
    if (baseUrl === undefined) problems.push(`${prefix}_BASE_URL: required, as TOLLGATE_CHAT_UPSTREAMS lists '${name}' (e.g. http://127.0.0.1:8000/v1)`);
    else if (!isHttpUrl(baseUrl)) problems.push(`${prefix}_BASE_URL: '${baseUrl}' is not an http(s) URL`);
    if (name === OPENROUTER && apiKey === undefined) problems.push(`OPENROUTER_API_KEY: required, as TOLLGATE_CHAT_UPSTREAMS lists 'openrouter'`);
    const modelList = present[`${prefix}_MODELS`];
    const models = modelList === undefined ? undefined : commaList(modelList);
    if (models !== undefined && models.length === 0) problems.push(`${prefix}_MODELS: lists no model-id prefix (unset it to serve every model)`);
    const limitField = present[`${prefix}_MAX_TOKENS_FIELD`];
    const completionLimitField = COMPLETION_LIMIT_FIELDS.find((field) => field === limitField);
    if (limitField !== undefined && completionLimitField === undefined) {
      problems.push(`${prefix}_MAX_TOKENS_FIELD: '${limitField}' is not ${COMPLETION_LIMIT_FIELDS.join(' or ')}`);
    }
    if (baseUrl !== undefined && isHttpUrl(baseUrl)) {
      upstreams.push({ name, baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, modelPrefixes: models, ...(completionLimitField ? { completionLimitField } : {}) });
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return upstreams;
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Addresses that mean "every interface" to listen on, and nothing a client can connect to. */
const UNSPECIFIED_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Why the links Tollgate gives out (the OpenAPI `servers` entry, media result URLs, the docs page's
 * calls) would not work, or undefined: without TOLLGATE_PUBLIC_URL they name HOST:PORT, and a HOST
 * that listens on every address is no address to connect to. Logged as a warning at start.
 */
export function unreachableLinks(config: Pick<Config, 'host' | 'publicUrl'>): string | undefined {
  if (config.publicUrl !== undefined || !UNSPECIFIED_ADDRESSES.has(config.host)) return undefined;
  return `HOST ${config.host} listens on every address, but it is no address a client can reach: set TOLLGATE_PUBLIC_URL (e.g. https://api.example.com) for the links Tollgate gives out (the OpenAPI servers entry, media result URLs, the docs page's calls)`;
}
