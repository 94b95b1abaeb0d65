import type { components, operations } from './generated/schema';

/** An operation's id in the OpenAPI document (`seo.keyword_ideas`). */
export type OperationId = keyof operations;

/** The JSON body a POST operation takes (whether the document says it is required or, every field optional, not). */
export type RequestBody<Id extends OperationId> = NonNullable<operations[Id]['requestBody']> extends { content: { 'application/json': infer Body } } ? Body : never;

/** The query string a GET operation takes. */
export type QueryParams<Id extends OperationId> = operations[Id] extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The path's parameters (`/v1/ai/models/{id}` → `{ id }`). */
export type PathParams<Id extends OperationId> = operations[Id] extends { parameters: { path: infer Path } } ? Path : never;

/** The success body as sent: the envelope, or a wire format's own body (chat completions). */
export type ResponseBody<Id extends OperationId> = operations[Id] extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** What a call gives back: the envelope's `data`. */
export type ResponseData<Id extends OperationId> = ResponseBody<Id> extends { ok: true; data: infer Data } ? Data : never;

/** Every error code the API answers with. */
export type ErrorCode = components['schemas']['ErrorResponse']['error']['code'];
