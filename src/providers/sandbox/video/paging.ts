import { ApiError } from '../../../core/errors';
import type { CursorPage } from '../../providers';
import { offsetPage } from '../audience';

/**
 * The platform's page sizes, and pages of a list by position (../audience.ts's offsetPage under
 * the client's `token`, or the Shorts feed's `params`: a bad cursor's 400 names the field it came
 * in). A list within a family of lists (a comment's replies, a home filter's feed, the Shorts feed
 * from one Short) names itself in its cursors: `<name>` starts it, `<name>.<position>` continues it.
 */
export const PAGE = { videos: 30, comments: 20, playlists: 30, posts: 10, search: 20, related: 20, shorts: 10, playlist: 100, home: 20, hype: 20, hashtag: 30 } as const;

/** The request field a cursor comes in: `token`, or the Shorts feed's `params`. */
type CursorField = 'token' | 'params';

export const badCursor = (field: CursorField = 'token') => new ApiError('VALIDATION_ERROR', `${field}: not a cursor this list gave; start again without it.`, { param: field });

export function pageOf<Item>(total: number, size: number, cursor: string | undefined, item: (position: number) => Item, field: CursorField = 'token'): CursorPage<Item> {
  return offsetPage(total, size, cursor, field, item);
}

/** The list's name and the position the cursor holds (undefined: its start); a cursor of no such list is a 400 naming `field`. */
export function namedCursor(cursor: string, names: RegExp, field: CursorField = 'token'): { name: string; position: string | undefined } {
  const match = new RegExp(`^(${names.source})(?:\\.(\\d+))?$`).exec(cursor);
  if (match === null) throw badCursor(field);
  return { name: match[1]!, position: match[match.length - 1] };
}

export function namedPage<Item>(
  name: string, total: number, size: number, position: string | undefined, item: (position: number) => Item, field: CursorField = 'token',
): CursorPage<Item> {
  const page = pageOf(total, size, position, item, field);
  return { items: page.items, nextCursor: page.nextCursor === null ? null : `${name}.${page.nextCursor}` };
}
