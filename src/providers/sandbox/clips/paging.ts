import type { ClipsListRequest } from '../../families/clips';
import type { CursorPage } from '../../providers';
import { offsetPage } from '../audience';

/** `count` items of a list of `total`, from the cursor on (../audience.ts's offsetPage, under the platform's `cursor`). */
export function pageOf<Item>(total: number, { cursor, count }: ClipsListRequest, item: (position: number) => Item): CursorPage<Item> {
  return offsetPage(total, count, cursor, 'cursor', item);
}
