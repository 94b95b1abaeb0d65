import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import type { CallOptions, CursorPage, Providers } from '../../providers/providers';
import { continuationOf, continuationRule, listPage, type ListPaging } from '../list-paging';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, NOT_FOUND, tokenField } from './fields';

type Shape = z.ZodRawShape;
type Request<Subject extends Shape> = z.output<z.ZodObject<Subject>>;

interface VideoListDeclaration<Subject extends Shape, Item extends z.ZodType, Extra extends Shape, Fetched extends object> {
  id: string;
  path: `/v1/video/${string}`;
  summary: string;
  /** What the list is and holds (the shared sentences on paging, source and failures follow). */
  description: string;
  /** The request's fields besides the continuation. */
  subject: Subject;
  /** What makes the list one list (its continuation is bound to it), by request field: the id, the query and filters, never geo or lang. */
  subjectOf(input: Request<Subject>): Record<string, unknown>;
  /** The continuation's request field: `token` (default), or the Shorts feed's required `params`. */
  tokenField?: 'token' | 'params';
  /** The list's records (under `data`). */
  item: Item;
  /** The answer's fields beside `data` and `continuation` (meta, counts). */
  extra: Extra;
  outputId: string;
  /** A 404 for a subject the platform does not know; lists that are never missing have none. */
  notFound?: (input: Request<Subject>) => { field: string; message: string };
  example: z.input<z.ZodObject<Subject>> & { params?: string };
  fetch(providers: Providers, input: Request<Subject>, cursor: string | undefined, call: CallOptions): Promise<(CursorPage<z.input<Item>> & Fetched) | null>;
  /**
   * The answer's fields beside the list, from what the provider gave with the page and the
   * request; `continuation(cursor)` binds another of the provider's cursors to this list (a
   * comment's replies). Items may be rewritten too (their cursors bound the same way).
   */
  present(
    page: { extra: Omit<Fetched, 'items' | 'nextCursor'>; items: Array<z.input<Item>> },
    input: Request<Subject>,
    continuation: (cursor: string) => string,
  ): z.input<z.ZodObject<Extra>> & { data?: Array<z.input<Item>> };
}

/**
 * A video-platform list a page at a time (a channel's videos, a video's comments, a playlist, the
 * searches and feeds): `data` holds the page, `continuation` is sent back as `token` for the next,
 * null on the last. The continuation is bound to the endpoint and the subject, so one sent with
 * another list is a 400 naming the field before anything is held.
 */
export function videoListEndpoint<Subject extends Shape, Item extends z.ZodType, Extra extends Shape = {}, Fetched extends object = {}>(
  declaration: VideoListDeclaration<Subject, Item, Extra, Fetched>,
) {
  const field = declaration.tokenField ?? 'token';
  const paging: ListPaging = { field, scope: declaration.id, subjectOf: declaration.subjectOf };
  const continuation =
    field === 'params'
      ? z.string().min(1).max(4096).meta({ description: 'Where the feed goes on: a Short\'s `params` (from /v1/video/shorts-info) to start, then the previous page\'s `continuation`.' })
      : tokenField();
  const input = z.strictObject({ ...declaration.subject, [field]: continuation }).superRefine(continuationRule(paging));
  const output = z
    .object({
      ...declaration.extra,
      data: z.array(declaration.item),
      continuation: z.string().nullable().meta({ description: `Send it back as \`${field}\` (same subject) for the next page; null on the last.` }),
    })
    .meta({ id: declaration.outputId });
  return defineEndpoint({
    id: declaration.id,
    method: 'POST',
    path: declaration.path,
    summary: declaration.summary,
    description:
      `${declaration.description} A page at a time: send \`continuation\` back as \`${field}\` for the next; the last page's is null. ${DATA_SOURCE} ` +
      `${declaration.notFound ? `${NOT_FOUND} ` : ''}${FAILURES}`,
    input,
    output,
    price: ({ perCall }) => perCall(0.01),
    examples: { request: declaration.example as z.input<typeof input>, response: exampleResponse(declaration.id) },
    async handler({ input: body, providers, call }) {
      const request = body as unknown as Request<Subject>;
      const missing = declaration.notFound?.(request) ?? { field, message: 'the list is gone.' };
      const page = await listPage(paging, body, (cursor) => declaration.fetch(providers, request, cursor, call), missing);
      const presented = declaration.present({ extra: page.extra as Omit<Fetched, 'items' | 'nextCursor'>, items: page.items }, request, (cursor) =>
        continuationOf(paging, body, cursor),
      );
      return { data: page.items, ...presented, continuation: page.next } as z.input<typeof output>;
    },
  });
}

/** A continuation of the list `endpointId` answers for `subject` (what its `subjectOf` gives), handed out by another endpoint: a Short's start of the Shorts feed. */
export function videoListContinuation(endpointId: string, subject: Record<string, unknown>, cursor: string): string {
  return continuationOf({ field: '', scope: endpointId, subjectOf: () => subject }, {}, cursor);
}
