import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import type { CursorPage } from '../../providers/families/photos';
import type { CallOptions, Providers } from '../../providers/providers';
import { cursorPage } from '../../schemas/photos';
import { exampleResponse } from './examples';
import { continuationRule, listPage, type ListPaging } from '../list-paging';
import { DATA_SOURCE, FAILURES, endCursorField, noPost, noUser, shortcodeField, usernameField } from './fields';

/** The fields beside the list, as the provider answers them (none: nothing to add). */
type ExtraOf<Extra extends z.ZodRawShape> = string extends keyof Extra ? unknown : keyof Extra extends never ? unknown : z.input<z.ZodObject<Extra>>;

interface PagedListDeclaration<Item extends z.ZodType, Extra extends z.ZodRawShape> {
  id: string;
  path: `/v1/photos/${string}`;
  summary: string;
  /** What the list is and holds (the shared sentences on paging, source and failures follow). */
  description: string;
  /** Whose list: a user's (by username) or a post's (by shortcode). */
  subject: 'username' | 'shortcode';
  /** The list's key in the answer (`posts`, `followers`, …) and its record. */
  key: string;
  item: Item;
  /** Fields beside the list (a post's `comment_count`). */
  extra?: Extra;
  outputId: string;
  example: string;
  fetch(providers: Providers, request: { subject: string; cursor: string | undefined }, call: CallOptions): Promise<(CursorPage<z.input<Item>> & ExtraOf<Extra>) | null>;
}

/**
 * A list a page at a time (a user's posts, reels, tagged posts and followers; a post's comments
 * and likers): `end_cursor` / `has_next_page` paging, the cursor bound to the endpoint and the
 * user or post, so one sent with another is a 400 naming `end_cursor` before anything is held.
 */
export function pagedListEndpoint<Item extends z.ZodType, Extra extends z.ZodRawShape = {}>(declaration: PagedListDeclaration<Item, Extra>) {
  const subjectField = declaration.subject === 'username' ? usernameField() : shortcodeField();
  const paging: ListPaging = { field: 'end_cursor', scope: declaration.id, subjectOf: (body) => ({ [declaration.subject]: body[declaration.subject] }) };
  const input = z
    .strictObject({ [declaration.subject]: subjectField, end_cursor: endCursorField } as { username: typeof subjectField; end_cursor: typeof endCursorField })
    .superRefine(continuationRule(paging));
  const output = cursorPage({ ...(declaration.extra ?? {}), [declaration.key]: z.array(declaration.item) } as Extra & Record<string, z.ZodArray<Item>>, declaration.outputId);
  return defineEndpoint({
    id: declaration.id,
    method: 'POST',
    path: declaration.path,
    summary: declaration.summary,
    description:
      `${declaration.description} A page at a time: send \`end_cursor\` back for the next; the last page has \`has_next_page\` false. ${DATA_SOURCE} ` +
      `${declaration.subject === 'username' ? 'An account' : 'A post'} the platform does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
    input,
    output,
    price: ({ perCall }) => perCall(0.01),
    examples: { request: { [declaration.subject]: declaration.example } as z.input<typeof input>, response: exampleResponse(declaration.id) },
    async handler({ input: body, providers, call }) {
      const subject = (body as Record<string, string>)[declaration.subject]!;
      const page = await listPage(paging, body, (cursor) => declaration.fetch(providers, { subject, cursor }, call), declaration.subject === 'username' ? noUser(subject) : noPost(subject));
      return { has_next_page: page.more, end_cursor: page.next, ...page.extra, [declaration.key]: page.items } as z.input<typeof output>;
    },
  });
}
