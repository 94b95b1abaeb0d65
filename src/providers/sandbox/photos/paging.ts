import type { CursorPage } from '../../providers';
import { offsetPage } from '../audience';

/** Items per page of each list, as the platform pages them. */
export const PAGE_SIZE = { posts: 12, reels: 12, tagged: 12, followers: 25, comments: 15, likers: 25 } as const;

/** One page of a list of `total` items (../audience.ts's offsetPage, under the platform's `end_cursor`). */
export function pageOf<Item>(total: number, size: number, cursor: string | undefined, item: (position: number) => Item): CursorPage<Item> {
  return offsetPage(total, size, cursor, 'end_cursor', item);
}
