import type { KeyLimits } from '../auth/key-limits';
import type { SpendCapStatus } from '../ledger/key-budgets';
import type { z } from 'zod';
import { priceRules, type PriceRule, type PriceRules } from './price';
import type { EventStream } from './sse';
import type { Micros } from './money';
import type { ErrorCode } from './errors';
import type { CallOptions, Providers } from '../providers/providers';
import type { ModelCatalog } from '../catalog/model-catalog';
import type { LedgerEntryView, UsageQuery, UsageRow } from '../ledger/history';
import type { EndpointSettings } from '../config';
import type { MediaJobs } from '../jobs/media-jobs';
import type { FilePublisher } from '../media/published-files';

/** The server's own services handlers use, beside the providers (which reach vendors). */
export interface EndpointServices {
  mediaJobs: MediaJobs;
  /** Files answered with a signed link (a video frame), kept for the media retention period. */
  files: FilePublisher;
  /**
   * Refuses (400 naming `field`) a URL that will be fetched later, by Tollgate or a vendor, at an
   * address the fetcher never fetches; a host name is checked when it is fetched.
   */
  checkDestination(field: string, url: string): void;
}

/** Who is calling, as the pipeline established it. */
export interface CallContext {
  requestId: string;
  accountId: string;
  keyId: string;
  /** The caller's account as it is now (read-only: handlers never change money). */
  account(): Promise<AccountView>;
  /** The calling key's limits and where its spending caps stand now. */
  key(): Promise<KeyView>;
  /**
   * Keeps the call's reservation alive for `seconds` more (a stream or a long job calls it while
   * it runs; the pipeline already does so for streams at every event).
   */
  extendLease(seconds: number): Promise<void>;
  /**
   * Hands the call's reservation to work that outlives the call (a queued media job): the pipeline
   * then neither captures nor releases it, and its lease ends `leaseSeconds` from now (the job
   * extends it while it runs and settles it when it ends). Call it once the work is durably
   * recorded; a failure before then still releases the hold. Throws if the call holds nothing.
   */
  handOverReservation(leaseSeconds: number): Promise<HeldReservation>;
  /** The caller's own usage and ledger entries (read-only; nothing here reaches another account). */
  history: CallerHistory;
}

/** A reservation handed over by its call: what the work that settles it must know. */
export interface HeldReservation {
  requestId: string;
  maxMicros: Micros;
}

export interface CallerHistory {
  usage(query: UsageQuery): Promise<UsageRow[]>;
  entries(page: { limit: number; before?: number }): Promise<{ entries: LedgerEntryView[]; nextBefore: number | null }>;
}

export interface KeyView {
  keyId: string;
  limits: KeyLimits;
  caps: SpendCapStatus[];
}

export interface AccountView {
  accountId: string;
  email: string;
  balanceMicros: number;
  createdAt: string;
}

/** What a declaration's `prepare` step is given: the validated request and the server's data. */
export interface PrepareArgs<Input, Params = Record<string, never>> {
  input: Input;
  params: Params;
  /** The chat models served, with their prices (the operator's catalog). */
  models: ModelCatalog;
  /** The server's own services, for checks that need its settings (the media queue's webhook destination). */
  services: EndpointServices;
}

export interface HandlerArgs<Input, Params = Record<string, never>, Plan = Input> {
  input: Input;
  /** What `prepare` made of the request (the input itself when the endpoint has no `prepare`). */
  plan: Plan;
  models: ModelCatalog;
  /** The path's parameters (`/v1/media/status/{jobId}` → `{ jobId }`), validated. */
  params: Params;
  /** The operator's choices that endpoints read (src/config.ts). */
  settings: EndpointSettings;
  /** Services of the server's own that endpoints use (the media job queue). */
  services: EndpointServices;
  ctx: CallContext;
  providers: Providers;
  /**
   * The call, to pass to every provider call: its `signal` is aborted when the client goes away
   * or the call's deadline passes (and carries the deadline: see core/deadline.ts).
   */
  call: CallOptions;
}

/**
 * How a successful answer is written:
 * - `envelope`: `{ok: true, data}` (the spec's shape, the default);
 * - `wire`: the handler's JSON as the body, unwrapped (a third-party wire format such as chat
 *   completions); failures carry our envelope and that format's error fields together;
 * - `sse`: the handler returns an EventStream, written as `text/event-stream`.
 * `{ modes, choose }` chooses per request (chat: `stream: true` → `sse`, otherwise `wire`).
 */
export type ResponseMode = 'envelope' | 'wire' | 'sse';

type EmptyParams = z.ZodObject<{}>;

/**
 * What an endpoint file declares. `Outcome` is what the price settles from: the output itself
 * for JSON answers, or what an event stream ends with (its usage).
 */
export interface EndpointDeclaration<
  Input extends z.ZodType,
  Output extends z.ZodType,
  Params extends z.ZodType = EmptyParams,
  Outcome = z.output<Output>,
  Plan = z.output<Input>,
> {
  /** `area.snake_name`: operationId, ledger endpoint id, metric label. Never renamed. */
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI form; path parameters in braces (`/v1/media/status/{jobId}`), declared in `params`. */
  path: `/v1/${string}`;
  summary: string;
  description: string;
  /** Request body (POST) or query string (GET). A `z.strictObject`, so unknown fields are refused. */
  input: Input;
  /**
   * Publishes the request body as optional although `{}` breaks a rule of `input` (by default it is
   * required exactly then), where the spec declares it so; the server still answers a missing body
   * with a 400 naming the fields it needs.
   */
  bodyDeclaredOptional?: true;
  /** The path's parameters, one per `{name}` in `path`. */
  params?: Params;
  /**
   * The largest body this endpoint reads, when its input is larger than the server's limit
   * (TOLLGATE_MAX_BODY_BYTES) can hold: a 10 MiB image sent as base64. The larger of the two applies.
   */
  bodyLimitBytes?: number;
  /** `data` of the success envelope (or the wire body). A `z.object`: unknown fields are stripped. */
  output: Output;
  /**
   * Errors of the endpoint's own, beyond those any endpoint answers: each code from the catalog,
   * with when it is answered. The OpenAPI document describes each code's status with them, in
   * place of that status's shared description.
   */
  errors?: Partial<Record<ErrorCode, string>>;
  response?: ResponseMode | { modes: readonly ResponseMode[]; choose(input: z.output<Input>): ResponseMode };
  /**
   * Checks that need the server's data and prepares what the price and the handler share — run
   * after validation, before anything is held (chat: the model looked up, its parameters checked,
   * the prompt's tokens counted). Throws an `ApiError` to refuse the request, uncharged. Async only
   * where the work must leave the event loop (a large prompt counted on a worker thread): the
   * pipeline awaits only a promise, so a synchronous step costs a call no turn of the loop.
   */
  prepare?: (args: PrepareArgs<z.output<Input>, z.output<Params>>) => Plan | Promise<Plan>;
  /** The price, built from the rules with the declaration's types: `({ perCall }) => perCall(0.02)`. */
  price: (rules: PriceRules<Plan, Outcome>) => PriceRule<Plan, Outcome>;
  /**
   * Said in the 402 NO_CREDITS when the balance does not cover the hold, before "Add credits":
   * what the hold counts and how a request can lower it (chat: its completion limit).
   */
  holdAdvice?: (plan: Plan, balanceMicros: Micros) => string;
  /** For JSON answers whose price settles from something other than the output itself. */
  outcome?: (output: z.output<Output>) => Outcome;
  /**
   * The answer as sent, once its cost is known: for formats that report the charge in the body
   * (chat: `usage.cost`) or in headers of their own. Without it the output is sent as it is.
   */
  present?: (output: z.output<Output>, charge: { costMicros: Micros }) => { body: unknown; headers?: Record<string, string> };
  /** Published in the OpenAPI document; the registry test checks both against the schemas. */
  examples: { request: z.input<Input>; response: z.input<Output>; params?: z.input<Params> };
  handler(args: HandlerArgs<z.output<Input>, z.output<Params>, Plan>): Promise<z.input<Output> | EventStream<Outcome>>;
}

/**
 * Everything an endpoint is, as the registry holds it. Routing, validation, billing and the
 * OpenAPI document are derived from it; no API route exists outside one.
 */
export interface EndpointDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType, Outcome = any, Plan = any>
  extends Omit<EndpointDeclaration<Input, Output, z.ZodType, Outcome, Plan>, 'price' | 'response' | 'params' | 'outcome' | 'prepare' | 'present' | 'handler'> {
  params: z.ZodType | undefined;
  /** The declaration's `prepare`, or the input itself. */
  prepare(args: PrepareArgs<z.output<Input>, any>): Plan | Promise<Plan>;
  price: PriceRule<Plan, Outcome>;
  /** The response mode of a validated request. */
  responseMode(input: z.output<Input>): ResponseMode;
  /** Every mode this endpoint can answer in (for the OpenAPI document). */
  responseModes: readonly ResponseMode[];
  outcome(output: z.output<Output>): Outcome;
  present?: EndpointDeclaration<Input, Output, z.ZodType, Outcome, Plan>['present'];
  handler(args: HandlerArgs<z.output<Input>, any, Plan>): Promise<z.input<Output> | EventStream<Outcome>>;
}

export function defineEndpoint<
  Input extends z.ZodType,
  Output extends z.ZodType,
  Params extends z.ZodType = EmptyParams,
  Outcome = z.output<Output>,
  Plan = z.output<Input>,
>(declaration: EndpointDeclaration<Input, Output, Params, Outcome, Plan>): EndpointDefinition<Input, Output, Outcome, Plan> {
  const { response = 'envelope', outcome, price, params, prepare, ...rest } = declaration;
  return {
    ...rest,
    params,
    prepare: prepare ?? (({ input }) => input as Plan),
    price: price(priceRules as PriceRules<Plan, Outcome>),
    responseMode: typeof response === 'string' ? () => response : (input) => response.choose(input),
    responseModes: typeof response === 'string' ? [response] : response.modes,
    outcome: outcome ?? ((output) => output as Outcome),
    handler: declaration.handler as EndpointDefinition<Input, Output, Outcome, Plan>['handler'],
  };
}

/** The OpenAPI tag and README section of an endpoint: the area part of its id. */
export function areaOf(endpoint: Pick<EndpointDefinition, 'id'>): string {
  return endpoint.id.slice(0, endpoint.id.indexOf('.'));
}

/**
 * A declared path in the router's form, and how to read its parameters. A parameter that ends the
 * path takes the rest of it, `/` included, encoded or not (model ids are `vendor/name`:
 * `/v1/ai/models/openai/gpt-4o` and `/v1/ai/models/openai%2Fgpt-4o` are the same); its schema
 * decides what is valid. `/v1/media/status/{jobId}` → `/v1/media/status/*`.
 */
export function routerPath(path: string): { url: string; params(matched: Record<string, string>): Record<string, string> } {
  const tail = /\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(path)?.[1];
  const url = path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}$/, '*').replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
  if (tail === undefined) return { url, params: (matched) => matched };
  return {
    url,
    params: ({ '*': rest, ...named }) => ({ ...named, [tail]: rest ?? '' }),
  };
}

/** Another name for a declared endpoint: the same request, price, handler and response. */
export function endpointAlias<Input extends z.ZodType, Output extends z.ZodType, Outcome, Plan>(
  endpoint: EndpointDefinition<Input, Output, Outcome, Plan>,
  names: Pick<EndpointDefinition, 'id' | 'path' | 'summary' | 'description'>,
): EndpointDefinition<Input, Output, Outcome, Plan> {
  return { ...endpoint, ...names };
}
