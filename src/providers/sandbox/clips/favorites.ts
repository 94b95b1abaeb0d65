import { creatorAt, NOTABLE, type Creator } from './creators';
import { seedOf, videoOf, type Video } from './videos';

export const FAVORITES = 5;
export const REPOSTS = 6;

/**
 * Item `position` of a creator's favorites or reposts (`list` tells them apart): videos of the
 * other notable creators, each in turn from an offset; on the r-th round through them, creator
 * c's video (h + r) mod video_count. Rounds are fewer than any notable's videos, so a list names
 * each video once.
 */
export function pickedVideo(owner: Creator, list: typeof FAVORITES | typeof REPOSTS, position: number): Video {
  const others = owner.notable ? NOTABLE - 1 : NOTABLE;
  const slot = (seedOf(list, owner.index) + position) % others;
  const creator = creatorAt(slot + 1 + (owner.notable && slot + 1 >= owner.index ? 1 : 0));
  return videoOf(creator, (seedOf(list, owner.index, creator.index) + Math.floor(position / others)) % creator.videoCount);
}
