import type { z } from 'zod';
import { priceRules, type PriceRule, type PriceRules } from './price';
import type { EventStream } from './sse';
import type { CallOptions, Providers } from '../providers/providers';

/** Who is calling, as the pipeline established it. */
export interface CallContext {
  requestId: string;
  accountId: string;
  keyId: string;
  /** The caller's account as it is now (read-only: handlers never change money). */
  account(): Promise<AccountView>;
  /**
   * Keeps the call's reservation alive for `seconds` more (a stream or a long job calls it while
   * it runs; the pipeline already does so for streams at every event).
   */
  extendLease(seconds: number): Promise<void>;
}

export interface AccountView {
  accountId: string;
  email: string;
  balanceMicros: number;
  createdAt: string;
}

export interface HandlerArgs<Input, Params = Record<string, never>> {
  input: Input;
  /** The path's parameters (`/v1/media/status/{jobId}` → `{ jobId }`), validated. */
  params: Params;
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
  /** The path's parameters, one per `{name}` in `path`. */
  params?: Params;
  /** `data` of the success envelope (or the wire body). A `z.object`: unknown fields are stripped. */
  output: Output;
  response?: ResponseMode | { modes: readonly ResponseMode[]; choose(input: z.output<Input>): ResponseMode };
  /** The price, built from the rules with the declaration's types: `({ perCall }) => perCall(0.02)`. */
  price: (rules: PriceRules<z.output<Input>, Outcome>) => PriceRule<z.output<Input>, Outcome>;
  /** For JSON answers whose price settles from something other than the output itself. */
  outcome?: (output: z.output<Output>) => Outcome;
  /** Published in the OpenAPI document; the registry test checks both against the schemas. */
  examples: { request: z.input<Input>; response: z.input<Output> };
  handler(args: HandlerArgs<z.output<Input>, z.output<Params>>): Promise<z.input<Output> | EventStream<Outcome>>;
}

/**
 * Everything an endpoint is, as the registry holds it. Routing, validation, billing and the
 * OpenAPI document are derived from it; no API route exists outside one.
 */
export interface EndpointDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType, Outcome = any>
  extends Omit<EndpointDeclaration<Input, Output, z.ZodType, Outcome>, 'price' | 'response' | 'params' | 'outcome' | 'handler'> {
  params: z.ZodType | undefined;
  price: PriceRule<z.output<Input>, Outcome>;
  /** The response mode of a validated request. */
  responseMode(input: z.output<Input>): ResponseMode;
  /** Every mode this endpoint can answer in (for the OpenAPI document). */
  responseModes: readonly ResponseMode[];
  outcome(output: z.output<Output>): Outcome;
  handler(args: HandlerArgs<z.output<Input>, any>): Promise<z.input<Output> | EventStream<Outcome>>;
}

export function defineEndpoint<
  Input extends z.ZodType,
  Output extends z.ZodType,
  Params extends z.ZodType = EmptyParams,
  Outcome = z.output<Output>,
>(declaration: EndpointDeclaration<Input, Output, Params, Outcome>): EndpointDefinition<Input, Output, Outcome> {
  const { response = 'envelope', outcome, price, params, ...rest } = declaration;
  return {
    ...rest,
    params,
    price: price(priceRules as PriceRules<z.output<Input>, Outcome>),
    responseMode: typeof response === 'string' ? () => response : (input) => response.choose(input),
    responseModes: typeof response === 'string' ? [response] : response.modes,
    outcome: outcome ?? ((output) => output as Outcome),
    handler: declaration.handler as EndpointDefinition<Input, Output, Outcome>['handler'],
  };
}

/** The OpenAPI tag and README section of an endpoint: the area part of its id. */
export function areaOf(endpoint: Pick<EndpointDefinition, 'id'>): string {
  return endpoint.id.slice(0, endpoint.id.indexOf('.'));
}

/** `/v1/media/status/{jobId}` → `/v1/media/status/:jobId` (the router's form). */
export function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** Another name for a declared endpoint: the same request, price, handler and response. */
export function endpointAlias<Input extends z.ZodType, Output extends z.ZodType, Outcome>(
  endpoint: EndpointDefinition<Input, Output, Outcome>,
  names: Pick<EndpointDefinition, 'id' | 'path' | 'summary' | 'description'>,
): EndpointDefinition<Input, Output, Outcome> {
  return { ...endpoint, ...names };
}
