import { ApiError } from '../../../core/errors';
import type { CursorPage } from '../../providers';
import { offsetPage } from '../audience';

/**
 * The platform's page sizes, and pages of a list by position (../audience.ts's offsetPage under
 * the client's `token`). A list within a family of lists (a comment's replies, a home filter's
 * feed, the Shorts feed from one Short) names itself in its cursors: `<name>` starts it,
 * `<name>.<position>` continues it.
 */
export const PAGE = { videos: 30, comments: 20, playlists: 30, posts: 10, search: 20, related: 20, shorts: 10, playlist: 100, home: 20, hype: 20, hashtag: 30 } as const;

export const badCursor = () => new ApiError('VALIDATION_ERROR', 'token: not a cursor this list gave; start again without it.', { param: 'token' });

export function pageOf<Item>(total: number, size: number, cursor: string | undefined, item: (position: number) => Item): CursorPage<Item> {
  return offsetPage(total, size, cursor, 'token', item);
}

/** The list's name and the position the cursor holds (undefined: its start); a cursor of no such list is a 400. */
export function namedCursor(cursor: string, names: RegExp): { name: string; position: string | undefined } {
  const match = new RegExp(`^(${names.source})(?:\\.(\\d+))?$`).exec(cursor);
  if (match === null) throw badCursor();
  return { name: match[1]!, position: match[match.length - 1] };
}

export function namedPage<Item>(name: string, total: number, size: number, position: string | undefined, item: (position: number) => Item): CursorPage<Item> {
  const page = pageOf(total, size, position, item);
  return { items: page.items, nextCursor: page.nextCursor === null ? null : `${name}.${page.nextCursor}` };
}
