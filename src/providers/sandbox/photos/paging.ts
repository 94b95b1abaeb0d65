import { ApiError } from '../../../core/errors';
import type { CursorPage } from '../../families/photos';

/** Items per page of each list, as the platform pages them. */
export const PAGE_SIZE = { posts: 12, reels: 12, tagged: 12, followers: 25, comments: 15, likers: 25 } as const;

/**
 * One page of a list of `total` items. The cursor is the next page's first position in decimal:
 * the world never changes, so a position is all a cursor needs, and only a multiple of the page
 * size inside the list is one this provider gave.
 */
export function pageOf<Item>(total: number, size: number, cursor: string | undefined, item: (position: number) => Item): CursorPage<Item> {
  const offset = cursor === undefined ? 0 : /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(offset % size === 0 && (offset === 0 || offset < total))) {
    throw new ApiError('VALIDATION_ERROR', 'end_cursor: not a cursor this list gave; start again without it.', { param: 'end_cursor' });
  }
  const end = Math.min(total, offset + size);
  return { items: Array.from({ length: end - offset }, (_, index) => item(offset + index)), nextCursor: end < total ? String(end) : null };
}
