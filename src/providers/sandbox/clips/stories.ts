import type { ClipsStory } from '../../../schemas/clips';
import { SeededRandom } from '../random';
import { MAX_VIDEOS, MEDIA_HOST, type Creator } from './creators';
import { videoIdFor } from './videos';

/**
 * Stories, the world's one part that follows the clock: the set in force is drawn per creator and
 * 6-hour bucket of `now`, each posted in the 18 hours before the bucket began, so all are under 24
 * hours old and unexpired for the whole bucket. Their ids have a video id's form with an index no
 * video has; accounts that never post have none.
 */

const HOUR = 3_600;
const BUCKET = 6 * HOUR;

export function storiesOf(creator: Creator, now: Date): ClipsStory[] {
  if (creator.videoCount === 0) return [];
  const bucket = Math.floor(now.getTime() / 1000 / BUCKET);
  const random = new SeededRandom(`clips-stories:${creator.index}:${bucket}`);
  const count = creator.storyteller ? random.integer(1, 4) : random.chance(creator.notable ? 0.3 : 0.1) ? random.integer(1, 2) : 0;
  const times = Array.from({ length: count }, () => bucket * BUCKET - random.integer(0, 18 * HOUR - 1)).sort((a, b) => a - b);
  return times.map((createTime, slot) => {
    const id = videoIdFor(createTime, creator.index, MAX_VIDEOS + slot).toString();
    const media = `${MEDIA_HOST}/stories/${id}`;
    return { story_id: id, create_time: createTime, expire_time: createTime + 24 * HOUR, video: { duration: random.integer(3, 15), cover: `${media}.jpeg`, play_addr: `${media}.mp4` } };
  });
}
