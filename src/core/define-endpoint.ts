import type { z } from 'zod';
import type { PriceRule } from './price';
import type { Providers } from '../providers/providers';

/** Who is calling, as the pipeline established it. */
export interface CallContext {
  requestId: string;
  accountId: string;
  keyId: string;
  /** The caller's account as it is now (read-only: handlers never change money). */
  account(): Promise<AccountView>;
}

export interface AccountView {
  accountId: string;
  email: string;
  balanceMicros: number;
  createdAt: string;
}

export interface HandlerArgs<Input> {
  input: Input;
  ctx: CallContext;
  providers: Providers;
  /** Aborted when the client goes away; pass it to every upstream call. */
  signal: AbortSignal;
}

/**
 * Everything an endpoint is. Routing, validation, billing and the OpenAPI document are derived
 * from this declaration; no API route exists outside one.
 */
export interface EndpointDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  /** `area.snake_name`: operationId, ledger endpoint id, metric label. Never renamed. */
  id: string;
  method: 'GET' | 'POST';
  path: `/v1/${string}`;
  summary: string;
  description: string;
  /** Request body (POST) or query string (GET). A `z.strictObject`, so unknown fields are refused. */
  input: Input;
  /** `data` of the success envelope. A `z.object`, so unknown upstream fields are stripped. */
  output: Output;
  price: PriceRule<z.output<Input>, z.output<Output>>;
  /** Published in the OpenAPI document; the registry test checks both against the schemas. */
  examples: { request: z.input<Input>; response: z.input<Output> };
  handler(args: HandlerArgs<z.output<Input>>): Promise<z.input<Output>>;
}

export function defineEndpoint<Input extends z.ZodType, Output extends z.ZodType>(
  definition: EndpointDefinition<Input, Output>,
): EndpointDefinition<Input, Output> {
  return definition;
}

/** The OpenAPI tag and README section of an endpoint: the area part of its id. */
export function areaOf(endpoint: Pick<EndpointDefinition, 'id'>): string {
  return endpoint.id.slice(0, endpoint.id.indexOf('.'));
}
