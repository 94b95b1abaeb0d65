import type { Highlight, Story } from '../../../schemas/photos';
import { roundTo, SeededRandom } from '../random';
import { mediaIdFor, STORY_MILLISECOND } from './posts';
import { IMAGE_HOST, PRESENT, type WorldUser } from './users';
import { EVERYDAY_HIGHLIGHTS } from './vocabulary';

/**
 * Stories and highlights. Stories are the world's one part that follows the clock: the set in
 * force is drawn per user and 6-hour bucket of `now`, each posted in the 18 hours before the
 * bucket began, so all are under 24 hours old and unexpired for the whole bucket. Highlights are
 * kept stories, dated on the world's fixed timeline.
 */

const HOUR = 3_600;
const BUCKET = 6 * HOUR;
const DAY = 24 * HOUR;

const itemUrl = (id: string, extension: string) => `${IMAGE_HOST}/stories/${id}.${extension}`;

export function storiesOf(user: WorldUser, now: Date): Story[] {
  const bucket = Math.floor(now.getTime() / 1000 / BUCKET);
  const random = new SeededRandom(`photos-stories:${user.index}:${bucket}`);
  const count = user.storyteller ? random.integer(1, 6) : random.chance(user.notable ? 0.3 : 0.25) ? random.integer(1, 3) : 0;
  const times = Array.from({ length: count }, () => bucket * BUCKET - random.integer(0, 18 * HOUR - 1)).sort((a, b) => a - b);
  return times.map((takenAt, index) => {
    const id = mediaIdFor(takenAt, STORY_MILLISECOND + index, user.index, 'item').toString();
    const video = random.chance(0.3);
    return {
      id,
      taken_at: takenAt,
      expiring_at: takenAt + DAY,
      is_video: video,
      display_url: itemUrl(id, 'jpg'),
      video_url: video ? itemUrl(id, 'mp4') : null,
      video_duration: video ? roundTo(random.between(3, 15), 1) : null,
    };
  });
}

export function highlightsOf(user: WorldUser): Highlight[] {
  const random = new SeededRandom(`photos-highlights:${user.index}`);
  const count = user.notable ? random.integer(2, 8) : random.chance(0.5) ? 0 : random.integer(1, 4);
  const titles = random.shuffle([...(user.notable ? user.theme.highlights : []), ...EVERYDAY_HIGHLIGHTS]).slice(0, count);
  return titles.map((title, highlight) => {
    // Items are a run of up to 20 stories at most two days apart, ending well before the present.
    let takenAt = random.integer(user.joined, PRESENT - 45 * DAY);
    const items = Array.from({ length: random.integer(1, 20) }, (_, item) => {
      takenAt += random.integer(600, 2 * DAY);
      const id = mediaIdFor(takenAt, highlight * 20 + item, user.index, 'item').toString();
      const video = random.chance(0.25);
      return { id, taken_at: takenAt, is_video: video, display_url: itemUrl(id, 'jpg'), video_url: video ? itemUrl(id, 'mp4') : null };
    });
    return {
      id: String(17_840_000_000_000_000n + BigInt(user.index) * 16n + BigInt(highlight)),
      title,
      cover_media_url: `${IMAGE_HOST}/highlights/${user.index}-${highlight}.jpg`,
      item_count: items.length,
      items,
    };
  });
}
