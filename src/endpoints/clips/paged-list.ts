import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import type { CallOptions, CursorPage, Providers } from '../../providers/providers';
import { clipsPage } from '../../schemas/clips';
import { continuationRule, listPage, type ListPaging } from '../list-paging';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countField, cursorField } from './fields';

type ExtraOf<Extra extends z.ZodRawShape> = string extends keyof Extra ? unknown : keyof Extra extends never ? unknown : z.input<z.ZodObject<Extra>>;

interface ClipsListDeclaration<Subject extends z.ZodRawShape, Item extends z.ZodType, Extra extends z.ZodRawShape> {
  id: string;
  path: `/v1/clips/${string}`;
  summary: string;
  /** What the list is and holds (the shared sentences on paging, source and failures follow). */
  description: string;
  /** The request's fields naming whose list it is (besides `cursor` and `count`). */
  subject: Subject;
  /** What makes the list one list (its `cursor` is bound to it), by request field: whose list, or what was searched for. */
  subjectOf(input: z.output<z.ZodObject<Subject>>): Record<string, string>;
  /** The answer's list key (`videos`, `comments`, …) and its record. */
  key: string;
  item: Item;
  /** Fields beside the list (a video's `total_comments`). */
  extra?: Extra;
  outputId: string;
  /** A 404 for a subject the platform does not know; search lists have none (an empty page). */
  notFound?: (input: z.output<z.ZodObject<Subject>>) => { field: string; message: string };
  example: z.input<z.ZodObject<Subject>>;
  fetch(
    providers: Providers,
    request: { input: z.output<z.ZodObject<Subject>>; cursor: string | undefined; count: number },
    call: CallOptions,
  ): Promise<(CursorPage<z.input<Item>> & ExtraOf<Extra>) | null>;
}

/**
 * A list a page at a time (a creator's videos and followers, a sound's or a challenge's videos,
 * a video's comments, the searches): `count` items, `cursor` / `has_more` paging, the cursor bound
 * to the endpoint and the subject, so one sent with another is a 400 naming `cursor`.
 */
export function clipsListEndpoint<Subject extends z.ZodRawShape, Item extends z.ZodType, Extra extends z.ZodRawShape = {}>(declaration: ClipsListDeclaration<Subject, Item, Extra>) {
  const paging: ListPaging = { field: 'cursor', scope: declaration.id, subjectOf: declaration.subjectOf };
  const input = z.strictObject({ ...declaration.subject, cursor: cursorField, count: countField }).superRefine(continuationRule(paging));
  const output = clipsPage({ ...(declaration.extra ?? {}), [declaration.key]: z.array(declaration.item) } as Extra & Record<string, z.ZodArray<Item>>, declaration.outputId);
  return defineEndpoint({
    id: declaration.id,
    method: 'POST',
    path: declaration.path,
    summary: declaration.summary,
    description:
      `${declaration.description} \`count\` a page (default 20); send \`cursor\` back for the next; the last page has \`has_more\` false. ${DATA_SOURCE} ` +
      `${declaration.notFound ? 'What the platform does not know is 404 NOT_FOUND, not charged. ' : 'Nothing found is a success with an empty list. '}${FAILURES}`,
    input,
    output,
    price: ({ perCall }) => perCall(0.01),
    examples: { request: declaration.example as z.input<typeof input>, response: exampleResponse(declaration.id) },
    async handler({ input: body, providers, call }) {
      const subject = body as unknown as z.output<z.ZodObject<Subject>>;
      const { count } = body as unknown as { count: number };
      const missing = declaration.notFound?.(subject) ?? { field: 'cursor', message: 'the list is gone.' };
      const page = await listPage(paging, body, (cursor) => declaration.fetch(providers, { input: subject, cursor, count }, call), missing);
      return { has_more: page.more, cursor: page.next, ...page.extra, [declaration.key]: page.items.slice(0, count) } as z.input<typeof output>;
    },
  });
}
